// `npm start`, `npm run console`, `npm run register`, `npm run roll`: runs an entry point compiled to
// dist/, compiling first when a source changed since the last build. Loading compiled JavaScript
// starts several times faster than compiling TypeScript at every launch (in the main thread and again
// in each worker thread). The compiling here only strips the types, file by file, as ts-node's
// transpile-only mode and the tests do: a type check reads every declaration the code imports and
// took most of a first launch; `npm run typecheck` and `npm test` check the types. The bot's entry is
// then made one file with the modules it loads at start (scripts/bundle-bot.js). The other entries'
// modules compile from V8's code cache of the last launch (scripts/compile-cache.js; see main).
// Usage: node scripts/run-built.js src/main.ts [arguments for it]
// `npm start` gives the bot's node `--max-semi-space-size=2` (as the Dockerfile does): V8's young
// generation then grows to 2 MB semi-spaces instead of 16, which holds a command's short-lived
// objects as well and kept some 15 MB of the bot's memory resident for nothing.
// And `--liftoff-only`: WebAssembly (PGlite's PostgreSQL, Prisma's query compiler) runs on V8's
// baseline compiler only. V8 otherwise recompiles the busiest functions with its optimizing
// compiler as they warm up, and PostgreSQL's are large: that took some 60 MB of scratch memory at
// once, which glibc's arenas kept, and more CPU than the faster code saved. Under bench:memory the
// bot peaked some 30 MB lower with it and used less CPU per command, and after four rounds of ten
// fights its CPU per command was the same. `npm run console` takes it too: the optimizing compiler's
// work on PostgreSQL and the query compiler as they start took the two cores the console's first
// answer waits on (bench:startup: its first line answered in 0.74 s with it against 1.06 s without).
'use strict';
const { spawn, spawnSync } = require('node:child_process');
const os = require('node:os');
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

/**
 * The bot's memory. glibc starts giving allocations of 128 KB and more their own mappings, returned
 * to the system when freed, but raises that threshold to the size of any such block freed: PGlite's
 * 9 MB WebAssembly file, read and dropped at start, raised it to 9 MB. After that, what V8's
 * compilers free (PGlite's WebAssembly and the hot JavaScript are compiled on background threads)
 * stayed in glibc's per-thread arenas: some 45 MB at idle and more under load that nothing used.
 * Setting the threshold keeps it at 128 KB. glibc reads it only when a process starts, so on Linux
 * the bot runs in a child process started with it (the Dockerfile sets it itself). A threshold of
 * 32 KB gave back more but cost a third more CPU per command; this one costs none measurable.
 */
const BOT_ENTRY = 'src/main.ts';
const BOT_MEMORY_ENV = { MALLOC_MMAP_THRESHOLD_: '131072' };

/** Whether this process should start the bot in a child with BOT_MEMORY_ENV rather than run it itself. */
function launchesChild(entry, env = process.env, platform = process.platform) {
  return entry === BOT_ENTRY && platform === 'linux' && env.MALLOC_MMAP_THRESHOLD_ === undefined;
}

/** One Ctrl-C reaches this process twice, from the terminal and through npm; the bot takes a second signal as "exit now". */
const SAME_SIGNAL_MS = 1000;

/**
 * Runs the bot in a child process of its own group, so that a signal from the terminal or a process
 * manager reaches it once, from here; exits as it exits. Its standard input is not read. The child
 * runs this launcher again, which checks the build there: this process only waits.
 */
function runInChild(entry, args) {
  const child = spawn(process.execPath, [...process.execArgv, __filename, entry, ...args], {
    env: { ...process.env, ...BOT_MEMORY_ENV },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  let forwardedAt = -Infinity;
  const forward = (signal) => {
    if (Date.now() - forwardedAt < SAME_SIGNAL_MS) return;
    forwardedAt = Date.now();
    child.kill(signal);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
  child.once('error', (error) => {
    process.stderr.write(`Rollcall could not start: ${error.message}\n`);
    process.exit(1);
  });
  child.once('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
}

/** Where the V8 code of `entry`'s launches is kept: one file per entry, as each loads other modules. */
function compileCacheFile(entry) {
  const name = entry.replace(/\.ts$/, '').replace(/[\\/]/g, '-');
  return path.join(root, 'dist', '.v8-cache', `${name}-${process.version}-${process.arch}.bin`);
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

/** A build that did not finish, with the one line that says why. */
class BuildError extends Error {}

/**
 * Removes the JavaScript in `folder` (dist/ or one of its folders) that this build did not write,
 * `written` naming what it did, and the folders left empty: a module deleted, or made a folder
 * (commands/character.ts into commands/character/index.ts), would otherwise stay, and a stale
 * character.js is loaded before the folder's index.js. Dot-files (the stamp, the V8 cache) stay.
 */
function pruneStale(folder, written) {
  for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      pruneStale(file, written);
      if (fs.readdirSync(file).length === 0) fs.rmdirSync(file);
    } else if (entry.name.endsWith('.js') && !written.has(file)) fs.rmSync(file);
  }
}

/** Writes the JavaScript of every file tsconfig.build.json compiles, types stripped, and removes what none wrote; returns how many. */
function transpileAll(ts) {
  const configFile = path.join(root, 'tsconfig.build.json');
  const config = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: fail });
  if (config === undefined || config.errors.length > 0) fail(config?.errors[0]);
  const sources = config.fileNames.filter((file) => !file.endsWith('.d.ts'));
  const written = new Set();
  for (const file of sources) {
    const { outputText, diagnostics } = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
      compilerOptions: config.options,
      fileName: file,
      reportDiagnostics: true,
    });
    if (diagnostics && diagnostics.length > 0) fail(diagnostics[0]);
    const target = path.join(config.options.outDir, path.relative(config.options.rootDir, file)).replace(/\.ts$/, '.js');
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, outputText);
    written.add(target);
  }
  pruneStale(config.options.outDir, written);
  return sources.length;

  function fail(diagnostic) {
    const where = diagnostic?.file ? `${path.relative(root, diagnostic.file.fileName)}: ` : '';
    const message = diagnostic ? ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n') : 'tsconfig.build.json could not be read';
    throw new BuildError(`The build failed: ${where}${message}`);
  }
}

/**
 * Makes dist/src/main.js one file with what the bot loads at start (scripts/bundle-bot.js), in a
 * process of its own: esbuild's plugins, which it needs, run only in its asynchronous build.
 */
function bundleBot() {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'bundle-bot.js'), root], { encoding: 'utf8' });
  if (run.status !== 0) throw new BuildError(`The build failed: the bot's bundle: ${(run.stderr || run.error?.message || '').trim()}`);
}

/** Compiles what tsconfig.build.json names into dist/, saying what it does while it does it; throws a BuildError. */
function build() {
  process.stderr.write('Compiling Rollcall: once after a fresh install or a change to the sources, a few seconds…\n');
  const stamp = path.join(root, 'dist', STAMP);
  const began = new Date();
  fs.rmSync(stamp, { force: true });
  const ts = require(require.resolve('typescript', { paths: [root] }));
  const files = transpileAll(ts);
  bundleBot();
  // Dated when the build began, so a file saved during the build still counts as newer.
  fs.writeFileSync(stamp, `${began.toISOString()}\n`);
  fs.utimesSync(stamp, began, began);
  process.stderr.write(`Compiled ${files} files in ${((Date.now() - began.getTime()) / 1000).toFixed(1)} s.\n`);
}

function main() {
  const [entry, ...args] = process.argv.slice(2);
  if (!entry || !/\.ts$/.test(entry)) {
    process.stderr.write('usage: node scripts/run-built.js <entry>.ts [arguments]\n');
    process.exit(2);
  }
  if (launchesChild(entry)) {
    runInChild(entry, args);
    return;
  }
  if (needsBuild(root)) {
    try {
      build();
    } catch (error) {
      if (!(error instanceof BuildError)) throw error;
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
  }
  const compiled = path.join(root, 'dist', entry.replace(/\.ts$/, '.js'));
  // Required here, not at the top: the install step (prepare-launch.js, Docker's dependency layer) uses this file without it.
  // Not for the bot: the cached code of a whole launch, deserialized at once, kept it some 14 MB
  // larger for its life (bench:memory: idle 163 MB against 149) to identify some 80 ms sooner
  // (0.79 s against 0.87 s from typing npm start); the console and the scripts keep the cache.
  if (entry !== BOT_ENTRY) require('./compile-cache').installCompileCache(compileCacheFile(entry));
  // The entry reads its own arguments from process.argv.slice(2), as if it had been started directly.
  process.argv = [process.argv[0] ?? process.execPath, compiled, ...args];
  require(compiled);
}

if (require.main === module) main();

module.exports = { build, needsBuild, pruneStale, root, STAMP, launchesChild, BOT_MEMORY_ENV };
