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
/** Where a ustar header keeps each field, and how long it is. */
const NAME = { at: 0, length: 100 };
const SIZE = { at: 124, length: 12 };
const MODIFIED = { at: 136, length: 12 };
const CHECKSUM = { at: 148, length: 8 };
const TYPE_AT = 156;
const PREFIX_AT = 345;
const REGULAR = [0x30, 0];
const FOLDER = 0x35;

/** A text field, up to its first NUL. */
function text(archive: Uint8Array, header: number, { at, length }: { at: number; length: number }): string {
  const field = archive.subarray(header + at, header + at + length);
  const end = field.indexOf(0);
  return Buffer.from(field.buffer, field.byteOffset, end === -1 ? field.length : end).toString('utf8');
}

/** An octal field, or NaN when it holds anything else. */
function octal(archive: Uint8Array, header: number, field: { at: number; length: number }): number {
  const digits = text(archive, header, field).trim();
  return /^[0-7]+$/.test(digits) ? parseInt(digits, 8) : NaN;
}

/** A header's checksum: the sum of its bytes, its own field counted as spaces. */
function checksum(archive: Uint8Array, at: number): number {
  let sum = 0;
  const [from, to] = [at + CHECKSUM.at, at + CHECKSUM.at + CHECKSUM.length];
  for (let index = at; index < at + BLOCK; index += 1) sum += index >= from && index < to ? 0x20 : (archive[index] ?? 0);
  return sum;
}

/**
 * The members of a tar archive as PGlite's `dumpDataDir` writes it (ustar headers, no name prefix,
 * zero blocks at the end), without copying their bytes; null when the archive is anything else,
 * damaged or cut short (an empty file, a copy whose writing stopped), so that a copy that cannot be
 * read whole is treated as no copy.
 */
export function archiveEntries(archive: Uint8Array): ArchiveEntry[] | null {
  const entries: ArchiveEntry[] = [];
  let at = 0;
  for (; at + BLOCK <= archive.length && archive[at] !== 0;) {
    const size = octal(archive, at, SIZE);
    const modified = octal(archive, at, MODIFIED);
    const type = archive[at + TYPE_AT] ?? 0;
    const body = at + BLOCK;
    const name = text(archive, at, NAME).replace(/^\/+/, '').replace(/\/+$/, '');
    const valid =
      octal(archive, at, CHECKSUM) === checksum(archive, at) &&
      (type === FOLDER || REGULAR.includes(type)) &&
      archive[at + PREFIX_AT] === 0 &&
      Number.isInteger(size) &&
      Number.isInteger(modified) &&
      body + size <= archive.length &&
      name !== '' &&
      !name.split('/').includes('..');
    if (!valid) return null;
    entries.push({ name, folder: type === FOLDER, bytes: archive.subarray(body, body + size), modifiedMs: modified * 1000 });
    at = body + Math.ceil(size / BLOCK) * BLOCK;
  }
  return at + BLOCK <= archive.length ? entries : null;
}

/**
 * The parts of PGlite's Emscripten module the embedded database uses: its file system and its
 * environment. PGlite types its module without Emscripten's own types.
 */
export interface EmscriptenFiles {
  FS: {
    mkdirTree(path: string): void;
    writeFile(path: string, data: Uint8Array, options: { canOwn: boolean }): void;
    utime(path: string, atime: number, mtime: number): void;
    readdir(path: string): string[];
    unlink(path: string): void;
  };
  ENV: { PGDATA: string };
}

/**
 * PGlite's in-memory file system, holding a database copy's files when PostgreSQL starts. PGlite's
 * own `loadDataDir` copies each file out of the archive and then into its file system: two copies of
 * 10 MB or more, in memory each start has to touch for the first time. Here each file is a view of
 * the archive (Emscripten's `canOwn`): PostgreSQL writes within a file in place, and a file that
 * grows moves to memory of its own. The archive stays in memory while any file still views it, a
 * deleted file's bytes with it: meant for a copy whose files the database keeps, and the archive must
 * not be used for anything else afterwards.
 */
export class CopyInMemory extends MemoryFS {
  /** Dropped once written, so that only the files hold the archive. */
  private entries: readonly ArchiveEntry[];

  constructor(entries: readonly ArchiveEntry[]) {
    super();
    this.entries = entries;
  }

  override async initialSyncFs(): Promise<void> {
    // PGlite hands the file system its instance before starting PostgreSQL; its module is there by now.
    const { FS, ENV } = this.pg?.Module as unknown as EmscriptenFiles;
    const made = new Set<string>();
    const makeFolder = (path: string): void => {
      if (made.has(path)) return;
      FS.mkdirTree(path);
      made.add(path);
    };
    for (const { name, folder, bytes, modifiedMs } of this.entries) {
      const path = `${ENV.PGDATA}/${name}`;
      if (folder) {
        makeFolder(path);
        continue;
      }
      makeFolder(path.slice(0, path.lastIndexOf('/')));
      FS.writeFile(path, bytes, { canOwn: true });
      FS.utime(path, modifiedMs, modifiedMs);
    }
    this.entries = [];
    await super.initialSyncFs();
  }
}
