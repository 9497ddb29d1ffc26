import { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { QUERY_COMPILER_SOURCE, forgetQueryCompilerSourceOnceRead, loadQueryCompiler } from '../../../src/db/client';

// Start-up compiles Prisma's query compiler while the database starts, before any database is up:
// a failure there must not become an unhandled rejection that ends the process.

test('loading the query compiler ahead needs no database, resolves, and happens once per process', async () => {
  const first = loadQueryCompiler();
  expect(loadQueryCompiler()).toBe(first);
  await expect(first).resolves.toBeUndefined();
});

describe("the query compiler's base64 source leaves the module cache once Prisma has read it", () => {
  test('the generated client reads the file that is dropped', () => {
    const generated = fs.readFileSync(path.join(__dirname, '../../../src/db/generated/internal/class.ts'), 'utf8');
    expect(generated).toContain(`import("@prisma/client/runtime/${path.basename(QUERY_COMPILER_SOURCE)}")`);
  });

  test('a connection back in the pool drops it once it is loaded, and the pool stops looking', () => {
    // Jest's require.cache ignores deletes: a module cache of the test's own stands in for Node's.
    const cache: NodeJS.Dict<NodeJS.Module> = {};
    const pool = new EventEmitter();
    forgetQueryCompilerSourceOnceRead(pool, cache);
    // Released before Prisma read it (a raw query first): still looking.
    pool.emit('release');
    expect(pool.listenerCount('release')).toBe(1);
    const source = { id: QUERY_COMPILER_SOURCE, exports: { wasm: 'AGFzbQ' }, children: [] } as unknown as NodeJS.Module;
    const importer = { id: 'class.js', exports: {}, children: [source] } as unknown as NodeJS.Module;
    cache[QUERY_COMPILER_SOURCE] = source;
    cache['class.js'] = importer;
    pool.emit('release');
    expect(cache[QUERY_COMPILER_SOURCE]).toBeUndefined();
    expect(importer.children).toEqual([]);
    expect(pool.listenerCount('release')).toBe(0);
  });
});
