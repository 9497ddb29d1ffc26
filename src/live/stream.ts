import type { ServerResponse } from 'node:http';

/** A viewer whose connection holds more than this unsent is too slow to follow: it is closed, and its page reconnects and catches up. */
const MAX_BUFFERED_BYTES = 256 * 1024;
/** How soon a page whose connection dropped tries again (EventSource's `retry`). */
const RETRY_MS = 2_000;

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

  constructor(
    private readonly res: ServerResponse,
    /** The link it was opened with, so a revocation can find it. */
    readonly tokenHash: string,
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
    this.res.write(`retry: ${RETRY_MS}\n\n`);
  }

  /** Writes an event made with `liveEvent` (or a comment); a viewer that cannot keep up is closed. */
  write(text: string | Buffer): void {
    if (this.closed) return;
    if (this.res.writableLength > MAX_BUFFERED_BYTES) {
      this.res.destroy();
      return;
    }
    this.res.write(text);
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

  /** Calls `listener` when the connection closes, or at once if it already has (the page left while its link was looked up). */
  onClose(listener: () => void): void {
    if (this.res.destroyed) {
      this.closed = true;
      listener();
      return;
    }
    this.res.once('close', () => {
      this.closed = true;
      listener();
    });
  }
}
