import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { Writable } from 'node:stream';
import { openDatabase } from '../../../src/db/open';

const SERVER = process.env.TEST_DATABASE_URL?.trim() || 'postgresql://postgres@127.0.0.1:5432/postgres';

function urlFor(database: string): string {
  const url = new URL(SERVER);
  url.pathname = `/${database}`;
  return url.toString();
}

async function admin<T>(use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

describe('a DATABASE_URL naming a database that does not exist', () => {
  const name = `rollcall_test_create_${randomBytes(4).toString('hex')}`;

  afterAll(async () => {
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  });

  test('is created and migrated, as prisma migrate dev would, and "database ready" is logged once', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const database = await openDatabase({ databaseUrl: urlFor(name), dataDir: '', logger: pino(sink) });
    try {
      const found = await admin((c) => c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]));
      expect(found.rowCount).toBe(1);
      const messages = lines.map((l) => (JSON.parse(l) as { msg: string }).msg);
      expect(messages).toContain('created the database DATABASE_URL names');
      expect(messages.filter((m) => m === 'database ready')).toHaveLength(1);
      await expect(database.prisma.encounter.count()).resolves.toBe(0);
    } finally {
      await database.close();
    }
  });
});
