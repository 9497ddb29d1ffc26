import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** The compiled JavaScript of a TypeScript entry point, which jest's global setup keeps up to date. */
export function compiled(entry: string): string {
  return path.join(REPO_ROOT, 'dist', entry.replace(/\.ts$/, '.js'));
}
