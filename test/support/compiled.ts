import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Where the build puts the compiled JavaScript, which jest's global setup keeps up to date. */
export const DIST = path.join(REPO_ROOT, 'dist');

/** The compiled JavaScript of a TypeScript entry point (or of a module named without its extension). */
export function compiled(entry: string): string {
  return path.join(DIST, entry.replace(/\.ts$/, '.js'));
}
