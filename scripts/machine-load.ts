/**
 * What else the machine was doing while a benchmark ran, to print beside its figures: the load
 * averages, and the share of the CPU time the host took from this guest (steal), which on a shared
 * virtual machine moves throughput by a sixth to a third with no change in the code.
 */
import fs from 'node:fs';
import os from 'node:os';

/** CPU time the kernel has counted over all CPUs since boot, in its ticks. */
export interface CpuTimes {
  /** Running anything: user, nice, system, interrupts. */
  readonly busy: number;
  /** Idle, or waiting on a disk. */
  readonly idle: number;
  /** Wanted by this guest but spent by the host on something else. */
  readonly steal: number;
}

/** The shares of the CPU time between two readings, in percent. */
export interface CpuShares {
  readonly busy: number;
  /** Null where the kernel has counted no stolen time since the machine started (see `sharesBetween`). */
  readonly host: number | null;
}

/** The 1-, 5- and 15-minute load averages, as the benchmarks print them. */
export function loadAverages(): string {
  return os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
}

/**
 * The times on `/proc/stat`'s first line (`cpu  user nice system idle iowait irq softirq steal …`),
 * or null when the text has none. Kernels before 2.6.11 have no steal column: there it is 0. The
 * guest columns after steal are already counted in user and nice.
 */
export function cpuTimesOf(stat: string): CpuTimes | null {
  const [label, ...fields] = (stat.split('\n', 1)[0] ?? '').trim().split(/\s+/);
  if (label !== 'cpu' || fields.length < 7) return null;
  const ticks = fields.slice(0, 8).map(Number);
  if (ticks.some((tick) => !Number.isSafeInteger(tick) || tick < 0)) return null;
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = ticks;
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
}

/** The machine's CPU times now, or null where there is no `/proc/stat` (not Linux). */
export function cpuTimesNow(): CpuTimes | null {
  try {
    return cpuTimesOf(fs.readFileSync('/proc/stat', 'utf8'));
  } catch {
    return null;
  }
}

/**
 * The shares between two readings, or null when the kernel counted no time between them. A guest
 * whose hypervisor does not report stolen time (as under PVM), or a kernel with no steal column,
 * counts none ever: there a 0% would read as a quiet host when nothing is known, so no stolen tick
 * since the machine started leaves the host's share unknown.
 */
export function sharesBetween(before: CpuTimes, after: CpuTimes): CpuShares | null {
  const busy = after.busy - before.busy;
  const steal = after.steal - before.steal;
  const total = busy + (after.idle - before.idle) + steal;
  if (total <= 0) return null;
  return { busy: (100 * busy) / total, host: after.steal === 0 ? null : (100 * steal) / total };
}

/** The shares since `before`, or null when either reading is missing or no time was counted. */
export function sharesSince(before: CpuTimes | null, now: () => CpuTimes | null = cpuTimesNow): CpuShares | null {
  const after = now();
  return before === null || after === null ? null : sharesBetween(before, after);
}

/** What the machine did over a stretch of a benchmark, from `watchMachine` to `summary`. */
export interface MachineWatch {
  /** `load 1.44 → 0.39; the host took 1.0% of the CPU time, the machine's own work 73.5%`. */
  summary(): string;
}

/** Starts watching the machine; the sources are the machine's own unless a test gives its own. */
export function watchMachine(
  sources: { load: () => readonly number[]; cpu: () => CpuTimes | null } = { load: os.loadavg, cpu: cpuTimesNow },
): MachineWatch {
  const oneMinute = () => (sources.load()[0] ?? Number.NaN).toFixed(2);
  const loadBefore = oneMinute();
  const cpuBefore = sources.cpu();
  return {
    summary() {
      const load = `load ${loadBefore} → ${oneMinute()}`;
      const shares = sharesSince(cpuBefore, sources.cpu);
      if (shares === null) return `${load}; the host's share of the CPU time is not known here`;
      if (shares.host === null) {
        return `${load}; the machine's own work took ${shares.busy.toFixed(1)}% of the CPU time; the host's share is not known here (no stolen time counted since the machine started)`;
      }
      return `${load}; the host took ${shares.host.toFixed(1)}% of the CPU time, the machine's own work ${shares.busy.toFixed(1)}%`;
    },
  };
}
