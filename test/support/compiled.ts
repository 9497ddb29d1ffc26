import fs from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Where the build puts the compiled JavaScript, which jest's global setup keeps up to date. */
export const DIST = path.join(REPO_ROOT, 'dist');

/** The compiled JavaScript of a TypeScript entry point (or of a module named without its extension). */
export function compiled(entry: string): string {
  return path.join(DIST, entry.replace(/\.ts$/, '.js'));
}

/** An npm script that starts an entry point through scripts/run-built.js: its Node flags and the entry. */
export interface BuiltLaunch {
  flags: string[];
  entry: string;
}

/** package.json's scripts, by name. */
export function npmScripts(): Record<string, string> {
  return (JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
}

/** What the npm script `command` starts through scripts/run-built.js, or undefined if it starts nothing through it. */
export function builtLaunch(command: string): BuiltLaunch | undefined {
  const match = /^node ((?:--\S+ )*)scripts\/run-built\.js (\S+\.ts)(?: \S+)*$/.exec(command);
  if (!match) return undefined;
  return { flags: (match[1] ?? '').split(' ').filter((flag) => flag !== ''), entry: match[2] ?? '' };
}

/**
 * The arguments of `node` that start `entry` from dist/ with the flags its npm script gives it, so a
 * child a test starts runs as `npm start`, `npm run console` or `npm run db:*` runs it: without
 * `--liftoff-only`, V8's optimizing compiler took a core to recompile PostgreSQL's WebAssembly in
 * every console and migration a test started, a core the other test worker was using.
 */
export function launchArgs(entry: string): string[] {
  const launch = Object.values(npmScripts())
    .map(builtLaunch)
    .find((found) => found?.entry === entry);
  if (launch === undefined) throw new Error(`no npm script starts ${entry}`);
  return [...launch.flags, compiled(entry)];
}
