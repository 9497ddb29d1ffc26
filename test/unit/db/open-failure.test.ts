import pino from 'pino';
import { openDatabase } from '../../../src/db/open';

// The embedded database runs on a thread of its own, which keeps the process alive: a start-up that
// fails after starting it must stop it, or the bot prints its error and never exits.
const close = jest.fn(() => Promise.resolve());

jest.mock('../../../src/db/embedded', () => ({
  ...jest.requireActual<object>('../../../src/db/embedded'),
  startEmbeddedDatabase: () =>
    Promise.resolve({ url: 'postgresql://embedded.invalid/rollcall', migrated: true, saveMigrated: () => Promise.resolve(), close }),
}));

jest.mock('../../../src/db/client', () => {
  throw new Error('the Prisma client could not be loaded');
});

test('a Prisma client that fails to load stops the embedded database already started, and start-up fails with its error', async () => {
  await expect(openDatabase({ logger: pino({ level: 'silent' }), databaseUrl: null, dataDir: 'unused', memory: true })).rejects.toThrow(
    'the Prisma client could not be loaded',
  );
  expect(close).toHaveBeenCalledTimes(1);
});
