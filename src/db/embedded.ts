import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** A folder on disk, or a database that lives and dies with the process. */
export type EmbeddedLocation = { dataDir: string } | { memory: true };

export interface EmbeddedDatabase {
  /** A PostgreSQL connection string for the loopback server, for @prisma/adapter-pg and the schema engine. */
  url: string;
  /** Stops the server and shuts PGlite down, which writes everything to the folder. */
  close(): Promise<void>;
}

/**
 * PGlite runs queries one at a time, but the bot's pool, the schema engine and the status query
 * each hold connections of their own; the default of one connection would turn them away.
 */
const MAX_CONNECTIONS = 32;

/** Where PGlite keeps its PostgreSQL data directory inside DATA_DIR. */
export const PGDATA_FOLDER = 'pglite';
const LOCK_FILE = 'rollcall.lock';

/** Folders this process has open: a second PGlite on the same files would corrupt them. */
const openFolders = new Set<string>();

export class EmbeddedDatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(`the embedded database in ${dataDir} is in use by another Rollcall process (pid ${pid}); stop it, or set DATABASE_URL to use PostgreSQL`);
    this.name = 'EmbeddedDatabaseInUseError';
  }
}

/** Starts PGlite and serves it with the PostgreSQL wire protocol on a free loopback port. */
export async function startEmbeddedDatabase(location: EmbeddedLocation): Promise<EmbeddedDatabase> {
  const dataDir = 'dataDir' in location ? path.resolve(location.dataDir) : null;
  const releaseLock = dataDir === null ? () => undefined : lockFolder(dataDir);
  try {
    const db = dataDir === null ? await PGlite.create() : await PGlite.create(path.join(dataDir, PGDATA_FOLDER));
    const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: MAX_CONNECTIONS });
    try {
      await server.start();
    } catch (error) {
      await db.close();
      throw error;
    }
    return {
      url: `postgresql://postgres@${server.getServerConn()}/postgres?sslmode=disable`,
      async close() {
        try {
          await server.stop();
          await db.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/** Claims the folder with a lock file naming this process; a lock left by a dead process is taken over. */
function lockFolder(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE);
  if (openFolders.has(dataDir)) throw new EmbeddedDatabaseInUseError(dataDir, process.pid);
  for (;;) {
    try {
      fs.writeFileSync(lockPath, `${process.pid}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readOrEmpty(lockPath), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) throw new EmbeddedDatabaseInUseError(dataDir, holder);
      fs.rmSync(lockPath, { force: true });
    }
  }
  openFolders.add(dataDir);
  return () => {
    openFolders.delete(dataDir);
    fs.rmSync(lockPath, { force: true });
  };
}

function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
