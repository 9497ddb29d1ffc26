// PGlite and its wire-protocol server, in the worker thread embedded.ts starts: PGlite's queries
// run on this thread, so a long one never stalls the bot's event loop.
import fs from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { freshClusterFile, INITDB_ARGS, migratedClusterFile, otherMigratedClusterFiles, staleClusterFiles } from './cluster-cache';
import type { EmbeddedWorkerData, EmbeddedWorkerMessage, EmbeddedWorkerRequest } from './embedded';
import { archiveEntries, CopyInMemory, type EmscriptenFiles } from './memory-copy';
import { compileWasmFile, postgresWasmFile } from './wasm-file';

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
 * PostgreSQL's settings for a bot's database: a few MB of rows, read by key. PGlite keeps shared
 * memory in its WebAssembly heap, which it fills at start and never gives back, so the default
 * 128 MB of shared buffers was 128 MB of the bot's memory; a page not in them is one read from
 * the operating system's file cache away.
 */
const SETTINGS = ['shared_buffers=8MB'];

const START_PARAMS = [...PGlite.defaultStartParams, ...SETTINGS.flatMap((setting) => ['-c', setting])];

/** Copies of migrated databases kept for other migration folders (other branches, say); older ones are deleted. */
const MIGRATED_KEPT = 4;

/**
 * A file already read, as the Blob PGlite takes. `new Blob([bytes])` copies the bytes, and PGlite's
 * arrayBuffer() reads them back in chunks and joins them: a cached database is 10 to 25 MB, copied
 * twice over at every start from it.
 */
class ReadFile extends Blob {
  constructor(private readonly contents: ArrayBuffer) {
    super([]);
    Object.defineProperty(this, 'size', { value: contents.byteLength });
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.resolve(this.contents);
  }
}

/**
 * PGlite's options for a database started from the cached copy in `file`; null when there is no
 * copy (or another process deleted it meanwhile), or none that can be read whole. `inPlace` keeps the
 * copy's files in memory as views of it: for the migrated copy, whose files the database keeps. The
 * fresh copy is unpacked instead, as the templates in it are dropped once the database is migrated.
 */
function fromCopy(file: string, inPlace: boolean): Pick<PGliteOptions, 'fs' | 'loadDataDir'> | null {
  let bytes: Buffer;
  try {
    bytes = fs.readFileSync(file);
  } catch {
    return null;
  }
  const entries = archiveEntries(bytes);
  // Without it PGlite would run initdb on an empty folder and the database would pass for migrated.
  if (entries?.some((entry) => entry.name === 'PG_VERSION') !== true) return null;
  if (inPlace) return { fs: new CopyInMemory(entries) };
  // A file read whole is a buffer of its own, never a shared one; a small one may sit in Node's pool.
  const buffer = bytes.buffer as ArrayBuffer;
  const whole = bytes.byteOffset === 0 && bytes.byteLength === buffer.byteLength;
  return { loadDataDir: new ReadFile(whole ? buffer : buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)) };
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

/** The database, and whether it came migrated (from the cached copy for `migratedKey`). */
async function openPglite({ pgdata, fresh, migratedKey }: EmbeddedWorkerData): Promise<{ db: PGlite; migrated: boolean }> {
  const started: PGliteOptions = {
    dataDir: pgdata ?? undefined,
    startParams: START_PARAMS,
    // Compiled here rather than by PGlite: compiled its way, the file's 9 MB stayed resident through
    // the first seconds of idling in about half the bot's starts (compileWasmFile says why).
    pgliteWasmModule: compileWasmFile(postgresWasmFile()),
  };
  if (pgdata !== null && !fresh) {
    const db = await PGlite.create(started).catch((error: unknown) => {
      throw new UnreadableDatabase(pgdata, error);
    });
    return { db, migrated: false };
  }
  const migrated = migratedKey === null ? null : fromCopy(migratedClusterFile(migratedKey), pgdata === null);
  if (migrated !== null) return { db: await PGlite.create({ ...started, ...migrated }), migrated: true };
  const cache = freshClusterFile();
  const initialized = fromCopy(cache, false);
  if (initialized !== null) return { db: await PGlite.create({ ...started, ...initialized }), migrated: false };
  const db = await PGlite.create({ ...started, initDbStartParams: [...INITDB_ARGS] });
  await saveCluster(db, cache);
  return { db, migrated: false };
}

/**
 * Deletes the write-ahead log segments PostgreSQL made ready ahead of the one in use (recycled ones
 * from before, renamed): a copy would carry them for nothing, and PostgreSQL makes a segment it
 * finds missing when it gets there.
 */
async function dropSegmentsAhead(db: PGlite): Promise<void> {
  const { FS } = db.Module as unknown as EmscriptenFiles;
  const { rows } = await db.query<{ folder: string; current: string }>(
    "SELECT current_setting('data_directory') || '/pg_wal' AS folder, pg_walfile_name(pg_current_wal_insert_lsn()) AS current",
  );
  for (const { folder, current } of rows) {
    for (const name of FS.readdir(folder)) if (/^[0-9A-F]{24}$/.test(name) && name > current) FS.unlink(`${folder}/${name}`);
  }
}

/** Best effort: a read-only node_modules only means the next start does the work again. */
async function saveCluster(db: PGlite, cache: string): Promise<void> {
  try {
    await dropSegmentsAhead(db);
    const tarball = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    fs.mkdirSync(path.dirname(cache), { recursive: true });
    // Written aside and renamed, so a concurrent start never reads half a file.
    const partial = `${cache}.${process.pid}.${Date.now()}`;
    fs.writeFileSync(partial, tarball);
    fs.renameSync(partial, cache);
    for (const stale of staleClusterFiles()) fs.rmSync(stale, { force: true });
  } catch {
    return;
  }
}

/**
 * Drops template0 and template1, which only CREATE DATABASE uses. A copy without them is 10 MB
 * instead of 25 (the files of two more databases), and a start from it unpacks that much less.
 */
const DROP_TEMPLATES = [
  'ALTER DATABASE template0 IS_TEMPLATE false',
  'DROP DATABASE template0',
  'ALTER DATABASE template1 IS_TEMPLATE false',
  'DROP DATABASE template1',
];

/** Saves the just-migrated database for `key`, and deletes all but the newest copies made for other migration folders. */
async function saveMigratedCluster(db: PGlite, key: string, withoutTemplates: boolean): Promise<void> {
  // One statement at a time: DROP DATABASE refuses to run in a transaction, which several statements in one query make.
  if (withoutTemplates) for (const statement of DROP_TEMPLATES) await db.exec(statement);
  const cache = migratedClusterFile(key);
  // Written out first: a copy whose changes are still only in the write-ahead log replays them at every start.
  await db.exec('CHECKPOINT');
  await saveCluster(db, cache);
  try {
    const others = otherMigratedClusterFiles(key)
      .map((file) => ({ file, time: fs.statSync(file).mtimeMs }))
      .sort((a, b) => b.time - a.time);
    for (const { file } of others.slice(MIGRATED_KEPT - 1)) fs.rmSync(file, { force: true });
  } catch {
    return;
  }
}

async function serve(data: EmbeddedWorkerData): Promise<void> {
  const { db, migrated } = await openPglite(data);
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: MAX_CONNECTIONS });
  try {
    await server.start();
  } catch (error) {
    await db.close();
    throw error;
  }
  const onMessage = (request: EmbeddedWorkerRequest): void => {
    if (request.type === 'save-migrated') {
      void saveMigratedCluster(db, request.key, request.withoutTemplates).then(() => post({ type: 'saved' }));
      return;
    }
    parentPort?.off('message', onMessage);
    // Closing PGlite shuts PostgreSQL down cleanly, which writes everything to the folder.
    server
      .stop()
      .then(() => db.close())
      .then(
        () => post({ type: 'closed' }),
        (error: unknown) => post({ type: 'close-failed', message: describe(error) }),
      );
  };
  parentPort?.on('message', onMessage);
  post({ type: 'ready', url: `postgresql://postgres@${server.getServerConn()}/postgres?sslmode=disable`, migrated });
}

serve(workerData as EmbeddedWorkerData).catch((error: unknown) =>
  post(
    error instanceof UnreadableDatabase
      ? { type: 'unreadable', pgdata: error.pgdata, message: error.message }
      : { type: 'failed', message: describe(error) },
  ),
);
