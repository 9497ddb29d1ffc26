import pg from 'pg';
import type { Logger } from 'pino';
import { parseLiveNotice, type LiveFeed, type LiveNotice } from '../live/feed';
import type { HeardVersions } from './heard-versions';
import { LIVE_CHANNEL, listenerName } from './live-notices';

/** A listener renews its row this often; saves count a row as a listener for LISTENER_FRESH (src/db/live-notices.ts). */
const HEARTBEAT_MS = 60_000;
/**
 * A statement on the listening connection unanswered this long counts as a failure: a connection
 * the network dropped without a word (a failover, a NAT forgetting it) would otherwise look up for
 * hours, until TCP's keep-alive gave up, while other processes' notices went elsewhere.
 */
const ANSWER_TIMEOUT_MS = 30_000;

/** Registers (or renews) this process as a listener, and forgets those that stopped renewing long ago (crashed). */
const REGISTER_SQL = `
WITH gone AS (DELETE FROM listeners WHERE seen_at < now() - interval '1 hour')
INSERT INTO listeners (name) VALUES ($1) ON CONFLICT (name) DO UPDATE SET seen_at = now()`;

/** After a lost connection or a failed try, the next try waits this long, doubling up to the most. */
const FIRST_RETRY_MS = 500;
const MOST_RETRY_MS = 15_000;

export interface LiveListener {
  close(): Promise<void>;
}

/**
 * Hears the live pages' notices other processes send through PostgreSQL (LISTEN/NOTIFY), on one
 * connection of its own. When that connection drops it reconnects by itself, and says `resync`
 * once listening again, since notices sent meanwhile are lost; `listening` hears when it is up and down.
 * So does a renewal of its row that fails or goes unanswered: past LISTENER_FRESH other processes
 * would stop telling it of their saves while it still listened, and what it vouches for
 * (HeardVersions) would go stale. A first try that fails is retried the same way: the listener is
 * returned either way, and `close` ends whatever connection it has or is opening, so a process whose
 * database blinked as it started still listens later, and still exits when told to.
 */
export async function listenForLiveNotices(
  url: string,
  publish: (notice: LiveNotice) => void,
  logger: Logger,
  listening: (up: boolean) => void = () => undefined,
  name: string = listenerName(),
): Promise<LiveListener> {
  let client: pg.Client | null = null;
  let closed = false;
  let retryMs = FIRST_RETRY_MS;
  let timer: NodeJS.Timeout | undefined;
  /** The last try, which `close` waits for if it is under way: it either fails, its connection ended, or leaves `client` set. */
  let trying: Promise<boolean> = Promise.resolve(false);

  /** Gives up `lost`, the connection it listened on, and listens again on a new one, once `retry` gets one. */
  const relisten = (lost: pg.Client, error: unknown, why: string): void => {
    // A try's own connection is not yet listened on: the try fails, and says so.
    if (lost !== client) return;
    client = null;
    listening(false);
    logger.warn({ err: error }, why);
    void lost.end().catch(() => undefined);
    retry();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      query_timeout: ANSWER_TIMEOUT_MS,
    });
    next.on('notification', (message) => {
      if (message.channel !== LIVE_CHANNEL || message.payload === undefined) return;
      const notice = parseLiveNotice(message.payload);
      if (notice !== null) publish(notice);
    });
    next.on('error', (error) => relisten(next, error, 'lost the connection that hears of changes for live pages; reconnecting'));
    try {
      await next.connect();
      // A save finds the listeners with the snapshot it began with: one under way as this process
      // registered would not notify it, though it may commit after this process read the version
      // before it and vouched for that. So the registration waits for the saves under way, and
      // holds back those that come meanwhile; they begin once it has committed, and notify.
      await next.query('BEGIN');
      await next.query('LOCK TABLE encounters IN SHARE MODE');
      await next.query(REGISTER_SQL, [name]);
      await next.query(`LISTEN ${LIVE_CHANNEL}`);
      await next.query('COMMIT');
    } catch (error) {
      await next.end().catch(() => undefined);
      throw error;
    }
    // Closed meanwhile: `close`, which waits for this try, unregisters and ends it.
    client = next;
    if (!closed) listening(true);
  };

  /** One try at listening; true once it listens. A failed one schedules the next. */
  const tryToListen = async (): Promise<boolean> => {
    try {
      await connect();
      retryMs = FIRST_RETRY_MS;
      return true;
    } catch (error) {
      if (closed) return false;
      logger.warn({ err: error, retryMs }, 'could not listen for changes for live pages; trying again');
      retry();
      return false;
    }
  };

  const attempt = (): Promise<boolean> => {
    trying = tryToListen();
    return trying;
  };

  /** Tries again after `retryMs`, and doubles it for the try after, up to the most. */
  const retry = (): void => {
    if (closed || timer !== undefined) return;
    const waitMs = retryMs;
    retryMs = Math.min(retryMs * 2, MOST_RETRY_MS);
    timer = setTimeout(() => {
      timer = undefined;
      void attempt().then((listens) => {
        if (listens && !closed) publish({ kind: 'resync' });
      });
    }, waitMs);
    timer.unref();
  };

  await attempt();
  const heartbeat = setInterval(() => {
    const renewing = client;
    renewing?.query(REGISTER_SQL, [name]).catch((error: unknown) => {
      relisten(renewing, error, 'could not renew this process as a listener; listening again');
    });
  }, HEARTBEAT_MS);
  heartbeat.unref();
  return {
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(timer);
      listening(false);
      await trying;
      const last = client;
      client = null;
      await last?.query('DELETE FROM listeners WHERE name = $1', [name]).catch(() => undefined);
      await last?.end();
    },
  };
}

/**
 * Listens as a bot process does on PostgreSQL: every notice into `feed`, and whether it listens,
 * under which name, kept by `heard`, which vouches for the versions this process has heard.
 */
export function listenIntoFeed(url: string, feed: LiveFeed, heard: HeardVersions, logger: Logger): Promise<LiveListener> {
  return listenForLiveNotices(
    url,
    (notice) => feed.publish(notice),
    logger,
    (up) => heard.setListening(up),
    heard.listenerName,
  );
}
