import pg from 'pg';
import type { PrismaClient } from './generated/client';
import { KEPT_CONNECTIONS, prismaOn } from './client';

export interface CountingPrisma {
  prisma: PrismaClient;
  /** SQL statements sent to PostgreSQL so far (BEGIN and COMMIT included): each is one round trip. */
  statements(this: void): number;
  /** Characters of the statements' parameters sent so far (the saves' JSON payloads, mostly). */
  parameterBytes(this: void): number;
  /**
   * Milliseconds the statements answered so far took, each from being handed to its connection to
   * its answer: what of a command's time is the database's and the wire's, not the bot's.
   */
  statementMs(this: void): number;
  /** When the last statement was handed to its connection (performance.now()); NaN before the first. */
  lastSentAt(this: void): number;
  /** The last statement sent, as its text and parameters; null before the first. */
  lastStatement(this: void): SentStatement | null;
}

export interface SentStatement {
  text: string;
  values: readonly unknown[];
}

/** The text of a `query` call, given as `(text, …)` or as `({ text, … })`. */
function textOf(args: readonly unknown[]): string {
  const [first] = args;
  if (typeof first === 'string') return first;
  if (typeof first === 'object' && first !== null && 'text' in first && typeof first.text === 'string') return first.text;
  return '';
}

/** The parameters of a `query` call, given as `(text, values)` or as `({ text, values })`. */
function valuesOf(args: readonly unknown[]): readonly unknown[] {
  const [first, second] = args;
  if (Array.isArray(second)) return second;
  if (typeof first === 'object' && first !== null && 'values' in first && Array.isArray(first.values)) return first.values;
  return [];
}

function lengthOf(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (Buffer.isBuffer(value)) return value.length;
  // The adapter sends strings, numbers, booleans and dates; anything else as its JSON.
  if (typeof value === 'string') return value.length;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value).length;
  return JSON.stringify(value)?.length ?? 0;
}

/**
 * A Prisma client whose pool counts every statement its connections send, for the benchmark and
 * for tests that hold commands to a round-trip budget; it prepares them as the bot does on PostgreSQL.
 */
export function createCountingPrisma(url: string, poolSize: number): CountingPrisma {
  let statements = 0;
  let parameterBytes = 0;
  let statementMs = 0;
  let lastSentAt = Number.NaN;
  let last: SentStatement | null = null;
  const pool = new pg.Pool({ ...KEPT_CONNECTIONS, connectionString: url, max: poolSize });
  pool.on('connect', (client) => {
    const send = client.query.bind(client) as (...args: unknown[]) => unknown;
    // pg's overloads cannot be restated here; the wrapper forwards every call unchanged.
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      statements += 1;
      const values = valuesOf(args);
      parameterBytes += values.reduce<number>((sum, value) => sum + lengthOf(value), 0);
      last = { text: textOf(args), values };
      const started = performance.now();
      lastSentAt = started;
      const answered = () => {
        statementMs += performance.now() - started;
      };
      // The pool hands its statements over with a callback; a caller of the connection itself may await it instead.
      const callback = args.at(-1);
      if (typeof callback === 'function') {
        const answer = callback as (...results: unknown[]) => unknown;
        return send(...args.slice(0, -1), (...results: unknown[]) => {
          answered();
          return answer(...results);
        });
      }
      const result = send(...args);
      if (result instanceof Promise) result.then(answered, answered);
      return result;
    };
  });
  const prisma = prismaOn(pool, { prepared: true });
  return {
    prisma,
    statements: () => statements,
    parameterBytes: () => parameterBytes,
    statementMs: () => statementMs,
    lastSentAt: () => lastSentAt,
    lastStatement: () => last,
  };
}
