import type pg from 'pg';
import type { PrismaClient } from './generated/client';

/** Statements of the raw-SQL stores, on a connection or inside a transaction. */
export interface Sql {
  rows<T>(sql: string, ...values: unknown[]): Promise<T[]>;
}

export interface SqlPool extends Sql {
  /** Runs `run` in one transaction on one connection; it waits at most `lockWaitMs` for any row lock. */
  transaction<T>(run: (tx: Sql) => Promise<T>, lockWaitMs: number): Promise<T>;
}

interface DirectPool {
  pool: pg.Pool;
  /** The name a statement is prepared under ('' for none), shared with the Prisma client on the same pool. */
  name: (sql: string) => string;
}

/** The pool under each client src/db/client.ts made, so the raw-SQL stores can skip Prisma's query pipeline. */
const pools = new WeakMap<PrismaClient, DirectPool>();

export function registerPool(prisma: PrismaClient, direct: DirectPool): void {
  pools.set(prisma, direct);
}

/**
 * Raw SQL on the client's own pg pool when it has one: the encounter store's statements are fixed
 * texts with JSON parameters, which gain nothing from Prisma's pipeline (a third of a one-row
 * UPDATE's time). Any other client goes through Prisma.
 */
export function sqlOf(prisma: PrismaClient): SqlPool {
  const direct = pools.get(prisma);
  if (direct === undefined) return prismaSql(prisma);
  const { pool, name } = direct;
  const on = (client: pg.Pool | pg.PoolClient): Sql => ({
    async rows<T>(sql: string, ...values: unknown[]) {
      return (await client.query({ name: name(sql), text: sql, values })).rows as T[];
    },
  });
  return {
    ...on(pool),
    async transaction(run, lockWaitMs) {
      const client = await pool.connect();
      // pg-pool hears a connection's loss only while it is idle in the pool. Lost while the
      // transaction computes between statements (the database restarting), unheard, it would end the
      // process; the statement after it fails with it, and the connection is not given back.
      let lost: Error | undefined;
      const onLost = (error: Error) => {
        lost = error;
      };
      client.on('error', onLost);
      try {
        await client.query(`BEGIN; SET LOCAL lock_timeout = ${Math.floor(lockWaitMs)}`);
        const result = await run(on(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.removeListener('error', onLost);
        client.release(lost);
      }
    },
  };
}

function prismaSql(prisma: PrismaClient): SqlPool {
  return {
    rows: <T>(sql: string, ...values: unknown[]) => prisma.$queryRawUnsafe<T[]>(sql, ...values),
    transaction: (run, lockWaitMs) =>
      prisma.$transaction((tx) => run({ rows: <T>(sql: string, ...values: unknown[]) => tx.$queryRawUnsafe<T[]>(sql, ...values) }), {
        maxWait: lockWaitMs,
        timeout: lockWaitMs,
      }),
  };
}
