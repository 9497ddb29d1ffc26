import type { Logger } from 'pino';
import { createPrismaClient } from './client';
import { ensureDatabase } from './create-database';
import { startEmbeddedDatabase, type EmbeddedDatabase } from './embedded';
import type { PrismaClient } from './generated/client';
import { migrateIfBehind, runMigrationScripts } from './migrations';

export interface OpenDatabaseOptions {
  /** PostgreSQL connection string; null means the embedded database. */
  databaseUrl: string | null;
  /** The embedded database's folder (DATA_DIR). */
  dataDir: string;
  /** A fresh in-memory embedded database, whatever databaseUrl says. */
  memory?: boolean;
  logger: Logger;
}

export interface Database {
  prisma: PrismaClient;
  url: string;
  kind: 'postgres' | 'embedded';
  /** Disconnects Prisma, then stops the embedded database (writing it to disk). */
  close(): Promise<void>;
}

/** PGlite answers one query at a time, so a large pool only queues; PostgreSQL can use more. */
const POOL_SIZE = { postgres: 10, embedded: 4 } as const;

/** Opens the database the configuration names and brings its schema up to date. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const { logger } = options;
  const { url, kind, embedded } = await connect(options);
  try {
    // A fresh in-memory database is thrown away at exit: no migration history to keep, so no engine to start.
    const applied = options.memory === true ? await runMigrationScripts(url) : await migrateIfBehind(url);
    if (applied.length > 0) logger.info({ migrations: applied }, `applied ${applied.length} database migration(s)`);
  } catch (error) {
    await embedded?.close();
    throw error;
  }
  const prisma = createPrismaClient(url, POOL_SIZE[kind]);
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

async function connect(options: OpenDatabaseOptions): Promise<{ url: string; kind: Database['kind']; embedded: EmbeddedDatabase | null }> {
  if (options.memory !== true && options.databaseUrl !== null) {
    if (await ensureDatabase(options.databaseUrl)) {
      options.logger.info({ location: redactPassword(options.databaseUrl) }, 'created the database DATABASE_URL names');
    }
    return { url: options.databaseUrl, kind: 'postgres', embedded: null };
  }
  const embedded = await startEmbeddedDatabase(options.memory === true ? { memory: true } : { dataDir: options.dataDir });
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
