import type { Logger } from 'pino';
import type { EncounterService } from './combat/service';
import type { RandomSource } from './dice/random';
import type { PrismaClient } from './db/generated/client';

/** The long-lived things a handler uses, built once by the composition root (src/app.ts). */
export interface Services {
  prisma: PrismaClient;
  random: RandomSource;
  logger: Logger;
  now(): Date;
  /** The channel encounters (/init, /hp), stored atomically in the database. */
  encounters: EncounterService;
}
