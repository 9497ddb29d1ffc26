import { createPrismaClient } from '../../../src/db/client';
import { clearChannelRuleset, effectiveRuleset, setChannelRuleset, setGuildRuleset } from '../../../src/db/settings';
import { createTestDatabase, type TestDatabase } from '../../support/database';

let db: TestDatabase;

beforeEach(async () => {
  db = await createTestDatabase();
});

afterEach(async () => {
  await db.drop();
});

const here = { guildId: '100000000000000001', channelId: '200000000000000001' };
const elsewhere = { guildId: here.guildId, channelId: '200000000000000002' };

test('with nothing chosen, every channel plays the default rule set, 2024', async () => {
  expect(await effectiveRuleset(db.prisma, here)).toEqual({ ruleset: 'dnd2024', source: 'default', updatedBy: null, updatedAt: null });
});

test("the server's choice applies in all its channels, and records who made it", async () => {
  await setGuildRuleset(db.prisma, { guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-1' });
  for (const where of [here, elsewhere]) {
    expect(await effectiveRuleset(db.prisma, where)).toMatchObject({ ruleset: 'dnd2014', source: 'server', updatedBy: 'gm-1' });
  }
  expect(await effectiveRuleset(db.prisma, { guildId: '100000000000000009', channelId: here.channelId })).toMatchObject({
    ruleset: 'dnd2024',
    source: 'default',
  });
});

test("a channel's override wins over the server's choice in that channel only", async () => {
  await setGuildRuleset(db.prisma, { guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-1' });
  await setChannelRuleset(db.prisma, { ...here, ruleset: 'a5e', userId: 'gm-2' });
  expect(await effectiveRuleset(db.prisma, here)).toMatchObject({ ruleset: 'a5e', source: 'channel', updatedBy: 'gm-2' });
  expect(await effectiveRuleset(db.prisma, elsewhere)).toMatchObject({ ruleset: 'dnd2014', source: 'server' });
});

test('a channel override also works where the server never chose', async () => {
  await setChannelRuleset(db.prisma, { ...here, ruleset: 'crown-misery', userId: 'gm-2' });
  expect(await effectiveRuleset(db.prisma, here)).toMatchObject({ ruleset: 'crown-misery', source: 'channel' });
  expect(await effectiveRuleset(db.prisma, elsewhere)).toMatchObject({ ruleset: 'dnd2024', source: 'default' });
});

test('setting again replaces the choice and who made it, without a second row', async () => {
  await setGuildRuleset(db.prisma, { guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-1' });
  await setGuildRuleset(db.prisma, { guildId: here.guildId, ruleset: 'dnd-next', userId: 'gm-3' });
  await setChannelRuleset(db.prisma, { ...here, ruleset: 'a5e', userId: 'gm-1' });
  await setChannelRuleset(db.prisma, { ...here, ruleset: 'dnd2024', userId: 'gm-3' });
  expect(await effectiveRuleset(db.prisma, elsewhere)).toMatchObject({ ruleset: 'dnd-next', source: 'server', updatedBy: 'gm-3' });
  expect(await effectiveRuleset(db.prisma, here)).toMatchObject({ ruleset: 'dnd2024', source: 'channel', updatedBy: 'gm-3' });
  expect(await db.prisma.guildSettings.count()).toBe(1);
  expect(await db.prisma.channelSettings.count()).toBe(1);
});

test("clearing a channel's override brings back the server's choice", async () => {
  await setGuildRuleset(db.prisma, { guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-1' });
  await setChannelRuleset(db.prisma, { ...here, ruleset: 'a5e', userId: 'gm-2' });
  expect(await clearChannelRuleset(db.prisma, { channelId: here.channelId })).toBe(true);
  expect(await effectiveRuleset(db.prisma, here)).toMatchObject({ ruleset: 'dnd2014', source: 'server' });
  expect(await clearChannelRuleset(db.prisma, { channelId: here.channelId })).toBe(false);
});

test('a stored rule set this version does not know is passed over, not fatal', async () => {
  await setGuildRuleset(db.prisma, { guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-1' });
  await db.prisma.channelSettings.create({ data: { ...here, ruleset: 'dnd3.5', updatedBy: 'gm-old' } });
  expect(await effectiveRuleset(db.prisma, here)).toMatchObject({ ruleset: 'dnd2014', source: 'server' });
});

test('settings are kept in the database: a second client sees them', async () => {
  await setChannelRuleset(db.prisma, { ...here, ruleset: 'a5e', userId: 'gm-2' });
  const other = createPrismaClient(db.url, 1);
  try {
    expect(await effectiveRuleset(other, here)).toMatchObject({ ruleset: 'a5e', source: 'channel' });
  } finally {
    await other.$disconnect();
  }
});
