import fs from 'node:fs';
import v8 from 'node:v8';
import vm from 'node:vm';
import { compileWasmFile, postgresWasmFile } from '../../../src/db/wasm-file';

const POSTGRES_WASM = postgresWasmFile();
const POSTGRES_MB = fs.statSync(POSTGRES_WASM).size / 2 ** 20;

type Collect = (options?: { type: 'minor' }) => void;
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as Collect;

const arrayBuffersMb = (): number => process.memoryUsage().arrayBuffers / 2 ** 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * This thread's ArrayBuffer memory over `before` (MB) after a scavenge (minor) or a full collection.
 * V8 frees the buffers a collection found dead on a task of its own, which a loaded machine may run
 * late: up to `settleMs` is given for the figure to fall under 1 MB. With 0 it is read before the
 * event loop turns, so no collection V8 schedules for itself (a full one would free old buffers
 * too) runs in between.
 */
async function leftAfter(collection: 'minor' | 'full', before: number, settleMs: number): Promise<number> {
  collect(collection === 'minor' ? { type: 'minor' } : undefined);
  const until = Date.now() + settleMs;
  while (arrayBuffersMb() - before >= 1 && Date.now() < until) await sleep(10);
  return arrayBuffersMb() - before;
}

/** This thread's ArrayBuffer memory (MB) after a full collection: what the test's own work is measured against. */
async function baseline(): Promise<number> {
  collect();
  await sleep(20);
  return arrayBuffersMb();
}

test("PostgreSQL's module compiles from its file, whose bytes the next scavenge frees", async () => {
  const before = await baseline();
  const module = compileWasmFile(POSTGRES_WASM);
  expect(Object.prototype.toString.call(module)).toBe('[object WebAssembly.Module]');
  expect(await leftAfter('minor', before, 2_000)).toBeLessThan(1);
});

test('the same bytes held while two scavenges run stay after the next one, until a full collection', async () => {
  const before = await baseline();
  const held = [await fs.promises.readFile(POSTGRES_WASM)];
  collect({ type: 'minor' });
  collect({ type: 'minor' });
  expect(held[0]?.length).toBeGreaterThan(0);
  held.length = 0;
  expect(await leftAfter('minor', before, 0)).toBeGreaterThan(POSTGRES_MB - 0.5);
  expect(await leftAfter('full', before, 2_000)).toBeLessThan(1);
});
