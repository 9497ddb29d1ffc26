import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { compiled, DIST } from './compiled';

const root = path.resolve(__dirname, '../..');

/**
 * Loads `modules` (sources from the project root, `./src/app`, `./commands`) in a Node process of its
 * own as the bot loads them, compiled in dist/ (which jest's global set-up keeps up to date; jest's
 * module registry is not Node's), and gives back what `report`, a self-contained function, makes of
 * the files then in that process's module cache, where the project's own are named by their sources.
 * `before`, self-contained too, runs in that process first.
 */
export function afterLoading<T>(modules: readonly string[], report: (files: string[]) => T, before?: () => void): T {
  const dist = DIST + path.sep;
  const probe = [
    ...(before ? [`(${before.toString()})();`] : []),
    ...modules.map((module) => `require(${JSON.stringify(compiled(module))});`),
    `const dist = ${JSON.stringify(dist)};`,
    `const source = (file) => (file.startsWith(dist) ? ${JSON.stringify(root + path.sep)} + file.slice(dist.length).replace(/\\.js$/, '.ts') : file);`,
    `process.stdout.write(JSON.stringify((${report.toString()})(Object.keys(require.cache).map(source))));`,
  ].join('\n');
  const run = spawnSync(process.execPath, ['-e', probe], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  if (run.stderr !== '') throw new Error(`the probe failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}
