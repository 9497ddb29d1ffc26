import pg from 'pg';
import type { PrismaClient } from './generated/client';
import { prismaOn } from './client';

export interface CountingPrisma {
  prisma: PrismaClient;
  /** SQL statements sent to PostgreSQL so far (BEGIN and COMMIT included): each is one round trip. */
  statements(this: void): number;
}

/**
 * A Prisma client whose pool counts every statement its connections send, for the benchmark and
 * for tests that hold commands to a round-trip budget; it prepares them as the bot does on PostgreSQL.
 */
export function createCountingPrisma(url: string, poolSize: number): CountingPrisma {
  let statements = 0;
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('connect', (client) => {
    const send = client.query.bind(client) as (...args: unknown[]) => unknown;
    // pg's overloads cannot be restated here; the wrapper forwards every call unchanged.
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      statements += 1;
      return send(...args);
    };
  });
  const prisma = prismaOn(pool, { prepared: true });
  return { prisma, statements: () => statements };
}
