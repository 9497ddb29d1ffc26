import fs from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { lockFolder } from './embedded-lock';
import { startWorker } from './worker-thread';

export { isRunning } from './embedded-lock-holder';

/** A folder on disk, or a database that lives and dies with the process. */
export type EmbeddedLocation = { dataDir: string } | { memory: true };

export interface EmbeddedDatabase {
  /** A PostgreSQL connection string for the loopback server, for @prisma/adapter-pg and the schema engine. */
  url: string;
  /** Stops the server and shuts PGlite down, which writes everything to the folder. */
  close(): Promise<void>;
}

/** What embedded-worker.ts receives: PGlite's data directory, or null for memory. */
export interface EmbeddedWorkerData {
  pgdata: string | null;
}

export type EmbeddedWorkerMessage =
  { type: 'ready'; url: string } | { type: 'failed'; message: string } | { type: 'closed' } | { type: 'close-failed'; message: string };

/** Where PGlite keeps its PostgreSQL data directory inside DATA_DIR. */
const PGDATA_FOLDER = 'pglite';
/** A clean shutdown takes well under a second; past this the worker is stopped regardless. */
const CLOSE_TIMEOUT_MS = 60_000;

/** Starts PGlite in a worker thread, served with the PostgreSQL wire protocol on a free loopback port. */
export async function startEmbeddedDatabase(location: EmbeddedLocation): Promise<EmbeddedDatabase> {
  const dataDir = 'dataDir' in location ? path.resolve(location.dataDir) : null;
  const releaseLock = dataDir === null ? () => undefined : claimFolder(dataDir);
  const data: EmbeddedWorkerData = { pgdata: dataDir === null ? null : path.join(dataDir, PGDATA_FOLDER) };
  const worker = startWorker('embedded-worker', data);
  let exited = false;
  const exit = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      exited = true;
      resolve();
    }),
  );
  // After start-up, a crash of the worker shows as failed connections; close() must still finish.
  worker.on('error', () => undefined);
  try {
    const url = await nextMessage(worker).then((message) => {
      if (message.type === 'ready') return message.url;
      throw new Error(`the embedded database did not start: ${'message' in message ? message.message : message.type}`);
    });
    let closing: Promise<void> | null = null;
    return {
      url,
      close() {
        closing ??= (exited ? Promise.resolve() : stop(worker, exit)).finally(releaseLock);
        return closing;
      },
    };
  } catch (error) {
    await worker.terminate();
    releaseLock();
    throw error;
  }
}

function nextMessage(worker: Worker): Promise<EmbeddedWorkerMessage> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number) => reject(new Error(`the embedded database stopped unexpectedly (exit code ${code})`));
    worker.once('exit', onExit);
    worker.once('error', reject);
    worker.once('message', (message: EmbeddedWorkerMessage) => {
      worker.off('exit', onExit);
      worker.off('error', reject);
      resolve(message);
    });
  });
}

async function stop(worker: Worker, exit: Promise<void>): Promise<void> {
  const reply = nextMessage(worker);
  worker.postMessage('close');
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`the embedded database did not shut down within ${CLOSE_TIMEOUT_MS / 1000} s`)),
      CLOSE_TIMEOUT_MS,
    );
  });
  try {
    const message = await Promise.race([reply, timeout]);
    if (message.type === 'close-failed') throw new Error(`the embedded database did not shut down cleanly: ${message.message}`);
  } finally {
    clearTimeout(timer);
    await worker.terminate();
    await exit;
  }
}

/** Creates and locks DATA_DIR: a second PGlite on the same files would corrupt them. */
function claimFolder(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  return lockFolder(dataDir);
}
