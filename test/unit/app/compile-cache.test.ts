import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The code cache run-built.js gives a launch: modules must behave exactly as without it.

const compileCache = path.resolve(__dirname, '../../../scripts/compile-cache.js');
let folder: string;
let cacheFile: string;

beforeEach(() => {
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-compile-cache-'));
  cacheFile = path.join(folder, 'cache', 'entry.bin');
});

afterEach(() => {
  fs.rmSync(folder, { recursive: true, force: true });
});

function write(name: string, text: string): void {
  fs.writeFileSync(path.join(folder, name), text);
}

/** `node -e` code that installs the cache, then runs `entry.js`. */
function withCache(): string {
  return `require(${JSON.stringify(compileCache)}).installCompileCache(${JSON.stringify(cacheFile)}); require(${JSON.stringify(path.join(folder, 'entry.js'))});`;
}

/** Runs `entry.js` in a new node with the cache installed; its standard output. */
function launch(): string {
  const run = spawnSync(process.execPath, ['-e', withCache()], { encoding: 'utf8', timeout: 30_000 });
  expect(run.stderr).toBe('');
  return run.stdout;
}

test('a second launch runs from the cache without rewriting it, with the same results', () => {
  write('greeting.js', 'module.exports = (name) => `hello ${name}`;\n');
  write('entry.js', "process.stdout.write(require('./greeting')('Bram') + '\\n');\n");
  expect(launch()).toBe('hello Bram\n');
  const written = fs.statSync(cacheFile).mtimeMs;
  expect(launch()).toBe('hello Bram\n');
  expect(fs.statSync(cacheFile).mtimeMs).toBe(written);
});

test('a module changed since the cache was made runs its new code, even at the same length', () => {
  write('greeting.js', 'module.exports = (name) => `hello ${name}`;\n');
  write('entry.js', "process.stdout.write(require('./greeting')('Bram') + '\\n');\n");
  expect(launch()).toBe('hello Bram\n');
  write('greeting.js', 'module.exports = (name) => `howdy ${name}`;\n');
  expect(launch()).toBe('howdy Bram\n');
  expect(launch()).toBe('howdy Bram\n');
});

test('modules keep what Node gives them: require.resolve, require.main, module.parent, import(), error locations', () => {
  write('helper.js', 'module.exports = { parent: module.parent && module.parent.filename };\n');
  write('lazy.js', "module.exports = () => import('node:path').then((p) => p.basename(__filename));\n");
  write('thrower.js', "module.exports = () => {\n  throw new Error('no');\n};\n");
  write(
    'entry.js',
    [
      "const path = require('node:path');",
      "const out = [path.basename(require.resolve('./helper')), require.main === undefined, path.basename(require('./helper').parent)];",
      "try { require('./thrower')(); } catch (error) { out.push(/thrower\\.js:2/.test(error.stack)); }",
      "require('./lazy')().then((name) => process.stdout.write(JSON.stringify([...out, name]) + '\\n'));",
    ].join('\n'),
  );
  const expected = `${JSON.stringify(['helper.js', true, 'entry.js', true, 'lazy.js'])}\n`;
  expect(launch()).toBe(expected);
  expect(launch()).toBe(expected);
});

test('a damaged cache file is ignored and replaced', () => {
  write('entry.js', "process.stdout.write('ran\\n');\n");
  fs.mkdirSync(path.dirname(cacheFile));
  fs.writeFileSync(cacheFile, 'not a cache');
  expect(launch()).toBe('ran\n');
  expect(launch()).toBe('ran\n');
  expect(fs.readFileSync(cacheFile).subarray(0, 11).toString()).not.toBe('not a cache');
});

test('a launch stopped by a signal once it has loaded (as Ctrl-C stops the console) still leaves the cache', async () => {
  write('entry.js', "process.stdout.write('ready\\n');\nsetInterval(() => undefined, 1000);\n");
  const child = spawn(process.execPath, ['-e', withCache()], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
  await new Promise((resolve) => setTimeout(resolve, 500));
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
  expect(fs.existsSync(cacheFile)).toBe(true);
});
