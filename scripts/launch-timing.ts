/**
 * Timing a launch from the outside, for `npm run bench:startup`: how long until the launched process
 * tree says it is ready, and how much CPU the tree had used by then.
 */
import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface Timing {
  wallMs: number;
  cpuMs: number;
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/**
 * User + system CPU time of the live processes descended from `root` (threads included), in
 * milliseconds: npm, and the bot, which run-built may start in a process group of its own.
 */
export function treeCpuMs(root: number): number {
  const processes = new Map<number, { parent: number; ticks: number }>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command name (which may hold spaces): state, ppid, pgrp, …, utime (14th), stime (15th).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    processes.set(Number(entry), { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) });
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = processes.get(at)?.parent) if (at === root) return true;
    return false;
  };
  let ticks = 0;
  for (const [pid, { ticks: used }] of processes) if (inTree(pid)) ticks += used;
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND;
}

/**
 * Resolves with the time until `seen` first holds for the output so far, and the tree's CPU then;
 * then stops the process tree (`child` must lead a process group of its own) and waits for it.
 */
export function timeUntil(
  child: ChildProcess,
  stream: 'stdout' | 'stderr',
  seen: (output: string) => boolean,
  timeoutMs: number,
): Promise<Timing> {
  const started = performance.now();
  let output = '';
  let errors = '';
  let settled = false;
  return new Promise<Timing>((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no answer in ${timeoutMs} ms:\n${output}\n${errors}`)), timeoutMs);
    // Once only: what a stopping process writes next still holds what `seen` looks for, and timing
    // it again would measure the stop; nor is the exit that the stop causes a failure.
    const finish = (result: Timing | Error): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const settle = (): void => (result instanceof Error ? reject(result) : resolve(result));
      // A process that has exited already (it failed before answering) has no exit to wait for.
      if (child.exitCode !== null || child.signalCode !== null) return settle();
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGTERM');
      child.once('exit', settle);
    };
    child[stream]?.on('data', (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!settled && seen(output))
        finish({ wallMs: performance.now() - started, cpuMs: child.pid === undefined ? Number.NaN : treeCpuMs(child.pid) });
    });
    if (stream === 'stdout') child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
    child.once('exit', (code) => finish(new Error(`exited ${String(code)} before answering:\n${output}\n${errors}`)));
  });
}
