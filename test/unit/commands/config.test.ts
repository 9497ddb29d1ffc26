import { command } from '../../../commands/config';
import type { CommandContext, MemberPermissions, OptionValue } from '../../../src/framework/command';
import type { Embed, Reply } from '../../../src/views/reply';
import { COLORS } from '../../../src/views/embeds';
import { UserError } from '../../../src/errors';
import type { SettingsStore } from '../../../src/settings/store';
import type { EncounterService } from '../../../src/combat/service';
import { createMemorySettingsStore } from '../../support/memory-settings';
import { unitContext } from './context';

const MEMBER: MemberPermissions = { manageGuild: false, manageChannels: false };
const CHANNEL_MANAGER: MemberPermissions = { manageGuild: false, manageChannels: true };
const SERVER_MANAGER: MemberPermissions = { manageGuild: true, manageChannels: false };
const ADMIN: MemberPermissions = { manageGuild: true, manageChannels: true };

/** No fight runs in this channel: the one thing /config reads of encounters. */
const NO_FIGHT: Pick<EncounterService, 'get'> = { get: () => Promise.resolve(null) };

/** Alice in 'channel' of 'guild'; /config reads the settings store, and whether a fight runs here, and posts no channel messages. */
function context(
  settings: SettingsStore,
  permissions: MemberPermissions,
  subcommand: string,
  values: Record<string, OptionValue> = {},
): CommandContext {
  const unused = (): never => {
    throw new Error('/config posts no channel messages');
  };
  const ctx = unitContext(
    { settings, encounters: NO_FIGHT as EncounterService },
    { send: unused, sendDirect: unused, edit: unused, pin: unused },
    values,
  );
  return { ...ctx, permissions, options: { ...ctx.options, subcommand } };
}

function config(settings: SettingsStore, permissions: MemberPermissions, subcommand: string, values?: Record<string, OptionValue>) {
  return command.execute(context(settings, permissions, subcommand, values));
}

function embedOf(reply: Reply): Embed {
  expect(reply.embeds).toHaveLength(1);
  return reply.embeds![0]!;
}

/** The message of the UserError a refused command throws; the transports show it to that user alone. */
async function refusal(reply: Promise<Reply>): Promise<string> {
  const error: unknown = await reply.then(
    () => new Error('the command was not refused'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UserError);
  return (error as UserError).message;
}

const here = { guildId: 'guild', channelId: 'channel' };
const RUNNING = 'Encounters already running keep the rule set they began with.';

let settings: SettingsStore;

beforeEach(() => {
  settings = createMemorySettingsStore(() => new Date('2026-03-01T12:00:00Z'));
});

describe('/config ruleset', () => {
  test("a server manager sets the server's rule set, recorded as theirs", async () => {
    const reply = await config(settings, SERVER_MANAGER, 'ruleset', { ruleset: 'dnd2014' });
    expect(reply).toEqual({
      embeds: [
        {
          title: 'Rule set for this server: 5e 2014 (`dnd2014`)',
          description: `The 2014 rules: six-level exhaustion table, half your hit dice back.\n${RUNNING}`,
          color: COLORS.success,
        },
      ],
    });
    expect(await settings.effectiveRuleset(here)).toEqual({
      ruleset: 'dnd2014',
      source: 'server',
      updatedBy: '42',
      updatedAt: new Date('2026-03-01T12:00:00Z'),
    });
  });

  test("a channel manager sets this channel's rule set with scope:channel", async () => {
    const reply = await config(settings, CHANNEL_MANAGER, 'ruleset', { ruleset: 'a5e', scope: 'channel' });
    expect(embedOf(reply)).toEqual({
      title: 'Rule set for this channel: Level Up A5E (`a5e`)',
      description: `Fatigue and strife, massive damage, crits double every number.\n${RUNNING}`,
      color: COLORS.success,
    });
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'a5e', source: 'channel', updatedBy: '42' });
    expect(await settings.effectiveRuleset({ ...here, channelId: 'other' })).toMatchObject({ ruleset: 'dnd2024', source: 'default' });
  });

  test("setting the server's rule set says when this channel keeps its own", async () => {
    await settings.setChannelRuleset({ ...here, ruleset: 'dnd-next', userId: 'gm' });
    const reply = await config(settings, ADMIN, 'ruleset', { ruleset: 'crown-misery', scope: 'server' });
    expect(embedOf(reply).description).toBe(
      [
        '2024 rules with house changes: a critical hit doubles the total.',
        'This channel keeps **D&D Next playtest** (`dnd-next`), which is set for this channel.',
        RUNNING,
      ].join('\n'),
    );
    expect(await settings.effectiveRuleset({ ...here, channelId: 'other' })).toMatchObject({ ruleset: 'crown-misery', source: 'server' });
  });

  test('the server scope needs Manage Server, even for a channel manager; nothing is stored', async () => {
    for (const permissions of [MEMBER, CHANNEL_MANAGER]) {
      expect(await refusal(config(settings, permissions, 'ruleset', { ruleset: 'dnd2014' }))).toBe(
        "Only members with the Manage Server permission can set the server's rule set. Ask a server admin, or set it for this channel with scope:channel (Manage Channels).",
      );
    }
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'dnd2024', source: 'default' });
  });

  test('the channel scope needs Manage Channels, even for a server manager; nothing is stored', async () => {
    for (const permissions of [MEMBER, SERVER_MANAGER]) {
      expect(await refusal(config(settings, permissions, 'ruleset', { ruleset: 'a5e', scope: 'channel' }))).toBe(
        "Only members with the Manage Channels permission can set this channel's rule set.",
      );
    }
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'dnd2024', source: 'default' });
  });

  test('a rule set id Discord did not offer is refused with the ones there are', async () => {
    expect(await refusal(config(settings, ADMIN, 'ruleset', { ruleset: 'dnd3.5' }))).toBe(
      'Unknown rule set "dnd3.5". Choose one of: dnd2024, dnd2014, crown-misery, dnd-next, a5e.',
    );
  });
});

describe('/config show', () => {
  test('anyone sees the default, 2024, and what it does differently', async () => {
    const embed = embedOf(await config(settings, MEMBER, 'show'));
    expect(embed.title).toBe('Rule set here: 5e 2024 (`dnd2024`)');
    expect(embed.color).toBe(COLORS.info);
    expect(embed.footer).toBe('Change it with /config ruleset, whose choices describe each rule set.');
    const lines = embed.description!.split('\n');
    expect(lines.slice(0, 3)).toEqual([
      'The 2024 rules: exhaustion −2 per level, all hit dice back on a long rest. This is the default.',
      '',
      '**Critical hit damage:** damage dice twice, modifiers once',
    ]);
    expect(lines).toContain('**Knocked out:** 1 HP, Unconscious');
  });

  test("says where the rule set in force was set: the server's choice, then the channel's", async () => {
    await settings.setGuildRuleset({ guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm' });
    const server = embedOf(await config(settings, MEMBER, 'show'));
    expect(server.title).toBe('Rule set here: 5e 2014 (`dnd2014`)');
    expect(server.description!.split('\n')[0]).toBe(
      'The 2014 rules: six-level exhaustion table, half your hit dice back. This is set for the server.',
    );
    expect(server.description).toContain('**Knocked out:** 0 HP, stable');

    await settings.setChannelRuleset({ ...here, ruleset: 'a5e', userId: 'gm' });
    const channel = embedOf(await config(settings, MEMBER, 'show'));
    expect(channel.title).toBe('Rule set here: Level Up A5E (`a5e`)');
    expect(channel.description!.split('\n')[0]).toBe(
      'Fatigue and strife, massive damage, crits double every number. This is set for this channel.',
    );
    expect(channel.description).toContain('**Critical hit damage:** everything doubled, modifiers included');
  });
});

describe('/config clear', () => {
  test("removes this channel's own rule set, so the server's applies again", async () => {
    await settings.setGuildRuleset({ guildId: here.guildId, ruleset: 'dnd2014', userId: 'gm' });
    await settings.setChannelRuleset({ ...here, ruleset: 'a5e', userId: 'gm' });
    const reply = await config(settings, CHANNEL_MANAGER, 'clear');
    expect(reply).toEqual({
      embeds: [
        {
          title: 'Rule set for this channel cleared: 5e 2014 (`dnd2014`) applies',
          description: `This channel now plays **5e 2014** (\`dnd2014\`), set for the server.\n${RUNNING}`,
          color: COLORS.success,
        },
      ],
    });
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'dnd2014', source: 'server' });
  });

  test('with no server choice, the default applies after clearing', async () => {
    await settings.setChannelRuleset({ ...here, ruleset: 'crown-misery', userId: 'gm' });
    const embed = embedOf(await config(settings, CHANNEL_MANAGER, 'clear'));
    expect(embed.title).toBe('Rule set for this channel cleared: 5e 2024 (`dnd2024`) applies');
    expect(embed.description).toBe(`This channel now plays **5e 2024** (\`dnd2024\`), the default.\n${RUNNING}`);
  });

  test('a channel without a rule set of its own has nothing to clear', async () => {
    await settings.setGuildRuleset({ guildId: here.guildId, ruleset: 'dnd-next', userId: 'gm' });
    expect(await refusal(config(settings, CHANNEL_MANAGER, 'clear'))).toBe(
      'This channel has no rule set of its own to clear; it plays **D&D Next playtest** (`dnd-next`), set for the server.',
    );
  });

  test('needs Manage Channels, even for a server manager; the override stays', async () => {
    await settings.setChannelRuleset({ ...here, ruleset: 'a5e', userId: 'gm' });
    for (const permissions of [MEMBER, SERVER_MANAGER]) {
      expect(await refusal(config(settings, permissions, 'clear'))).toBe(
        "Only members with the Manage Channels permission can clear this channel's rule set.",
      );
    }
    expect(await settings.effectiveRuleset(here)).toMatchObject({ ruleset: 'a5e', source: 'channel' });
  });

  test('clears only this channel: another channel keeps its own rule set', async () => {
    await settings.setChannelRuleset({ ...here, ruleset: 'a5e', userId: 'gm' });
    await settings.setChannelRuleset({ ...here, channelId: 'other', ruleset: 'dnd-next', userId: 'gm' });
    await config(settings, CHANNEL_MANAGER, 'clear');
    expect(await settings.effectiveRuleset({ ...here, channelId: 'other' })).toMatchObject({ ruleset: 'dnd-next', source: 'channel' });
  });
});

describe('/config gm-channel', () => {
  test('a server manager sets it, anyone may see it, and clearing removes it', async () => {
    const set = embedOf(await config(settings, SERVER_MANAGER, 'gm-channel', { channel: 'gm-screen' }));
    expect(set.title).toBe('Game master channel set');
    expect(set.description?.split('\n')[0]).toBe('Game master copies of secret rolls can go to <#gm-screen>.');
    expect(await settings.gmChannel('guild')).toBe('gm-screen');
    const shown = embedOf(await config(settings, MEMBER, 'gm-channel'));
    expect(shown.title).toBe('Game master channel');
    expect(shown.description?.split('\n')[0]).toBe('Game master copies of secret rolls can go to <#gm-screen>.');
    const cleared = embedOf(await config(settings, ADMIN, 'gm-channel', { clear: true }));
    expect(cleared.title).toBe('Game master channel cleared');
    expect(await settings.gmChannel('guild')).toBeNull();
  });

  test('only Manage Server changes it; channel and clear together are refused', async () => {
    expect(await refusal(config(settings, CHANNEL_MANAGER, 'gm-channel', { channel: 'gm-screen' }))).toBe(
      'Only members with the Manage Server permission can choose where game masters get secret rolls.',
    );
    expect(await refusal(config(settings, MEMBER, 'gm-channel', { clear: true }))).toBe(
      'Only members with the Manage Server permission can choose where game masters get secret rolls.',
    );
    expect(await refusal(config(settings, ADMIN, 'gm-channel', { channel: 'gm-screen', clear: true }))).toBe(
      'Give either `channel` to set the game master channel or `clear:true` to remove it, not both.',
    );
    expect(await settings.gmChannel('guild')).toBeNull();
  });
});

test('/config offers clear as a subcommand without options, after ruleset and show, then gm-channel, rests, live-page and harm', () => {
  const json = command.definition.toJSON() as { options: { name: string; options?: unknown[] }[] };
  expect(json.options.map((o) => o.name)).toEqual(['ruleset', 'show', 'clear', 'gm-channel', 'rests', 'live-page', 'harm']);
  expect(json.options[2]?.options ?? []).toEqual([]);
  expect(command.examples).toContain('/config clear');
});

describe('/config live-page', () => {
  test("shows the server's choice (words by default) to anyone, and only Manage Server changes it", async () => {
    const settings = createMemorySettingsStore();
    expect(embedOf(await config(settings, MEMBER, 'live-page')).description).toMatch(
      /^Monsters' hit points show in words: unhurt, hurt, bloodied/,
    );
    expect(await refusal(config(settings, CHANNEL_MANAGER, 'live-page', { 'monster-hp': 'hidden' }))).toBe(
      "Only members with the Manage Server permission can change the server's live pages.",
    );
    expect(await settings.liveMonsterHp('guild')).toBe('words');
    const set = embedOf(await config(settings, SERVER_MANAGER, 'live-page', { 'monster-hp': 'hidden' }));
    expect(set).toMatchObject({ title: 'Live page settings changed', color: COLORS.success });
    expect(set.description).toMatch(
      /^Monsters' hit points show not at all\. Player characters' show in numbers; hidden monsters never show\./,
    );
    expect(await settings.liveMonsterHp('guild')).toBe('hidden');
    expect(await refusal(config(settings, ADMIN, 'live-page', { 'monster-hp': 'numbers' }))).toBe('`monster-hp` is words or hidden.');
  });
});
