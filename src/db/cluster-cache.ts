import fs from 'node:fs';
import path from 'node:path';

/*
 * Copies of freshly made embedded databases, cached in node_modules/.cache (never committed) with
 * PGlite's version and initdb's arguments in their names. A new PGlite database runs initdb, which
 * takes seconds, and an in-memory one then runs every migration script; loading a copy of the result
 * takes a fraction of that.
 */

/**
 * initdb's arguments for a new embedded database: write-ahead log segments of 1 MB rather than
 * PostgreSQL's 16. A copy holds the segment in use whole, so at 16 MB the log was two thirds of
 * the in-memory database's copy, which every start unpacks into memory and keeps there (and each
 * segment PostgreSQL keeps ready ahead was 16 MB more). A database keeps the size it was made with.
 */
export const INITDB_ARGS: readonly string[] = ['--wal-segsize=1'];

const MIGRATED_INFIX = 'migrated-';
/** What every cached copy's name starts with, whatever PGlite made it or how. */
const COPY_PREFIX = 'pglite-';

function clusterCache(): { folder: string; prefix: string } {
  const entry = require.resolve('@electric-sql/pglite');
  const marker = `${path.sep}node_modules${path.sep}`;
  const nodeModules = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  const { version } = JSON.parse(fs.readFileSync(path.join(nodeModules, '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
    version: string;
  };
  // Copies made with other arguments are other databases: the arguments, as letters and digits, keep them apart.
  const made = INITDB_ARGS.join('').replace(/[^a-z0-9]/gi, '');
  return { folder: path.join(nodeModules, '.cache', 'rollcall'), prefix: `${COPY_PREFIX}${version}-${made}-` };
}

/** A copy of a freshly initialized database. */
export function freshClusterFile(): string {
  const { folder, prefix } = clusterCache();
  return path.join(folder, `${prefix}initdb.tar`);
}

/** A copy of a new database with every migration applied, for the migration folder whose checksum is `key`. */
export function migratedClusterFile(key: string): string {
  const { folder, prefix } = clusterCache();
  return path.join(folder, `${prefix}${MIGRATED_INFIX}${key}.tar`);
}

/** The names of the cached copies in the folder that `keep` keeps, as paths. */
function cachedCopies(keep: (name: string, prefix: string) => boolean): string[] {
  const { folder, prefix } = clusterCache();
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith('.tar') && keep(name, prefix))
    .map((name) => path.join(folder, name));
}

/** The cached migrated databases made for other migration folders (other branches, say). */
export function otherMigratedClusterFiles(key: string): string[] {
  const mine = path.basename(migratedClusterFile(key));
  return cachedCopies((name, prefix) => name.startsWith(`${prefix}${MIGRATED_INFIX}`) && name !== mine);
}

/** Copies made by another PGlite version or with other initdb arguments, which no start here reads. */
export function staleClusterFiles(): string[] {
  return cachedCopies((name, prefix) => name.startsWith(COPY_PREFIX) && !name.startsWith(prefix));
}
