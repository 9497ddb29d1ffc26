import type { Logger } from 'pino';
import { registry } from '../commands';
import type { Config } from './config';
import { createCryptoRandom } from './dice/crypto-random';
import type { RandomSource } from './dice/random';
import { createSeededRandom } from './dice/seeded';
import { createCharacterStore } from './db/characters';
import { createConsoleUsers } from './db/console-users';
import { createEncounterService } from './db/encounter-store';
import type { PrismaClient } from './db/generated/client';
import { databaseOptions, openDatabase, redactPassword, type Database } from './db/open';
import { createProcessedInteractions } from './db/processed-interactions';
import { createSettingsStore } from './db/settings';
import type { CommandRegistry } from './framework/registry';
import type { AttachmentFetcher, Services } from './services';
import { createAttachmentFetcher } from './transports/attachment-fetcher';
import type { ConsoleUsers } from './transports/console-session';
import type { InteractionLedger } from './transports/http-interactions';

/** The bot's parts, shared by every transport: its commands and the services they use. */
export interface App {
  registry: CommandRegistry;
  services: Services;
  /** Where the data lives, for the start-up log line (never includes a password). */
  database: { kind: 'postgres' | 'embedded'; where: string };
  /** The console transport's users (Discord says who manages a server; the console stores it). */
  consoleUsers: ConsoleUsers;
  /** The interaction ids HTTP interactions have applied, so that a replayed request is not applied again. */
  interactionLedger: InteractionLedger;
  close(): Promise<void>;
}

export interface AppOptions {
  config: Config;
  logger: Logger;
  /** A fresh in-memory embedded database instead of DATABASE_URL or DATA_DIR. */
  memory?: boolean;
  /** Makes every roll reproducible. */
  seed?: number;
  /** The database, already opening (the console starts it before loading the commands); else opened here. */
  database?: Promise<Database>;
}

export interface ServiceParts {
  prisma: PrismaClient;
  random: RandomSource;
  logger: Logger;
  now?: () => Date;
  /** Tests give a fake; the default fetches from Discord's CDN. */
  attachments?: AttachmentFetcher;
}

/** The services every handler gets, over an open database. Tests build theirs with it too. */
export function buildServices({
  prisma,
  random,
  logger,
  now = () => new Date(),
  attachments = createAttachmentFetcher(),
}: ServiceParts): Services {
  return {
    random,
    logger,
    now,
    encounters: createEncounterService({ prisma, random, now }),
    settings: createSettingsStore(prisma),
    characters: createCharacterStore(prisma),
    attachments,
  };
}

/** Opens the database (applying pending migrations) and builds the services. */
export async function openApp({ config, logger, memory = false, seed, database }: AppOptions): Promise<App> {
  const db = await (database ?? openDatabase(databaseOptions(config, logger, memory)));
  const random: RandomSource = seed === undefined ? createCryptoRandom() : createSeededRandom(seed);
  const services = buildServices({ prisma: db.prisma, random, logger });
  const where = db.kind === 'postgres' ? redactPassword(db.url) : memory ? 'memory' : config.dataDir;
  return {
    registry,
    services,
    database: { kind: db.kind, where },
    consoleUsers: createConsoleUsers(db.prisma),
    interactionLedger: createProcessedInteractions(db.prisma, { logger }),
    close: () => db.close(),
  };
}
