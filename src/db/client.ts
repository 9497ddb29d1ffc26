import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient } from './generated/client';
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

/** A Prisma client on `url`, or on a pool of the caller's, through @prisma/adapter-pg. */
export function prismaOn(pool: pg.Pool | pg.PoolConfig, { prepared }: PrismaClientOptions): PrismaClient {
  const adapter = new PrismaPg(pool, {
    disposeExternalPool: true,
    ...(prepared ? { statementNameGenerator: statementNamer(PREPARED_TEXTS) } : {}),
  });
  return new PrismaClient({ adapter });
}

/** A Prisma client on `url` through @prisma/adapter-pg, with a pool of at most `poolSize` connections. */
export function createPrismaClient(url: string, poolSize: number, options: PrismaClientOptions = { prepared: false }): PrismaClient {
  return prismaOn({ connectionString: url, max: poolSize }, options);
}
