import { ALREADY_HANDLED, DATABASE_UNAVAILABLE } from '../views/interaction-replies';
import type { Reply } from '../views/reply';
import { isDatabaseUnavailable } from '../errors';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REST } from '@discordjs/rest';
import type { APIInteraction, APIInteractionResponse } from 'discord-api-types/v10';
import { coalesceEdits } from './coalescing-messenger';
import { serializeError } from '../log-redaction';
import { restMessenger } from './discord-messenger';
import { answerHttpInteraction, refuseHttpInteraction, type Respond } from './http-answer';
import { readInteraction } from './http-interaction-shape';
import { EvictingPool, guardConnections, requestTimeouts, type ConnectionGuard } from '../connection-guard';
import { readBody, shedReport, type BodyReading } from './http-limits';
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
  /** Where interaction ids are claimed, so that each is applied once across replicas. */
  ledger: InteractionLedger;
  /** Larger bodies get 413; default 64 KiB. */
  maxBodyBytes?: number;
  /** Unverified connections kept open at once; past this, the oldest is closed. Default 2,048. */
  maxConnections?: number;
  /** Request bodies read at once, before their signatures can be checked; past this, the oldest is cut. Default 64. */
  maxBodiesInFlight?: number;
  /** Headers, and then the body, must arrive within this; default 10 s. */
  requestTimeoutMs?: number;
  /** Pages served beside the interactions (the live pages); true when it took the request. */
  web?: WebHandler;
}

/** Serves other paths of this server; it may keep a connection from being shed while it streams (`busy`). */
export type WebHandler = (req: IncomingMessage, res: ServerResponse, connections: ConnectionGuard) => boolean;

/** Which interactions were applied, shared by every replica: Discord sends each once, so a second delivery is a replay. */
export interface InteractionLedger {
  /** True for the first claim of an id; false for every later one, from this process or another. */
  claim(interactionId: string): Promise<boolean>;
  /**
   * Told of an interaction whose command's save records it (`CommandContext.claim`) instead of a
   * claim here: the ledger still forgets old ids from time to time, as claims make it do.
   */
  claimedBySave(): void;
}

export interface HttpInteractions extends Transport {
  /** The port the server listens on (the one picked when asked for 0). */
  port: number;
}

/**
 * Interactions are small: a command carries at most ~650 typed characters (the options' max
 * lengths), a button press the message it sits on, which Discord caps at 2,000 characters of content
 * and 6,000 of embed text. Even with every character escaped as \uXXXX that stays under 60 KB.
 */
const MAX_BODY_BYTES = 64 * 1024;
/** An unverified connection holds at most its headers (16 KiB, Node's limit) and a few KB more: 2,048 stay under ~40 MB. */
const MAX_CONNECTIONS = 2_048;
/** Bodies are read in microseconds when they come from Discord; 64 of 64 KiB hold at most 4 MiB. */
const MAX_BODIES_IN_FLIGHT = 64;
/** Discord's requests arrive whole at once; a slow trickle is not Discord. */
const REQUEST_TIMEOUT_MS = 10_000;
const SHED_REPORT_EVERY_MS = 60_000;

type Status = 200 | 400 | 401 | 404 | 405 | 408 | 413 | 500;

function send(res: ServerResponse, status: Status, body: string, headers: http.OutgoingHttpHeaders = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...headers });
  res.end(body);
}

function sendJson(res: ServerResponse, status: 200 | 400, response: APIInteractionResponse | { error: string }): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(response));
}

/** The path a request names, origin-form (`/interactions`) or absolute-form; null when it is no URL at all. */
function pathOf(target: string | undefined): string | null {
  try {
    return new URL(target ?? '/', 'http://localhost').pathname;
  } catch {
    return null;
  }
}

/** Serves Discord's HTTP interactions on `POST /interactions` (and `GET /healthz`) until `stop()`. */
export async function startHttpInteractions(options: HttpInteractionsOptions): Promise<HttpInteractions> {
  const { registry, services, applicationId, ledger } = options;
  // Whatever logger it is given, this transport's lines never carry an interaction token.
  const logger = options.logger.child({}, { serializers: { err: serializeError } });
  const deferAfterMs = options.deferAfterMs ?? 2_000;
  const drainTimeoutMs = options.drainTimeoutMs ?? 10_000;
  const requestTimeoutMs = options.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const shed = shedReport(logger, SHED_REPORT_EVERY_MS);
  const bodyReading: BodyReading = {
    maxBytes: options.maxBodyBytes ?? MAX_BODY_BYTES,
    deadlineMs: requestTimeoutMs,
    inFlight: new EvictingPool<IncomingMessage>(options.maxBodiesInFlight ?? MAX_BODIES_IN_FLIGHT, (req) => {
      shed('body');
      req.socket.destroy();
    }),
  };
  const verified = signatureCheck(options.publicKey);

  const rest = new REST({ api: options.apiUrl }).setToken(options.token);
  rest.on('rateLimited', (info) => logger.warn({ route: info.route, retryAfterMs: info.retryAfter }, 'rate limited by Discord'));
  const messenger = coalesceEdits(restMessenger(rest, logger));
  const answerOptions = { registry, services, messenger, rest, applicationId, deferAfterMs };
  const inFlight = new Set<Promise<void>>();
  let stopping = false;

  /**
   * Runs an interaction unless its id was already applied, here or by another replica. The claim is
   * awaited inside the answer, whose deferral clock started at arrival: a stalled database delays
   * the work, never the acknowledgement. One that cannot be reached answers at once, in words. A
   * command whose save records the interaction itself is let through: its save refuses a replay.
   */
  const answerOnce = (interaction: APIInteraction, respond: Respond, fields: Record<string, unknown>, at: number): Promise<void> => {
    const admit = async (claimedBySave: boolean): Promise<Reply | null> => {
      if (claimedBySave) {
        ledger.claimedBySave();
        return null;
      }
      try {
        if (await ledger.claim(interaction.id)) return null;
        fields.outcome = 'duplicate';
        return ALREADY_HANDLED;
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        fields.outcome = 'database unavailable';
        logger.warn(
          { interactionId: interaction.id, reason: error instanceof Error ? error.message.trim().split('\n').pop() : String(error) },
          'database unavailable: the interaction was not run',
        );
        return DATABASE_UNAVAILABLE;
      }
    };
    return answerHttpInteraction(interaction, respond, answerOptions, { at, admit });
  };

  const interact = async (req: IncomingMessage, res: ServerResponse, fields: Record<string, unknown>, at: number): Promise<void> => {
    if (req.method !== 'POST') return send(res, 405, 'method not allowed', { allow: 'POST' });
    const read = await readBody(req, bodyReading);
    if (read.kind === 'too large') return send(res, 413, 'payload too large');
    if (read.kind === 'timed out') return send(res, 408, 'request timeout', { connection: 'close' });
    if (read.kind === 'aborted') {
      // The client went away (or was cut off as the oldest of too many): nothing to answer, nothing wrong here.
      logger.debug({ ...fields, outcome: 'aborted' }, 'http request');
      return;
    }
    const { body } = read;
    const signature = req.headers['x-signature-ed25519'];
    const timestamp = req.headers['x-signature-timestamp'];
    const verdict = verified(
      typeof signature === 'string' ? signature : undefined,
      typeof timestamp === 'string' ? timestamp : undefined,
      body,
    );
    if (verdict === 'stale') return send(res, 401, 'request timestamp too far from now');
    if (verdict !== 'valid') return send(res, 401, 'invalid request signature');
    const shape = readInteraction(body);
    if ('problem' in shape) return sendJson(res, 400, { error: shape.problem });
    const { interaction } = shape;
    // Signed by Discord: this connection is not shed while its interaction is answered.
    guard.busy(req.socket);
    res.once('close', () => guard.idle(req.socket));
    fields.interactionId = interaction.id;
    fields.interactionType = interaction.type;
    const respond: Respond = (response) =>
      response ? sendJson(res, 200, response) : send(res, 400, 'Rollcall does not answer this kind of interaction');
    if (stopping) {
      fields.outcome = 'refused';
      return refuseHttpInteraction(interaction, respond);
    }
    const task = answerOnce(interaction, respond, fields, at).catch((error: unknown) => {
      logger.error({ interactionId: interaction.id, err: error }, 'could not answer an interaction');
      send(res, 500, 'internal error');
    });
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  };

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const started = performance.now();
    // Only the path: Discord sends no query, and nothing else of the request is worth a log line.
    const path = pathOf(req.url);
    if (path === null) {
      // Anyone can send `POST http://[/interactions`: a client's mistake, not the server's.
      logger.debug({ method: req.method, status: 400 }, 'http request with a malformed target');
      return send(res, 400, 'bad request');
    }
    // A live page's path carries its link's token, which opens the page: it stays out of the logs.
    const live = path.startsWith('/live/');
    const fields: Record<string, unknown> = { method: req.method, path: live ? '/live/…' : path };
    res.once('finish', () => {
      const line = { ...fields, status: res.statusCode, latencyMs: Math.round(performance.now() - started) };
      if (path === '/healthz' || live) logger.debug(line, 'http request');
      else logger.info(line, 'http request');
    });
    if (path === '/interactions') return interact(req, res, fields, started);
    if (options.web?.(req, res, guard)) return;
    if (path !== '/healthz') return send(res, 404, 'not found');
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'method not allowed', { allow: 'GET, HEAD' });
    send(res, 200, 'ok');
  };

  const server = http.createServer(requestTimeouts(requestTimeoutMs), (req, res) => {
    handle(req, res).catch((error: unknown) => {
      logger.error({ err: error }, 'http request failed');
      send(res, 500, 'internal error');
    });
  });
  const guard = guardConnections(server, options.maxConnections ?? MAX_CONNECTIONS, () => shed('connection'));
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
