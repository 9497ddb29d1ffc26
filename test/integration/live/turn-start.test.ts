import pino from 'pino';
import { buildServices } from '../../../src/app';
import { createLiveStateSource } from '../../../src/db/live-store';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { GM, ScriptedRandom, Table } from '../commands/support';

/*
 * When the current turn began, as the live page reads it: kept on the encounter by the saves that
 * move the turn or the round, it must say what the log says (the newest change that began the fight
 * or moved its turn or round), which is what the page read before and what the migration that added
 * it filled in for fights already saved.
 */

/** The log's newest change that began the fight or moved its turn or round, as the migration reads it. */
const FROM_THE_LOG = `
SELECT ev.created_at AS at FROM encounter_events ev
WHERE ev.encounter_id = (SELECT id FROM encounters WHERE channel_id = $1 ORDER BY created_at DESC LIMIT 1)
  AND (ev.before IS NULL
    OR ev.before->'fields'->>'currentId' IS DISTINCT FROM ev.after->'fields'->>'currentId'
    OR ev.before->'fields'->>'round' IS DISTINCT FROM ev.after->'fields'->>'round')
ORDER BY ev.id DESC LIMIT 1`;

let db: TestDatabase;
let clock = new Date('2026-11-30T20:00:00.000Z');
let table: Table;

beforeAll(async () => {
  db = await createTestDatabase();
  table = new Table(
    buildServices({ prisma: db.prisma, random: new ScriptedRandom(1), logger: pino({ level: 'silent' }), now: () => clock }),
  );
});

afterAll(() => db.drop());

/** Runs a command a minute after the last one; returns its time. */
async function aMinuteLater(run: () => Promise<unknown>): Promise<Date> {
  clock = new Date(clock.getTime() + 60_000);
  await run();
  return clock;
}

async function turnStarted(): Promise<{ page: Date | null; log: Date | null }> {
  const state = await createLiveStateSource(db.prisma).latest(table.channelId);
  const [fromLog] = await db.prisma.$queryRawUnsafe<{ at: Date }[]>(FROM_THE_LOG, table.channelId);
  return { page: state?.turnStartedAt ?? null, log: fromLog?.at ?? null };
}

test('is when the fight began, then the turn moved, and not when anything else changed', async () => {
  const begun = await aMinuteLater(() => table.run(GM, 'init', 'begin', { name: 'Clock' }));
  await aMinuteLater(() => table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, initiative: 12, count: 2 }));
  expect(await turnStarted()).toEqual({ page: begun, log: begun });
  const first = await aMinuteLater(() => table.run(GM, 'init', 'next'));
  for (const target of ['Goblin 1', 'Goblin 2', 'Goblin 1']) {
    await aMinuteLater(() => table.run(GM, 'hp', 'damage', { target, amount: '1' }));
  }
  await aMinuteLater(() => table.run(GM, 'condition', 'add', { target: 'Goblin 2', condition: 'Prone' }));
  await aMinuteLater(() => table.run(GM, 'init', 'undo'));
  expect(await turnStarted()).toEqual({ page: first, log: first });
  await aMinuteLater(() => table.run(GM, 'init', 'next'));
  // Undoing the turn's move moves it back: that turn starts again now.
  const movedBack = await aMinuteLater(() => table.run(GM, 'init', 'undo'));
  expect(await turnStarted()).toEqual({ page: movedBack, log: movedBack });
  const nextRound = await aMinuteLater(async () => {
    await table.run(GM, 'init', 'next');
    await table.run(GM, 'init', 'next');
  });
  expect(await turnStarted()).toEqual({ page: nextRound, log: nextRound });
});
