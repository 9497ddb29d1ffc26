import type { IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import type { EvictingPool } from '../connection-guard';

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
