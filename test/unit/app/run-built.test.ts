import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { firstWideCharacter } from '../../../scripts/bundle-bot';
import { BOT_MEMORY_ENV, launchesChild, needsBuild, pruneStale, STAMP } from '../../../scripts/run-built';
import { builtLaunch, npmScripts } from '../../support/compiled';

// `npm start` and `npm run console` run dist/; these are the cases where it must compile first.

let project: string;
const at = (seconds: number): Date => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds));

function write(relative: string, seconds: number): void {
  const file = path.join(project, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, '');
  fs.utimesSync(file, at(seconds), at(seconds));
}

/** Dates every folder of the project, as a checkout long ago would leave them. */
function dateFolders(seconds: number): void {
  for (const folder of ['src', 'src/db', 'commands', 'scripts']) fs.utimesSync(path.join(project, folder), at(seconds), at(seconds));
}

beforeEach(() => {
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-run-built-'));
  write('tsconfig.json', 0);
  write('tsconfig.build.json', 0);
  write('src/main.ts', 0);
  write('src/db/open.ts', 0);
  write('commands/roll.ts', 0);
  write('scripts/migrate.ts', 0);
  dateFolders(0);
});

afterEach(() => {
  fs.rmSync(project, { recursive: true, force: true });
});

test('never built: compile', () => {
  expect(needsBuild(project)).toBe(true);
});

test('built after the last change: run as is', () => {
  write(`dist/${STAMP}`, 10);
  expect(needsBuild(project)).toBe(false);
});

test('a source, a command or a compiler setting changed since the build: compile', () => {
  for (const changed of ['src/db/open.ts', 'commands/roll.ts', 'tsconfig.json']) {
    write(`dist/${STAMP}`, 10);
    write(changed, 20);
    expect([changed, needsBuild(project)]).toEqual([changed, true]);
    write(changed, 0);
  }
});

test('a file deleted since the build (only its folder changes): compile', () => {
  write(`dist/${STAMP}`, 10);
  fs.rmSync(path.join(project, 'src/db/open.ts'));
  fs.utimesSync(path.join(project, 'src/db'), at(20), at(20));
  expect(needsBuild(project)).toBe(true);
});

test("a build removes what no source wrote: a module made a folder no longer shadows the folder's index", () => {
  const dist = path.join(project, 'dist');
  for (const file of ['commands/character.js', 'commands/character/index.js', 'src/gone/old.js', 'src/main.js', '.v8-cache/main.bin']) {
    write(`dist/${file}`, 10);
  }
  write(`dist/${STAMP}`, 10);
  pruneStale(dist, new Set(['commands/character/index.js', 'src/main.js'].map((file) => path.join(dist, file))));
  const left = (folder: string): string[] =>
    fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(folder, entry.name);
      return entry.isDirectory() ? left(file) : [path.relative(dist, file)];
    });
  expect(left(dist).sort()).toEqual([STAMP, '.v8-cache/main.bin', 'commands/character/index.js', 'src/main.js'].sort());
});

test('files that are not compiled (notes, data) do not force a build', () => {
  write(`dist/${STAMP}`, 10);
  write('src/notes.md', 20);
  dateFolders(0);
  expect(needsBuild(project)).toBe(false);
});

describe('the scripts people run often start from the build, as npm start does', () => {
  const root = path.resolve(__dirname, '../../..');
  const scripts = npmScripts();
  const build = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.build.json'), 'utf8')) as { include: string[]; exclude?: string[] };

  test.each(['start', 'console', 'register', 'roll', 'db:migrate', 'db:status', 'db:diff'])(
    'npm run %s runs its compiled entry through scripts/run-built.js',
    (name) => {
      const entry = builtLaunch(scripts[name] ?? '')?.entry;
      expect([name, entry !== undefined]).toEqual([name, true]);
      expect(fs.existsSync(path.join(root, entry ?? ''))).toBe(true);
      expect(build.include.some((folder) => entry?.startsWith(`${folder}/`))).toBe(true);
      expect(build.exclude ?? []).not.toContain(entry);
    },
  );

  // PostgreSQL's WebAssembly (the embedded database, the schema engine) recompiled by V8's optimizing
  // compiler took a second core: a migration of a new data folder took 3.7–4.0 s on 6.2–6.8 s of
  // CPU without the flag, 2.5–2.8 s on 2.9–3.2 s with it.
  test.each(['start', 'console', 'db:migrate', 'db:status', 'db:diff'])('npm run %s runs WebAssembly on the baseline compiler', (name) => {
    expect([name, builtLaunch(scripts[name] ?? '')?.flags]).toEqual([name, expect.arrayContaining(['--liftoff-only'])]);
  });
});

test('on Linux the bot (and only the bot) runs in a child with its memory settings, unless glibc is set already', () => {
  expect(launchesChild('src/main.ts', {}, 'linux')).toBe(true);
  expect(launchesChild('src/console.ts', {}, 'linux')).toBe(false);
  expect(launchesChild('src/main.ts', {}, 'darwin')).toBe(false);
  expect(launchesChild('src/main.ts', { MALLOC_MMAP_THRESHOLD_: '65536' }, 'linux')).toBe(false);
});

test("the bot's bundle may hold Latin-1, which V8 keeps one byte a character, and nothing wider", () => {
  expect(firstWideCharacter('3 × 4 µs, naïve')).toBeNull();
  expect(firstWideCharacter('one — two')).toEqual({ at: 4, character: '—' });
  expect(firstWideCharacter('⚠️')).toEqual({ at: 0, character: '⚠' });
});

describe('a launch that has to compile first', () => {
  const root = path.resolve(__dirname, '../../..');
  let copy: string;

  beforeEach(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-run-built-launch-'));
    fs.mkdirSync(path.join(copy, 'scripts'));
    for (const script of ['run-built.js', 'compile-cache.js', 'bundle-bot.js'])
      fs.copyFileSync(path.join(root, 'scripts', script), path.join(copy, 'scripts', script));
    fs.copyFileSync(path.join(root, 'tsconfig.json'), path.join(copy, 'tsconfig.json'));
    fs.copyFileSync(path.join(root, 'tsconfig.build.json'), path.join(copy, 'tsconfig.build.json'));
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    fs.mkdirSync(path.join(copy, 'src'));
    fs.mkdirSync(path.join(copy, 'commands'));
    fs.writeFileSync(path.join(copy, 'src/greeting.ts'), 'export const greeting = (name: string): string => `hello ${name}`;\n');
    fs.writeFileSync(
      path.join(copy, 'src/main.ts'),
      "import { greeting } from './greeting';\nprocess.stdout.write(`${greeting(process.argv[2] ?? 'nobody')}\\n`);\n",
    );
  });

  afterEach(() => {
    fs.rmSync(copy, { recursive: true, force: true });
  });

  const launch = () =>
    spawnSync(process.execPath, ['scripts/run-built.js', 'src/main.ts', 'Bram'], { cwd: copy, encoding: 'utf8', timeout: 60_000 });

  test('says at once what it does and that it happens once, then how long it took, and runs the entry', () => {
    const first = launch();
    expect(first.status).toBe(0);
    expect(first.stdout).toBe('hello Bram\n');
    expect(first.stderr).toMatch(
      /^Compiling Rollcall: once after a fresh install or a change to the sources, a few seconds…\nCompiled 2 files in \d+\.\d s\.\n$/,
    );
    const again = launch();
    expect([again.status, again.stdout, again.stderr]).toEqual([0, 'hello Bram\n', '']);
  });

  if (process.platform === 'linux') {
    test('the bot gets the glibc setting and the Node flags of the launch, and the launch exits with its code', () => {
      fs.writeFileSync(
        path.join(copy, 'src/main.ts'),
        'process.stdout.write(`${process.env.MALLOC_MMAP_THRESHOLD_} ${process.execArgv.join(" ")}\\n`);\nprocess.exitCode = 3;\n',
      );
      const run = spawnSync(process.execPath, ['--max-semi-space-size=2', 'scripts/run-built.js', 'src/main.ts'], {
        cwd: copy,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect([run.status, run.stdout]).toEqual([3, `${BOT_MEMORY_ENV.MALLOC_MMAP_THRESHOLD_} --max-semi-space-size=2\n`]);
    });

    test('one Ctrl-C (which reaches the launcher from the terminal and through npm) stops the bot with one signal', async () => {
      fs.writeFileSync(
        path.join(copy, 'src/main.ts'),
        [
          'let signals = 0;',
          "process.on('SIGINT', () => { signals++; setTimeout(() => { process.stdout.write(`signals ${signals}\\n`); process.exit(0); }, 300); });",
          "process.stdout.write('ready\\n');",
          'setInterval(() => undefined, 1000);',
        ].join('\n'),
      );
      const child = spawn(process.execPath, ['scripts/run-built.js', 'src/main.ts'], { cwd: copy, stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
      await new Promise<void>((resolve) => child.stdout.on('data', () => out.includes('ready') && resolve()));
      child.kill('SIGINT');
      // Apart enough that the kernel does not merge them into one pending signal.
      await new Promise((resolve) => setTimeout(resolve, 100));
      child.kill('SIGINT');
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect([code, out]).toEqual([0, 'ready\nsignals 1\n']);
    }, 60_000);
  }

  test('the bot starts from one file in strict mode: its modules inside, each with its own folder, and the SRD books loaded later from theirs', () => {
    fs.mkdirSync(path.join(copy, 'src/db'));
    fs.mkdirSync(path.join(copy, 'src/compendium/srd'), { recursive: true });
    fs.writeFileSync(
      path.join(copy, 'src/db/worker-file.ts'),
      "import path from 'node:path';\nexport const beside = path.join(__dirname, 'worker.js');\n",
    );
    fs.writeFileSync(path.join(copy, 'src/compendium/srd/book.ts'), "export const LINES = 'Goblin';\n");
    fs.writeFileSync(
      path.join(copy, 'src/main.ts'),
      [
        "import path from 'node:path';",
        "import { beside } from './db/worker-file';",
        'const fromDist = () => Object.keys(require.cache).filter((file) => file.includes(`${path.sep}dist${path.sep}`)).map((file) => path.relative(process.cwd(), file));',
        'const atStart = fromDist();',
        'const strict = (function (this: unknown) { return this === undefined; })();',
        "void import('./compendium/srd/book').then((book) => {",
        '  process.stdout.write(`${JSON.stringify({ atStart, beside: path.relative(process.cwd(), beside), book: book.LINES, later: fromDist(), strict })}\\n`);',
        '});',
      ].join('\n'),
    );
    const run = launch();
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      atStart: ['dist/src/main.js'],
      beside: 'dist/src/db/worker.js',
      book: 'Goblin',
      later: ['dist/src/main.js', 'dist/src/compendium/srd/book.js'],
      strict: true,
    });
  });

  test("a package that finds its own files from the bundle finds them: pino's log transport starts its worker", () => {
    fs.writeFileSync(
      path.join(copy, 'src/main.ts'),
      [
        "import pino from 'pino';",
        "const transport = pino.transport({ target: 'pino/file', options: { destination: 1 } });",
        "pino({ base: null, timestamp: false }, transport).info('from the bundle');",
      ].join('\n'),
    );
    const run = launch();
    expect([run.status, run.stdout, run.stderr.replace(/^Compil.*\n/gm, '')]).toEqual([0, '{"level":30,"msg":"from the bundle"}\n', '']);
  });

  test('the bundling run again by hand on a built bot leaves the bundle as it is', () => {
    expect(launch().stdout).toBe('hello Bram\n');
    const bundle = path.join(copy, 'dist/src/main.js');
    const built = fs.readFileSync(bundle, 'utf8');
    const again = spawnSync(process.execPath, ['scripts/bundle-bot.js', copy], { cwd: copy, encoding: 'utf8', timeout: 60_000 });
    expect([again.status, again.stderr, fs.readFileSync(bundle, 'utf8') === built]).toEqual([0, '', true]);
    expect(launch().stdout).toBe('hello Bram\n');
  });

  test('a module the bot cannot find stops the launch with where it is asked for, and leaves nothing built to run', () => {
    fs.writeFileSync(path.join(copy, 'src/main.ts'), "import { greeting } from './missing';\nprocess.stdout.write(greeting);\n");
    const run = launch();
    expect([run.status, run.stdout]).toEqual([1, '']);
    expect(run.stderr).toMatch(/\nThe build failed: the bot's bundle: dist\/src\/main\.js:\d+:\d+: Could not resolve "\.\/missing"\n$/);
    expect(fs.existsSync(path.join(copy, 'dist', STAMP))).toBe(false);
  });

  test('a file that is not TypeScript stops the launch with the file and the reason', () => {
    fs.writeFileSync(path.join(copy, 'src/greeting.ts'), 'export const = ;\n');
    const run = launch();
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The build failed: src/greeting.ts: ');
    expect(run.stdout).toBe('');
  });
});
