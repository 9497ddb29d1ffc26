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
 * A Prisma client on a pool of the caller's, or on one made from `config`, through
 * @prisma/adapter-pg; the raw-SQL stores reach the same pool directly (src/db/raw-sql.ts).
 */
export function prismaOn(poolOrConfig: pg.Pool | pg.PoolConfig, { prepared }: PrismaClientOptions): PrismaClient {
  const pool = poolOrConfig instanceof pg.Pool ? poolOrConfig : new pg.Pool(poolOrConfig);
  // An idle connection's error (the server restarted) drops it from the pool; unheard, it would end the process.
  pool.on('error', () => undefined);
  const name = prepared ? statementNamer(PREPARED_TEXTS) : () => '';
  const adapter = new PrismaPg(pool, { disposeExternalPool: true, statementNameGenerator: (query) => name(query.sql) });
  const prisma = new PrismaClient({ adapter });
  registerPool(prisma, { pool, name });
  return prisma;
}

/** A Prisma client on `url` through @prisma/adapter-pg, with a pool of at most `poolSize` connections. */
export function createPrismaClient(url: string, poolSize: number, options: PrismaClientOptions = { prepared: false }): PrismaClient {
  return prismaOn({ connectionString: url, max: poolSize }, options);
}
