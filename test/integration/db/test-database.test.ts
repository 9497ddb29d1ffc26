import pg from 'pg';
import { createTestDatabase, dropSpareDatabases, type TestDatabase } from '../../support/database';

/** Whether the server still has the database `url` names. */
async function exists(url: string): Promise<boolean> {
  const name = new URL(url).pathname.slice(1);
  const admin = new pg.Client({ connectionString: new URL('/postgres', url).toString() });
  await admin.connect();
  try {
    return (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1;
  } finally {
    await admin.end();
  }
}

async function settingsRows(db: TestDatabase): Promise<number> {
  const rows = await db.prisma.$queryRawUnsafe<{ count: bigint }[]>('SELECT count(*) AS count FROM guild_settings');
  return Number(rows[0]?.count);
}

async function addSettings(db: TestDatabase): Promise<void> {
  await db.prisma.$executeRawUnsafe(
    `INSERT INTO guild_settings (guild_id, ruleset, updated_by, updated_at) VALUES ('guild', 'dnd2014', 'gm', now())`,
  );
}

/** The next database this worker is given is `dropped`, with no rows left in it. */
async function expectHandedOnEmpty(dropped: TestDatabase): Promise<void> {
  const next = await createTestDatabase();
  try {
    expect(next.url).toBe(dropped.url);
    expect(await settingsRows(next)).toBe(0);
  } finally {
    await next.drop();
  }
}

test('a migrated database one file drops is the next one, emptied', async () => {
  const first = await createTestDatabase();
  await addSettings(first);
  await first.drop();
  await expectHandedOnEmpty(first);
});

/** An encounter and one log entry in it; the entry's id, from its table's sequence. */
async function logOneEntry(db: TestDatabase): Promise<number> {
  const rows = await db.prisma.$queryRawUnsafe<{ id: bigint }[]>(`
    WITH enc AS (
      INSERT INTO encounters (id, guild_id, channel_id, name, game_master_id, game_master_name, ruleset, round,
        auto_death_saves, auto_concentration_saves, version, next_seq, created_at)
      VALUES (gen_random_uuid(), 'guild', 'tavern', 'Bench', 'gm', 'Dana', 'dnd2024', 1, true, false, 0, 1, now())
      RETURNING id
    )
    INSERT INTO encounter_events (encounter_id, actor_id, actor_name, command, detail, after, created_at)
    SELECT enc.id, 'gm', 'Dana', 'init begin', '', '{}'::jsonb, now() FROM enc
    RETURNING id`);
  return Number(rows[0]?.id);
}

test('its sequences start again, also one a test used without leaving a row', async () => {
  const first = await createTestDatabase();
  expect(await logOneEntry(first)).toBe(1);
  await first.drop();
  const second = await createTestDatabase();
  await second.prisma.$queryRawUnsafe(`SELECT nextval(pg_get_serial_sequence('encounter_events', 'id'))`);
  await addSettings(second);
  await second.drop();
  const third = await createTestDatabase();
  try {
    expect([second.url, third.url]).toEqual([first.url, first.url]);
    expect(await logOneEntry(third)).toBe(1);
  } finally {
    await third.drop();
  }
});

test('one whose tables a test changed is dropped, and the next is a new copy of the template', async () => {
  const first = await createTestDatabase();
  await first.prisma.$executeRawUnsafe('ALTER TABLE guild_settings ADD COLUMN note text');
  await first.drop();
  const second = await createTestDatabase();
  try {
    expect(second.url).not.toBe(first.url);
    expect(await exists(first.url)).toBe(false);
    const columns = await second.prisma.$queryRawUnsafe<{ column_name: string }[]>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'guild_settings' AND column_name = 'note'`,
    );
    expect(columns).toEqual([]);
  } finally {
    await second.drop();
  }
});

test('a connection the test left holding a lock is closed, as dropping the database would close it', async () => {
  const first = await createTestDatabase();
  await addSettings(first);
  const left = new pg.Client({ connectionString: first.url });
  left.on('error', () => undefined);
  await left.connect();
  await left.query('BEGIN');
  await left.query('LOCK TABLE guild_settings IN ACCESS EXCLUSIVE MODE');
  await first.drop();
  await left.end().catch(() => undefined);
  await expectHandedOnEmpty(first);
});

test('a durable database is never one kept, and the run drops the kept one at its end', async () => {
  const kept = await createTestDatabase();
  await kept.drop();
  const durable = await createTestDatabase({ durable: true });
  expect(durable.url).not.toBe(kept.url);
  await durable.drop();
  expect(await exists(durable.url)).toBe(false);
  expect(await exists(kept.url)).toBe(true);
  await dropSpareDatabases();
  expect(await exists(kept.url)).toBe(false);
  const next = await createTestDatabase();
  try {
    expect(next.url).not.toBe(kept.url);
  } finally {
    await next.drop();
  }
});
