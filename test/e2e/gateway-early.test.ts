import pino from 'pino';
import { registry } from '../../commands';
import { buildServices } from '../../src/app';
import { createSeededRandom } from '../../src/dice/seeded';
import type { Services } from '../../src/services';
import { startGateway, type Gateway } from '../../src/transports/gateway';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { FakeDiscord } from './fake-discord';

// `npm start` connects to Discord while its database opens: the connection needs no database.

let database: TestDatabase;
let fake: FakeDiscord;
let gateway: Gateway | undefined;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await FakeDiscord.start({ commands: registry.commands.map((c) => c.definition.toJSON()) });
});

afterAll(async () => {
  await gateway?.stop();
  await fake?.close();
  await database?.drop();
});

test('the bot identifies before its database is open, and answers a command that arrived meanwhile once it is', async () => {
  const logger = pino({ level: 'silent' });
  let open: (services: Services) => void = () => undefined;
  const services = new Promise<Services>((resolve) => (open = resolve));
  gateway = await startGateway({ token: 'early-token', apiUrl: fake.apiUrl, registry, services, logger });
  await fake.ready();
  let answered = false;
  const answer = fake.sendCommand('help', {}, { userId: '500000000000000002', userName: 'Player' }).finally(() => (answered = true));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(answered).toBe(false);
  open(buildServices({ prisma: database.prisma, random: createSeededRandom(1), logger }));
  const { message } = await answer;
  expect(message.embeds[0]?.fields?.map((f) => f.name)).toContain('/config');
});
