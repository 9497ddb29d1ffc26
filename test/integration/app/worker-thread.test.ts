import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { CURRENT_BUILD_VARIABLE as VARIABLE, startWorker } from '../../../src/db/worker-thread';

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="#345"/></svg>';

function firstMessage(worker: Worker): Promise<unknown> {
  return new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

let saved: string | undefined;
let folder: string;

beforeEach(() => {
  saved = process.env[VARIABLE];
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-build-'));
});

afterEach(() => {
  if (saved === undefined) delete process.env[VARIABLE];
  else process.env[VARIABLE] = saved;
  fs.rmSync(folder, { recursive: true, force: true });
});

test("with a current build named, a worker runs that build's copy of its module", async () => {
  const copy = path.join(folder, 'src', 'views', 'recap-chart-worker.js');
  fs.mkdirSync(path.dirname(copy), { recursive: true });
  fs.writeFileSync(copy, "require('node:worker_threads').parentPort.postMessage({ ran: __filename });");
  process.env[VARIABLE] = folder;
  const worker = startWorker('../views/recap-chart-worker', null);
  try {
    expect(await firstMessage(worker)).toEqual({ ran: copy });
  } finally {
    await worker.terminate();
  }
});

test('with none, a worker started from the TypeScript sources compiles itself and works', async () => {
  delete process.env[VARIABLE];
  const worker = startWorker('../views/recap-chart-worker', null);
  try {
    const answer = firstMessage(worker);
    worker.postMessage({ id: 7, svg: SVG });
    const done = (await answer) as { id: number; png?: Uint8Array };
    expect(done.id).toBe(7);
    expect([...(done.png ?? []).slice(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  } finally {
    await worker.terminate();
  }
}, 60_000);
