import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { createDataFolder, damagedCluster, inspectClusterFolder } from './embedded-folder';
import { lockFolder } from './embedded-lock';
import { startWorker } from './worker-thread';

export { isRunning } from './embedded-lock-holder';

/**
 * A folder on disk, or a database that lives and dies with the process. A new one (in memory, or
 * in a folder that holds none yet) starts from the cached copy of a migrated database for
 * `migratedKey` when there is one.
 */
export type EmbeddedLocation = { dataDir: string; migratedKey?: string } | { memory: true; migratedKey?: string };

export interface EmbeddedDatabase {
  /** A PostgreSQL connection string for the loopback server, for @prisma/adapter-pg and the schema engine. */
  url: string;
  /** True when it started from the cached copy of a migrated database: every migration is applied already. */
  migrated: boolean;
  /**
   * Caches a copy of this (just migrated, still empty) in-memory database for the next start with
   * the same `migratedKey`. `withoutTemplates` drops the template databases first, here and in the
   * copy: they serve only CREATE DATABASE.
   */
  saveMigrated(options?: { withoutTemplates?: boolean }): Promise<void>;
  /** Stops the server and shuts PGlite down, which writes everything to the folder. */
  close(): Promise<void>;
}

/**
 * What embedded-worker.ts receives: PGlite's data directory (null for memory), whether a new
 * database goes there, and which cached migrated database it may start from.
 */
export interface EmbeddedWorkerData {
  pgdata: string | null;
  fresh: boolean;
  migratedKey: string | null;
}

export type EmbeddedWorkerRequest = { type: 'save-migrated'; key: string; withoutTemplates: boolean } | { type: 'close' };

export type EmbeddedWorkerMessage =
  | { type: 'ready'; url: string; migrated: boolean }
  | { type: 'saved' }
  | { type: 'failed'; message: string }
  /** PGlite could not open the database already in the folder. */
  | { type: 'unreadable'; pgdata: string; message: string }
  | { type: 'closed' }
  | { type: 'close-failed'; message: string };

/** Where PGlite keeps its PostgreSQL data directory inside DATA_DIR. */
const PGDATA_FOLDER = 'pglite';
/**
 * The worker's JavaScript makes little garbage (PGlite's messages to and from the socket); V8's
 * default young generation, 16 MB of semi-spaces per thread, would stay resident beside the bot's own.
 */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 2 };
/** A clean shutdown takes well under a second; past this the worker is stopped regardless. */
const CLOSE_TIMEOUT_MS = 60_000;

/**
 * Starts PGlite in a worker thread, served with the PostgreSQL wire protocol on a free loopback port.
 * `onCreating` is told, before the work starts, that the data folder holds no database yet.
 */
export async function startEmbeddedDatabase(location: EmbeddedLocation, onCreating?: () => void): Promise<EmbeddedDatabase> {
  const { release: releaseLock, ...data } =
    'dataDir' in location
      ? { ...claimFolder(path.resolve(location.dataDir)), migratedKey: location.migratedKey ?? null }
      : { pgdata: null, fresh: true, migratedKey: location.migratedKey ?? null, release: () => undefined };
  if (data.pgdata !== null && data.fresh) onCreating?.();
  const worker = startWorker('embedded-worker', data, WORKER_LIMITS);
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
    const { url, migrated } = await nextMessage(worker).then((message) => {
      if (message.type === 'ready') return message;
      if (message.type === 'unreadable') throw damagedCluster(message.pgdata, 'PostgreSQL could not start on its files', message.message);
      throw new Error(`the embedded database did not start: ${'message' in message ? message.message : message.type}`);
    });
    let closing: Promise<void> | null = null;
    return {
      url,
      migrated,
      async saveMigrated({ withoutTemplates = false } = {}) {
        if (data.migratedKey === null) return;
        const saved = nextMessage(worker);
        request(worker, { type: 'save-migrated', key: data.migratedKey, withoutTemplates });
        await saved;
      },
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

function request(worker: Worker, message: EmbeddedWorkerRequest): void {
  worker.postMessage(message);
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
  request(worker, { type: 'close' });
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

/**
 * Creates and locks DATA_DIR (a second PGlite on the same files would corrupt them), then tells
 * whether PGlite's folder in it is new: only under the lock, where no other process is writing it.
 */
function claimFolder(dataDir: string): EmbeddedWorkerData & { release: () => void } {
  createDataFolder(dataDir);
  const release = lockFolder(dataDir);
  const pgdata = path.join(dataDir, PGDATA_FOLDER);
  try {
    return { pgdata, fresh: inspectClusterFolder(pgdata) === 'fresh', migratedKey: null, release };
  } catch (error) {
    release();
    throw error;
  }
}
