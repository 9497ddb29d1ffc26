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

/** Lets the sockets' callbacks run until `done`, with the timers held. */
async function until(done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('waited 5 s in vain');
    await new Promise((resolve) => setImmediate(resolve));
  }
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
