import type http from 'node:http';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';

/**
 * At most `capacity` members, oldest first; admitting one more evicts the member admitted longest
 * ago. Shedding the oldest rather than refusing the newest keeps a flood of slow clients from
 * locking out Discord, whose requests arrive whole and are done within milliseconds.
 */
export class EvictingPool<T> {
  private readonly members = new Set<T>();

  constructor(
    private readonly capacity: number,
    private readonly evict: (member: T) => void,
  ) {}

  /** Adds `member` as the newest (moving it there if present), evicting the oldest past capacity. */
  admit(member: T): void {
    this.members.delete(member);
    this.members.add(member);
    for (const oldest of this.members) {
      if (this.members.size <= this.capacity) break;
      this.members.delete(oldest);
      this.evict(oldest);
    }
  }

  release(member: T): void {
    this.members.delete(member);
  }

  get size(): number {
    return this.members.size;
  }
}

/** Connections that may be shed: every one, except while it carries a verified interaction being answered. */
export interface ConnectionGuard {
  /** The connection carries a verified interaction: it is not shed until `idle`. */
  busy(socket: Socket): void;
  idle(socket: Socket): void;
}

/** Keeps at most `maxConnections` unverified connections open on `server`; a new one past that closes the oldest. */
export function guardConnections(server: http.Server, maxConnections: number, onShed: () => void): ConnectionGuard {
  const open = new EvictingPool<Socket>(maxConnections, (socket) => {
    onShed();
    socket.destroy();
  });
  server.on('connection', (socket: Socket) => {
    open.admit(socket);
    socket.once('close', () => open.release(socket));
  });
  return {
    busy: (socket) => open.release(socket),
    idle: (socket) => {
      if (!socket.destroyed) open.admit(socket);
    },
  };
}

export type BodyResult = { kind: 'body'; body: Buffer } | { kind: 'too large' } | { kind: 'timed out' } | { kind: 'aborted' };

export interface BodyReading {
  maxBytes: number;
  /** From the start of reading; Discord's requests arrive whole at once, so a slow trickle is not Discord. */
  deadlineMs: number;
  /** The bodies being read; past its capacity the oldest is cut off. */
  inFlight: EvictingPool<IncomingMessage>;
}

/**
 * The raw body (signatures cover its exact bytes). A body over `maxBytes`, declared or counted, is
 * reported at once and the rest is read without being kept, so the client gets its 413 instead of a
 * reset connection, until the deadline closes the connection. `aborted`: the client went away or
 * was cut off.
 */
export function readBody(req: IncomingMessage, { maxBytes, deadlineMs, inFlight }: BodyReading): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    const settle = (result: BodyResult): void => {
      if (settled) return;
      settled = true;
      chunks.length = 0;
      inFlight.release(req);
      resolve(result);
    };
    const timer = setTimeout(() => {
      if (settled) req.socket.destroy();
      else settle({ kind: 'timed out' });
    }, deadlineMs);
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) settle({ kind: 'too large' });
      else if (!settled) chunks.push(chunk);
    });
    req.once('end', () => {
      clearTimeout(timer);
      if (!settled) settle({ kind: 'body', body: Buffer.concat(chunks, size) });
    });
    // Node reports a client's abort as an error only to 'error' listeners; 'close' before 'end' says it too.
    req.once('close', () => {
      clearTimeout(timer);
      settle({ kind: 'aborted' });
    });
    if (Number(req.headers['content-length']) > maxBytes) settle({ kind: 'too large' });
    else inFlight.admit(req);
  });
}

/** Counts what was shed and says so at most once per `everyMs`, so a flood cannot flood the log too. */
export function shedReport(logger: Logger, everyMs: number): (what: 'connection' | 'body') => void {
  const counts = { connection: 0, body: 0 };
  let lastAt = Number.NEGATIVE_INFINITY;
  return (what) => {
    counts[what] += 1;
    const now = Date.now();
    if (now - lastAt < everyMs) return;
    lastAt = now;
    logger.warn(
      { connectionsClosed: counts.connection, bodiesCut: counts.body },
      'too many unverified connections or request bodies at once: closed the oldest',
    );
    counts.connection = 0;
    counts.body = 0;
  };
}
