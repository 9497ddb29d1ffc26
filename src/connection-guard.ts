import type http from 'node:http';
import type { Socket } from 'node:net';

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

/** How often Node checks its header and request timeouts at most; its default of 30 s let a 10 s bound run to ~40 s. */
const TIMEOUT_CHECK_MS = 1_000;

/**
 * Server options under which a request's headers, and then its body, must arrive within `timeoutMs`:
 * Node enforces both only when it checks, so the check comes often enough for the bound to hold.
 */
export function requestTimeouts(
  timeoutMs: number,
): Pick<http.ServerOptions, 'headersTimeout' | 'requestTimeout' | 'connectionsCheckingInterval'> {
  return {
    headersTimeout: timeoutMs,
    requestTimeout: timeoutMs,
    connectionsCheckingInterval: Math.min(TIMEOUT_CHECK_MS, timeoutMs / 2),
  };
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
