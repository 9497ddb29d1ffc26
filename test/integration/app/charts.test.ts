import type { Worker } from 'node:worker_threads';
import { createChartRenderer } from '../../../src/charts';
import { startWorker } from '../../../src/db/worker-thread';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="#345"/></svg>';
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

/** The chart worker, started for real, with each start and exit counted. */
function countedWorker(): { start: () => Worker; starts: () => number; exits: () => number } {
  let starts = 0;
  let exits = 0;
  return {
    start: () => {
      starts += 1;
      const worker = startWorker('../views/recap-chart-worker', null);
      worker.on('exit', () => (exits += 1));
      return worker;
    },
    starts: () => starts,
    exits: () => exits,
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the recap chart worker', () => {
  test('leaves once it has idled, so its renderer does not hold memory between fights, and starts again for the next chart', async () => {
    const counted = countedWorker();
    const charts = createChartRenderer({ idleMs: 200, start: counted.start });
    const first = await charts.png('fight-1', SVG);
    expect([...first.slice(0, 4)]).toEqual(PNG_SIGNATURE);
    // Two charts close together share the worker.
    await charts.png('fight-2', SVG);
    expect([counted.starts(), counted.exits()]).toEqual([1, 0]);
    for (let waited = 0; counted.exits() === 0 && waited < 10_000; waited += 50) await pause(50);
    expect(counted.exits()).toBe(1);
    const again = await charts.png('fight-3', SVG);
    expect([...again.slice(0, 4)]).toEqual(PNG_SIGNATURE);
    expect(counted.starts()).toBe(2);
    await charts.close();
  }, 60_000);

  test('charts asked for at once each come back as their own picture, drawn one after another on one worker', async () => {
    const counted = countedWorker();
    const charts = createChartRenderer({ idleMs: 200, start: counted.start });
    const widths = [20, 30, 40, 50];
    const pngs = await Promise.all(widths.map((width) => charts.png(`fight-${width}`, SVG.replace('width="20"', `width="${width}"`))));
    // A PNG's width is the big-endian number at bytes 16-19 of its header.
    expect(pngs.map((png) => Buffer.from(png).readUInt32BE(16))).toEqual(widths);
    expect(counted.starts()).toBe(1);
    await charts.close();
  }, 60_000);

  test('closing stops an idle worker at once, rather than leaving its thread for the process to tear down at exit', async () => {
    const counted = countedWorker();
    const charts = createChartRenderer({ start: counted.start });
    await charts.png('fight-1', SVG);
    await charts.close();
    expect([counted.starts(), counted.exits()]).toEqual([1, 1]);
  }, 60_000);
});
