// PGlite and its wire-protocol server, in the worker thread embedded.ts starts: PGlite's queries
// run on this thread, so a long one never stalls the bot's event loop.
import fs from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
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

/** PGlite throws its file system's errors as plain objects, which String() turns into "[object Object]". */
function describe(error: unknown): string {
  return error instanceof Error ? error.message : inspect(error, { breakLength: Infinity });
}

/**
 * A new PGlite database runs initdb, which takes seconds; loading a copy of a freshly initialized
 * one takes a fraction of that. The copy is cached in node_modules/.cache, per PGlite version.
 */
function freshClusterCache(): string {
  const entry = require.resolve('@electric-sql/pglite');
  const marker = `${path.sep}node_modules${path.sep}`;
  const nodeModules = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  const { version } = JSON.parse(fs.readFileSync(path.join(nodeModules, '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
    version: string;
  };
  return path.join(nodeModules, '.cache', 'rollcall', `pglite-${version}-initdb.tar`);
}

/** Opening the database already in the folder failed: the main thread reports its files as damaged. */
class UnreadableDatabase extends Error {
  constructor(
    readonly pgdata: string,
    cause: unknown,
  ) {
    super(describe(cause));
  }
}

async function openPglite({ pgdata, fresh }: EmbeddedWorkerData): Promise<PGlite> {
  const dataDir = pgdata ?? undefined;
  if (pgdata !== null && !fresh) {
    return PGlite.create({ dataDir }).catch((error: unknown) => {
      throw new UnreadableDatabase(pgdata, error);
    });
  }
  const cache = freshClusterCache();
  if (fs.existsSync(cache)) return PGlite.create({ dataDir, loadDataDir: new Blob([fs.readFileSync(cache)]) });
  const db = await PGlite.create({ dataDir });
  await saveFreshCluster(db, cache);
  return db;
}

/** Best effort: a read-only node_modules only means the next start runs initdb again. */
async function saveFreshCluster(db: PGlite, cache: string): Promise<void> {
  try {
    const tarball = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    fs.mkdirSync(path.dirname(cache), { recursive: true });
    // Written aside and renamed, so a concurrent start never reads half a file.
    const partial = `${cache}.${process.pid}.${Date.now()}`;
    fs.writeFileSync(partial, tarball);
    fs.renameSync(partial, cache);
  } catch {
    return;
  }
}

async function serve(data: EmbeddedWorkerData): Promise<void> {
  const db = await openPglite(data);
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

serve(workerData as EmbeddedWorkerData).catch((error: unknown) =>
  post(
    error instanceof UnreadableDatabase
      ? { type: 'unreadable', pgdata: error.pgdata, message: error.message }
      : { type: 'failed', message: describe(error) },
  ),
);
