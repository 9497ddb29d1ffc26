// An in-memory database started from a cached copy, its files views of the copy's bytes.
import { MemoryFS } from '@electric-sql/pglite';

/** A member of a tar archive: a file, its bytes a view of the archive's, or a folder. */
export interface ArchiveEntry {
  /** Its path in the archive, without a leading slash. */
  name: string;
  folder: boolean;
  bytes: Uint8Array;
  modifiedMs: number;
}

const BLOCK = 512;
const REGULAR = [0x30, 0];
const FOLDER = 0x35;

/** A text field, up to its first NUL. */
function text(archive: Uint8Array, from: number, length: number): string {
  const field = archive.subarray(from, from + length);
  const end = field.indexOf(0);
  return Buffer.from(field.buffer, field.byteOffset, end === -1 ? field.length : end).toString('utf8');
}

/** An octal field, or NaN when it holds anything else. */
function octal(archive: Uint8Array, from: number, length: number): number {
  const digits = text(archive, from, length).trim();
  return /^[0-7]+$/.test(digits) ? parseInt(digits, 8) : NaN;
}

/** A header's checksum: the sum of its bytes, its own field counted as spaces. */
function checksum(archive: Uint8Array, at: number): number {
  let sum = 0;
  for (let index = at; index < at + BLOCK; index += 1) sum += index >= at + 148 && index < at + 156 ? 0x20 : (archive[index] ?? 0);
  return sum;
}

/**
 * The members of a tar archive as PGlite's `dumpDataDir` writes it (ustar headers, no name prefix),
 * without copying their bytes; null when the archive is anything else or damaged, so that a copy
 * that cannot be read is treated as no copy.
 */
export function archiveEntries(archive: Uint8Array): ArchiveEntry[] | null {
  const entries: ArchiveEntry[] = [];
  for (let at = 0; at + BLOCK <= archive.length && archive[at] !== 0;) {
    const size = octal(archive, at + 124, 12);
    const modified = octal(archive, at + 136, 12);
    const type = archive[at + 156] ?? 0;
    const body = at + BLOCK;
    const name = text(archive, at, 100).replace(/^\/+/, '').replace(/\/+$/, '');
    const valid =
      octal(archive, at + 148, 8) === checksum(archive, at) &&
      (type === FOLDER || REGULAR.includes(type)) &&
      archive[at + 345] === 0 &&
      Number.isInteger(size) &&
      Number.isInteger(modified) &&
      body + size <= archive.length &&
      name !== '' &&
      !name.split('/').includes('..');
    if (!valid) return null;
    entries.push({ name, folder: type === FOLDER, bytes: archive.subarray(body, body + size), modifiedMs: modified * 1000 });
    at = body + Math.ceil(size / BLOCK) * BLOCK;
  }
  return entries;
}

/** The parts of PGlite's Emscripten module this needs: its file system and its environment. */
interface EmscriptenFiles {
  FS: {
    mkdirTree(path: string): void;
    writeFile(path: string, data: Uint8Array, options: { canOwn: boolean }): void;
    utime(path: string, atime: number, mtime: number): void;
  };
  ENV: { PGDATA: string };
}

/**
 * PGlite's in-memory file system, holding a database copy's files when PostgreSQL starts. PGlite's
 * own `loadDataDir` copies each file out of the archive and then into its file system: two copies of
 * 10 MB or more, in memory each start has to touch for the first time. Here each file is a view of
 * the archive (Emscripten's `canOwn`): PostgreSQL writes within a file in place, and a file that
 * grows moves to memory of its own. The archive stays in memory while any file still views it, so a
 * database dropped after the start (the templates, from the fresh copy) keeps its bytes until then;
 * and it must not be used for anything else afterwards.
 */
export class CopyInMemory extends MemoryFS {
  constructor(private readonly entries: readonly ArchiveEntry[]) {
    super();
  }

  override initialSyncFs(): Promise<void> {
    // PGlite hands the file system its instance before starting PostgreSQL; its module is there by now.
    const { FS, ENV } = this.pg?.Module as unknown as EmscriptenFiles;
    const made = new Set<string>();
    const folder = (path: string): void => {
      if (made.has(path)) return;
      FS.mkdirTree(path);
      made.add(path);
    };
    for (const { name, folder: isFolder, bytes, modifiedMs } of this.entries) {
      const path = `${ENV.PGDATA}/${name}`;
      if (isFolder) {
        folder(path);
        continue;
      }
      folder(path.slice(0, path.lastIndexOf('/')));
      FS.writeFile(path, bytes, { canOwn: true });
      FS.utime(path, modifiedMs, modifiedMs);
    }
    return Promise.resolve();
  }
}
