import pg from 'pg';
import pino from 'pino';
import type { LiveNotice } from '../../../src/live/feed';
import { listenForLiveNotices, type LiveListener } from '../../../src/db/live-listener';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy';

// A process vouches for what it heard (HeardVersions) only while other processes tell it of their
// saves, which they do while its row in `listeners` is fresh: a row it cannot renew is no listening.

let db: TestDatabase;
let admin: pg.Client;
let listener: LiveListener | undefined;
let proxy: TcpProxy | undefined;

beforeEach(async () => {
  db = await createTestDatabase();
  admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
});

afterEach(async () => {
  jest.useRealTimers();
  proxy?.resume();
  await listener?.close();
  await proxy?.close();
  listener = undefined;
  proxy = undefined;
  await admin.end();
  await db.drop();
});

/** Lets the sockets' callbacks run until `done` (which may ask the database), with the timers held. */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error('waited 5 s in vain');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function count(sql: string): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`);
  return rows[0]?.n ?? Number.NaN;
}

/** The test database's connections but the test's own. */
const others = () => count('pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()');
const waitingOnALock = () => count("pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'");
const registered = () => count('listeners');

/**
 * Holds the `listeners` table from a connection of its own, so that a registration waits until
 * `release`. (Not from the test's connection: inside a transaction, pg_stat_activity does not change.)
 */
async function lockListeners(): Promise<{ pid: number; release: () => Promise<void> }> {
  const locker = new pg.Client({ connectionString: db.url });
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE listeners IN ACCESS EXCLUSIVE MODE');
  const { rows } = await locker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  return {
    pid: rows[0]?.pid ?? 0,
    release: async () => {
      await locker.query('COMMIT');
      await locker.end();
    },
  };
}

/** Ends the listener's connections to the test database, as a server restarting does. */
async function terminateListener(locker: { pid: number }): Promise<void> {
  await admin.query(
    'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND pid NOT IN (pg_backend_pid(), $1)',
    [locker.pid],
  );
}

/** Lets the sockets' callbacks run for `ms`, with the timers held. */
async function meanwhile(ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) await new Promise((resolve) => setImmediate(resolve));
}

test('a renewal of its row that fails counts as a lost connection: not listening until it listens again, then a resync', async () => {
  // Only the timers: the heartbeat and the retry's wait; the sockets' own callbacks run as usual.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'performance'] });
  const up: boolean[] = [];
  const notices: LiveNotice['kind'][] = [];
  listener = await listenForLiveNotices(
    db.url,
    (notice) => notices.push(notice.kind),
    pino({ level: 'silent' }),
    (listening) => up.push(listening),
  );
  expect(up).toEqual([true]);

  // The row cannot be renewed, the connection still up.
  await admin.query('ALTER TABLE listeners RENAME TO listeners_away');
  jest.advanceTimersByTime(60_000);
  await until(() => up.length === 2);
  expect(up).toEqual([true, false]);

  await admin.query('ALTER TABLE listeners_away RENAME TO listeners');
  jest.advanceTimersByTime(500);
  await until(() => up.length === 3 && notices.includes('resync'));
  expect(up).toEqual([true, false, true]);
  expect(notices).toEqual(['resync']);
});

test('a renewal left unanswered, as on a connection the network dropped, counts as lost too', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'performance'] });
  const target = new URL(db.url);
  proxy = await startTcpProxy(target.hostname, Number(target.port));
  const up: boolean[] = [];
  const notices: LiveNotice['kind'][] = [];
  listener = await listenForLiveNotices(
    proxy.url(db.url),
    (notice) => notices.push(notice.kind),
    pino({ level: 'silent' }),
    (listening) => up.push(listening),
  );
  expect(up).toEqual([true]);

  // Nothing gets through any more, and nothing says so: the renewal waits for its answer.
  proxy.pause();
  jest.advanceTimersByTime(60_000);
  await meanwhile(50);
  expect(up).toEqual([true]);
  jest.advanceTimersByTime(30_000);
  await until(() => up.length === 2);
  expect(up).toEqual([true, false]);

  proxy.resume();
  jest.advanceTimersByTime(500);
  await until(() => up.length === 3 && notices.includes('resync'));
  expect(up).toEqual([true, false, true]);
});

test('a first try the server cuts off leaves no connection behind: the listener still comes back, listens once it can, and closes', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'performance'] });
  const up: boolean[] = [];
  const notices: LiveNotice['kind'][] = [];
  const locker = await lockListeners();
  const starting = listenForLiveNotices(
    db.url,
    (notice) => notices.push(notice.kind),
    pino({ level: 'silent' }),
    (listening) => up.push(listening),
  );
  await until(async () => (await waitingOnALock()) === 1);
  await terminateListener(locker);
  await locker.release();
  listener = await starting;
  expect(up).toEqual([]);

  jest.advanceTimersByTime(500);
  await until(() => up.length === 1 && notices.includes('resync'));
  expect(up).toEqual([true]);
  expect(await registered()).toBe(1);

  await listener.close();
  listener = undefined;
  await until(async () => (await others()) === 0);
  expect(await registered()).toBe(0);
});

test('closing while a lost connection is being replaced waits for the new one, then unregisters and ends it', async () => {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'performance'] });
  const up: boolean[] = [];
  listener = await listenForLiveNotices(
    db.url,
    () => undefined,
    pino({ level: 'silent' }),
    (listening) => up.push(listening),
  );
  expect(up).toEqual([true]);

  const locker = await lockListeners();
  await terminateListener(locker);
  await until(() => up.length === 2);
  jest.advanceTimersByTime(500);
  await until(async () => (await waitingOnALock()) === 1);

  const closing = listener.close();
  listener = undefined;
  await locker.release();
  await closing;
  await until(async () => (await others()) === 0);
  expect(await registered()).toBe(0);
  expect(up).toEqual([true, false, false]);
});
