import fs from 'node:fs';
import path from 'node:path';
import { BOT_MEMORY_ENV } from '../../../scripts/run-built';
import { builtLaunch, npmScripts } from '../../support/compiled';

/*
 * No Docker engine runs the tests, so the Dockerfile is checked as data. What matters after an
 * unclean kill: the container's one process is the bot itself under an init, never a shell that
 * outlives it. A shell as PID 1 kept the embedded database's lock looking held ("in use by another
 * Rollcall process (pid 1)") on every restart, and did not pass `docker stop`'s SIGTERM on.
 */

const root = path.resolve(__dirname, '../../..');

interface Instruction {
  keyword: string;
  args: string;
}

/** The Dockerfile's instructions, continuation lines joined and comments dropped. */
function instructions(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

const all = instructions(fs.readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
const lastFrom = all.map((i) => i.keyword).lastIndexOf('FROM');
/** The stage the container runs: the last one. */
const runtime = all.slice(lastFrom);

function only(keyword: string): string {
  const found = runtime.filter((i) => i.keyword === keyword);
  expect(found).toHaveLength(1);
  return found[0]?.args ?? '';
}

/** An exec-form argument list (`["a", "b"]`); a shell-form line is not one, and fails here. */
function execForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string')) throw new Error(`not exec form: ${args}`);
  return parsed;
}

test('the container starts tini as PID 1, installed in the stage that runs', () => {
  expect(execForm(only('ENTRYPOINT'))).toEqual(['/usr/bin/tini', '--']);
  expect(runtime.some((i) => i.keyword === 'RUN' && /apt-get install\b.*\btini\b/.test(i.args))).toBe(true);
});

test('under tini runs one process, the bot, with no shell around it', () => {
  const command = execForm(only('CMD'));
  expect(command[0]).toBe('node');
  expect(command.join(' ')).not.toMatch(/\bsh\b|&&|;|\|/);
});

test('that process is the compiled src/main.ts, where the build puts it', () => {
  const build = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.build.json'), 'utf8')) as { compilerOptions?: { outDir?: string } };
  const base = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: { outDir: string; rootDir: string };
  };
  const outDir = build.compilerOptions?.outDir ?? base.compilerOptions.outDir;
  expect(base.compilerOptions.rootDir).toBe('.');
  expect(execForm(only('CMD')).at(-1)).toBe(`${outDir}/src/main.js`);
  expect(runtime.some((i) => i.keyword === 'COPY' && i.args.includes(`/app/${outDir}`))).toBe(true);
});

test('the bot runs with the Node flags npm start gives it (a smaller young generation, WebAssembly on the baseline compiler)', () => {
  const start = builtLaunch(npmScripts().start ?? '');
  expect(start?.entry).toBe('src/main.ts');
  const flags = start?.flags;
  expect(flags).toEqual(['--max-semi-space-size=2', '--liftoff-only']);
  expect(execForm(only('CMD')).slice(1, -1)).toEqual(flags);
});

test('the bot runs with the glibc setting npm start gives it', () => {
  for (const [name, value] of Object.entries(BOT_MEMORY_ENV)) expect(only('ENV')).toMatch(new RegExp(`\\b${name}=${value}\\b`));
});

test('the bot does not run as root, and its data folder is a volume it owns', () => {
  expect(only('USER')).not.toMatch(/^(root|0)$/);
  expect(execForm(only('VOLUME'))).toEqual(['/data']);
  expect(runtime.some((i) => i.keyword === 'ENV' && /\bDATA_DIR=\/data\b/.test(i.args))).toBe(true);
});

test("the build stage copies every script npm ci's postinstall runs (and what they require) before it runs npm ci", () => {
  const build = all.slice(0, lastFrom);
  const install = build.findIndex((i) => i.keyword === 'RUN' && /\bnpm ci\b/.test(i.args) && !/--ignore-scripts/.test(i.args));
  expect(install).toBeGreaterThan(0);
  const copied = build
    .slice(0, install)
    .filter((i) => i.keyword === 'COPY')
    .flatMap((i) => i.args.split(/\s+/).slice(0, -1));
  const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const run = [...(scripts.postinstall ?? '').matchAll(/node (scripts\/[\w.-]+\.js)/g)].map((m) => m[1] ?? '');
  const required = run.flatMap((file) =>
    [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/require\('\.\/([\w.-]+)'\)/g)].map((m) => `scripts/${m[1] ?? ''}.js`),
  );
  expect(run.length).toBeGreaterThan(0);
  for (const file of [...run, ...required]) expect([file, copied.includes(file)]).toEqual([file, true]);
});
