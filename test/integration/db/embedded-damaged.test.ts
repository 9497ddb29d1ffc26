import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedDatabase } from '../../../src/db/embedded';
import { EmbeddedDataFolderError } from '../../../src/db/embedded-folder';
import { runScript } from '../../e2e/run-script';

// One healthy database is made (seconds: PGlite is PostgreSQL in WebAssembly), then copied per test.
jest.setTimeout(180_000);

let workspace: string;
let healthy: string;
let dataDir: string;
let pgdata: string;

beforeAll(async () => {
  workspace = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-damaged-'));
  healthy = path.join(workspace, 'healthy');
  const db = await startEmbeddedDatabase({ dataDir: healthy });
  await db.close();
});

afterAll(() => {
  fs.rmSync(workspace, { recursive: true, force: true });
});

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(workspace, 'data-'));
  fs.cpSync(healthy, dataDir, { recursive: true });
  pgdata = path.join(dataDir, 'pglite');
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/**
 * Every file under `folder` with a hash of its bytes: what must survive a refused start unchanged.
 * Not PostgreSQL's postmaster.pid, which it writes as it starts, even on files it then cannot read.
 */
function contents(folder: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === 'postmaster.pid') continue;
    const file = path.join(entry.parentPath, entry.name);
    files[path.relative(folder, file)] = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  }
  return files;
}

function damagedLine(what: string): string {
  return `the embedded database in ${pgdata} is damaged (${what}) and was left untouched: restore ${pgdata} from a backup, or move it elsewhere to start with an empty database`;
}

async function expectRefusal(line: string): Promise<void> {
  const before = contents(dataDir);
  const refusal = await startEmbeddedDatabase({ dataDir }).then(
    async (db) => {
      await db.close();
      return null;
    },
    (error: unknown) => error,
  );
  expect(refusal).toBeInstanceOf(EmbeddedDataFolderError);
  expect(refusal).toHaveProperty('message', line);
  expect(contents(dataDir)).toEqual(before);
}

function replaceWithFile(folder: string): void {
  fs.rmSync(folder, { recursive: true });
  fs.writeFileSync(folder, 'not a folder');
}

const damages: [string, () => void, string][] = [
  ['PG_VERSION is gone', () => fs.rmSync(path.join(pgdata, 'PG_VERSION')), 'PG_VERSION is missing'],
  ['the pg_wal folder is gone', () => fs.rmSync(path.join(pgdata, 'pg_wal'), { recursive: true }), 'pg_wal is missing'],
  ['global/pg_control is gone', () => fs.rmSync(path.join(pgdata, 'global', 'pg_control')), 'global/pg_control is missing'],
  ['base is a file', () => replaceWithFile(path.join(pgdata, 'base')), 'base is not a folder'],
  ['the pglite folder is a file', () => replaceWithFile(pgdata), 'it is a file, not a folder'],
  [
    'the WAL segment is gone',
    () => {
      for (const name of fs.readdirSync(path.join(pgdata, 'pg_wal')))
        if (/^[0-9A-F]{24}$/.test(name)) fs.rmSync(path.join(pgdata, 'pg_wal', name));
    },
    'PostgreSQL could not start on its files',
  ],
];

test.each(damages)('when %s, start-up stops with one line naming the folder, and nothing in it changes', async (_, damage, what) => {
  damage();
  await expectRefusal(damagedLine(what));
  expect(fs.existsSync(path.join(dataDir, 'rollcall.lock'))).toBe(false);
});

test('a file where DATA_DIR should be stops start-up with one line naming it', async () => {
  fs.rmSync(dataDir, { recursive: true });
  fs.writeFileSync(dataDir, 'not a folder');
  await expect(startEmbeddedDatabase({ dataDir })).rejects.toThrow(
    new EmbeddedDataFolderError(
      `DATA_DIR ${dataDir} is not a folder (a file is in the way): move the file away, or set DATA_DIR to a folder`,
    ),
  );
  expect(fs.readFileSync(dataDir, 'utf8')).toBe('not a folder');
});

test('an empty pglite folder gets a new database', async () => {
  fs.rmSync(pgdata, { recursive: true });
  fs.mkdirSync(pgdata);
  const db = await startEmbeddedDatabase({ dataDir });
  await db.close();
  expect(fs.readFileSync(path.join(pgdata, 'PG_VERSION'), 'utf8')).toMatch(/^\d+\n$/);
});

test('npm start on a damaged folder exits 1 with that one line and no other output', async () => {
  fs.rmSync(path.join(pgdata, 'PG_VERSION'));
  const before = contents(dataDir);
  const bot = runScript('src/main.ts', {
    DISCORD_TOKEN: 'token',
    DISCORD_API_URL: 'http://127.0.0.1:1/api',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
  });
  expect(await bot.exited(120_000)).toBe(1);
  expect(bot.stderr()).toBe(`Rollcall could not start: ${damagedLine('PG_VERSION is missing')}\n`);
  expect(bot.stdout()).toBe('');
  expect(contents(dataDir)).toEqual(before);
});
