import { loadQueryCompiler } from '../../../src/db/client';

// Start-up compiles Prisma's query compiler while the database starts, before any database is up:
// a failure there must not become an unhandled rejection that ends the process.

test('loading the query compiler ahead needs no database, resolves, and happens once per process', async () => {
  const first = loadQueryCompiler();
  expect(loadQueryCompiler()).toBe(first);
  await expect(first).resolves.toBeUndefined();
});
