import fs from 'node:fs';
import path from 'node:path';
import { isRunning } from '../../src/db/embedded-lock-holder';

/** Shared memory, a tmpfs on Linux: its files live in memory. */
const MEMORY_FOLDER = '/dev/shm';
const PREFIX = 'rollcall-tests-';
/**
 * Free space the run wants there. The database and console suites held up to 73 MB there at once;
 * a container's /dev/shm is often 64 MB, where they would run out of room: they keep to the disk.
 */
const MIN_FREE_BYTES = 1024 ** 3;

/** This run's folder there. */
function runFolder(): string {
  return path.join(MEMORY_FOLDER, `${PREFIX}${process.pid}`);
}

/** Folders a run left behind when it was killed before its teardown: RAM nobody frees otherwise. */
function removeAbandoned(): void {
  for (const name of fs.readdirSync(MEMORY_FOLDER)) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(name.slice(PREFIX.length));
    if (Number.isInteger(pid) && pid > 0 && !isRunning(pid)) fs.rmSync(path.join(MEMORY_FOLDER, name), { recursive: true, force: true });
  }
}

/**
 * Points TMPDIR, which the workers, the bots and consoles they start, and `os.tmpdir()` all read,
 * at a folder of this run in shared memory. The embedded database's tests make a data folder of
 * about a thousand files for each test and delete it after: on this project's 2-core machine,
 * unpacking one took 0.5 s of the kernel's time on its ext4 disk and 0.05 s in memory. A TMPDIR
 * someone set is theirs and stays; so does the disk where there is no shared memory, or little.
 */
export function useMemoryForScratch(): void {
  if (process.env.TMPDIR !== undefined) return;
  try {
    fs.accessSync(MEMORY_FOLDER, fs.constants.W_OK);
    removeAbandoned();
    const { bavail, bsize } = fs.statfsSync(MEMORY_FOLDER);
    if (bavail * bsize < MIN_FREE_BYTES) return;
    fs.mkdirSync(runFolder(), { recursive: true });
    process.env.TMPDIR = runFolder();
  } catch {
    // No shared memory, or none this user can write to or measure: the tests keep to the disk.
  }
}

/** Deletes this run's folder in shared memory, if it made one. */
export function removeMemoryScratch(): void {
  if (process.env.TMPDIR === runFolder()) fs.rmSync(runFolder(), { recursive: true, force: true });
}
