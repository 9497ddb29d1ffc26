import pino from 'pino';
import { createPrismaClient } from '../../../src/db/client';
import { createProcessedInteractions } from '../../../src/db/processed-interactions';
import { createTestDatabase, emptyDatabase, type TestDatabase } from '../../support/database';

const logger = pino({ level: 'silent' });
let db: TestDatabase;

// One database for the file, emptied before each test: as fresh as a new copy of the template, for less.
beforeAll(async () => {
  db = await createTestDatabase();
});

beforeEach(() => emptyDatabase(db.prisma));

afterAll(() => db.drop());

async function storedIds(): Promise<string[]> {
  const rows = await db.prisma.$queryRawUnsafe<{ id: string }[]>('SELECT id FROM processed_interactions ORDER BY id');
  return rows.map((row) => row.id);
}

test('an id is claimed once; every later claim of it is refused', async () => {
  const ledger = createProcessedInteractions(db.prisma, { logger });
  expect(await ledger.claim('600000000000000001')).toBe(true);
  expect(await ledger.claim('600000000000000001')).toBe(false);
  expect(await ledger.claim('600000000000000002')).toBe(true);
  expect(await storedIds()).toEqual(['600000000000000001', '600000000000000002']);
});

test('two replicas on one database claiming the same ids at once: each id is won exactly once', async () => {
  const other = createPrismaClient(db.url, 5);
  try {
    const replicas = [createProcessedInteractions(db.prisma, { logger }), createProcessedInteractions(other, { logger })];
    const ids = Array.from({ length: 30 }, (_, i) => String(600000000000000100n + BigInt(i)));
    const claims = await Promise.all(ids.flatMap((id) => replicas.map(async (ledger) => ({ id, won: await ledger.claim(id) }))));
    for (const id of ids) expect(claims.filter((c) => c.id === id && c.won)).toHaveLength(1);
  } finally {
    await other.$disconnect();
  }
});

test('ids older than the keeping time are pruned, newer ones kept; a claim prunes on its own', async () => {
  // The ids go in without a claim: a ledger's first claim starts a prune it does not wait for, which
  // could land after the ages below were set and take the old id before the explicit prune.
  await db.prisma.$executeRawUnsafe(
    `INSERT INTO processed_interactions (id, created_at) VALUES ('600000000000000201', now() - interval '61 seconds'), ('600000000000000202', now())`,
  );
  const ledger = createProcessedInteractions(db.prisma, { logger, keepMs: 60_000, pruneEveryMs: 3_600_000 });
  expect(await ledger.prune()).toBe(1);
  expect(await storedIds()).toEqual(['600000000000000202']);

  await db.prisma.$executeRawUnsafe(`UPDATE processed_interactions SET created_at = now() - interval '2 minutes'`);
  await createProcessedInteractions(db.prisma, { logger, keepMs: 60_000, pruneEveryMs: 0 }).claim('600000000000000203');
  for (let i = 0; i < 50 && (await storedIds()).length > 1; i += 1) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(await storedIds()).toEqual(['600000000000000203']);
});
