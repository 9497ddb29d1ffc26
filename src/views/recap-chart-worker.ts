// Renders recap charts on a thread of its own: resvg takes 100 to 700 ms on a large fight, which on
// the main thread would hold up every other command of the process.
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort } from 'node:worker_threads';
import { renderPng } from './recap-chart';

export interface ChartJob {
  id: number;
  svg: string;
}

export type ChartDone = { id: number; png: Uint8Array } | { id: number; error: string };

/**
 * resvg's native memory for a chart (the parsed picture, its fonts, the pixels: megabytes) goes back
 * only when V8 collects the small objects that hold it, and V8, told nothing of that memory, collects
 * them seldom: ten charts in a row kept some 45 MB. A collection after each chart frees it; this
 * thread's heap is small, so it takes a few milliseconds. `gc` is exposed to a new context only.
 */
v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

const queue: ChartJob[] = [];
let draining = false;

function render(job: ChartJob): void {
  try {
    const png = renderPng(job.svg);
    parentPort?.postMessage({ id: job.id, png } satisfies ChartDone);
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies ChartDone);
  }
}

/** One chart at a time, each freed before the next: the native objects' finalizers run on the turn after the collection. */
async function drain(): Promise<void> {
  draining = true;
  for (let job = queue.shift(); job !== undefined; job = queue.shift()) {
    render(job);
    collectGarbage();
    await new Promise((resolve) => setImmediate(resolve));
  }
  draining = false;
}

parentPort?.on('message', (job: ChartJob) => {
  queue.push(job);
  if (!draining) void drain();
});
