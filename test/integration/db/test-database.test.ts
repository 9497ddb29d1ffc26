import pg from 'pg';
import { createTestDatabase, dropSpareDatabases, type TestDatabase } from '../../support/database';

/** The database's oid, which stays the same under a new name. */
async function oidOf(db: TestDatabase): Promise<number> {
  const rows = await db.prisma.$queryRawUnsafe<{ oid: number }[]>('SELECT oid FROM pg_database WHERE datname = current_database()');
  return Number(rows[0]?.oid);
}

/** Whether the server still has the database of that oid, under any name. */
async function exists(oid: number, url: string): Promise<boolean> {
  const admin = new pg.Client({ connectionString: new URL('/postgres', url).toString() });
  await admin.connect();
  try {
    return (await admin.query('SELECT 1 FROM pg_database WHERE oid = $1', [oid])).rowCount === 1;
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

/** A migrated database and its oid, read before a test drops it. */
async function created(): Promise<{ db: TestDatabase; oid: number }> {
  const db = await createTestDatabase();
  return { db, oid: await oidOf(db) };
}

/** The next database this worker is given is the one of `oid`, with no rows left in it. */
async function expectHandedOnEmpty(oid: number): Promise<void> {
  const next = await createTestDatabase();
  try {
    expect(await oidOf(next)).toBe(oid);
    expect(await settingsRows(next)).toBe(0);
  } finally {
    await next.drop();
  }
}

test('a migrated database one file drops is the next one, emptied', async () => {
  const first = await created();
  await addSettings(first.db);
  await first.db.drop();
  await expectHandedOnEmpty(first.oid);
});

test('under a new name: what the last file would connect again with reaches no database, as after a drop', async () => {
  const first = await created();
  await first.db.drop();
  const late = new pg.Client({ connectionString: first.db.url });
  await expect(late.connect()).rejects.toThrow(/does not exist/);
  const next = await createTestDatabase();
  try {
    expect(await oidOf(next)).toBe(first.oid);
    expect(next.url).not.toBe(first.db.url);
  } finally {
    await next.drop();
  }
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
  const first = await created();
  expect(await logOneEntry(first.db)).toBe(1);
  await first.db.drop();
  const second = await created();
  await second.db.prisma.$queryRawUnsafe(`SELECT nextval(pg_get_serial_sequence('encounter_events', 'id'))`);
  await addSettings(second.db);
  await second.db.drop();
  const third = await created();
  try {
    expect([second.oid, third.oid]).toEqual([first.oid, first.oid]);
    expect(await logOneEntry(third.db)).toBe(1);
  } finally {
    await third.db.drop();
  }
});

test('one whose tables a test changed is dropped, and the next is a new copy of the template', async () => {
  const first = await created();
  await first.db.prisma.$executeRawUnsafe('ALTER TABLE guild_settings ADD COLUMN note text');
  await first.db.drop();
  const second = await created();
  try {
    expect(second.oid).not.toBe(first.oid);
    expect(await exists(first.oid, second.db.url)).toBe(false);
    const columns = await second.db.prisma.$queryRawUnsafe<{ column_name: string }[]>(
      `SELECT column_name FROM information_schema.columns WHERE table_name = 'guild_settings' AND column_name = 'note'`,
    );
    expect(columns).toEqual([]);
  } finally {
    await second.db.drop();
  }
});

test('a connection the test left holding a lock is closed, as dropping the database would close it', async () => {
  const first = await created();
  await addSettings(first.db);
  const left = new pg.Client({ connectionString: first.db.url });
  left.on('error', () => undefined);
  await left.connect();
  await left.query('BEGIN');
  await left.query('LOCK TABLE guild_settings IN ACCESS EXCLUSIVE MODE');
  await first.db.drop();
  await left.end().catch(() => undefined);
  await expectHandedOnEmpty(first.oid);
});

test('a durable database is never one kept, and the run drops the kept one at its end', async () => {
  const kept = await created();
  await kept.db.drop();
  const durable = await createTestDatabase({ durable: true });
  const durableOid = await oidOf(durable);
  expect(durableOid).not.toBe(kept.oid);
  await durable.drop();
  expect(await exists(durableOid, durable.url)).toBe(false);
  expect(await exists(kept.oid, kept.db.url)).toBe(true);
  await dropSpareDatabases();
  expect(await exists(kept.oid, kept.db.url)).toBe(false);
  const next = await created();
  try {
    expect(next.oid).not.toBe(kept.oid);
  } finally {
    await next.db.drop();
  }
});
