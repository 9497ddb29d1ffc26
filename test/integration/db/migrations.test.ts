import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultMigrationPaths, migrationFolders, type MigrationPaths } from '../../../src/db/migration-files';
import {
  applyMigrations,
  createMigration,
  isUpToDate,
  migrateIfBehind,
  migrationFolderChecksum,
  migrationSlug,
  migrationStatus,
  runMigrationScripts,
  SNAPSHOT_FILE,
} from '../../../src/db/migrations';
import * as workerThread from '../../../src/db/worker-thread';
import { createTestDatabase, type TestDatabase } from '../../support/database';

// Each schema-engine call starts a worker; on a busy machine a test can take several seconds.
jest.setTimeout(120_000);

const realPaths = defaultMigrationPaths();
const realFolders = migrationFolders(realPaths.migrationsDir);

/**
 * A copy of prisma/ in a temporary folder, so tests can change the schema and add migrations. Its
 * schema.prisma is the newest migration's snapshot: someone's unmigrated edit of the real schema
 * must not leak into the diffs these tests expect.
 */
function copyPrismaFolder(): MigrationPaths & { root: string } {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-prisma-'));
  fs.copyFileSync(path.join(realPaths.migrationsDir, realFolders.at(-1)!, SNAPSHOT_FILE), path.join(root, 'schema.prisma'));
  fs.cpSync(realPaths.migrationsDir, path.join(root, 'migrations'), { recursive: true });
  return { root, schemaPath: path.join(root, 'schema.prisma'), migrationsDir: path.join(root, 'migrations') };
}

test('the repository has migrations, with a lockfile Prisma would accept', () => {
  expect(realFolders.length).toBeGreaterThan(0);
  for (const folder of realFolders) expect(folder).toMatch(/^\d{14}_[a-z0-9_]+$/);
  expect(fs.readFileSync(path.join(realPaths.migrationsDir, 'migration_lock.toml'), 'utf8')).toContain('provider = "postgresql"');
});

test('the migration folder has one checksum, which any changed, added or removed migration changes', () => {
  const copy = copyPrismaFolder();
  try {
    const original = migrationFolderChecksum(copy);
    expect(migrationFolderChecksum(copy)).toBe(original);
    expect(migrationFolderChecksum(realPaths)).toBe(original);
    const script = path.join(copy.migrationsDir, realFolders[0]!, 'migration.sql');
    const sql = fs.readFileSync(script, 'utf8');
    fs.appendFileSync(script, '\n-- edited\n');
    const edited = migrationFolderChecksum(copy);
    fs.writeFileSync(script, sql);
    expect(migrationFolderChecksum(copy)).toBe(original);
    fs.mkdirSync(path.join(copy.migrationsDir, '29990101000000_added'));
    fs.writeFileSync(path.join(copy.migrationsDir, '29990101000000_added', 'migration.sql'), 'SELECT 1;');
    const added = migrationFolderChecksum(copy);
    fs.rmSync(path.join(copy.migrationsDir, realFolders.at(-1)!), { recursive: true });
    const removed = migrationFolderChecksum(copy);
    expect(new Set([original, edited, added, removed]).size).toBe(4);
  } finally {
    fs.rmSync(copy.root, { recursive: true, force: true });
  }
});

describe('on a new database', () => {
  let db: TestDatabase;
  const temporaryFolders: string[] = [];

  function tempPrisma(): MigrationPaths {
    const copy = copyPrismaFolder();
    temporaryFolders.push(copy.root);
    return copy;
  }

  beforeEach(async () => {
    db = await createTestDatabase({ migrated: false });
  });

  afterEach(async () => {
    await db.drop();
    for (const folder of temporaryFolders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
  });

  test('a new database has every migration pending; applying records them as prisma migrate deploy does', async () => {
    const before = await migrationStatus(db.url);
    expect(before.hasMigrationsTable).toBe(false);
    expect(before.migrations.map((m) => [m.name, m.state])).toEqual(realFolders.map((name) => [name, 'pending']));

    expect(await applyMigrations(db.url)).toEqual(realFolders);

    const after = await migrationStatus(db.url);
    expect(after.hasMigrationsTable).toBe(true);
    expect(after.migrations.map((m) => [m.name, m.state])).toEqual(realFolders.map((name) => [name, 'applied']));
    for (const entry of after.migrations) expect(entry.finishedAt).toBeInstanceOf(Date);

    const rows = await db.prisma.$queryRawUnsafe<
      Array<{
        migration_name: string;
        checksum: string;
        finished_at: Date | null;
        rolled_back_at: Date | null;
        applied_steps_count: number;
      }>
    >('SELECT migration_name, checksum, finished_at, rolled_back_at, applied_steps_count FROM _prisma_migrations ORDER BY migration_name');
    expect(rows.map((row) => row.migration_name)).toEqual(realFolders);
    for (const row of rows) {
      const sql = fs.readFileSync(path.join(realPaths.migrationsDir, row.migration_name, 'migration.sql'));
      expect(row.checksum).toBe(createHash('sha256').update(sql).digest('hex'));
      expect(row.finished_at).not.toBeNull();
      expect(row.rolled_back_at).toBeNull();
      expect(row.applied_steps_count).toBe(1);
    }

    expect(await applyMigrations(db.url)).toEqual([]);
    const tables = await db.prisma.$queryRawUnsafe<Array<{ table_name: string }>>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
    );
    expect(tables.map((t) => t.table_name)).toEqual(expect.arrayContaining(['_prisma_migrations', 'channel_settings', 'guild_settings']));
  });

  test('a failing migration is reported by name and flagged failed; later ones stay pending', async () => {
    const paths = tempPrisma();
    const bad = path.join(paths.migrationsDir, '29990101000000_broken');
    fs.mkdirSync(bad);
    fs.writeFileSync(path.join(bad, 'migration.sql'), 'ALTER TABLE "no_such_table" ADD COLUMN "x" INTEGER;\n');
    const after = path.join(paths.migrationsDir, '29990102000000_after');
    fs.mkdirSync(after);
    fs.writeFileSync(path.join(after, 'migration.sql'), 'CREATE TABLE "after" ("id" INTEGER);\n');

    await expect(applyMigrations(db.url, paths)).rejects.toThrow(/^migration 29990101000000_broken failed: .*no_such_table/);

    const status = await migrationStatus(db.url, paths);
    const states = Object.fromEntries(status.migrations.map((m) => [m.name, m.state]));
    expect(states).toEqual({
      ...Object.fromEntries(realFolders.map((name) => [name, 'applied'])),
      '29990101000000_broken': 'failed',
      '29990102000000_after': 'pending',
    });
  });

  test('an applied migration whose SQL changed since is flagged as edited', async () => {
    const paths = tempPrisma();
    await applyMigrations(db.url, paths);
    const first = realFolders[0]!;
    fs.appendFileSync(path.join(paths.migrationsDir, first, 'migration.sql'), '\n-- edited afterwards\n');
    const status = await migrationStatus(db.url, paths);
    expect(status.migrations.find((m) => m.name === first)).toMatchObject({ state: 'applied', edited: true });
  });

  test('running the scripts alone (for a throwaway database) builds exactly the schema the engine builds', async () => {
    const engineBuilt = await createTestDatabase();
    try {
      expect(await runMigrationScripts(db.url)).toEqual(realFolders);
      const schemaOf = (prisma: TestDatabase['prisma']): Promise<unknown[]> =>
        Promise.all([
          prisma.$queryRawUnsafe(
            "SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns WHERE table_schema = 'public' AND table_name <> '_prisma_migrations' ORDER BY 1, 2",
          ),
          prisma.$queryRawUnsafe(
            "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1",
          ),
          prisma.$queryRawUnsafe(
            "SELECT conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND conrelid::regclass::text <> '_prisma_migrations' ORDER BY 1",
          ),
        ]);
      const [columns, indexes, constraints] = await schemaOf(db.prisma);
      expect((columns as unknown[]).length).toBeGreaterThan(10);
      expect([columns, indexes, constraints]).toEqual(await schemaOf(engineBuilt.prisma));
    } finally {
      await engineBuilt.drop();
    }
  });

  describe('migrateIfBehind', () => {
    let engineStarts: jest.SpyInstance;

    beforeEach(() => {
      engineStarts = jest.spyOn(workerThread, 'startWorker');
    });

    afterEach(() => {
      engineStarts.mockRestore();
    });

    test('migrates a new database, then on every later start finds it up to date without starting the schema engine', async () => {
      expect(await isUpToDate(db.url)).toBe(false);
      expect(await migrateIfBehind(db.url)).toEqual(realFolders);
      expect(engineStarts).toHaveBeenCalledTimes(1);

      expect(await isUpToDate(db.url)).toBe(true);
      expect(await migrateIfBehind(db.url)).toEqual([]);
      expect(engineStarts).toHaveBeenCalledTimes(1);
    });

    test('a new migration folder is applied by the engine', async () => {
      const paths = tempPrisma();
      await migrateIfBehind(db.url, paths);
      const added = path.join(paths.migrationsDir, '29990101000000_add_notes');
      fs.mkdirSync(added);
      fs.writeFileSync(path.join(added, 'migration.sql'), 'CREATE TABLE "notes" ("id" INTEGER);\n');

      expect(await isUpToDate(db.url, paths)).toBe(false);
      expect(await migrateIfBehind(db.url, paths)).toEqual(['29990101000000_add_notes']);
      expect(await isUpToDate(db.url, paths)).toBe(true);
    });

    test('an edited migration, a failed one or one missing from the folder is left to the engine', async () => {
      const paths = tempPrisma();
      await migrateIfBehind(db.url, paths);
      const first = path.join(paths.migrationsDir, realFolders[0]!, 'migration.sql');
      const original = fs.readFileSync(first, 'utf8');
      fs.appendFileSync(first, '\n-- edited afterwards\n');
      expect(await isUpToDate(db.url, paths)).toBe(false);
      fs.writeFileSync(first, original);
      expect(await isUpToDate(db.url, paths)).toBe(true);

      await db.prisma.$executeRawUnsafe(
        "INSERT INTO _prisma_migrations (id, checksum, migration_name, started_at, applied_steps_count) VALUES ('failed-one', 'x', '29990101000000_broken', now(), 0)",
      );
      expect(await isUpToDate(db.url, paths)).toBe(false);
      await db.prisma.$executeRawUnsafe("UPDATE _prisma_migrations SET finished_at = now() WHERE id = 'failed-one'");
      expect(await isUpToDate(db.url, paths)).toBe(false);
    });
  });

  const NOTE_MODEL = `
  model Note {
    id   Int    @id @default(autoincrement())
    text String

    @@map("notes")
  }
  `;

  test('a schema change becomes the next migration: the SQL of the change alone, and a snapshot beside it', async () => {
    const paths = tempPrisma();
    const schema = fs.readFileSync(paths.schemaPath, 'utf8');
    fs.writeFileSync(paths.schemaPath, schema + NOTE_MODEL);

    const created = await createMigration(db.url, 'Add notes', paths, new Date(Date.UTC(2099, 0, 2, 3, 4, 5)));

    expect(created?.name).toBe('20990102030405_add_notes');
    expect(created?.sql).toBe(
      [
        '-- CreateTable',
        'CREATE TABLE "notes" (',
        '    "id" SERIAL NOT NULL,',
        '    "text" TEXT NOT NULL,',
        '',
        '    CONSTRAINT "notes_pkey" PRIMARY KEY ("id")',
        ');',
        '',
      ].join('\n'),
    );
    const folder = path.join(paths.migrationsDir, '20990102030405_add_notes');
    expect(fs.readFileSync(path.join(folder, 'migration.sql'), 'utf8')).toBe(created?.sql);
    expect(fs.readFileSync(path.join(folder, SNAPSHOT_FILE), 'utf8')).toBe(schema + NOTE_MODEL);
    // The real prisma/ folder is untouched.
    expect(migrationFolders(realPaths.migrationsDir)).toEqual(realFolders);

    expect(await createMigration(db.url, 'again', paths)).toBeNull();
    expect(await applyMigrations(db.url, paths)).toEqual([...realFolders, '20990102030405_add_notes']);
    await db.prisma.$executeRawUnsafe(`INSERT INTO "notes" ("text") VALUES ('kept')`);
    expect(await db.prisma.$queryRawUnsafe('SELECT "id", "text" FROM "notes"')).toEqual([{ id: 1, text: 'kept' }]);
  });

  test('a changed column becomes an ALTER TABLE, named after the newest folder when the clock is behind', async () => {
    const paths = tempPrisma();
    const schema = fs.readFileSync(paths.schemaPath, 'utf8');
    // The server's rule set is the one that may be unset (String?), which names guild_settings alone.
    fs.writeFileSync(paths.schemaPath, schema.replace('  ruleset     String?\n', '  ruleset     String?\n  note        String?\n'));

    const created = await createMigration(db.url, 'guild-note', paths, new Date(Date.UTC(2000, 0, 1)));

    const newest = realFolders.at(-1)!;
    const stamp = newest.slice(0, 14);
    const next = new Date(
      Date.UTC(
        +stamp.slice(0, 4),
        +stamp.slice(4, 6) - 1,
        +stamp.slice(6, 8),
        +stamp.slice(8, 10),
        +stamp.slice(10, 12),
        +stamp.slice(12, 14) + 1,
      ),
    );
    expect(created?.name).toBe(`${next.toISOString().replace(/[-:T]/g, '').slice(0, 14)}_guild_note`);
    expect(created?.sql).toBe('-- AlterTable\nALTER TABLE "guild_settings" ADD COLUMN     "note" TEXT;\n');
  });

  test('a migration made outside db:diff (no snapshot) stops the diff with an explanation', async () => {
    const paths = tempPrisma();
    const manual = path.join(paths.migrationsDir, '29990101000000_manual');
    fs.mkdirSync(manual);
    fs.writeFileSync(path.join(manual, 'migration.sql'), 'SELECT 1;\n');
    await expect(createMigration(db.url, 'next', paths)).rejects.toThrow(
      `the newest migration, 29990101000000_manual, has no ${SNAPSHOT_FILE}`,
    );
  });
});

test.each([
  ['Add notes', 'add_notes'],
  ['add-encounter tables!', 'add_encounter_tables'],
  ['  __Init__ ', 'init'],
])('migration name %j becomes the folder suffix %j', (name, slug) => {
  expect(migrationSlug(name)).toBe(slug);
});

test('a migration name without letters or digits is refused', () => {
  expect(() => migrationSlug('!!!')).toThrow('a migration name needs letters or digits');
});

test('an unreachable server is reported in one line naming it', async () => {
  await expect(migrationStatus('postgresql://postgres@127.0.0.1:1/none')).rejects.toThrow("Can't reach database server at `127.0.0.1:1`");
});
