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
import { createConfirmations } from './db/confirmations';
import { createHomebrewShelf } from './db/homebrew-monsters';
import { createBestiary } from './compendium/bestiary';
import { createSettingsStore } from './db/settings';
import type { CommandRegistry } from './framework/registry';
import type { AttachmentFetcher, Services } from './services';
import { createAttachmentFetcher } from './transports/attachment-fetcher';
import type { ConsoleUsers } from './transports/console-session';
import type { InteractionLedger } from './transports/http-interactions';
import { LiveFeed } from './live/feed';
import { LiveLinks } from './live/links';
import { serveLivePages, type LivePages, type ServeOptions } from './live/live-pages';
import { createLiveLinkStore, createLiveStateSource } from './db/live-store';
import { listenIntoFeed } from './db/live-listener';
import { HeardVersions } from './db/heard-versions';
import type { LivePagesOff } from './views/live-share';
import { createChartRenderer, type ClosableChartRenderer } from './charts';
import type { ChartRenderer } from './views/recap-chart';
import { noteText } from './views/change-notes';

/** The bot's commands, which need no database: a transport may start with them before the app is open. */
export { registry };

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
  /** Starts serving the channels' live pages in this process (once); until then `/init share` says how to turn them on. */
  serveLivePages(options: ServeOptions): Promise<LivePages>;
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
  /** What `/init share` says while this process serves no live pages; default: over the gateway. */
  livePagesOff?: LivePagesOff;
  /** Where recap charts are rendered; the caller closes one it gives, the app closes its own. */
  charts?: ClosableChartRenderer;
}

export interface ServiceParts {
  prisma: PrismaClient;
  random: RandomSource;
  logger: Logger;
  now?: () => Date;
  /** Tests give a fake; the default fetches from Discord's CDN. */
  attachments?: AttachmentFetcher;
  /** Where saved changes are announced to this process's live pages. */
  feed?: LiveFeed;
  /** Links to live pages; by default, none served (as over the gateway without WEB_PORT). */
  liveLinks?: LiveLinks;
  /** Where recap charts are rendered; by default a worker thread, with a cache. */
  charts?: ChartRenderer;
  /** What this process hears of every process's saves (see HeardVersions); without it the tracker's catch-up asks the database. */
  heard?: HeardVersions;
}

/** The services every handler gets, over an open database. Tests build theirs with it too. */
export function buildServices({
  prisma,
  random,
  logger,
  now = () => new Date(),
  attachments = createAttachmentFetcher(),
  feed = new LiveFeed(),
  liveLinks,
  charts = createChartRenderer(),
  heard,
}: ServiceParts): Services {
  const publish = feed.publish.bind(feed);
  if (heard !== undefined) feed.subscribe((notice) => heard.hear(notice));
  return {
    random,
    logger,
    now,
    encounters: createEncounterService({ prisma, random, now, saved: publish, describe: noteText, heard }),
    settings: createSettingsStore(prisma, publish),
    characters: createCharacterStore(prisma),
    attachments,
    live: liveLinks ?? new LiveLinks(createLiveLinkStore(prisma), 'gateway', publish, now),
    confirmations: createConfirmations(prisma),
    charts,
    bestiary: createBestiary(createHomebrewShelf(prisma)),
  };
}

/** Opens the database (applying pending migrations) and builds the services. */
export async function openApp({
  config,
  logger,
  memory = false,
  seed,
  database,
  livePagesOff = 'gateway',
  charts,
}: AppOptions): Promise<App> {
  const db = await (database ?? openDatabase(databaseOptions(config, logger, memory)));
  const random: RandomSource = seed === undefined ? createCryptoRandom() : createSeededRandom(seed);
  const feed = new LiveFeed();
  const linkStore = createLiveLinkStore(db.prisma);
  const liveLinks = new LiveLinks(linkStore, livePagesOff, (notice) => feed.publish(notice));
  const heard = new HeardVersions();
  // Replicas on one PostgreSQL hear each other's saves, for the live pages and the trackers' catch-up;
  // the embedded database has one process, which publishes in process. Not awaited: until it listens
  // (a first try that fails is retried), the catch-up asks.
  const listener = db.kind === 'postgres' ? listenIntoFeed(db.url, feed, heard, logger) : Promise.resolve(null);
  // The embedded database is this process's alone (its lock sees to it): every save is heard, as it is made here.
  if (db.kind === 'embedded') heard.setListening(true);
  const renderer = charts ?? createChartRenderer();
  const services = buildServices({ prisma: db.prisma, random, logger, feed, liveLinks, heard, charts: renderer });
  let livePages: Promise<LivePages> | null = null;
  const where = db.kind === 'postgres' ? redactPassword(db.url) : memory ? 'memory' : config.dataDir;
  return {
    registry,
    services,
    database: { kind: db.kind, where },
    consoleUsers: createConsoleUsers(db.prisma),
    interactionLedger: createProcessedInteractions(db.prisma, { logger }),
    serveLivePages(options) {
      livePages ??= serveLivePages(
        {
          links: liveLinks,
          store: linkStore,
          source: createLiveStateSource(db.prisma),
          feed,
          logger,
        },
        options,
      );
      return livePages;
    },
    async close() {
      await (await livePages)?.close();
      await (await listener)?.close();
      await db.close();
      if (charts === undefined) await renderer.close();
    },
  };
}
