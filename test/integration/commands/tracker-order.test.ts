import pino from 'pino';
import { buildServices } from '../../../src/app';
import { endEncounter } from '../../../src/combat/lifecycle';
import { nextTurn } from '../../../src/combat/steps';
import type { PrismaClient } from '../../../src/db/generated/client';
import { createSeededRandom } from '../../../src/dice/seeded';
import type { ChannelMessenger, InvocationContext } from '../../../src/framework/command';
import { applyStep, undoLastChange } from '../../../commands/shared/encounter';
import { coalesceEdits } from '../../../src/transports/coalescing-messenger';
import type { Services } from '../../../src/services';
import type { Reply } from '../../../src/views/reply';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { GM, Table } from './support';
import { HeardVersions } from '../../../src/db/heard-versions';
import { createCountingPrisma, type CountingPrisma } from '../../../src/db/encounter-statement-counter';
import { listenIntoFeed } from '../../../src/db/live-listener';
import { LiveFeed } from '../../../src/live/feed';
import { LIVE_CHANNEL } from '../../../src/db/live-notices';
import pg from 'pg';

/** Over the table's own messenger, edits that take `delay()` ms each, as Discord's REST latency varies. */
function delayed(inner: ChannelMessenger, delay: () => number): ChannelMessenger {
  return {
    send: (channelId, message) => inner.send(channelId, message),
    sendDirect: (userId, message) => inner.sendDirect(userId, message),
    pin: (channelId, messageId) => inner.pin(channelId, messageId),
    edit: (channelId, messageId, message) =>
      new Promise((resolve) => setTimeout(resolve, delay())).then(() => inner.edit(channelId, messageId, message)),
  };
}

/** 0–20 ms, the same sequence every run. */
function jitter(): () => number {
  let seed = 7;
  return () => {
    seed = (seed * 48271) % 2147483647;
    return seed % 21;
  };
}

/** "Round **3** · **Goblin 2**'s turn" as [3, 2], which only ever grows as turns pass. */
function turnOf(reply: Reply): [number, number] {
  const match = /^Round \*\*(\d+)\*\* · \*\*Goblin (\d)\*\*'s turn/.exec(reply.embeds?.[0]?.description ?? '');
  if (!match) throw new Error(`not a turn: ${reply.embeds?.[0]?.description}`);
  return [Number(match[1]), Number(match[2])];
}

function contextOn(table: Table, services: Services, messenger: ChannelMessenger): InvocationContext {
  return {
    interactionId: 'race',
    user: { id: GM.id, name: GM.name },
    guildId: 'guild-1',
    channelId: table.channelId,
    permissions: { manageGuild: false, manageChannels: false },
    services,
    messenger,
    // Dispatch stamps the log label; these contexts call the change helpers directly.
    label: 'init next',
  };
}

/** A process as the bot runs on PostgreSQL: hearing every process's saves through LISTEN, so its catch-up reads nothing. */
async function hearingProcessOn(
  db: TestDatabase,
  seed: number,
  prisma: PrismaClient = db.prisma,
): Promise<{ services: Services; close: () => Promise<void> }> {
  const feed = new LiveFeed();
  const heard = new HeardVersions();
  const logger = pino({ level: 'silent' });
  const listener = await listenIntoFeed(db.url, feed, heard, logger);
  return {
    services: buildServices({ prisma, random: createSeededRandom(seed), logger, feed, heard }),
    close: () => listener.close(),
  };
}

/** One bot process's services on `prisma`: several of them on one database are several replicas. */
function processOn(prisma: PrismaClient, seed: number): Services {
  return buildServices({ prisma, random: createSeededRandom(seed), logger: pino({ level: 'silent' }) });
}

/**
 * Two processes on one database serving one channel's tracker: this one, whose edits take 60 ms,
 * and `other`, whose edits land at once.
 */
function slowAndFast(table: Table, other: Services) {
  const slowProcess = coalesceEdits(delayed(table.messenger, () => 60));
  const fastProcess = coalesceEdits(delayed(table.messenger, () => 0));
  return {
    slow: contextOn(table, table.services, slowProcess),
    fast: contextOn(table, other, fastProcess),
    slowProcess,
    fastProcess,
  };
}

describe('the tracker after racing commands on a Discord transport', () => {
  let db: TestDatabase;
  let table: Table;

  beforeEach(async () => {
    db = await createTestDatabase();
    table = new Table(processOn(db.prisma, 1));
    await table.run(GM, 'init', 'begin', { name: 'Race' });
    await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, count: 2, initiative: 12 });
  });

  afterEach(async () => {
    await db.drop();
  });

  test('twenty /init next at once: edits land in version order and the tracker ends on the last turn', async () => {
    const messenger = coalesceEdits(delayed(table.messenger, jitter()));
    const ctx = contextOn(table, table.services, messenger);
    const before = table.messenger.posts[0]?.versions.length ?? 0;
    const replies = await Promise.all(Array.from({ length: 20 }, () => applyStep(ctx, nextTurn)));
    expect(replies).toHaveLength(20);
    await messenger.idle();
    const shown = (table.messenger.posts[0]?.versions ?? []).slice(before).map(turnOf);
    // Twenty turns of two goblins from before round 1: Goblin 2's turn in round 10.
    expect(shown[shown.length - 1]).toEqual([10, 2]);
    expect(shown.length).toBeLessThan(20);
    for (let i = 1; i < shown.length; i += 1) {
      const [round, goblin] = shown[i] ?? [0, 0];
      const [lastRound, lastGoblin] = shown[i - 1] ?? [0, 0];
      expect(round * 10 + goblin).toBeGreaterThan(lastRound * 10 + lastGoblin);
    }
  });

  test('two processes: the one whose older edit lands last brings the tracker to the newest state', async () => {
    const { slow, fast, slowProcess, fastProcess } = slowAndFast(table, processOn(db.prisma, 3));
    await applyStep(slow, nextTurn);
    await applyStep(fast, nextTurn);
    await fastProcess.idle();
    // Round 1, Goblin 2's: the newest. The slow process's older edit (Goblin 1's) is still on its way.
    expect(turnOf(table.tracker())).toEqual([1, 2]);
    await slowProcess.idle();
    expect(turnOf(table.tracker())).toEqual([1, 2]);
  });
});

describe('the tracker when another process ends or undoes while our edit is on its way', () => {
  let db: TestDatabase;
  let table: Table;
  let other: Services;

  beforeEach(async () => {
    db = await createTestDatabase();
    table = new Table(processOn(db.prisma, 1));
    other = processOn(db.prisma, 2);
    await table.run(GM, 'init', 'begin', { name: 'Race' });
    await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, count: 2, initiative: 12 });
    await table.run(GM, 'init', 'next');
  });

  afterEach(async () => {
    await db.drop();
  });

  test('ended by the other process: the tracker ends on the ended fight, without buttons', async () => {
    const { slow, fast, slowProcess, fastProcess } = slowAndFast(table, other);
    await applyStep(slow, nextTurn);
    await applyStep({ ...fast, label: 'init end' }, endEncounter);
    await fastProcess.idle();
    expect(table.tracker().embeds?.[0]?.description).toMatch(/^Ended /);
    // Our older edit, Goblin 2's turn with its buttons, lands after the end.
    await slowProcess.idle();
    expect(table.tracker().embeds?.[0]?.description).toMatch(/^Ended /);
    expect(table.tracker().components).toEqual([]);
  });

  test('ended and a new fight begun by the other process: the old tracker still ends without buttons', async () => {
    const { slow, fast, slowProcess, fastProcess } = slowAndFast(table, other);
    await applyStep(slow, nextTurn);
    await applyStep({ ...fast, label: 'init end' }, endEncounter);
    // Its tracker goes to its own messenger: only the old one is watched here.
    await new Table(other).run(GM, 'init', 'begin', { name: 'Rematch' });
    await fastProcess.idle();
    await slowProcess.idle();
    expect(table.tracker().embeds?.[0]?.description).toMatch(/^Ended /);
    expect(table.tracker().components).toEqual([]);
  });

  test('undone by the other process: the tracker ends on the state the undo restored', async () => {
    const { slow, fast, slowProcess, fastProcess } = slowAndFast(table, other);
    expect(turnOf(table.tracker())).toEqual([1, 1]);
    await applyStep(slow, nextTurn);
    await undoLastChange({ ...fast, label: 'init undo' });
    await fastProcess.idle();
    await slowProcess.idle();
    expect(turnOf(table.tracker())).toEqual([1, 1]);
  });
});

describe('the tracker of processes that hear each other’s saves, answering their catch-up without a read', () => {
  let db: TestDatabase;
  let table: Table;
  let other: Services;
  const closing: (() => Promise<void>)[] = [];

  beforeEach(async () => {
    db = await createTestDatabase();
    const ours = await hearingProcessOn(db, 1);
    const theirs = await hearingProcessOn(db, 2);
    closing.push(ours.close, theirs.close);
    table = new Table(ours.services);
    other = theirs.services;
    await table.run(GM, 'init', 'begin', { name: 'Race' });
    await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, count: 2, initiative: 12 });
  });

  afterEach(async () => {
    await Promise.all(closing.splice(0).map((close) => close()));
    await db.drop();
  });

  test('two processes: the one whose older edit lands last brings the tracker to the newest state', async () => {
    const { slow, fast, slowProcess, fastProcess } = slowAndFast(table, other);
    await applyStep(slow, nextTurn);
    await applyStep(fast, nextTurn);
    await fastProcess.idle();
    expect(turnOf(table.tracker())).toEqual([1, 2]);
    await slowProcess.idle();
    expect(turnOf(table.tracker())).toEqual([1, 2]);
  });

  test('ended by the other process: the tracker ends on the ended fight, without buttons', async () => {
    await table.run(GM, 'init', 'next');
    const { slow, fast, slowProcess, fastProcess } = slowAndFast(table, other);
    await applyStep(slow, nextTurn);
    await applyStep({ ...fast, label: 'init end' }, endEncounter);
    await fastProcess.idle();
    await slowProcess.idle();
    expect(table.tracker().embeds?.[0]?.description).toMatch(/^Ended /);
    expect(table.tracker().components).toEqual([]);
  });
});

describe('a command of a process that hears every save, once its tracker is edited', () => {
  let db: TestDatabase;
  let counting: CountingPrisma;
  let close: () => Promise<void>;
  let table: Table;

  beforeAll(async () => {
    db = await createTestDatabase();
    counting = createCountingPrisma(db.url, 2);
    const process = await hearingProcessOn(db, 1, counting.prisma);
    close = process.close;
    table = new Table(process.services);
    await table.run(GM, 'init', 'begin', { name: 'Quiet' });
    await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, count: 2, initiative: 12 });
  });

  afterAll(async () => {
    await close();
    await counting.prisma.$disconnect();
    await db.drop();
  });

  test('has cost one statement, its save: nobody changed the encounter since, so the catch-up reads nothing', async () => {
    const messenger = coalesceEdits(table.messenger);
    const before = counting.statements();
    await applyStep(contextOn(table, table.services, messenger), nextTurn);
    await messenger.idle();
    expect(counting.statements() - before).toBe(1);
    expect(turnOf(table.tracker())).toEqual([1, 1]);
  });
});

describe('a save’s notice to other processes', () => {
  let db: TestDatabase;
  let spy: pg.Client;
  const heardBySpy: string[] = [];
  const closing: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    // Hears every notice, unnamed: no process counts it as one of theirs.
    spy = new pg.Client({ connectionString: db.url });
    await spy.connect();
    spy.on('notification', (message) => heardBySpy.push(message.payload ?? ''));
    await spy.query(`LISTEN ${LIVE_CHANNEL}`);
  });

  afterAll(async () => {
    await Promise.all(closing.map((close) => close()));
    await spy.end();
    await db.drop();
  });

  /** Notices the spy has heard by the time a notice sent now would have arrived. */
  async function noticesSoFar(): Promise<number> {
    await spy.query('SELECT 1');
    return heardBySpy.filter((payload) => payload.includes('"changed"')).length;
  }

  test('is sent only while another process listens: one process alone does not pay for it', async () => {
    const ours = await hearingProcessOn(db, 1);
    closing.push(ours.close);
    const table = new Table(ours.services);
    await table.run(GM, 'init', 'begin', { name: 'Alone' });
    await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, count: 2, initiative: 12 });
    const alone = await noticesSoFar();
    await table.run(GM, 'init', 'next');
    expect(await noticesSoFar()).toBe(alone);
    const theirs = await hearingProcessOn(db, 2);
    closing.push(theirs.close);
    await table.run(GM, 'init', 'next');
    expect(await noticesSoFar()).toBe(alone + 1);
  });
});
