/**
 * A mistake the user can fix (a bad target, a refused permission, a malformed amount). Every layer
 * may throw it; the transports show its message to that user alone, never a stack trace.
 */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UserError';
  }
}
const UNREACHABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
  'TlsConnectionError',
]);
/** Prisma's own: server unreachable, timed out, connection closed, no pool connection in time. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
/** Node's socket errors on the way to the server. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATE: shutting down or starting up (57P01 to 57P03), too many connections (53300); class 08 is the connection's own. */
const SERVER_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/** pg's words when the server goes away under a query. */
const LOST = /Connection terminated|Can't reach database server|connection timeout|timeout exceeded when trying to connect/i;

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function unavailableCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  return PRISMA_CODES.has(code) || SOCKET_CODES.has(code) || SERVER_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code);
}

/**
 * True when an error says the database could not be reached or went away (refused, reset, timed
 * out, shutting down), rather than that a statement was wrong: the user is then told the database is
 * unavailable instead of "Something went wrong". Follows `cause` and Prisma's driver adapter error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const kind = field(current, 'kind');
    if (typeof kind === 'string' && UNREACHABLE_KINDS.has(kind)) return true;
    if (unavailableCode(field(current, 'code')) || unavailableCode(field(current, 'originalCode'))) return true;
    const message = field(current, 'message');
    if (typeof message === 'string' && LOST.test(message)) return true;
    pending.push(field(current, 'cause'), field(field(current, 'meta'), 'driverAdapterError'));
  }
  return false;
}
