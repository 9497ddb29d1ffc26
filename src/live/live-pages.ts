import type { Logger } from 'pino';
import { loadAssets } from './assets';
import type { LiveFeed } from './feed';
import { LiveHub, type LiveStateSource } from './hub';
import type { LiveLinks, LiveLinkStore } from './links';
import { liveRoutes, type LiveRequestHandler } from './routes';
import type { RateLimiter } from './rate-limit';

export interface LivePagesParts {
  links: LiveLinks;
  store: LiveLinkStore;
  source: LiveStateSource;
  feed: LiveFeed;
  logger: Logger;
  /** Hears other processes' changes (PostgreSQL's LISTEN); none for the embedded database, which one process uses. */
  listen?: () => Promise<{ close(): Promise<void> }>;
}

export interface ServeOptions {
  /** Where links point: PUBLIC_URL, or the address this process listens on. */
  baseUrl: string;
  trustProxy?: boolean;
  limiter?: RateLimiter;
  maxViewers?: number;
  streamsPerAddress?: number;
}

export interface LivePages {
  routes: LiveRequestHandler;
  hub: LiveHub;
  close(): Promise<void>;
}

/** Starts serving live pages in this process: links now point at `baseUrl`, and changes reach open pages. */
export async function serveLivePages(parts: LivePagesParts, options: ServeOptions): Promise<LivePages> {
  const { links, store, source, feed, logger } = parts;
  const listener = await parts.listen?.();
  const hub = new LiveHub({ source, links: store, feed, logger, maxViewers: options.maxViewers });
  links.serveAt(options.baseUrl);
  const routes = liveRoutes({
    links: store,
    hub,
    assets: loadAssets(),
    logger,
    limiter: options.limiter,
    trustProxy: options.trustProxy,
    streamsPerAddress: options.streamsPerAddress,
  });
  return {
    routes,
    hub,
    async close() {
      hub.close();
      await listener?.close();
    },
  };
}
