import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REST, type APIInteraction, type APIInteractionResponse } from 'discord.js';
import { coalesceEdits } from './coalescing-messenger';
import { restMessenger } from './discord-messenger';
import { answerHttpInteraction, refuseHttpInteraction, type Respond } from './http-answer';
import { signatureCheck } from './http-signature';
import type { Transport, TransportOptions } from './transport';

export interface HttpInteractionsOptions extends TransportOptions {
  /** The application's public key from the Developer Portal, 64 hex characters. */
  publicKey: string;
  /** 0 picks a free port. */
  port: number;
  /** Unset: every interface, as behind a load balancer. */
  host?: string;
  applicationId: string;
  maxBodyBytes?: number;
}

export interface HttpInteractions extends Transport {
  /** The port the server listens on (the one picked when asked for 0). */
  port: number;
}

const MIB = 1024 * 1024;
/** Discord's requests arrive whole at once; a slow trickle is not Discord. */
const REQUEST_TIMEOUT_MS = 10_000;

type Status = 200 | 400 | 401 | 404 | 405 | 413 | 500;

function send(res: ServerResponse, status: Status, body: string, headers: http.OutgoingHttpHeaders = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

function sendJson(res: ServerResponse, response: APIInteractionResponse): void {
  if (res.headersSent) return;
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(response));
}

/**
 * The raw body (signatures cover its exact bytes), or null when it is larger than `limit`. An oversized
 * body is still read to its end, without keeping it, so the client gets its 413 instead of a reset
 * connection; the server's request timeout bounds how long that may take.
 */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    req.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : null));
    req.on('error', reject);
  });
}

function parseInteraction(body: Buffer): APIInteraction | null {
  try {
    const value: unknown = JSON.parse(body.toString('utf8'));
    const ok =
      typeof value === 'object' &&
      value !== null &&
      typeof (value as { type?: unknown }).type === 'number' &&
      typeof (value as { id?: unknown }).id === 'string';
    return ok ? (value as APIInteraction) : null;
  } catch {
    return null;
  }
}

/** Serves Discord's HTTP interactions on `POST /interactions` (and `GET /healthz`) until `stop()`. */
export async function startHttpInteractions(options: HttpInteractionsOptions): Promise<HttpInteractions> {
  const { registry, services, logger, applicationId } = options;
  const deferAfterMs = options.deferAfterMs ?? 2_000;
  const drainTimeoutMs = options.drainTimeoutMs ?? 10_000;
  const maxBodyBytes = options.maxBodyBytes ?? MIB;
  const verified = signatureCheck(options.publicKey);

  const rest = new REST({ api: options.apiUrl }).setToken(options.token);
  rest.on('rateLimited', (info) => logger.warn({ route: info.route, retryAfterMs: info.retryAfter }, 'rate limited by Discord'));
  const messenger = coalesceEdits(restMessenger(rest, logger));
  const answerOptions = { registry, services, messenger, rest, applicationId, deferAfterMs };
  const inFlight = new Set<Promise<void>>();
  let stopping = false;

  const interact = async (req: IncomingMessage, res: ServerResponse, fields: Record<string, unknown>): Promise<void> => {
    if (req.method !== 'POST') return send(res, 405, 'method not allowed', { allow: 'POST' });
    const body = await readBody(req, maxBodyBytes);
    if (body === null) return send(res, 413, 'payload too large');
    const signature = req.headers['x-signature-ed25519'];
    const timestamp = req.headers['x-signature-timestamp'];
    if (!verified(typeof signature === 'string' ? signature : undefined, typeof timestamp === 'string' ? timestamp : undefined, body)) {
      return send(res, 401, 'invalid request signature');
    }
    const interaction = parseInteraction(body);
    if (!interaction) return send(res, 400, 'not an interaction');
    fields.interactionId = interaction.id;
    fields.interactionType = interaction.type;
    const respond: Respond = (response) =>
      response ? sendJson(res, response) : send(res, 400, 'Rollcall does not answer this kind of interaction');
    if (stopping) {
      fields.outcome = 'refused';
      return refuseHttpInteraction(interaction, respond);
    }
    const task = answerHttpInteraction(interaction, respond, answerOptions).catch((error: unknown) => {
      logger.error({ interactionId: interaction.id, err: error }, 'could not answer an interaction');
      send(res, 500, 'internal error');
    });
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    // Only the path: Discord sends no query, and nothing else of the request is worth a log line.
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    const fields: Record<string, unknown> = { method: req.method, path };
    res.once('finish', () => {
      const line = { ...fields, status: res.statusCode, latencyMs: Math.round(performance.now() - started) };
      if (path === '/healthz') logger.debug(line, 'http request');
      else logger.info(line, 'http request');
    });
    if (path === '/interactions') return interact(req, res, fields);
    if (path !== '/healthz') return send(res, 404, 'not found');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed', { allow: 'GET, HEAD' });
    send(res, 200, 'ok');
  };

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.error({ err: error }, 'http request failed');
      send(res, 500, 'internal error');
    });
  });
  server.requestTimeout = REQUEST_TIMEOUT_MS;
  server.headersTimeout = REQUEST_TIMEOUT_MS;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  logger.info({ port, host: options.host ?? 'all interfaces' }, 'listening for Discord interactions on /interactions');

  let stopped: Promise<void> | null = null;
  const stop = async (): Promise<void> => {
    stopping = true;
    // New connections are refused from here; requests on open ones get RESTARTING.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, drainTimeoutMs);
    });
    const drained = Promise.allSettled([...inFlight]).then(() => messenger.idle());
    await Promise.race([drained, timeout]);
    clearTimeout(timer);
    if (inFlight.size > 0) logger.warn({ unfinished: inFlight.size }, 'stopped with interactions still in flight');
    server.closeAllConnections();
    await closed;
    rest.clearHashSweeper();
    rest.clearHandlerSweeper();
    logger.info('stopped listening for Discord interactions');
  };

  return { port, messenger, stop: () => (stopped ??= stop()) };
}
