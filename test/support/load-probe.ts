import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/**
 * Loads `modules` (paths from the project root) in a Node process of its own, as the bot would
 * (jest's module registry is not Node's), and gives back what `report`, a self-contained function,
 * makes of the files then in that process's module cache.
 */
export function afterLoading<T>(modules: readonly string[], report: (files: string[]) => T): T {
  const probe = [
    ...modules.map((module) => `require(${JSON.stringify(module)});`),
    `process.stdout.write(JSON.stringify((${report.toString()})(Object.keys(require.cache))));`,
  ].join('\n');
  const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', probe], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  if (run.stderr !== '') throw new Error(`the probe failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}
