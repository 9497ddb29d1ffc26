import fs from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { compileWasmFile } from '../../../src/db/wasm-file';

// PostgreSQL's WebAssembly, as the embedded database's worker compiles it.
const POSTGRES_WASM = path.join(path.dirname(require.resolve('@electric-sql/pglite')), 'pglite.wasm');
const POSTGRES_MB = fs.statSync(POSTGRES_WASM).size / 2 ** 20;

type Collect = (options?: { type: 'minor' }) => void;
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as Collect;

/** The memory of this thread's ArrayBuffers, in MB, once what a scavenge (minor) or a full collection frees is freed. */
async function arrayBuffersMbAfter(collection: 'minor' | 'full'): Promise<number> {
  collect(collection === 'minor' ? { type: 'minor' } : undefined);
  // V8 may free the buffers' memory on a task of its own after the collection.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return process.memoryUsage().arrayBuffers / 2 ** 20;
}

test("PostgreSQL's module compiles from its file, whose bytes the next scavenge frees", async () => {
  const before = await arrayBuffersMbAfter('full');
  const module = compileWasmFile(POSTGRES_WASM);
  expect(Object.prototype.toString.call(module)).toBe('[object WebAssembly.Module]');
  expect((await arrayBuffersMbAfter('minor')) - before).toBeLessThan(1);
});

test('the same bytes held while two scavenges run stay after the next one, until a full collection', async () => {
  const before = await arrayBuffersMbAfter('full');
  const held = [await fs.promises.readFile(POSTGRES_WASM)];
  collect({ type: 'minor' });
  collect({ type: 'minor' });
  expect(held[0]?.length).toBeGreaterThan(0);
  held.length = 0;
  expect((await arrayBuffersMbAfter('minor')) - before).toBeGreaterThan(POSTGRES_MB - 0.5);
  expect((await arrayBuffersMbAfter('full')) - before).toBeLessThan(1);
});
