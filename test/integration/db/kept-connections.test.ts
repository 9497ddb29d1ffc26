import { createTestDatabase, type TestDatabase } from '../../support/database';

// A table's commands come seconds to minutes apart. Were the pool to close a connection after a
// quiet spell, the next command would wait for a new connection, a new server process and its
// statements prepared again: some 8 ms here, against well under one.

let db: TestDatabase;

beforeEach(async () => {
  db = await createTestDatabase();
});

afterEach(async () => {
  jest.useRealTimers();
  await db.drop();
});

async function serverProcess(): Promise<number> {
  const [row] = await db.prisma.$queryRawUnsafe<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');
  if (row === undefined) throw new Error('no server process answered');
  return row.pid;
}

test("after an hour's quiet, the next command runs on the connection the last one used", async () => {
  // Only the timers the pool would close a connection with; the sockets' own callbacks run as usual.
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask', 'Date', 'performance'] });
  const before = await serverProcess();
  jest.advanceTimersByTime(60 * 60 * 1000);
  // Whatever a closing connection would do on the socket, let it happen before asking again.
  await new Promise((resolve) => setImmediate(resolve));
  expect(await serverProcess()).toBe(before);
});
