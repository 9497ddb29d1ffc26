import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import type { Asset } from './assets';
import type { LiveHub } from './hub';
import { isTokenShaped, tokenHash, type LiveLinkStore } from './links';
import { LIVE_HEADERS, livePage, NOT_FOUND_PAGE } from './page';
import { clientKey, OpenPerAddress, RateLimiter } from './rate-limit';
import { LiveStream } from './stream';

/** How a server that also serves other things (HTTP interactions) keeps a stream's connection from being shed as idle. */
export interface StreamConnections {
  busy(socket: Socket): void;
  idle(socket: Socket): void;
}

/** Serves `/live/…`; false for any other path, which the server answers itself. */
export type LiveRequestHandler = (req: IncomingMessage, res: ServerResponse, connections?: StreamConnections) => boolean;

export interface LiveRoutesOptions {
  links: Pick<LiveLinkStore, 'find'>;
  hub: LiveHub;
  assets: ReadonlyMap<string, Asset>;
  logger: Logger;
  limiter?: RateLimiter;
  /** Open streams one address may hold; default 20. */
  streamsPerAddress?: number;
  /** How long a stream's connection may stay full before it is closed; default 30 s. */
  stalledAfterMs?: number;
  /**
   * Behind a proxy (nginx in docker-compose.yml), every request comes from it: the client's address
   * is then the last one of X-Forwarded-For, which the proxy appends. Off, that header is ignored,
   * since anyone can send it.
   */
  trustProxy?: boolean;
}

const PREFIX = '/live/';
const ASSET_PREFIX = `${PREFIX}_/`;
const STREAMS_PER_ADDRESS = 20;
/** What a page names itself with in `events?page=`: 128 random bits in hex, made once per page load. */
const PAGE_ID = /^[0-9a-f]{32}$/;

type Status = 200 | 304 | 404 | 405 | 429 | 503;

function send(res: ServerResponse, status: Status, body: string | Buffer, headers: Record<string, string>, head: boolean): void {
  res.writeHead(status, { ...LIVE_HEADERS, ...headers, 'content-length': String(Buffer.byteLength(body)) });
  res.end(head ? undefined : body);
}

function html(res: ServerResponse, status: 200 | 404, body: string, head: boolean): void {
  send(res, status, body, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }, head);
}

function plain(res: ServerResponse, status: 405 | 429 | 503, body: string, headers: Record<string, string> = {}): void {
  send(res, status, body, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers }, false);
}

function clientAddress(req: IncomingMessage, trustProxy: boolean): string {
  const forwarded = req.headers['x-forwarded-for'];
  if (trustProxy && typeof forwarded === 'string') {
    const last = forwarded.split(',').pop()?.trim();
    if (last) return clientKey(last);
  }
  return clientKey(req.socket.remoteAddress ?? 'unknown');
}

/** The live pages' routes: the page and its stream behind a link, and the page's two files. */
export function liveRoutes(options: LiveRoutesOptions): LiveRequestHandler {
  const { links, hub, assets, logger } = options;
  const limiter = options.limiter ?? new RateLimiter();
  const streams = new OpenPerAddress(options.streamsPerAddress ?? STREAMS_PER_ADDRESS);
  const trustProxy = options.trustProxy ?? false;

  const asset = (req: IncomingMessage, res: ServerResponse, name: string, head: boolean): void => {
    const file = assets.get(name);
    if (file === undefined) return html(res, 404, NOT_FOUND_PAGE, head);
    const headers = { 'content-type': file.contentType, 'cache-control': 'no-cache', etag: file.etag };
    if (req.headers['if-none-match'] === file.etag) return send(res, 304, '', headers, true);
    send(res, 200, file.body, headers, head);
  };

  /**
   * Each page's stream, by its link and the id the page names itself with. A page reconnects only
   * once its connection has failed, so a stream still open under the same id is one whose client
   * went without closing it (its network gone): the kernel would keep it, counted against the
   * address's and the process's limits, until its retransmissions gave up, some 15 minutes.
   */
  const pages = new Map<string, LiveStream>();

  const stream = async (
    req: IncomingMessage,
    res: ServerResponse,
    hash: string,
    pageId: string | null,
    address: string,
    connections?: StreamConnections,
  ) => {
    const heard = hub.revocationsHeard;
    const place = await links.find(hash);
    if (place === null) return html(res, 404, NOT_FOUND_PAGE, false);
    const key = pageId !== null && PAGE_ID.test(pageId) ? `${hash} ${pageId}` : null;
    const lingering = key === null ? undefined : pages.get(key);
    if (lingering !== undefined) await lingering.drop();
    if (hub.full) return plain(res, 503, 'too many live pages are open on this server', { 'retry-after': '30' });
    const release = streams.acquire(address);
    if (release === null) return plain(res, 429, 'too many live pages open from this address', { 'retry-after': '30' });
    const viewer = new LiveStream(res, hash, options.stalledAfterMs);
    connections?.busy(req.socket);
    if (key !== null) pages.set(key, viewer);
    viewer.onClose(() => {
      release();
      connections?.idle(req.socket);
      if (key !== null && pages.get(key) === viewer) pages.delete(key);
    });
    viewer.open(LIVE_HEADERS);
    await hub.join(place, viewer, heard);
  };

  const page = async (res: ServerResponse, hash: string, overlay: boolean, head: boolean) => {
    const place = await links.find(hash);
    html(res, place === null ? 404 : 200, place === null ? NOT_FOUND_PAGE : livePage(overlay), head);
  };

  return (req, res, connections) => {
    // Node accepts targets URL cannot parse (`GET //[`), and anyone can send one: not a page's path.
    if (!URL.canParse(req.url ?? '/', 'http://localhost')) return false;
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (!url.pathname.startsWith(PREFIX)) return false;
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      plain(res, 405, 'method not allowed', { allow: 'GET, HEAD' });
      return true;
    }
    const address = clientAddress(req, trustProxy);
    const verdict = limiter.take(address);
    if (!verdict.allowed) {
      plain(res, 429, 'too many requests', { 'retry-after': String(verdict.retryAfterSeconds) });
      return true;
    }
    if (url.pathname.startsWith(ASSET_PREFIX)) {
      asset(req, res, url.pathname.slice(ASSET_PREFIX.length), head);
      return true;
    }
    const [token = '', rest, ...more] = url.pathname.slice(PREFIX.length).split('/');
    const events = rest === 'events' && more.length === 0;
    if (!isTokenShaped(token) || !(rest === undefined || events) || (events && head)) {
      html(res, 404, NOT_FOUND_PAGE, head);
      return true;
    }
    const hash = tokenHash(token);
    const served = events
      ? stream(req, res, hash, url.searchParams.get('page'), address, connections)
      : page(res, hash, url.searchParams.get('overlay') === '1', head);
    served.catch((error: unknown) => {
      logger.error({ err: error }, 'could not serve a live page');
      if (!res.headersSent) plain(res, 503, 'the live page is unavailable; it retries by itself', { 'retry-after': '5' });
      else res.destroy();
    });
    return true;
  };
}
