import type { Worker } from 'node:worker_threads';
import { startWorker } from './db/worker-thread';
import type { ChartRenderer } from './views/recap-chart';
import type { ChartDone } from './views/recap-chart-worker';

/** Recap charts kept: a few fights' worth, for both viewers, each well under 100 KB. */
const CACHED = 32;

/**
 * How long the worker waits for another chart before it leaves: the renderer and its fonts hold
 * some 30–50 MB, which a bot that draws a chart at the end of a fight need not keep between fights.
 */
const IDLE_MS = 30_000;

export interface ChartRendererOptions {
  cached?: number;
  idleMs?: number;
  /** Starts the worker; tests count the starts. */
  start?: () => Worker;
}

/** A renderer whose worker its owner stops when the process shuts down. */
export interface ClosableChartRenderer extends ChartRenderer {
  /**
   * Stops the worker now: an idle one is only unreferenced, and a process that exits with it still
   * running waits for its thread to be torn down (some 0.1-0.2 s each).
   */
  close(): Promise<void>;
}

/**
 * One worker thread, started on the first chart and stopped once it has idled `idleMs`; jobs queue on
 * it one at a time. `key` names the picture (the fight, its version and who sees it): a repeat is
 * served from the cache, and two asking at once share one rendering.
 */
export function createChartRenderer({
  cached = CACHED,
  idleMs = IDLE_MS,
  start = () => startWorker('../views/recap-chart-worker', null),
}: ChartRendererOptions = {}): ClosableChartRenderer {
  let worker: Worker | null = null;
  let idle: NodeJS.Timeout | null = null;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (png: Uint8Array) => void; reject: (error: Error) => void }>();
  const cache = new Map<string, Promise<Uint8Array>>();

  const failAll = (error: Error): void => {
    worker = null;
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
  };

  const started = (): Worker => {
    if (idle !== null) clearTimeout(idle);
    idle = null;
    if (worker !== null) return worker;
    const fresh = start();
    fresh.on('message', (done: ChartDone) => {
      const pending = waiting.get(done.id);
      waiting.delete(done.id);
      if ('error' in done) pending?.reject(new Error(done.error));
      else pending?.resolve(new Uint8Array(done.png));
      if (waiting.size > 0) return;
      fresh.unref();
      idle = setTimeout(() => {
        idle = null;
        if (worker !== fresh || waiting.size > 0) return;
        worker = null;
        void fresh.terminate();
      }, idleMs);
      idle.unref();
    });
    fresh.on('error', failAll);
    fresh.on('exit', (code) => {
      // A worker stopped for idling has nothing waiting on it; any other exit fails what waits.
      if (worker === fresh) failAll(new Error(`the chart worker exited with code ${code}`));
    });
    worker = fresh;
    return fresh;
  };

  const render = (svg: string): Promise<Uint8Array> =>
    new Promise((resolve, reject) => {
      nextId += 1;
      waiting.set(nextId, { resolve, reject });
      const running = started();
      // Referenced only while a chart is on its way: an idle worker never keeps the process alive.
      running.ref();
      running.postMessage({ id: nextId, svg });
    });

  return {
    png(key, svg) {
      const hit = cache.get(key);
      if (hit !== undefined) {
        // Most recently used last: the first key is the one to drop.
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      const rendering = render(svg);
      cache.set(key, rendering);
      rendering.catch(() => cache.delete(key));
      while (cache.size > cached) {
        const oldest = cache.keys().next().value;
        if (oldest === undefined) break;
        cache.delete(oldest);
      }
      return rendering;
    },
    async close() {
      if (idle !== null) clearTimeout(idle);
      idle = null;
      const running = worker;
      if (running === null) return;
      failAll(new Error('the chart renderer was closed'));
      await running.terminate();
    },
  };
}
