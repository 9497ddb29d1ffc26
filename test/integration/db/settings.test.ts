import { createPrismaClient } from '../../../src/db/client';
import { createSettingsStore } from '../../../src/db/settings';
import type { SettingsStore } from '../../../src/settings/store';
import { databasePerFile, type TestDatabase } from '../../support/database';
import { createMemorySettingsStore } from '../../support/memory-settings';

const database = databasePerFile();

const here = { guildId: '100000000000000001', channelId: '200000000000000001' };
const elsewhere = { guildId: here.guildId, channelId: '200000000000000002' };

// The handlers' unit tests use the memory store: it must behave as the PostgreSQL one does.
describe.each<[string, () => Promise<SettingsStore>]>([
  ['PostgreSQL', async () => createSettingsStore((await database()).prisma)],
  ['memory (for unit tests)', () => Promise.resolve(createMemorySettingsStore())],
])('the %s settings store', (_kind, open) => {
  let settings: SettingsStore;

  beforeEach(async () => {
    settings = await open();
  });

  test("a server's rest rules are the standard ones until set, then what was set, for that server only", async () => {
    expect(await settings.restRules(here.guildId)).toEqual({ nextRests: 'standard', a5eSupply: false });
    await settings.setRestRules({ guildId: here.guildId, rules: { nextRests: 'experimental-1', a5eSupply: true }, userId: 'gm-1' });
    await settings.setRestRules({ guildId: here.guildId, rules: { nextRests: 'slower-all', a5eSupply: true }, userId: 'gm-2' });
    expect(await settings.restRules(here.guildId)).toEqual({ nextRests: 'slower-all', a5eSupply: true });
    expect(await settings.restRules('100000000000000009')).toEqual({ nextRests: 'standard', a5eSupply: false });
  });

  test("a server's live pages show monsters' HP in words until set, then as set, for that server only", async () => {
    expect(await settings.liveMonsterHp(here.guildId)).toBe('words');
    await settings.setLiveMonsterHp({ guildId: here.guildId, monsterHp: 'hidden', userId: 'gm-1' });
    expect(await settings.liveMonsterHp(here.guildId)).toBe('hidden');
    await settings.setLiveMonsterHp({ guildId: here.guildId, monsterHp: 'words', userId: 'gm-2' });
    expect(await settings.liveMonsterHp(here.guildId)).toBe('words');
    await settings.setLiveMonsterHp({ guildId: here.guildId, monsterHp: 'hidden', userId: 'gm-2' });
    expect(await settings.liveMonsterHp('100000000000000009')).toBe('words');
  });

  test('with nothing chosen, every channel plays the default rule set, 2024', async () => {
    expect(await settings.effectiveRuleset(here)).toEqual({ ruleset: 'dnd2024', source: 'default', updatedBy: null, updatedAt: null });
  });

  test("the server's choice applies in all its channels, and records who made it", async () => {
    await settings.setGuildRuleset({ guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-1' });
    for (const where of [here, elsewhere]) {
      expect(await settings.effectiveRuleset(where)).toMatchObject({ ruleset: 'dnd2014', source: 'server', updatedBy: 'gm-1' });
    }
    expect(await settings.effectiveRuleset({ guildId: '100000000000000009', channelId: here.channelId })).toMatchObject({
      ruleset: 'dnd2024',
      source: 'default',
    });
  });

  test("a channel's override wins over the server's choice in that channel only", async () => {
    await settings.setGuildRuleset({ guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-1' });
    await settings.setChannelRuleset({ ...here, ruleset: 'a5e', userId: 'gm-2' });
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'a5e', source: 'channel', updatedBy: 'gm-2' });
    expect(await settings.effectiveRuleset(elsewhere)).toMatchObject({ ruleset: 'dnd2014', source: 'server' });
  });

  test('a channel override also works where the server never chose', async () => {
    await settings.setChannelRuleset({ ...here, ruleset: 'crown-misery', userId: 'gm-2' });
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'crown-misery', source: 'channel' });
    expect(await settings.effectiveRuleset(elsewhere)).toMatchObject({ ruleset: 'dnd2024', source: 'default' });
  });

  test('setting again replaces the choice and who made it', async () => {
    await settings.setGuildRuleset({ guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-1' });
    await settings.setGuildRuleset({ guildId: here.guildId, ruleset: 'dnd-next', userId: 'gm-3' });
    await settings.setChannelRuleset({ ...here, ruleset: 'a5e', userId: 'gm-1' });
    await settings.setChannelRuleset({ ...here, ruleset: 'dnd2024', userId: 'gm-3' });
    expect(await settings.effectiveRuleset(elsewhere)).toMatchObject({ ruleset: 'dnd-next', source: 'server', updatedBy: 'gm-3' });
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'dnd2024', source: 'channel', updatedBy: 'gm-3' });
  });

  test("clearing a channel's override brings back the server's choice there, and only there", async () => {
    await settings.setGuildRuleset({ guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-1' });
    await settings.setChannelRuleset({ ...here, ruleset: 'a5e', userId: 'gm-2' });
    await settings.setChannelRuleset({ ...elsewhere, ruleset: 'dnd-next', userId: 'gm-2' });
    expect(await settings.clearChannelRuleset(here)).toBe(true);
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'dnd2014', source: 'server' });
    expect(await settings.effectiveRuleset(elsewhere)).toMatchObject({ ruleset: 'dnd-next', source: 'channel' });
    expect(await settings.clearChannelRuleset(here)).toBe(false);
  });

  test("a server's game master channel is set and cleared without touching its rule set", async () => {
    expect(await settings.gmChannel(here.guildId)).toBeNull();
    await settings.setGmChannel({ guildId: here.guildId, channelId: elsewhere.channelId, userId: 'gm-1' });
    expect(await settings.gmChannel(here.guildId)).toBe(elsewhere.channelId);
    expect(await settings.gmChannel('100000000000000009')).toBeNull();
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'dnd2024', source: 'default' });
    await settings.setGuildRuleset({ guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-2' });
    await settings.setGmChannel({ guildId: here.guildId, channelId: null, userId: 'gm-1' });
    expect(await settings.gmChannel(here.guildId)).toBeNull();
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'dnd2014', source: 'server', updatedBy: 'gm-2' });
  });

  test('a channel id seen under another server neither overrides nor is cleared there', async () => {
    await settings.setChannelRuleset({ ...here, ruleset: 'a5e', userId: 'gm-2' });
    const otherServer = { guildId: '100000000000000009', channelId: here.channelId };
    expect(await settings.effectiveRuleset(otherServer)).toMatchObject({ ruleset: 'dnd2024', source: 'default' });
    expect(await settings.clearChannelRuleset(otherServer)).toBe(false);
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'a5e', source: 'channel' });
  });

  test("a thread follows its own override, else its parent channel's, else the server's", async () => {
    const thread = { guildId: here.guildId, channelId: '200000000000000003', parentChannelId: here.channelId };
    await settings.setGuildRuleset({ guildId: here.guildId, ruleset: 'dnd-next', userId: 'gm-1' });
    expect(await settings.effectiveRuleset(thread)).toMatchObject({ ruleset: 'dnd-next', source: 'server' });
    await settings.setChannelRuleset({ ...here, ruleset: 'dnd2014', userId: 'gm-2' });
    expect(await settings.effectiveRuleset(thread)).toMatchObject({ ruleset: 'dnd2014', source: 'parent', updatedBy: 'gm-2' });
    await settings.setChannelRuleset({ ...thread, ruleset: 'a5e', userId: 'gm-3' });
    expect(await settings.effectiveRuleset(thread)).toMatchObject({ ruleset: 'a5e', source: 'channel', updatedBy: 'gm-3' });
    // The thread's own choice is its own: the channel keeps its rule set, and clearing it brings the channel's back.
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'dnd2014', source: 'channel' });
    expect(await settings.clearChannelRuleset(thread)).toBe(true);
    expect(await settings.effectiveRuleset(thread)).toMatchObject({ ruleset: 'dnd2014', source: 'parent' });
  });

  test('a parent channel id seen under another server does not decide a thread there', async () => {
    await settings.setChannelRuleset({ ...here, ruleset: 'a5e', userId: 'gm-2' });
    const thread = { guildId: '100000000000000009', channelId: '200000000000000003', parentChannelId: here.channelId };
    expect(await settings.effectiveRuleset(thread)).toMatchObject({ ruleset: 'dnd2024', source: 'default' });
  });
});

describe('the PostgreSQL settings store', () => {
  let prisma: TestDatabase['prisma'];
  let settings: SettingsStore;

  beforeEach(async () => {
    prisma = (await database()).prisma;
    settings = createSettingsStore(prisma);
  });

  test('setting again keeps one row per server and per channel', async () => {
    await settings.setGuildRuleset({ guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-1' });
    await settings.setGuildRuleset({ guildId: here.guildId, ruleset: 'dnd-next', userId: 'gm-3' });
    await settings.setChannelRuleset({ ...here, ruleset: 'a5e', userId: 'gm-1' });
    await settings.setChannelRuleset({ ...here, ruleset: 'dnd2024', userId: 'gm-3' });
    expect(await prisma.guildSettings.count()).toBe(1);
    expect(await prisma.channelSettings.count()).toBe(1);
  });

  test('a stored rule set this version does not know is passed over, not fatal', async () => {
    await settings.setGuildRuleset({ guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm-1' });
    await prisma.channelSettings.create({ data: { ...here, ruleset: 'dnd3.5', updatedBy: 'gm-old' } });
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'dnd2014', source: 'server' });
    const thread = { guildId: here.guildId, channelId: '200000000000000003', parentChannelId: here.channelId };
    expect(await settings.effectiveRuleset(thread)).toMatchObject({ ruleset: 'dnd2014', source: 'server' });
  });

  test('a stored Next rest rule this version does not know reads as the standard rules', async () => {
    await prisma.restSettings.create({
      data: { guildId: here.guildId, nextRests: 'experimental-9', a5eSupply: true, updatedBy: 'gm-old' },
    });
    expect(await settings.restRules(here.guildId)).toEqual({ nextRests: 'standard', a5eSupply: true });
  });

  test('settings are kept in the database: a second client sees them', async () => {
    await settings.setChannelRuleset({ ...here, ruleset: 'a5e', userId: 'gm-2' });
    const other = createPrismaClient((await database()).url, 1);
    try {
      expect(await createSettingsStore(other).effectiveRuleset(here)).toMatchObject({ ruleset: 'a5e', source: 'channel' });
    } finally {
      await other.$disconnect();
    }
  });
});
