import fs from 'node:fs';
import path from 'node:path';

/** What PostgreSQL cannot start without; PGlite, missing one, aborts or fails without saying which. */
const CLUSTER_ENTRIES = [
  { entry: 'PG_VERSION', folder: false },
  { entry: path.join('global', 'pg_control'), folder: false },
  { entry: 'pg_wal', folder: true },
  { entry: 'base', folder: true },
] as const;

/** A data folder the bot will not use as it is; the message is one line saying what to do. */
export class EmbeddedDataFolderError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'EmbeddedDataFolderError';
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** Creates DATA_DIR when it does not exist. */
export function createDataFolder(dataDir: string): void {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
  } catch (error) {
    if (errorCode(error) !== 'EEXIST' && errorCode(error) !== 'ENOTDIR') throw error;
    throw new EmbeddedDataFolderError(
      `DATA_DIR ${dataDir} is not a folder (a file is in the way): move the file away, or set DATA_DIR to a folder`,
    );
  }
}

/** The one line for a cluster folder that is there but cannot be used; it is never replaced. */
export function damagedCluster(pgdata: string, what: string, cause?: string): EmbeddedDataFolderError {
  return new EmbeddedDataFolderError(
    `the embedded database in ${pgdata} is damaged (${what}) and was left untouched: restore ${pgdata} from a backup, or move it elsewhere to start with an empty database`,
    cause === undefined ? undefined : { cause },
  );
}

function missingEntry(pgdata: string): string | null {
  for (const { entry, folder } of CLUSTER_ENTRIES) {
    try {
      if (fs.statSync(path.join(pgdata, entry)).isDirectory() !== folder) return `${entry} is not a ${folder ? 'folder' : 'file'}`;
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw error;
      return `${entry} is missing`;
    }
  }
  return null;
}

/**
 * Whether PGlite's folder is new ('fresh': absent or empty, a new database goes there) or holds a
 * database ('existing'). Anything else is refused: a new database unpacked over it would wipe it.
 */
export function inspectClusterFolder(pgdata: string): 'fresh' | 'existing' {
  let entries: string[];
  try {
    entries = fs.readdirSync(pgdata);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return 'fresh';
    if (errorCode(error) === 'ENOTDIR') throw damagedCluster(pgdata, 'it is a file, not a folder');
    throw error;
  }
  if (entries.length === 0) return 'fresh';
  const missing = missingEntry(pgdata);
  if (missing !== null) throw damagedCluster(pgdata, missing);
  return 'existing';
}
