import type { Logger } from 'pino';
import { registry } from '../commands';
import type { Config } from './config';
import { createCryptoRandom } from './dice/crypto-random';
import type { RandomSource } from './dice/random';
import { createSeededRandom } from './dice/seeded';
import { openDatabase } from './db/open';
import type { CommandRegistry } from './discord/registry';
import type { Services } from './services';

/** The bot's parts, shared by every transport: its commands and the services they use. */
export interface App {
  registry: CommandRegistry;
  services: Services;
  /** Where the data lives, for the start-up log line (never includes a password). */
  database: { kind: 'postgres' | 'embedded'; where: string };
  close(): Promise<void>;
}

export interface AppOptions {
  config: Config;
  logger: Logger;
  /** A fresh in-memory embedded database instead of DATABASE_URL or DATA_DIR. */
  memory?: boolean;
  /** Makes every roll reproducible. */
  seed?: number;
}

function describeUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

/** Opens the database (applying pending migrations) and builds the services. */
export async function openApp({ config, logger, memory = false, seed }: AppOptions): Promise<App> {
  const db = await openDatabase({ databaseUrl: memory ? null : config.databaseUrl, dataDir: config.dataDir, memory, logger });
  const random: RandomSource = seed === undefined ? createCryptoRandom() : createSeededRandom(seed);
  const services: Services = { prisma: db.prisma, random, logger, now: () => new Date() };
  const where = db.kind === 'postgres' ? describeUrl(db.url) : memory ? 'memory' : config.dataDir;
  return { registry, services, database: { kind: db.kind, where }, close: () => db.close() };
}
