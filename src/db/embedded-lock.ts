import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { holderRuns, isRunning, processStart, type LockHolder } from './embedded-lock-holder';

/**
 * The lock file names its holder: pid, start time and a nonce, one a line. It is written whole to a
 * draft and linked into place (link fails when the lock exists), so nobody reads half a lock.
 */
const LOCK_FILE = 'rollcall.lock';
/** A claim on a stale lock is `rollcall.lock.<fingerprint of its content>`; a claim on a stale claim adds one more. */
const CLAIM = /^rollcall\.lock(\.[0-9a-f]{16})+$/;
const DRAFT = /^rollcall\.lock-(\d+)-[0-9a-f]+\.tmp$/;
/** A pass ends with the lock, or because another process changed it meanwhile: this many means something keeps changing it. */
const MAX_PASSES = 20;

/** Lock contents this process holds: a lock naming this pid with other content is left from an earlier, failed attempt. */
const heldHere = new Set<string>();

export class EmbeddedDatabaseInUseError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `the embedded database in ${dataDir} is in use by another Rollcall process (pid ${pid}); stop it, or set DATABASE_URL to use PostgreSQL`,
    );
    this.name = 'EmbeddedDatabaseInUseError';
  }
}

interface LockFile {
  content: string;
  writtenMs: number;
}

function readLockFile(file: string): LockFile | null {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    return { content: fs.readFileSync(fd, 'utf8'), writtenMs: fs.fstatSync(fd).mtimeMs };
  } finally {
    fs.closeSync(fd);
  }
}

function parseHolder(content: string): LockHolder | null {
  const [pid = '', started = ''] = content.split('\n');
  return /^\d+$/.test(pid) ? { pid: Number(pid), started: started === '' ? null : started } : null;
}

/** The pid of the live process holding this lock or claim, or null when it is stale (unreadable ones are). */
function liveHolder(file: LockFile): number | null {
  const holder = parseHolder(file.content);
  if (holder === null) return null;
  if (holder.pid === process.pid) return heldHere.has(file.content) ? holder.pid : null;
  return holderRuns(holder, file.writtenMs) ? holder.pid : null;
}

function writeDraft(dataDir: string, content: string): string {
  const draft = path.join(dataDir, `${LOCK_FILE}-${process.pid}-${crypto.randomBytes(6).toString('hex')}.tmp`);
  fs.writeFileSync(draft, content, { flag: 'wx' });
  return draft;
}

/** Creates `file` holding `content` unless it exists; atomic. */
function createExclusive(dataDir: string, file: string, content: string): boolean {
  const draft = writeDraft(dataDir, content);
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * Puts `content` in place of `file` if what it holds is stale. Of all the processes that find the
 * same stale content, only the one that creates the claim named after that content goes on, and it
 * replaces the file only if it still holds that content: nobody else can change it while the claim
 * is held. A claim left by a process that died is itself taken over the same way. False when the
 * file changed meanwhile; throws when a live process holds the file or is taking it over.
 */
function replaceIfStale(dataDir: string, file: string, content: string): boolean {
  const current = readLockFile(file);
  if (current === null) return false;
  const holder = liveHolder(current);
  if (holder !== null) throw new EmbeddedDatabaseInUseError(dataDir, holder);
  const claim = `${file}.${crypto.createHash('sha256').update(current.content).digest('hex').slice(0, 16)}`;
  if (!createExclusive(dataDir, claim, content) && !replaceIfStale(dataDir, claim, content)) return false;
  if (readLockFile(file)?.content !== current.content) return false;
  const draft = writeDraft(dataDir, content);
  try {
    fs.renameSync(draft, file);
  } catch (error) {
    fs.rmSync(draft, { force: true });
    throw error;
  }
  return true;
}

/**
 * Claims and drafts left by takeovers. Safe once the lock is held: every claim names content the
 * lock no longer holds, and a process that claims it again finds the lock changed.
 */
function removeLeftovers(dataDir: string): void {
  for (const name of fs.readdirSync(dataDir)) {
    const draftPid = DRAFT.exec(name)?.[1];
    if (CLAIM.test(name) || (draftPid !== undefined && !isRunning(Number(draftPid)))) fs.rmSync(path.join(dataDir, name), { force: true });
  }
}

/**
 * Claims DATA_DIR for this process with a lock file; a lock whose holder no longer runs is taken
 * over, by exactly one process however many try at once. Returns the release.
 */
export function lockFolder(dataDir: string): () => void {
  const lockPath = path.join(dataDir, LOCK_FILE);
  const content = `${process.pid}\n${processStart(process.pid) ?? ''}\n${crypto.randomBytes(8).toString('hex')}\n`;
  for (let pass = 0; pass < MAX_PASSES; pass++) {
    if (!createExclusive(dataDir, lockPath, content) && !replaceIfStale(dataDir, lockPath, content)) continue;
    heldHere.add(content);
    removeLeftovers(dataDir);
    return () => {
      heldHere.delete(content);
      if (readLockFile(lockPath)?.content === content) fs.rmSync(lockPath, { force: true });
    };
  }
  throw new Error(`could not lock the embedded database in ${dataDir}: ${lockPath} kept changing`);
}
