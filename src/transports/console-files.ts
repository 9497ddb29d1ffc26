import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { UserError } from '../errors';
import type { AttachmentFetcher } from '../services';
import type { ReplyFile } from '../views/reply';
import { ATTACHMENT_MAX_BYTES, CHARACTER_FILE, kib, tooLargeText } from './attachment-fetcher';
import type { LocalFiles } from './console-input';

/** Where the console saves the files replies carry, unless `--files` names another folder. */
export const DEFAULT_FILES_FOLDER = 'console-files';

type Sized = { ok: true; size: number } | { ok: false; error: string };

/** The size of a file the console may read: one no larger than `maxBytes` (any, for a file only described). */
function sizeOf(file: string, maxBytes = Number.POSITIVE_INFINITY): Sized {
  let size: number;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) return { ok: false, error: `${file} is not a file` };
    size = stat.size;
  } catch {
    return { ok: false, error: `there is no file ${file}` };
  }
  if (size > maxBytes) return { ok: false, error: `${file} is ${kib(size)}, more than the ${kib(maxBytes)} a file may have` };
  return { ok: true, size };
}

function readText(file: string, maxBytes: number): { ok: true; text: string } | { ok: false; error: string } {
  const sized = sizeOf(file, maxBytes);
  if (!sized.ok) return sized;
  try {
    return { ok: true, text: fs.readFileSync(file, 'utf8') };
  } catch (error) {
    return { ok: false, error: `${file} could not be read (${error instanceof Error ? error.message : String(error)})` };
  }
}

/** `json:@bram.json` and `file:@hollis.json`, read from the disk, paths relative to the working folder. */
export const consoleFiles: LocalFiles = {
  text: (file) => readText(file.trim(), ATTACHMENT_MAX_BYTES),
  attachment(typed) {
    const file = typed.trim();
    // Described, not read: the import it goes to holds it to its own size, as an attached file in Discord is.
    const sized = sizeOf(file);
    if (!sized.ok) return sized;
    return {
      ok: true,
      attachment: { name: path.basename(file), url: pathToFileURL(path.resolve(file)).href, size: sized.size, contentType: null },
    };
  },
};

/** The console's attachments are files on this disk, which `consoleFiles` named; nothing else is read. */
export const consoleAttachments: AttachmentFetcher = {
  text(attachment, expected = CHARACTER_FILE) {
    if (!attachment.url.startsWith('file:')) return Promise.reject(new UserError(`\`${attachment.name}\` is not a file on this computer.`));
    if (attachment.size > expected.maxBytes) return Promise.reject(new UserError(tooLargeText(attachment.name, expected)));
    const read = readText(fileURLToPath(attachment.url), expected.maxBytes);
    return read.ok ? Promise.resolve(read.text) : Promise.reject(new UserError(`${read.error}.`));
  },
};

/** The longest file name the console writes; a reply's names are far shorter. */
const MAX_NAME = 100;

/**
 * A reply's file name made safe to write: a name, never a path (an encounter's name, which a user
 * typed, can be part of it), of letters, digits, dots, dashes and underscores.
 */
export function safeFileName(name: string): string {
  const base = path
    .basename(name)
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .replace(/^[.-]+/, '');
  return (base === '' ? 'file' : base).slice(-MAX_NAME);
}

/** A file a reply carried, and where the console saved it (or why it could not). */
export interface SavedFile {
  name: string;
  bytes: number;
  saved: { ok: true; path: string } | { ok: false; error: string };
}

/** Past this many files of one name the folder wants tidying, not another number. */
const MAX_COPIES = 1000;

/** Saves the files the bot sends into one folder, made on the first save; a name already there gets -2, -3…. */
export class ConsoleFileSaver {
  constructor(readonly folder: string) {}

  save(file: ReplyFile): SavedFile {
    const described = { name: file.name, bytes: file.data.byteLength };
    try {
      return { ...described, saved: { ok: true, path: this.write(file) } };
    } catch (error) {
      return { ...described, saved: { ok: false, error: error instanceof Error ? error.message : String(error) } };
    }
  }

  /** Writes the file under a name not taken yet and returns where, relative to the working folder when inside it. */
  private write(file: ReplyFile): string {
    fs.mkdirSync(this.folder, { recursive: true });
    const name = safeFileName(file.name);
    const ext = path.extname(name);
    const stem = name.slice(0, name.length - ext.length);
    for (let n = 1; n <= MAX_COPIES; n++) {
      const target = path.join(this.folder, n === 1 ? name : `${stem}-${n}${ext}`);
      try {
        // 'wx' never replaces a file: an earlier export or chart stays as it was.
        fs.writeFileSync(target, file.data, { flag: 'wx' });
        return shortest(target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
    }
    throw new Error(`${this.folder} already holds ${MAX_COPIES} files named like ${name}`);
  }
}

/** The path relative to the working folder when it lies inside it, else absolute. */
function shortest(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? path.resolve(file) : relative;
}
