import fs from 'node:fs';
import path from 'node:path';

/*
 * Copies of freshly made embedded databases, cached in node_modules/.cache (never committed) with
 * PGlite's version in their names. A new PGlite database runs initdb, which takes seconds, and an
 * in-memory one then runs every migration script; loading a copy of the result takes a fraction of that.
 */

const MIGRATED_INFIX = 'migrated-';

function clusterCache(): { folder: string; prefix: string } {
  const entry = require.resolve('@electric-sql/pglite');
  const marker = `${path.sep}node_modules${path.sep}`;
  const nodeModules = entry.slice(0, entry.lastIndexOf(marker) + marker.length);
  const { version } = JSON.parse(fs.readFileSync(path.join(nodeModules, '@electric-sql', 'pglite', 'package.json'), 'utf8')) as {
    version: string;
  };
  return { folder: path.join(nodeModules, '.cache', 'rollcall'), prefix: `pglite-${version}-` };
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

/** The cached migrated databases made for other migration folders (other branches, say). */
export function otherMigratedClusterFiles(key: string): string[] {
  const { folder, prefix } = clusterCache();
  const mine = path.basename(migratedClusterFile(key));
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder)
    .filter((name) => name.startsWith(`${prefix}${MIGRATED_INFIX}`) && name.endsWith('.tar') && name !== mine)
    .map((name) => path.join(folder, name));
}
