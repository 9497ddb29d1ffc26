import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from 'pino';
import { guardConnections, requestTimeouts } from '../connection-guard';
import type { LiveRequestHandler } from './routes';

export interface LiveServer {
  port: number;
  close(): Promise<void>;
}

/** Headers must arrive within this; a stream then stays open as long as its page. */
const HEADERS_TIMEOUT_MS = 10_000;
/** Connections open at once, streams included. */
const MAX_CONNECTIONS = 12_000;
/**
 * Connections open at once that carry no page's stream; past this, the oldest is closed. Node never
 * times out a connection that sends nothing, so without it one client could hold every connection.
 */
const MAX_IDLE_CONNECTIONS = 2_000;

/**
 * The live pages on a port of their own, where no HTTP interactions server carries them: over the
 * gateway (`WEB_PORT`) and in the console (`--web`). `/healthz` answers too, for a load balancer.
 */
export async function startLiveServer(options: {
  port: number;
  host?: string;
  routes: LiveRequestHandler;
  logger: Logger;
  /** Connections without a stream kept open at once; default 2,000. */
  maxIdleConnections?: number;
  /** How long a request's headers may take to arrive; default 10 s. */
  headersTimeoutMs?: number;
}): Promise<LiveServer> {
  const { routes, logger } = options;
  const server = http.createServer(requestTimeouts(options.headersTimeoutMs ?? HEADERS_TIMEOUT_MS), (req, res) => {
    if (routes(req, res, connections)) return;
    const healthy = req.url === '/healthz';
    res.writeHead(healthy ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(healthy ? 'ok' : 'not found');
  });
  server.maxConnections = MAX_CONNECTIONS;
  const connections = guardConnections(server, options.maxIdleConnections ?? MAX_IDLE_CONNECTIONS, () => undefined);
  server.listen(options.port, options.host);
  // Rejects with the error instead, a port in use say.
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  logger.info({ port, host: options.host ?? 'all interfaces' }, 'serving live pages on /live/');
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
