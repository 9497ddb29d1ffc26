// `npm start` and `npm run console`: runs an entry point compiled to dist/, compiling first when a
// source changed since the last build. Loading compiled JavaScript starts several times faster than
// compiling TypeScript at every launch (in the main thread and again in each worker thread).
// Usage: node scripts/run-built.js src/main.ts [arguments for it]
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
/** Written in dist/ after a build that succeeded, dated when the build began. */
const STAMP = '.built';
/** What tsconfig.build.json compiles, and the settings that shape the output. */
const INPUT_FOLDERS = ['src', 'commands', 'scripts'];
const INPUT_FILES = ['tsconfig.json', 'tsconfig.build.json'];

/**
 * The newest change among the inputs, in milliseconds. Folders count too: deleting or renaming a
 * file changes its folder's time, not any remaining file's.
 */
function newestInput(dir, names = [...INPUT_FOLDERS, ...INPUT_FILES]) {
  let newest = 0;
  for (const name of names) {
    const file = path.join(dir, name);
    let stat;
    try {
      stat = fs.statSync(file);
    } catch {
      continue;
    }
    if (stat.isDirectory()) newest = Math.max(newest, stat.mtimeMs, newestInput(file, fs.readdirSync(file)));
    else if (/\.(ts|json)$/.test(name)) newest = Math.max(newest, stat.mtimeMs);
  }
  return newest;
}

/** Whether dist/ in the project at `projectRoot` is missing or older than a source. */
function needsBuild(projectRoot) {
  let builtAt;
  try {
    builtAt = fs.statSync(path.join(projectRoot, 'dist', STAMP)).mtimeMs;
  } catch {
    return true;
  }
  return newestInput(projectRoot) >= builtAt;
}

/** Compiles with tsconfig.build.json; a type error stops the launch with the compiler's report. */
function build() {
  process.stderr.write('Compiling Rollcall (sources changed since the last build)…\n');
  const stamp = path.join(root, 'dist', STAMP);
  const began = new Date();
  fs.rmSync(stamp, { force: true });
  const tsc = require.resolve('typescript/bin/tsc', { paths: [root] });
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'tsconfig.build.json')], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    process.stderr.write('The build failed (above): fix the errors, or run `npm run typecheck` to see them again.\n');
    process.exit(result.status ?? 1);
  }
  // Dated when the build began, so a file saved during the build still counts as newer.
  fs.writeFileSync(stamp, `${began.toISOString()}\n`);
  fs.utimesSync(stamp, began, began);
}

function main() {
  const [entry, ...args] = process.argv.slice(2);
  if (!entry || !/\.ts$/.test(entry)) {
    process.stderr.write('usage: node scripts/run-built.js <entry>.ts [arguments]\n');
    process.exit(2);
  }
  if (needsBuild(root)) build();
  const compiled = path.join(root, 'dist', entry.replace(/\.ts$/, '.js'));
  // The entry reads its own arguments from process.argv.slice(2), as if it had been started directly.
  process.argv = [process.argv[0] ?? process.execPath, compiled, ...args];
  require(compiled);
}

if (require.main === module) main();

module.exports = { needsBuild, STAMP };
