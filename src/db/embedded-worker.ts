// PGlite and its wire-protocol server, in the worker thread embedded.ts starts: PGlite's queries
// run on this thread, so a long one never stalls the bot's event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import type { EmbeddedWorkerData, EmbeddedWorkerMessage } from './embedded';

/**
 * PGlite runs queries one at a time, but the bot's pool, the schema engine and the status query
 * each hold connections of their own; the server's default of one connection would turn them away.
 */
const MAX_CONNECTIONS = 32;

function post(message: EmbeddedWorkerMessage): void {
  parentPort?.postMessage(message);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function serve({ pgdata }: EmbeddedWorkerData): Promise<void> {
  const db = pgdata === null ? await PGlite.create() : await PGlite.create(pgdata);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: MAX_CONNECTIONS });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  parentPort?.once('message', () => {
    // Closing PGlite shuts PostgreSQL down cleanly, which writes everything to the folder.
    server
      .stop()
      .then(() => db.close())
      .then(
        () => post({ type: 'closed' }),
        (error: unknown) => post({ type: 'close-failed', message: describe(error) }),
      );
  });
  post({ type: 'ready', url: `postgresql://postgres@${server.getServerConn()}/postgres?sslmode=disable` });
}

serve(workerData as EmbeddedWorkerData).catch((error: unknown) => post({ type: 'failed', message: describe(error) }));
