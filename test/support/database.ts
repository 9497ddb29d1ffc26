// A fresh, migrated PostgreSQL database per test file or test, on the local server.
//
// Migrating takes a second or two, so each set of migrations is applied once, to a template
// database named after a hash of prisma/migrations, and every test database is a copy of it
// (CREATE DATABASE ... TEMPLATE, a few milliseconds). Jest workers and concurrent runs share the
// template; an advisory lock makes sure only one of them builds it.
import { createHash, randomBytes } from 'node:crypto';
import os from 'node:os';
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
      await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(building)} WITH (FORCE)`);
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
    await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
  }
}

/** Databases left by test processes of this host that died before dropping them. */
async function dropDeadTestDatabases(admin: pg.Client): Promise<void> {
  const rows = await admin.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1', [
    `${TEST_PREFIX}${hostTag}_%`,
  ]);
  for (const { datname } of rows.rows) {
    const pid = Number(datname.split('_')[3]);
    if (Number.isInteger(pid) && !isRunning(pid)) await admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
  }
}

/** A fresh database with a unique name, migrated unless asked otherwise. Call drop() when done. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const source = options.migrated === false ? null : await ensureTemplate();
  const name = `${TEST_PREFIX}${hostTag}_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(async (admin) => {
    await admin.query(`CREATE DATABASE ${quoteIdent(name)}${source === null ? '' : ` TEMPLATE ${quoteIdent(source)}`}`);
    // A commit here waits for no disk flush (some 0.4 ms of every statement on a 2-core machine). A
    // test database never outlives its run, and a commit is still seen by every connection at once.
    if (options.durable !== true) await admin.query(`ALTER DATABASE ${quoteIdent(name)} SET synchronous_commit = off`);
  });
  const url = urlFor(name);
  const prisma = createPrismaClient(url, POOL_SIZE, { prepared: true });
  let dropped = false;
  return {
    url,
    prisma,
    async drop() {
      if (dropped) return;
      dropped = true;
      await prisma.$disconnect();
      await withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    },
  };
}

/**
 * Empties every table but the migrations' record and restarts the sequences: the database is then as
 * a fresh copy of the template left it, for a fraction of making one (and a new Prisma client).
 */
export async function emptyDatabase(prisma: PrismaClient): Promise<void> {
  const tables = await prisma.$queryRawUnsafe<{ tablename: string }[]>(
    `SELECT tablename FROM pg_tables WHERE schemaname = current_schema() AND tablename <> '_prisma_migrations'`,
  );
  if (tables.length === 0) return;
  await prisma.$executeRawUnsafe(`TRUNCATE ${tables.map((t) => quoteIdent(t.tablename)).join(', ')} RESTART IDENTITY CASCADE`);
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
