import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { needsBuild, STAMP } from '../../../scripts/run-built';

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

test('files that are not compiled (notes, data) do not force a build', () => {
  write(`dist/${STAMP}`, 10);
  write('src/notes.md', 20);
  dateFolders(0);
  expect(needsBuild(project)).toBe(false);
});

describe('the scripts people run often start from the build, as npm start does', () => {
  const root = path.resolve(__dirname, '../../..');
  const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  const build = JSON.parse(fs.readFileSync(path.join(root, 'tsconfig.build.json'), 'utf8')) as { include: string[]; exclude?: string[] };

  test.each(['start', 'console', 'register', 'roll'])('npm run %s runs its compiled entry through scripts/run-built.js', (name) => {
    const entry = /^node scripts\/run-built\.js (\S+\.ts)$/.exec(scripts[name] ?? '')?.[1];
    expect([name, entry !== undefined]).toEqual([name, true]);
    expect(fs.existsSync(path.join(root, entry ?? ''))).toBe(true);
    expect(build.include.some((folder) => entry?.startsWith(`${folder}/`))).toBe(true);
    expect(build.exclude ?? []).not.toContain(entry);
  });
});
