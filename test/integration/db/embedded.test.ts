import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import pg from 'pg';
import { createPrismaClient } from '../../../src/db/client';
import { migratedClusterFile } from '../../../src/db/cluster-cache';
import { startEmbeddedDatabase } from '../../../src/db/embedded';
import { EmbeddedDatabaseInUseError } from '../../../src/db/embedded-lock';
import { archiveEntries } from '../../../src/db/memory-copy';
import { migrationFolders, defaultMigrationPaths } from '../../../src/db/migration-files';
import { migrationStatus, runMigrationScripts } from '../../../src/db/migrations';
import { openDatabase } from '../../../src/db/open';
import { effectiveRuleset, setChannelRuleset, setGuildRuleset } from '../../../src/db/settings';
import { createTestDatabase } from '../../support/database';

// PGlite compiles PostgreSQL to WebAssembly and runs initdb for each fresh database: seconds each.
jest.setTimeout(180_000);

const logger = pino({ level: 'silent' });
const realFolders = migrationFolders(defaultMigrationPaths().migrationsDir);
const here = { guildId: '100000000000000001', channelId: '200000000000000001' };

let dataDir: string;

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-data-'));
});

afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test('the embedded database keeps its data in DATA_DIR across a close and a reopen', async () => {
  const first = await openDatabase({ databaseUrl: null, dataDir, logger });
  expect(first.kind).toBe('embedded');
  expect(first.url).toMatch(/^postgresql:\/\/postgres@127\.0\.0\.1:\d+\/postgres\?sslmode=disable$/);
  await setGuildRuleset(first.prisma, { guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-1' });
  await first.close();

  const second = await openDatabase({ databaseUrl: null, dataDir, logger });
  try {
    expect(await effectiveRuleset(second.prisma, here)).toMatchObject({ ruleset: 'dnd2014', source: 'server', updatedBy: 'gm-1' });
    const status = await migrationStatus(second.url);
    expect(status.migrations.map((m) => [m.name, m.state])).toEqual(realFolders.map((name) => [name, 'applied']));
  } finally {
    await second.close();
  }
});

test('the embedded database keeps 8 MB of shared buffers (all stay in the memory of the bot), new, reopened and in memory', async () => {
  const sharedBuffers = async (location: Parameters<typeof startEmbeddedDatabase>[0]): Promise<string> => {
    const db = await startEmbeddedDatabase(location);
    const client = new pg.Client({ connectionString: db.url });
    try {
      await client.connect();
      return (await client.query<{ shared_buffers: string }>('SHOW shared_buffers')).rows[0]?.shared_buffers ?? '';
    } finally {
      await client.end();
      await db.close();
    }
  };
  expect(await sharedBuffers({ dataDir })).toBe('8MB');
  expect(await sharedBuffers({ dataDir })).toBe('8MB');
  expect(await sharedBuffers({ memory: true })).toBe('8MB');
});

test('a second process cannot open a folder that is in use, and the lock goes with the close', async () => {
  const open = await startEmbeddedDatabase({ dataDir });
  try {
    await expect(startEmbeddedDatabase({ dataDir })).rejects.toThrow(EmbeddedDatabaseInUseError);
    await expect(startEmbeddedDatabase({ dataDir })).rejects.toThrow(
      `the embedded database in ${dataDir} is in use by another Rollcall process (pid ${process.pid})`,
    );
  } finally {
    await open.close();
  }
  const again = await startEmbeddedDatabase({ dataDir });
  await again.close();
});

test('a lock left by a process that no longer runs is taken over', async () => {
  fs.writeFileSync(path.join(dataDir, 'rollcall.lock'), '2147483646\n');
  const db = await startEmbeddedDatabase({ dataDir });
  await db.close();
  expect(fs.existsSync(path.join(dataDir, 'rollcall.lock'))).toBe(false);
});

test('an in-memory database starts from a cached copy of the migrated schema once one was saved, and empty', async () => {
  const migratedKey = `test-${process.pid}-${Date.now()}`;
  const probe = async (url: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ present: boolean }>("SELECT to_regclass('guild_settings') IS NOT NULL AS present");
      return rows[0]?.present === true ? (await client.query('SELECT * FROM guild_settings')).rowCount : null;
    } finally {
      await client.end();
    }
  };
  try {
    const first = await startEmbeddedDatabase({ memory: true, migratedKey });
    try {
      expect(first.migrated).toBe(false);
      expect(await probe(first.url)).toBeNull();
      await runMigrationScripts(first.url);
      await first.saveMigrated();
      // Data written after the copy was saved is not in it.
      const prisma = createPrismaClient(first.url, 1);
      try {
        await setGuildRuleset(prisma, { guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-1' });
      } finally {
        await prisma.$disconnect();
      }
    } finally {
      await first.close();
    }
    expect(fs.existsSync(migratedClusterFile(migratedKey))).toBe(true);
    const second = await startEmbeddedDatabase({ memory: true, migratedKey });
    try {
      expect(second.migrated).toBe(true);
      expect(await probe(second.url)).toBe(0);
    } finally {
      await second.close();
    }
    const other = await startEmbeddedDatabase({ memory: true, migratedKey: `${migratedKey}-other` });
    try {
      expect(other.migrated).toBe(false);
    } finally {
      await other.close();
    }
  } finally {
    fs.rmSync(migratedClusterFile(migratedKey), { force: true });
  }
});

/** Saves a migrated in-memory database as the copy for a key of its own, runs `use` with it, and deletes the copy. */
async function withSavedCopy(use: (copy: string, migratedKey: string) => Promise<void>): Promise<void> {
  const migratedKey = `test-${process.pid}-${Date.now()}-copy`;
  const copy = migratedClusterFile(migratedKey);
  try {
    const first = await startEmbeddedDatabase({ memory: true, migratedKey });
    try {
      await runMigrationScripts(first.url);
      await first.saveMigrated();
    } finally {
      await first.close();
    }
    await use(copy, migratedKey);
  } finally {
    fs.rmSync(copy, { force: true });
  }
}

test('an in-memory database started from a copy writes inside and past the files it took from the copy, and reads them back', async () => {
  await withSavedCopy(async (_, migratedKey) => {
    const db = await startEmbeddedDatabase({ memory: true, migratedKey });
    const client = new pg.Client({ connectionString: db.url });
    try {
      expect(db.migrated).toBe(true);
      await client.connect();
      const functions = 'SELECT count(*)::int AS n FROM pg_proc';
      const before = (await client.query<{ n: number }>(functions)).rows[0]?.n;
      // A hundred tables add rows to the catalogs (pg_class, pg_attribute, pg_type, pg_depend), files
      // the copy held, in their free space and past their end; the schema's own index grows too.
      await client.query(
        "DO $$ BEGIN FOR n IN 1..100 LOOP EXECUTE format('CREATE TABLE extra_%s (id int PRIMARY KEY, note text)', n); END LOOP; END $$",
      );
      await client.query(
        "INSERT INTO guild_settings (guild_id, ruleset, updated_by, updated_at) SELECT 'g' || n, 'dnd2014', 'gm-' || n, now() FROM generate_series(1, 20000) AS n",
      );
      await client.query("UPDATE guild_settings SET ruleset = 'a5e' WHERE guild_id LIKE 'g1%'");
      await client.query('CHECKPOINT');
      const { rows } = await client.query<{ rows: number; a5e: number; last: string; columns: number; functions: number }>(
        `SELECT count(*)::int AS rows, count(*) FILTER (WHERE ruleset = 'a5e')::int AS a5e, max(updated_by) AS last,
          (SELECT count(*)::int FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid WHERE c.relname LIKE 'extra\\_%' AND c.relkind = 'r' AND a.attnum > 0) AS columns,
          (${functions}) AS functions
        FROM guild_settings`,
      );
      expect(rows[0]).toEqual({ rows: 20000, a5e: 11111, last: 'gm-9999', columns: 200, functions: before });
    } finally {
      await client.end();
      await db.close();
    }
  });
});

test.each<[string, (copy: Buffer) => Buffer]>([
  ['a header that does not add up', (copy) => Buffer.concat([copy.subarray(0, 1), Buffer.from('X'), copy.subarray(2)])],
  ['a file left empty', () => Buffer.alloc(0)],
  ['a copy cut short after a member', (copy) => copy.subarray(0, 1024)],
])('a copy with %s is not loaded: the database, in memory or in a new folder, starts new for the migrations to fill', async (_, damage) => {
  await withSavedCopy(async (copy, migratedKey) => {
    fs.writeFileSync(copy, damage(fs.readFileSync(copy)));
    for (const location of [
      { memory: true as const, migratedKey },
      { dataDir, migratedKey },
    ]) {
      const db = await startEmbeddedDatabase(location);
      const client = new pg.Client({ connectionString: db.url });
      try {
        expect(db.migrated).toBe(false);
        await client.connect();
        expect((await client.query("SELECT to_regclass('guild_settings') AS present")).rows).toEqual([{ present: null }]);
      } finally {
        await client.end();
        await db.close();
      }
    }
  });
});

/** The sizes of the files a cached copy holds directly in `folder`. */
function filesIn(file: string, folder: string): number[] {
  const entries = archiveEntries(fs.readFileSync(file)) ?? [];
  return entries.filter((entry) => !entry.folder && path.dirname(entry.name) === folder).map((entry) => entry.bytes.length);
}

test('a saved copy holds one write-ahead log segment of 1 MB, and deletes copies made by another PGlite or otherwise', async () => {
  const migratedKey = `test-${process.pid}-${Date.now()}-wal`;
  const copy = migratedClusterFile(migratedKey);
  const stale = path.join(path.dirname(copy), 'pglite-0.0.1-walsegsize16-initdb.tar');
  fs.mkdirSync(path.dirname(copy), { recursive: true });
  fs.writeFileSync(stale, 'a copy an older PGlite made');
  try {
    const db = await startEmbeddedDatabase({ memory: true, migratedKey });
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        expect((await client.query<{ wal_segment_size: string }>('SHOW wal_segment_size')).rows[0]?.wal_segment_size).toBe('1MB');
      } finally {
        await client.end();
      }
      await db.saveMigrated();
    } finally {
      await db.close();
    }
    expect(filesIn(copy, 'pg_wal')).toEqual([1024 * 1024]);
    expect(fs.existsSync(stale)).toBe(false);
  } finally {
    fs.rmSync(copy, { force: true });
    fs.rmSync(stale, { force: true });
  }
});

test('an in-memory database is migrated, serves concurrent connections and transactions, and starts empty each time', async () => {
  const db = await openDatabase({ databaseUrl: 'postgresql://ignored@127.0.0.1:1/x', dataDir, memory: true, logger });
  try {
    expect(db.kind).toBe('embedded');
    const channels = Array.from({ length: 12 }, (_, i) => `20000000000000010${String(i).padStart(2, '0')}`);
    await Promise.all(
      channels.map((channelId, i) =>
        setChannelRuleset(db.prisma, { guildId: here.guildId, channelId, ruleset: i % 2 ? 'a5e' : 'dnd-next', userId: `u${i}` }),
      ),
    );
    await db.prisma.$transaction(async (tx) => {
      await tx.guildSettings.create({ data: { guildId: here.guildId, ruleset: 'dnd2014', updatedBy: 'gm-1' } });
      await tx.channelSettings.delete({ where: { channelId: channels[0] } });
    });
    expect(await db.prisma.channelSettings.count()).toBe(11);
    expect(await effectiveRuleset(db.prisma, { guildId: here.guildId, channelId: channels[0]! })).toMatchObject({
      ruleset: 'dnd2014',
      source: 'server',
    });
    await expect(db.prisma.guildSettings.create({ data: { guildId: here.guildId, ruleset: 'a5e', updatedBy: 'x' } })).rejects.toMatchObject(
      { code: 'P2002' },
    );
  } finally {
    await db.close();
  }
  expect(fs.readdirSync(dataDir)).toEqual([]);

  const fresh = await openDatabase({ databaseUrl: null, dataDir, memory: true, logger });
  try {
    expect(await fresh.prisma.guildSettings.count()).toBe(0);
  } finally {
    await fresh.close();
  }
});

test('an in-memory database holds only its own database, not the templates a start would unpack for nothing', async () => {
  for (const start of ['first', 'second']) {
    const db = await openDatabase({ databaseUrl: null, dataDir, memory: true, logger });
    try {
      const rows = await db.prisma.$queryRawUnsafe<{ datname: string }[]>('SELECT datname FROM pg_database ORDER BY datname');
      expect([start, rows.map((row) => row.datname)]).toEqual([start, ['postgres']]);
    } finally {
      await db.close();
    }
  }
});

test('with a URL, openDatabase uses that PostgreSQL and migrates it first', async () => {
  const target = await createTestDatabase({ migrated: false });
  try {
    const db = await openDatabase({ databaseUrl: target.url, dataDir, logger });
    try {
      expect(db.kind).toBe('postgres');
      expect(db.url).toBe(target.url);
      await setGuildRuleset(db.prisma, { guildId: here.guildId, ruleset: 'a5e', userId: 'gm-1' });
    } finally {
      await db.close();
    }
    expect(await target.prisma.guildSettings.findUnique({ where: { guildId: here.guildId } })).toMatchObject({ ruleset: 'a5e' });
    expect(fs.readdirSync(dataDir)).toEqual([]);
  } finally {
    await target.drop();
  }
});

test('a database that cannot be reached stops openDatabase with a one-line reason', async () => {
  await expect(openDatabase({ databaseUrl: 'postgresql://postgres@127.0.0.1:1/none', dataDir, logger })).rejects.toThrow(
    "Can't reach database server at `127.0.0.1:1`",
  );
});
