import { HELP_FIELDS } from '../support/help';
import pino from 'pino';
import { registry } from '../../commands';
import { createSeededRandom } from '../../src/dice/seeded';
import { startGateway, type Gateway } from '../../src/transports/gateway';
import type { Services } from '../../src/services';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { FakeDiscord } from './fake-discord';
import { buildServices } from '../../src/app';

// The real commands on a real database, answered through the real discord.js client.
let database: TestDatabase;
let fake: FakeDiscord;
let gateway: Gateway;

const admin = { userId: '500000000000000001', userName: 'Game Master', manageGuild: true, manageChannels: true };
const player = { userId: '500000000000000002', userName: 'Player' };
const NOBODY_PINGED = { parse: [], users: [] };

beforeAll(async () => {
  database = await createTestDatabase();
  const services: Services = buildServices({ prisma: database.prisma, random: createSeededRandom(1), logger: pino({ level: 'silent' }) });
  fake = await FakeDiscord.start({ commands: registry.commands.map((c) => c.definition.toJSON()) });
  gateway = await startGateway({ token: 'rollcall-e2e-token', apiUrl: fake.apiUrl, registry, services, logger: services.logger });
  await fake.ready();
});

afterAll(async () => {
  await gateway?.stop();
  await fake?.close();
  await database?.drop();
});

test('/config ruleset sets the server rule set for a member with Manage Server, in a public reply that pings nobody', async () => {
  const { message } = await fake.sendCommand('config ruleset', { ruleset: 'dnd2014' }, admin);
  expect(message.ephemeral).toBe(false);
  expect(message.allowedMentions).toEqual(NOBODY_PINGED);
  expect(message.embeds[0]?.title).toBe('Rule set for this server: 5e 2014 (`dnd2014`)');
});

test('/config ruleset from a plain member is refused privately, and changes nothing', async () => {
  const { message } = await fake.sendCommand('config ruleset', { ruleset: 'a5e' }, player);
  expect(message.ephemeral).toBe(true);
  expect(message.embeds[0]?.description).toContain('Only members with the Manage Server permission');
  const shown = await fake.sendCommand('config show', {}, player);
  expect(shown.message.embeds[0]?.title).toBe('Rule set here: 5e 2014 (`dnd2014`)');
});

test('/config show reports the rule set in force and where it was set', async () => {
  const { message } = await fake.sendCommand('config show', {}, player);
  expect(message.ephemeral).toBe(false);
  expect(message.allowedMentions).toEqual(NOBODY_PINGED);
  expect(message.embeds[0]?.title).toBe('Rule set here: 5e 2014 (`dnd2014`)');
  expect(message.embeds[0]?.description).toContain('This is set for the server.');
});

test('/help lists every other command with an example', async () => {
  const { message } = await fake.sendCommand('help', {}, player);
  expect(message.ephemeral).toBe(false);
  expect(message.allowedMentions).toEqual(NOBODY_PINGED);
  const fields = message.embeds[0]?.fields ?? [];
  expect(fields.map((f) => f.name)).toEqual(HELP_FIELDS);
  expect(fields.find((f) => f.name === '/config')?.value).toContain('`/config ruleset ruleset:dnd2014`');
});
