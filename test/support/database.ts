// A fresh, migrated PostgreSQL database per test file or test, on the local server.
//
// Migrating takes a second or two, so each set of migrations is applied once, to a template
// database named after a hash of prisma/migrations, and every test database is a copy of it
// (CREATE DATABASE ... TEMPLATE). Jest workers and concurrent runs share the template; an advisory
// lock makes sure only one of them builds it. A copy still writes the whole template (some 8 MB)
// to the write-ahead log and flushes it, and is dropped after: on a 2-core machine, in a run of the
// suite, the 52 copies took 0.33 s each on average and their drops 0.09 s, where emptying one,
// checking it and renaming it takes 60 to 100 ms. So a worker keeps the migrated database its last
// file dropped, emptied and checked unchanged, for its next file (keptAsSpare).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createPrismaClient } from '../../src/db/client';
import { isRunning } from '../../src/db/embedded';
import type { PrismaClient } from '../../src/db/generated/client';
import { defaultMigrationPaths, readMigrationList } from '../../src/db/migration-files';
import { applyMigrations } from '../../src/db/migrations';
import { testDatabaseUrl, unreachable } from '../../scripts/check-test-database';

export interface TestDatabase {
  url: string;
  prisma: PrismaClient;
  /** Disconnects Prisma and drops the database. */
  drop(): Promise<void>;
}

export interface TestDatabaseOptions {
  /** false: an empty database, with no migrations applied. */
  migrated?: boolean;
  /** true: each commit waits for its disk flush, as in production (the benchmarks time that). */
  durable?: boolean;
}

const TEMPLATE_PREFIX = 'rollcall_tpl_';
const TEST_PREFIX = 'rollcall_test_';
/** The files naming each worker's spare database. */
const SPARE_PREFIX = 'rollcall-spare-database-';
/** Templates for other migration sets are kept this long, for runs of other checkouts. */
const TEMPLATE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Any constant unique to this project: the key of the advisory lock around template building. */
const TEMPLATE_LOCK_KEY = 7_304_112_019;
const POOL_SIZE = 5;

/** Test databases carry the host and process that made them, so leftovers of dead runs can be found. */
const hostTag = createHash('sha256').update(os.hostname()).digest('hex').slice(0, 6);

function baseUrl(): string {
  return testDatabaseUrl();
}

function urlFor(database: string): string {
  const url = new URL(baseUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

async function withAdmin<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl(), connectionTimeoutMillis: 10_000 });
  await client.connect().catch((error: unknown) => {
    // npx jest on a part of the suite skips npm test's check: say what to do here too.
    throw new Error(unreachable(baseUrl(), error instanceof Error ? error.message : String(error)));
  });
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** Drops the database, closing any session still on it. */
async function dropDatabase(admin: pg.Client, name: string): Promise<void> {
  await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
}

function templateName(): string {
  const { migrationDirectories } = readMigrationList(defaultMigrationPaths().migrationsDir);
  const hash = createHash('sha256').update(JSON.stringify(migrationDirectories)).digest('hex').slice(0, 16);
  return `${TEMPLATE_PREFIX}${hash}`;
}

let template: Promise<string> | null = null;

/** The template for the current migrations, built if no run has built it yet. */
function ensureTemplate(): Promise<string> {
  template ??= buildTemplate().catch((error: unknown) => {
    template = null;
    throw error;
  });
  return template;
}

async function buildTemplate(): Promise<string> {
  const name = templateName();
  await withAdmin(async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY]);
    try {
      await dropDeadTestDatabases(admin);
      await pruneOldTemplates(admin, name);
      const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (exists.rowCount !== 0) return;
      // Built under another name and renamed when complete, so a crash never leaves a half-migrated template.
      const building = `${name}_building`;
      await dropDatabase(admin, building);
      await admin.query(`CREATE DATABASE ${quoteIdent(building)}`);
      await applyMigrations(urlFor(building));
      await admin.query(`ALTER DATABASE ${quoteIdent(building)} RENAME TO ${quoteIdent(name)}`);
      // No connections: a connected session would make CREATE DATABASE ... TEMPLATE fail.
      await admin.query(`ALTER DATABASE ${quoteIdent(name)} WITH IS_TEMPLATE true ALLOW_CONNECTIONS false`);
      await admin.query(`COMMENT ON DATABASE ${quoteIdent(name)} IS ${pg.escapeLiteral(new Date().toISOString())}`);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY]);
    }
  });
  return name;
}

/** Templates of other migration sets, built more than a day ago, are no longer anyone's. */
async function pruneOldTemplates(admin: pg.Client, current: string): Promise<void> {
  const rows = await admin.query<{ datname: string; made: string | null }>(
    `SELECT datname, shobj_description(oid, 'pg_database') AS made FROM pg_database WHERE datname LIKE $1 AND datname <> $2`,
    [`${TEMPLATE_PREFIX}%`, current],
  );
  for (const { datname, made } of rows.rows) {
    const age = made === null ? Number.POSITIVE_INFINITY : Date.now() - Date.parse(made);
    if (!(age > TEMPLATE_MAX_AGE_MS)) continue;
    await admin.query(`ALTER DATABASE ${quoteIdent(datname)} WITH IS_TEMPLATE false`);
    await dropDatabase(admin, datname);
  }
}

/** Databases left by test processes of this host that died before dropping them. */
async function dropDeadTestDatabases(admin: pg.Client): Promise<void> {
  const rows = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
    `${TEST_PREFIX}${hostTag}_%`,
  ]);
  for (const { datname } of rows.rows) {
    const pid = Number(datname.split('_')[3]);
    if (Number.isInteger(pid) && !isRunning(pid)) await dropDatabase(admin, datname);
  }
}

/** A test database's name: this host's and this process's, so that a later run can tell a dead run's. */
function newDatabaseName(): string {
  return `${TEST_PREFIX}${hostTag}_${process.pid}_${randomBytes(4).toString('hex')}`;
}

/**
 * What makes an emptied database as good as a new copy of the template: its tables, columns,
 * constraints, indexes, functions, triggers, extensions, settings and recorded migrations. A test
 * that changed any of them (a migration test, a table dropped to fail a save) leaves a database
 * that is dropped, not handed on.
 */
const SHAPE_SQL = `
SELECT md5(coalesce(string_agg(part, E'\\n' ORDER BY part), '')) AS shape FROM (
  SELECT 'column ' || c.relname || ' ' || c.relkind::text || ' ' || coalesce(a.attname, '') || ' ' ||
    coalesce(format_type(a.atttypid, a.atttypmod), '') || ' ' || coalesce(a.attnotnull::text, '') || ' ' ||
    coalesce(pg_get_expr(d.adbin, d.adrelid), '') AS part
  FROM pg_class c
  JOIN pg_namespace n ON n.oid = c.relnamespace
  LEFT JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
  LEFT JOIN pg_attrdef d ON d.adrelid = c.oid AND d.adnum = a.attnum
  WHERE n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'
  UNION ALL
  SELECT 'constraint ' || conrelid::regclass || ' ' || conname || ' ' || pg_get_constraintdef(oid)
  FROM pg_constraint WHERE connamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  UNION ALL
  SELECT 'index ' || pg_get_indexdef(i.indexrelid) FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid
  WHERE c.relnamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace, 'pg_toast'::regnamespace)
  UNION ALL
  SELECT 'function ' || p.oid::regprocedure || ' ' || md5(p.prosrc) FROM pg_proc p
  WHERE p.pronamespace NOT IN ('pg_catalog'::regnamespace, 'information_schema'::regnamespace)
  UNION ALL
  SELECT 'trigger ' || tgrelid::regclass || ' ' || tgname || ' ' || tgenabled::text FROM pg_trigger WHERE NOT tgisinternal
  UNION ALL
  SELECT 'extension ' || extname || ' ' || extversion FROM pg_extension
  UNION ALL
  SELECT 'setting ' || array_to_string(setconfig, ' ') FROM pg_db_role_setting
  WHERE setdatabase = (SELECT oid FROM pg_database WHERE datname = current_database())
  UNION ALL
  SELECT 'migration ' || migration_name || ' ' || checksum || ' ' || coalesce(finished_at::text, '') || ' ' ||
    coalesce(rolled_back_at::text, '') || ' ' || applied_steps_count FROM _prisma_migrations
) parts`;

/** A database of this worker, emptied after its last file and waiting for the next: its name and template. */
interface Spare {
  name: string;
  template: string;
}

/** Each template's shape (SHAPE_SQL), the same in every copy: read in this process's first copy of it. */
const templateShapes = new Map<string, string>();

async function shapeOf(template: string, prisma: PrismaClient): Promise<string | null> {
  const known = templateShapes.get(template);
  if (known !== undefined) return known;
  const shape = (await prisma.$queryRawUnsafe<{ shape: string }[]>(SHAPE_SQL))[0]?.shape;
  if (shape === undefined) return null;
  templateShapes.set(template, shape);
  return shape;
}

/**
 * The one spare database of this worker process, named by the run's process (its parent) and its
 * own, in the run's scratch folder.
 */
function spareFile(): string {
  return path.join(os.tmpdir(), `${SPARE_PREFIX}${process.ppid}-${process.pid}.json`);
}

function takeSpare(): Spare | null {
  const file = spareFile();
  try {
    const spare = JSON.parse(fs.readFileSync(file, 'utf8')) as Spare;
    fs.rmSync(file);
    return spare;
  } catch {
    return null;
  }
}

/** Ends every session on the database but the caller's, as DROP DATABASE ... WITH (FORCE) would. */
async function closeConnections(admin: pg.Client, name: string): Promise<void> {
  await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [name]);
}

/** Empties the database as emptyDatabase does; whether it still has `shape`. */
async function emptiedUnchanged(name: string, shape: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: urlFor(name), connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query(EMPTY_SQL);
    const { rows } = await client.query<{ shape: string }>(SHAPE_SQL);
    return rows[0]?.shape === shape;
  } finally {
    await client.end();
  }
}

/**
 * Empties the database and keeps it as this worker's spare, under a new name, when it still has
 * `shape`: for a fraction of dropping it and copying the template again. Its sessions are ended
 * first, and the new name keeps whatever of the last file would connect again (a pool, a listener)
 * out of the next file's database, as dropping it did.
 */
async function keptAsSpare(name: string, template: string, shape: string): Promise<boolean> {
  if (fs.existsSync(spareFile())) return false;
  const kept = newDatabaseName();
  try {
    const renamed = await withAdmin(async (admin) => {
      await closeConnections(admin, name);
      if (!(await emptiedUnchanged(name, shape))) return false;
      await closeConnections(admin, name);
      await admin.query(`ALTER DATABASE ${quoteIdent(name)} RENAME TO ${quoteIdent(kept)}`);
      return true;
    });
    if (!renamed) return false;
  } catch {
    // Whatever the test left that cannot be emptied (a lock held by a dying connection, say) is dropped instead.
    return false;
  }
  fs.writeFileSync(spareFile(), JSON.stringify({ name: kept, template } satisfies Spare));
  return true;
}

/** Drops the spare databases this run's workers kept, or its own when it ran the tests itself (the global teardown calls it). */
export async function dropSpareDatabases(): Promise<void> {
  const folder = os.tmpdir();
  const files = fs
    .readdirSync(folder)
    .filter(
      (file) => file.startsWith(SPARE_PREFIX) && file.slice(SPARE_PREFIX.length, -'.json'.length).split('-').includes(String(process.pid)),
    );
  if (files.length === 0) return;
  await withAdmin(async (admin) => {
    for (const file of files) {
      const { name } = JSON.parse(fs.readFileSync(path.join(folder, file), 'utf8')) as Spare;
      await dropDatabase(admin, name);
      fs.rmSync(path.join(folder, file));
    }
  });
}

/**
 * A fresh database with a unique name, migrated unless asked otherwise. Call drop() when done. A
 * migrated one may be the worker's spare, emptied and checked when the last file dropped it.
 */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const source = options.migrated === false ? null : await ensureTemplate();
  const reusable = source !== null && options.durable !== true;
  const spare = reusable ? takeSpare() : null;
  let name: string;
  if (spare !== null && spare.template === source) {
    name = spare.name;
  } else {
    if (spare !== null) await withAdmin((admin) => dropDatabase(admin, spare.name));
    name = newDatabaseName();
    await withAdmin(async (admin) => {
      await admin.query(`CREATE DATABASE ${quoteIdent(name)}${source === null ? '' : ` TEMPLATE ${quoteIdent(source)}`}`);
      // A commit here waits for no disk flush (some 0.4 ms of every statement on a 2-core machine). A
      // test database never outlives its run, and a commit is still seen by every connection at once.
      if (options.durable !== true) await admin.query(`ALTER DATABASE ${quoteIdent(name)} SET synchronous_commit = off`);
    });
  }
  const url = urlFor(name);
  const prisma = createPrismaClient(url, POOL_SIZE, { prepared: true });
  const shape = reusable ? await shapeOf(source, prisma) : null;
  let dropped = false;
  return {
    url,
    prisma,
    async drop() {
      if (dropped) return;
      dropped = true;
      await prisma.$disconnect();
      if (source !== null && shape !== null && (await keptAsSpare(name, source, shape))) return;
      await withAdmin((admin) => dropDatabase(admin, name));
    },
  };
}

/**
 * Empties every table but the migrations' record and starts the sequences again, in one statement:
 * the database is then as a fresh copy of the template left it, for a fraction of making one.
 * Only the tables that hold rows are truncated (with the tables that refer to them): truncating
 * gives a table and its indexes new files, and truncating all of them took 50 to 70 ms where a
 * test had filled two (against 12 to 18 ms).
 */
const EMPTY_SQL = `DO $$
DECLARE
  name text;
  filled text[] := '{}';
  has_rows boolean;
BEGIN
  FOR name IN SELECT quote_ident(tablename) FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations' LOOP
    EXECUTE 'SELECT EXISTS (SELECT FROM ' || name || ')' INTO has_rows;
    IF has_rows THEN filled := filled || name; END IF;
  END LOOP;
  IF cardinality(filled) > 0 THEN EXECUTE 'TRUNCATE ' || array_to_string(filled, ', ') || ' CASCADE'; END IF;
  PERFORM setval(format('%I.%I', schemaname, sequencename), start_value, false) FROM pg_sequences WHERE schemaname = current_schema();
END $$`;

/** Empties the database as EMPTY_SQL does (and a new Prisma client need not be made). */
export async function emptyDatabase(prisma: PrismaClient): Promise<void> {
  await prisma.$executeRawUnsafe(EMPTY_SQL);
}

/**
 * One database for the calling test file, made when a test first asks for it, emptied after each
 * test that used it and dropped after the file: as fresh as a new copy of the template, for less.
 */
export function databasePerFile(): () => Promise<TestDatabase> {
  let db: TestDatabase | undefined;
  afterEach(async () => {
    if (db !== undefined) await emptyDatabase(db.prisma);
  });
  afterAll(() => db?.drop());
  return async () => (db ??= await createTestDatabase());
}
