import type { Logger } from 'pino';
import type { PrismaClient } from './generated/client';

/** Which interactions were applied, shared by every process on the database (the HTTP transport's InteractionLedger). */
export interface ProcessedInteractions {
  /** True for the first claim of an id; false for every later one, from this process or another. */
  claim(interactionId: string): Promise<boolean>;
  /** Forgets ids claimed longer ago than the ledger keeps them; resolves with how many. */
  prune(): Promise<number>;
  /** An id a command's save records in the same table: prunes now and then, as claims do. */
  claimedBySave(): void;
}

export interface ProcessedInteractionsOptions {
  logger: Logger;
  /**
   * How long an id is remembered. A request is accepted while its timestamp is within 5 minutes of
   * now, so a replay can arrive up to 10 minutes after the first delivery; 15 leave room for clocks
   * that disagree.
   */
  keepMs?: number;
  /** Claims prune at most this often (per process), so the table stays at a few minutes of traffic. */
  pruneEveryMs?: number;
}

const KEEP_MS = 15 * 60_000;
const PRUNE_EVERY_MS = 60_000;

/** Table `processed_interactions`: one row per applied interaction id, with when it was claimed. */
export function createProcessedInteractions(prisma: PrismaClient, options: ProcessedInteractionsOptions): ProcessedInteractions {
  const { logger, keepMs = KEEP_MS, pruneEveryMs = PRUNE_EVERY_MS } = options;
  let nextPruneAt = 0;

  // Times are the database's own (created_at defaults to now()), so replicas' clocks do not matter here.
  const prune = (): Promise<number> =>
    prisma.$executeRaw`DELETE FROM processed_interactions WHERE created_at < now() - ${keepMs}::integer * interval '1 millisecond'`;

  /** Prunes at most every `pruneEveryMs`, off the answer's path: a failed prune only leaves rows for the next one. */
  const pruneIfDue = (): void => {
    const now = Date.now();
    if (now < nextPruneAt) return;
    nextPruneAt = now + pruneEveryMs;
    prune().catch((error: unknown) => logger.warn({ err: error }, 'could not prune processed interaction ids'));
  };

  return {
    async claim(interactionId) {
      // The primary key decides: of two processes inserting the same id, exactly one inserts a row.
      const inserted = await prisma.$executeRaw`INSERT INTO processed_interactions (id) VALUES (${interactionId}) ON CONFLICT DO NOTHING`;
      pruneIfDue();
      return inserted === 1;
    },
    claimedBySave: pruneIfDue,
    prune,
  };
}
