import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client';
import { registerPool } from './raw-sql';
import { statementNamer } from './statement-names';

/** Distinct statement texts a client prepares (see statementNamer). */
const PREPARED_TEXTS = 200;

export interface PrismaClientOptions {
  /**
   * Prepare each statement once per connection. Only on a real PostgreSQL: the embedded server
   * runs every connection in one session, where two connections' names would collide.
   */
  prepared: boolean;
}

/**
 * Prisma's query compiler comes as a module exporting its WebAssembly as one base64 string (2.3 MB),
 * which Prisma decodes and compiles once per process and then keeps compiled. Node's module cache
 * would keep the string too, for the life of the process, in that module's exports (and so would
 * the module that imported it, among its children); nothing reads it again. The generated client
 * imports this file (a test checks that it still does): the small build, see prisma/schema.prisma.
 */
export const QUERY_COMPILER_SOURCE = require.resolve('@prisma/client/runtime/query_compiler_small_bg.postgresql.wasm-base64.js');

/** What of a pg pool says a connection came back. */
interface Releases {
  on(event: 'release', listener: () => void): unknown;
  off(event: 'release', listener: () => void): unknown;
}

/**
 * Drops the query compiler's source from Node's module cache once Prisma has read it: Prisma loads
 * the compiler before its first query, so a connection handed back to the pool is the first moment
 * it may have; until then each one looks, and the first that finds it stops looking.
 */
export function forgetQueryCompilerSourceOnceRead(pool: Releases, cache: NodeJS.Dict<NodeJS.Module> = require.cache): void {
  const forget = (): void => {
    const source = cache[QUERY_COMPILER_SOURCE];
    if (source === undefined) return;
    delete cache[QUERY_COMPILER_SOURCE];
    // The module that imported it lists it among its children too.
    for (const importer of Object.values(cache)) {
      const at = importer?.children.indexOf(source) ?? -1;
      if (at >= 0) importer?.children.splice(at, 1);
    }
    pool.off('release', forget);
  };
  pool.on('release', forget);
}

/**
 * How the bot's pools keep their connections. pg-pool closes a connection idle for 10 s by default,
 * and a table's commands come seconds to minutes apart: each would then wait for a new connection, a
 * new server process and its statements prepared again (a `/hp damage` after 12 s quiet took 7.5–8.9
 * ms, against 1.2–2.4 for the next one). The pool's size bounds what it keeps. TCP keep-alive holds a
 * kept connection open through a network's idle cut-off and finds one a network lost meanwhile.
 */
export const KEPT_CONNECTIONS = {
  idleTimeoutMillis: 0,
  keepAlive: true,
  keepAliveInitialDelayMillis: 60_000,
} as const satisfies pg.PoolConfig;

/**
 * A Prisma client on a pool of the caller's, or on one made from `config`, through
 * @prisma/adapter-pg; the raw-SQL stores reach the same pool directly (src/db/raw-sql.ts).
 */
export function prismaOn(poolOrConfig: pg.Pool | pg.PoolConfig, { prepared }: PrismaClientOptions): PrismaClient {
  const pool = poolOrConfig instanceof pg.Pool ? poolOrConfig : new pg.Pool(poolOrConfig);
  // An idle connection's error (the server restarted) drops it from the pool; unheard, it would end the process.
  pool.on('error', () => undefined);
  forgetQueryCompilerSourceOnceRead(pool);
  const name = prepared ? statementNamer(PREPARED_TEXTS) : () => '';
  const adapter = new PrismaPg(pool, { disposeExternalPool: true, statementNameGenerator: (query) => name(query.sql) });
  const prisma = new PrismaClient({ adapter });
  registerPool(prisma, { pool, name });
  return prisma;
}

/** A Prisma client on `url` through @prisma/adapter-pg, with a pool of at most `poolSize` connections. */
export function createPrismaClient(url: string, poolSize: number, options: PrismaClientOptions = { prepared: false }): PrismaClient {
  return prismaOn({ ...KEPT_CONNECTIONS, connectionString: url, max: poolSize }, options);
}

/** Where the client that only loads the query compiler would connect, if it ever did. */
const NOWHERE = 'postgresql://localhost:1/unused';

let queryCompilerLoaded: Promise<void> | null = null;

/**
 * Compiles Prisma's query compiler, a WebAssembly module that Prisma keeps for the whole process
 * once any client has started, so that the first query does not wait for it. Starting a client
 * over a pg pool opens no connection, so this one never reaches anything. Never fails: the first
 * query reports what went wrong.
 */
export function loadQueryCompiler(): Promise<void> {
  queryCompilerLoaded ??= (async () => {
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: NOWHERE, max: 1 }) });
    try {
      await prisma.$connect();
    } finally {
      await prisma.$disconnect();
    }
  })().catch(() => undefined);
  return queryCompilerLoaded;
}
