import http from 'node:http';

/** One server-sent event as a live page receives it, with when it arrived (performance.now()). */
export interface ReceivedEvent {
  event: string;
  data: string;
  at: number;
}

/**
 * A live page's event stream read as a browser would, with everything that came over the wire kept
 * (`raw`), so a test can check what never leaves the server.
 */
export class LiveStreamClient {
  raw = '';
  status = 0;
  readonly events: ReceivedEvent[] = [];
  private buffer = '';
  private readonly waiters = new Set<() => void>();
  private request: http.ClientRequest | null = null;
  ended = false;

  /** Opens `url` (a page's `/events`) and resolves once the answer's headers are in. */
  static open(url: string, headers: http.OutgoingHttpHeaders = {}): Promise<LiveStreamClient> {
    const client = new LiveStreamClient();
    return new Promise((resolve, reject) => {
      client.request = http.get(url, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
        client.status = res.statusCode ?? 0;
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => client.receive(chunk));
        res.on('close', () => {
          client.ended = true;
          client.wake();
        });
        resolve(client);
      });
      client.request.on('error', reject);
    });
  }

  private receive(chunk: string): void {
    this.raw += chunk;
    this.buffer += chunk;
    let end: number;
    while ((end = this.buffer.indexOf('\n\n')) !== -1) {
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const lines = block.split('\n');
      const event = lines.find((line) => line.startsWith('event: '))?.slice('event: '.length);
      const data = lines
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice('data: '.length))
        .join('\n');
      if (event !== undefined) this.events.push({ event, data, at: performance.now() });
    }
    this.wake();
  }

  private wake(): void {
    for (const waiter of this.waiters) waiter();
  }

  /** The first event from `from` on (an index into `events`) that `matches`, waiting for it. */
  next(matches: (event: ReceivedEvent) => boolean, from = 0, timeoutMs = 5_000): Promise<ReceivedEvent> {
    return new Promise((resolve, reject) => {
      const look = (): void => {
        const found = this.events.slice(from).find(matches);
        if (found !== undefined || this.ended) {
          clearTimeout(timer);
          this.waiters.delete(look);
          if (found === undefined) reject(new Error(`the stream ended without the event; it sent:\n${this.raw}`));
          else resolve(found);
        }
      };
      const timer = setTimeout(() => {
        this.waiters.delete(look);
        reject(new Error(`no such event within ${timeoutMs} ms; the stream sent:\n${this.raw}`));
      }, timeoutMs);
      this.waiters.add(look);
      look();
    });
  }

  /** The next `view` event from `from` whose heading is `heading`, parsed. */
  async view(heading: string, from = 0, timeoutMs?: number): Promise<{ view: LiveViewJson; at: number }> {
    const found = await this.next((e) => e.event === 'view' && (JSON.parse(e.data) as LiveViewJson).heading === heading, from, timeoutMs);
    return { view: JSON.parse(found.data) as LiveViewJson, at: found.at };
  }

  close(): void {
    this.request?.destroy();
  }
}

/** The part of a view event tests read. */
export interface LiveViewJson {
  heading: string;
  title: string;
  combatants: { name: string; health: string | null; conditions: string[]; current: boolean }[];
}

/** GETs `url` and returns its status, headers and body. */
export function fetchText(
  url: string,
  headers: http.OutgoingHttpHeaders = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}
