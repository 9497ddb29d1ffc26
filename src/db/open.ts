import fs from 'node:fs';
import type { Logger } from 'pino';
import { migratedClusterFile } from './cluster-cache';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded';
import type { PrismaClient } from './generated/client';
import { applyMigrations, migrateIfBehind, migrationFolderChecksum, runMigrationScripts } from './migrations';

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; null means the embedded database. */
  databaseUrl: string | null;
  /** The embedded database's folder (DATA_DIR). */
  dataDir: string;
  /** A fresh in-memory embedded database, whatever databaseUrl says. */
  memory?: boolean;
  logger: Logger;
  /** Told of the slow steps of a start as each begins, so that a person waiting knows what for. */
  onStep?: (step: StartStep) => void;
}

/** A new embedded database is being made; pending migrations are being applied. */
export type StartStep = 'creating' | 'migrating';

export interface Database {
  prisma: PrismaClient;
  url: string;
  kind: 'postgres' | 'embedded';
  /** Disconnects Prisma, then stops the embedded database (writing it to disk). */
  close(): Promise<void>;
}

/** Where the configuration says the database is: DATABASE_URL, else the embedded one in DATA_DIR; or in memory. */
export function databaseOptions(
  config: { databaseUrl: string | null; dataDir: string },
  logger: Logger,
  memory: boolean,
): OpenDatabaseOptions {
  return { databaseUrl: memory ? null : config.databaseUrl, dataDir: config.dataDir, memory, logger };
}

/** PGlite answers one query at a time, so a large pool only queues; PostgreSQL can use more. */
const POOL_SIZE = { postgres: 10, embedded: 4 } as const;

/** Opens the database the configuration names and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const { logger } = options;
  // The Prisma client loads while the database starts (PGlite boots on a thread of its own).
  const [client, connected] = await Promise.allSettled([import('./client'), connect(options)]);
  if (client.status === 'rejected') {
    // A started embedded database runs on a thread that would keep the process alive after its error.
    if (connected.status === 'fulfilled') await connected.value.embedded?.close();
    throw client.reason;
  }
  if (connected.status === 'rejected') throw connected.reason;
  const { createPrismaClient } = client.value;
  const { url, kind, embedded } = connected.value;
  try {
    const applied =
      options.memory === true
        ? await migrateInMemory(embedded)
        : await migrateIfBehind(url, undefined, () => options.onStep?.('migrating'));
    if (applied.length > 0) logger.info({ migrations: applied }, `applied ${applied.length} database migration(s)`);
  } catch (error) {
    await embedded?.close();
    throw error;
  }
  const prisma = createPrismaClient(url, POOL_SIZE[kind], { prepared: kind === 'postgres' });
  logger.info({ kind, location: describeLocation(options) }, 'database ready');
  return {
    prisma,
    url,
    kind,
    async close() {
      try {
        await prisma.$disconnect();
      } finally {
        await embedded?.close();
      }
    },
  };
}

/**
 * A fresh in-memory database is thrown away at exit: no migration history to keep, so no engine to
 * start; it runs the scripts once, and later starts load a cached copy of the result.
 */
async function migrateInMemory(embedded: EmbeddedDatabase | null): Promise<string[]> {
  if (embedded === null) throw new Error('an in-memory database is always embedded');
  if (embedded.migrated) return [];
  const applied = await runMigrationScripts(embedded.url);
  // Nothing creates databases in a database thrown away at exit: its copy needs no templates.
  await embedded.saveMigrated({ withoutTemplates: true });
  return applied;
}

/**
 * The cached migrated database a new data folder may start from. The schema engine made it, so it
 * holds `_prisma_migrations` as a migrated folder must; the in-memory one (scripts run, no history)
 * is never used for a folder.
 */
function engineMigratedKey(): string {
  return `engine-${migrationFolderChecksum()}`;
}

/**
 * What the first open of a new data folder does, done ahead of it (`npm install` calls this): a new
 * database migrated by the schema engine, cached, so that the first launch loads it instead of
 * running initdb and the engine.
 */
export async function prepareFirstOpen(): Promise<void> {
  const embedded = await startEmbeddedDatabase({ memory: true, migratedKey: engineMigratedKey() });
  try {
    if (embedded.migrated) return;
    await applyMigrations(embedded.url);
    await embedded.saveMigrated();
  } finally {
    await embedded.close();
  }
}

/** Whether `prepareFirstOpen` has nothing to do for the migrations as they are. */
export function isFirstOpenPrepared(): boolean {
  return fs.existsSync(migratedClusterFile(engineMigratedKey()));
}

async function connect(options: OpenDatabaseOptions): Promise<{ url: string; kind: Database['kind']; embedded: EmbeddedDatabase | null }> {
  if (options.memory !== true && options.databaseUrl !== null) {
    // Loaded here: pg, which it uses, would delay the start of an embedded database.
    const { ensureDatabase } = await import('./create-database');
    if (await ensureDatabase(options.databaseUrl)) {
      options.logger.info({ location: redactPassword(options.databaseUrl) }, 'created the database DATABASE_URL names');
    }
    return { url: options.databaseUrl, kind: 'postgres', embedded: null };
  }
  // The in-memory copy is named apart from the engine's: it keeps no migration history and no templates.
  const embedded = await startEmbeddedDatabase(
    options.memory === true
      ? { memory: true, migratedKey: `memory-${migrationFolderChecksum()}` }
      : { dataDir: options.dataDir, migratedKey: engineMigratedKey() },
    () => options.onStep?.('creating'),
  );
  return { url: embedded.url, kind: 'embedded', embedded };
}

function describeLocation(options: OpenDatabaseOptions): string {
  if (options.memory === true) return 'in memory';
  return options.databaseUrl === null ? options.dataDir : redactPassword(options.databaseUrl);
}

export function redactPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable database URL)';
  }
}
