import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import type { SchemaFilter } from '@prisma/schema-engine-wasm/schema_engine_bg';
import {
  LOCKFILE_CONTENT,
  LOCKFILE_NAME,
  MIGRATION_FILE,
  defaultMigrationPaths,
  migrationFolders,
  readMigrationList,
  type MigrationPaths,
} from './migration-files';
import { callSchemaEngine, type SchemaFile } from './schema-engine';

/*
 * Migrations in Prisma's own layout (prisma/migrations/<timestamp>_<name>/migration.sql plus
 * migration_lock.toml), applied by Prisma's WebAssembly schema engine, so `_prisma_migrations`
 * holds exactly what `prisma migrate deploy` would write and either tool can take over.
 *
 * New migrations come from a diff between two schema texts, never from a shadow database (which
 * the wasm engine and @prisma/adapter-pg do not handle reliably). Each migration folder keeps a
 * copy of the schema it brings the database to, `schema.prisma.snapshot`; the next migration is the
 * diff from the newest snapshot to `schema.prisma`. The snapshot is not named *.prisma so that a
 * multi-file schema setup never mistakes it for part of the live schema.
 */

export const SNAPSHOT_FILE = 'schema.prisma.snapshot';

const NO_FILTERS: SchemaFilter = { externalTables: [], externalEnums: [] };

export type MigrationState = 'applied' | 'pending' | 'failed';

export interface MigrationEntry {
  /** The folder name, `<timestamp>_<name>`. */
  name: string;
  state: MigrationState;
  /** When it finished applying; null unless applied. */
  finishedAt: Date | null;
  /** Applied, but migration.sql has changed since. */
  edited: boolean;
}

export interface MigrationStatus {
  hasMigrationsTable: boolean;
  /** Every folder in prisma/migrations, oldest first. */
  migrations: MigrationEntry[];
  /** Applied to the database but missing from the folder. */
  notInFolder: string[];
}

export interface CreatedMigration {
  name: string;
  directory: string;
  sql: string;
}

/**
 * Applies what is pending, as `applyMigrations`, but starts the schema engine (a worker thread and
 * a WebAssembly module: most of a launch's start-up time) only when the database is not already
 * exactly at the migration folder. Returns the folder names it applied, oldest first.
 */
export async function migrateIfBehind(
  url: string,
  paths: MigrationPaths = defaultMigrationPaths(),
  onMigrating?: () => void,
): Promise<string[]> {
  // A database the check cannot read (unreachable, say) is the engine's to report, in its own words.
  const upToDate = await isUpToDate(url, paths).catch(() => false);
  if (upToDate) return [];
  onMigrating?.();
  return applyMigrations(url, paths);
}

/**
 * True when `_prisma_migrations` records every folder as applied with the checksum of its current
 * migration.sql (as Prisma computes it: SHA-256 of the file, in hex), and nothing else: no failed
 * or rolled-back attempt, no migration unknown to the folder. Anything else is the engine's to judge.
 */
export async function isUpToDate(url: string, paths: MigrationPaths = defaultMigrationPaths()): Promise<boolean> {
  const expected = new Map(
    migrationFolders(paths.migrationsDir).map((name) => [name, checksumOf(path.join(paths.migrationsDir, name, MIGRATION_FILE))]),
  );
  const client = await connectTo(url);
  try {
    const table = await client.query<{ present: boolean }>("SELECT to_regclass('_prisma_migrations') IS NOT NULL AS present");
    if (table.rows[0]?.present !== true) return false;
    const { rows } = await client.query<{ migration_name: string; checksum: string; finished: boolean; rolled_back: boolean }>(
      'SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back FROM _prisma_migrations',
    );
    return (
      rows.length === expected.size &&
      rows.every((row) => row.finished && !row.rolled_back && expected.get(row.migration_name) === row.checksum)
    );
  } finally {
    await client.end();
  }
}

/**
 * pg is loaded on first use, not with this module: a launch that starts the embedded database
 * needs this module first, and PGlite's thread should not wait for pg to load.
 */
async function connectTo(url: string): Promise<pg.Client> {
  const { Client } = await import('pg');
  const client = new Client({ connectionString: url });
  await client.connect();
  return client;
}

/**
 * One checksum for the whole migration folder: every folder name and its script. Names the cached
 * copy of a migrated in-memory database, so a changed, added or removed migration is never skipped.
 */
export function migrationFolderChecksum(paths: MigrationPaths = defaultMigrationPaths()): string {
  const hash = createHash('sha256');
  for (const name of migrationFolders(paths.migrationsDir)) {
    hash.update(`${name}\0${checksumOf(path.join(paths.migrationsDir, name, MIGRATION_FILE)) ?? 'missing'}\0`);
  }
  return hash.digest('hex').slice(0, 32);
}

function checksumOf(file: string): string | null {
  try {
    return createHash('sha256').update(fs.readFileSync(file)).digest('hex');
  } catch {
    return null;
  }
}

/**
 * Runs every migration script, oldest first, on a new and empty database that nothing will migrate
 * again (the console's in-memory one): the SQL the engine would run, each script as one implicit
 * transaction as the engine runs it, but without starting the engine or keeping `_prisma_migrations`.
 * Returns the folder names it ran.
 */
export async function runMigrationScripts(url: string, paths: MigrationPaths = defaultMigrationPaths()): Promise<string[]> {
  const folders = migrationFolders(paths.migrationsDir);
  const client = await connectTo(url);
  try {
    for (const folder of folders) {
      const sql = fs.readFileSync(path.join(paths.migrationsDir, folder, MIGRATION_FILE), 'utf8');
      await client.query(sql).catch((error: unknown) => {
        throw new Error(`migration ${folder} failed: ${error instanceof Error ? error.message : String(error)}`);
      });
    }
  } finally {
    await client.end();
  }
  return folders;
}

/** Applies every pending migration; returns the folder names it applied, oldest first. */
export async function applyMigrations(url: string, paths: MigrationPaths = defaultMigrationPaths()): Promise<string[]> {
  const result = await callSchemaEngine(url, readSchema(paths.schemaPath), {
    method: 'applyMigrations',
    input: { migrationsList: readMigrationList(paths.migrationsDir), filters: NO_FILTERS },
  });
  return result.appliedMigrationNames;
}

export async function migrationStatus(url: string, paths: MigrationPaths = defaultMigrationPaths()): Promise<MigrationStatus> {
  const diagnosis = await callSchemaEngine(url, readSchema(paths.schemaPath), {
    method: 'diagnoseMigrationHistory',
    input: { migrationsList: readMigrationList(paths.migrationsDir), optInToShadowDatabase: false, filters: NO_FILTERS },
  });
  const history = diagnosis.history;
  const unapplied = new Set(history && history.diagnostic !== 'migrationsDirectoryIsBehind' ? history.unappliedMigrationNames : []);
  const failed = new Set(diagnosis.failedMigrationNames);
  const edited = new Set(diagnosis.editedMigrationNames);
  const finished = diagnosis.hasMigrationsTable ? await finishedMigrations(url) : new Map<string, Date>();
  const migrations = migrationFolders(paths.migrationsDir).map((name): MigrationEntry => {
    const state: MigrationState = failed.has(name) ? 'failed' : unapplied.has(name) ? 'pending' : 'applied';
    return { name, state, finishedAt: state === 'applied' ? (finished.get(name) ?? null) : null, edited: edited.has(name) };
  });
  const notInFolder = history && history.diagnostic !== 'databaseIsBehind' ? history.unpersistedMigrationNames : [];
  return { hasMigrationsTable: diagnosis.hasMigrationsTable, migrations, notInFolder };
}

async function finishedMigrations(url: string): Promise<Map<string, Date>> {
  const client = await connectTo(url);
  try {
    const result = await client.query<{ migration_name: string; finished_at: Date }>(
      'SELECT migration_name, finished_at FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    return new Map(result.rows.map((row) => [row.migration_name, row.finished_at]));
  } finally {
    await client.end();
  }
}

/**
 * Writes `<timestamp>_<name>/migration.sql` for the change from the newest migration's snapshot
 * to schema.prisma, with a new snapshot beside it. Returns null, writing nothing, when the schema
 * has not changed. The engine needs a reachable database for a diff but does not touch it.
 */
export async function createMigration(
  url: string,
  name: string,
  paths: MigrationPaths = defaultMigrationPaths(),
  now: Date = new Date(),
): Promise<CreatedMigration | null> {
  const slug = migrationSlug(name);
  const schema = readSchema(paths.schemaPath);
  const folders = migrationFolders(paths.migrationsDir);
  const newestFolder = folders.at(-1);
  const previous = newestFolder === undefined ? null : readSnapshot(paths.migrationsDir, newestFolder);
  const diff = await callSchemaEngine(url, schema, {
    method: 'diff',
    input: {
      from: previous === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [previous] },
      to: { tag: 'schemaDatamodel', files: [schema] },
      script: true,
      // Asks the engine to report whether the diff is empty: exit code 2 means there are changes.
      exitCode: true,
      filters: NO_FILTERS,
    },
  });
  if (diff.exitCode !== 2 || diff.stdout === null) return null;

  const folder = `${nextTimestamp(now, newestFolder)}_${slug}`;
  const directory = path.join(paths.migrationsDir, folder);
  fs.mkdirSync(directory, { recursive: true });
  fs.writeFileSync(path.join(directory, MIGRATION_FILE), diff.stdout);
  fs.writeFileSync(path.join(directory, SNAPSHOT_FILE), schema.content);
  const lockfile = path.join(paths.migrationsDir, LOCKFILE_NAME);
  if (!fs.existsSync(lockfile)) fs.writeFileSync(lockfile, LOCKFILE_CONTENT);
  return { name: folder, directory, sql: diff.stdout };
}

function readSchema(schemaPath: string): SchemaFile {
  return { path: path.basename(schemaPath), content: fs.readFileSync(schemaPath, 'utf8') };
}

function readSnapshot(migrationsDir: string, folder: string): SchemaFile {
  const file = path.join(migrationsDir, folder, SNAPSHOT_FILE);
  if (!fs.existsSync(file)) {
    throw new Error(
      `the newest migration, ${folder}, has no ${SNAPSHOT_FILE} (it was not made by npm run db:diff): ` +
        `copy the schema that migration brings the database to into ${file}`,
    );
  }
  return { path: 'schema.prisma', content: fs.readFileSync(file, 'utf8') };
}

/** Lowercase words joined by underscores, as Prisma names migration folders. */
export function migrationSlug(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 80);
  if (slug === '') throw new Error(`a migration name needs letters or digits, like add_encounters (got "${name}")`);
  return slug;
}

/** `YYYYMMDDHHMMSS` in UTC, later than every existing folder so the new one sorts last. */
function nextTimestamp(now: Date, newestFolder: string | undefined): string {
  const newest = newestFolder === undefined ? null : parseTimestamp(newestFolder);
  const at = newest !== null && newest.getTime() >= now.getTime() ? new Date(newest.getTime() + 1000) : now;
  return at.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

function parseTimestamp(folder: string): Date | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})_/.exec(folder);
  if (!match) return null;
  const [year = 0, month = 1, day, hour, minute, second] = match.slice(1).map(Number);
  return new Date(Date.UTC(year, month - 1, day, hour, minute, second));
}
