// Renders recap charts on a thread of its own: resvg takes 100 to 700 ms on a large fight, which on
// the main thread would hold up every other command of the process.
import { parentPort } from 'node:worker_threads';
import { renderPng } from './recap-chart';

export interface ChartJob {
  id: number;
  svg: string;
}

export type ChartDone = { id: number; png: Uint8Array } | { id: number; error: string };

parentPort?.on('message', (job: ChartJob) => {
  try {
    const png = renderPng(job.svg);
    parentPort?.postMessage({ id: job.id, png } satisfies ChartDone);
  } catch (error) {
    parentPort?.postMessage({ id: job.id, error: error instanceof Error ? error.message : String(error) } satisfies ChartDone);
  }
});
