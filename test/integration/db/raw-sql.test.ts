import pg from 'pg';
import { createPrismaClient } from '../../../src/db/client';
import { sqlOf } from '../../../src/db/raw-sql';
import { createTestDatabase, type TestDatabase } from '../../support/database';

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

test('a transaction whose connection the database ends while it computes fails as a value, and the pool serves on', async () => {
  const prisma = createPrismaClient(db.url, 2);
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  try {
    const sql = sqlOf(prisma);
    const ended = sql.transaction(async (tx) => {
      const [own] = await tx.rows<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      // A restart of the database, as the bot works out a change between two statements.
      await admin.query('SELECT pg_terminate_backend($1)', [own?.pid]);
      await new Promise((resolve) => setTimeout(resolve, 100));
      return tx.rows('SELECT 1');
    }, 1_000);
    await expect(ended).rejects.toThrow('not queryable');
    expect(await sql.rows<{ one: number }>('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(await sql.transaction((tx) => tx.rows<{ two: number }>('SELECT 2 AS two'), 1_000)).toEqual([{ two: 2 }]);
  } finally {
    await admin.end();
    await prisma.$disconnect();
  }
});
