import type { ServerResponse } from 'node:http';

/** A viewer whose connection holds more than this unsent is too slow to follow: it is closed, and its page reconnects and catches up. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** How soon a page whose connection dropped tries again (EventSource's `retry`). */
const RETRY_MS = 2_000;
/**
 * How long a viewer's connection may stay full (a write refused until it drains) before it is closed:
 * a page that stopped reading in a quiet fight would never reach MAX_BUFFERED_BYTES, and would hold
 * its place against its address's and the process's limits for as long as its socket lived.
 */
const STALLED_AFTER_MS = 30_000;

/** One line per `data:` field: a frame's data may not contain a bare line break. */
function frame(event: string, data: string): string {
  return `event: ${event}\n${data
    .split('\n')
    .map((line) => `data: ${line}\n`)
    .join('')}\n`;
}

/** An event as the stream sends it; made once and written to every viewer of a channel. */
export function liveEvent(event: 'view' | 'revoked', data: unknown): string {
  return frame(event, JSON.stringify(data));
}

/** One open page's server-sent event stream. */
export class LiveStream {
  private closed = false;
  /** Set while the connection is full: closes it unless it drains first. */
  private stall: NodeJS.Timeout | null = null;

  constructor(
    private readonly res: ServerResponse,
    /** The link it was opened with, so a revocation can find it. */
    readonly tokenHash: string,
    private readonly stalledAfterMs = STALLED_AFTER_MS,
  ) {}

  /** Starts the stream: headers, and how soon to reconnect. */
  open(headers: Record<string, string>): void {
    this.res.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and the like would otherwise hold events back to fill a buffer.
      'x-accel-buffering': 'no',
    });
    this.send(`retry: ${RETRY_MS}\n\n`);
  }

  /** Writes an event made with `liveEvent` (or a comment); a viewer that cannot keep up is closed. */
  write(text: string | Buffer): void {
    if (this.closed) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      return;
    }
    this.send(text);
  }

  /** Writes, and if the connection is full, gives it `stalledAfterMs` to drain: a page reading slowly catches up, one not reading is closed. */
  private send(text: string | Buffer): void {
    if (this.res.write(text) || this.stall !== null) return;
    this.stall = setTimeout(() => this.res.destroy(), this.stalledAfterMs);
    this.stall.unref();
    this.res.once('drain', () => this.unstall());
  }

  private unstall(): void {
    if (this.stall !== null) clearTimeout(this.stall);
    this.stall = null;
  }

  /** Keeps proxies from closing an idle connection, and finds connections that died. */
  keepAlive(): void {
    this.write(': keep-alive\n\n');
  }

  /** Ends the stream, after a last event if given. */
  end(last?: string): void {
    if (this.closed) return;
    this.closed = true;
    if (last === undefined) this.res.end();
    else this.res.end(last);
  }

  /** Closes the connection at once, with nothing more sent, and resolves once it has closed. */
  drop(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.onClose(resolve));
    this.res.destroy();
    return closed;
  }

  /** Calls `listener` when the connection closes, or at once if it already has (the page left while its link was looked up). */
  onClose(listener: () => void): void {
    if (this.res.destroyed) {
      this.closed = true;
      listener();
      return;
    }
    this.res.once('close', () => {
      this.closed = true;
      this.unstall();
      listener();
    });
  }
}
