import fs from 'node:fs';

/**
 * Who wrote a lock file: a pid alone is not enough, because after a restart another process (in a
 * container, often PID 1) can have the same id. The start time tells that process from the writer.
 */
export interface LockHolder {
  pid: number;
  /** The process's start as `<boot id>:<clock ticks since boot>`; null where the system does not tell (no /proc), or in a lock written by an older Rollcall. */
  started: string | null;
}

/** Linux reports process start times in USER_HZ ticks, 100 a second on every architecture Node runs on. */
const TICKS_PER_SECOND = 100;
/** btime has a resolution of one second: closer than this, "started after" cannot be told. */
const CLOCK_SLACK_MS = 1_000;

/** Whether a process with this id lives on this host, whoever owns it. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readProc(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (clock ticks after boot), or null without /proc. */
function startTicks(pid: number): string | null {
  const stat = readProc(`/proc/${pid}/stat`);
  // The second field, the command name in parentheses, may itself hold spaces and parentheses.
  const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[0] is field 3.
  const ticks = fields?.[19];
  return ticks !== undefined && /^\d+$/.test(ticks) ? ticks : null;
}

/** When this process started, as LockHolder.started records it. */
export function processStart(pid: number): string | null {
  const ticks = startTicks(pid);
  if (ticks === null) return null;
  // Ticks count from boot: the boot id keeps a process from before a reboot apart from one after it.
  return `${readProc('/proc/sys/kernel/random/boot_id')?.trim() ?? ''}:${ticks}`;
}

/** Whether the process `pid` started after `timeMs` (wall clock), when the system can tell. */
function startedAfter(pid: number, timeMs: number): boolean {
  const ticks = startTicks(pid);
  const bootSeconds = /^btime (\d+)$/m.exec(readProc('/proc/stat') ?? '')?.[1];
  if (ticks === null || bootSeconds === undefined) return false;
  const startMs = Number(bootSeconds) * 1_000 + (Number(ticks) * 1_000) / TICKS_PER_SECOND;
  return startMs > timeMs + CLOCK_SLACK_MS;
}

/**
 * Whether the process that wrote a lock (last changed at `writtenMs`) still runs. A live process
 * with the lock's pid but another start time is not the writer. An older Rollcall wrote no start
 * time: then a process that started after the lock was written cannot be its writer either. Where
 * neither can be told, a live pid counts as the holder.
 */
export function holderRuns(holder: LockHolder, writtenMs: number): boolean {
  if (!isRunning(holder.pid)) return false;
  if (holder.started === null) return !startedAfter(holder.pid, writtenMs);
  const started = processStart(holder.pid);
  // Unreadable: gone since the check above, or hidden from this user (then it counts as the holder).
  return started === null ? isRunning(holder.pid) : started === holder.started;
}
