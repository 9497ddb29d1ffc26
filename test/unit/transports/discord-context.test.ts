import {
  ApplicationCommandOptionType as T,
  ApplicationCommandType,
  ChannelType,
  ChatInputCommandInteraction,
  Client,
  InteractionType,
  PermissionFlagsBits,
  PermissionsBitField,
  type APIInteraction,
  type Channel,
  type Guild,
} from 'discord.js';
import pino from 'pino';
import type { ChannelMessenger } from '../../../src/framework/command';
import {
  apiInteractionFacts,
  baseContext,
  displayName,
  flattenOptions,
  focusedOption,
  memberPermissions,
  type InteractionFacts,
} from '../../../src/transports/discord-context';
import type { Services } from '../../../src/services';

const bits = (granted: bigint) => new PermissionsBitField(granted);

const facts: InteractionFacts = {
  id: '400000000000000001',
  guildId: '400000000000000002',
  channelId: '400000000000000003',
  channel: null,
  user: { id: '400000000000000004', username: 'mira_k', globalName: 'Mira' },
  member: { nick: 'Mira the Bold' },
  memberPermissions: bits(PermissionFlagsBits.SendMessages | PermissionFlagsBits.ManageChannels),
};

test('subcommand groups and subcommands are walked down to the leaf options', () => {
  const data = [
    {
      name: 'effect',
      type: T.SubcommandGroup,
      options: [
        {
          name: 'add',
          type: T.Subcommand,
          options: [
            { name: 'target', type: T.String, value: 'Goblin 2' },
            { name: 'rounds', type: T.Integer, value: 3 },
            { name: 'save-ends', type: T.Boolean, value: false },
          ],
        },
      ],
    },
  ];
  expect(flattenOptions(data)).toEqual({
    subcommandGroup: 'effect',
    subcommand: 'add',
    values: { target: 'Goblin 2', rounds: 3, 'save-ends': false },
  });
  expect(flattenOptions([{ name: 'show', type: T.Subcommand, options: [] }])).toEqual({
    subcommandGroup: null,
    subcommand: 'show',
    values: {},
  });
  expect(flattenOptions([{ name: 'dice', type: T.String, value: '1d20+5' }])).toEqual({
    subcommandGroup: null,
    subcommand: null,
    values: { dice: '1d20+5' },
  });
});

test('an attachment option comes out as its file, from discord.js or from the payload it resolves', () => {
  const file = {
    name: 'hollis.json',
    url: 'https://cdn.discordapp.com/attachments/1/2/hollis.json',
    size: 2048,
    contentType: 'application/json',
  };
  const gateway = [
    { name: 'import', type: T.Subcommand, options: [{ name: 'file', type: T.Attachment, value: '9', attachment: { ...file, id: '9' } }] },
  ];
  expect(flattenOptions(gateway)).toEqual({ subcommandGroup: null, subcommand: 'import', values: {}, attachments: { file } });
  const http = [{ name: 'import', type: T.Subcommand, options: [{ name: 'file', type: T.Attachment, value: '9' }] }];
  const resolved = { '9': { filename: 'hollis.json', url: file.url, size: 2048, content_type: 'application/json' } };
  expect(flattenOptions(http, resolved)).toEqual({ subcommandGroup: null, subcommand: 'import', values: {}, attachments: { file } });
});

test('the focused option is found at any depth, its partial text as a string', () => {
  const data = [
    {
      name: 'damage',
      type: T.Subcommand,
      options: [
        { name: 'amount', type: T.Integer, value: 4 },
        { name: 'target', type: T.String, value: 'gob', focused: true },
      ],
    },
  ];
  expect(focusedOption(data)).toEqual({ name: 'target', value: 'gob' });
  expect(focusedOption([{ name: 'amount', type: T.Integer, value: 4 }])).toBeNull();
});

test('Manage Server and Manage Channels are read from the member permissions; none outside a server', () => {
  expect(memberPermissions(bits(PermissionFlagsBits.ManageGuild))).toEqual({ manageGuild: true, manageChannels: false });
  expect(memberPermissions(bits(PermissionFlagsBits.ManageChannels))).toEqual({ manageGuild: false, manageChannels: true });
  expect(memberPermissions(bits(PermissionFlagsBits.Administrator))).toEqual({ manageGuild: true, manageChannels: true });
  expect(memberPermissions(null)).toEqual({ manageGuild: false, manageChannels: false });
});

test('the display name is the server nickname, then the global name, then the username', () => {
  expect(displayName(facts)).toBe('Mira the Bold');
  expect(displayName({ ...facts, member: { displayName: 'Cached Mira' } })).toBe('Cached Mira');
  expect(displayName({ ...facts, member: { nick: null } })).toBe('Mira');
  expect(displayName({ user: { ...facts.user, globalName: null }, member: null })).toBe('mira_k');
});

test('a context carries the ids, the user and the permissions; a DM gets none', () => {
  const services = { logger: pino({ level: 'silent' }) } as unknown as Services; // only passed through, never used
  const messenger = {} as ChannelMessenger; // only passed through, never used
  expect(baseContext(facts, services, messenger)).toEqual({
    interactionId: '400000000000000001',
    user: { id: '400000000000000004', name: 'Mira the Bold' },
    guildId: '400000000000000002',
    channelId: '400000000000000003',
    parentChannelId: null,
    permissions: { manageGuild: false, manageChannels: true },
    services,
    messenger,
  });
  expect(baseContext({ ...facts, guildId: null }, services, messenger)).toBeNull();
});

describe('an interaction as discord.js hands it over, through the gateway', () => {
  const services = {} as Services; // only passed through, never used
  const messenger = {} as ChannelMessenger; // only passed through, never used
  const client = new Client({ intents: [] });
  afterAll(() => client.destroy());
  // discord.js builds and caches these from gateway events (GUILD_CREATE, THREAD_CREATE), through
  // managers its typings keep private; the test builds them the same way.
  type Adding<Made> = { _add(data: object, ...more: unknown[]): Made };
  const guild = (client.guilds as unknown as Adding<Guild>)._add({
    id: '400000000000000002',
    name: 'The Table',
    channels: [],
    threads: [],
  });
  const cache = client.channels as unknown as Adding<Channel>;
  cache._add(
    { id: '400000000000000003', type: ChannelType.GuildText, guild_id: guild.id, parent_id: '400000000000000007', name: 'game' },
    guild,
  );
  cache._add(
    { id: '400000000000000006', type: ChannelType.PublicThread, guild_id: guild.id, parent_id: '400000000000000003', name: 'session-4' },
    guild,
  );

  /** A slash command in `channelId`, as discord.js makes it of the payload. */
  const commandIn = (channelId: string, type: ChannelType) => {
    const payload = {
      id: '400000000000000001',
      application_id: '400000000000000010',
      type: InteractionType.ApplicationCommand,
      token: 'token',
      version: 1,
      guild_id: guild.id,
      channel: { id: channelId, type },
      channel_id: channelId,
      member: { user: { id: '400000000000000004', username: 'mira_k', global_name: 'Mira' }, nick: null, permissions: '0', roles: [] },
      data: { id: '400000000000000011', name: 'config', type: ApplicationCommandType.ChatInput, options: [] },
      entitlements: [],
      authorizing_integration_owners: {},
    };
    // Its constructor is protected in the typings: discord.js makes interactions itself.
    const Made = ChatInputCommandInteraction as unknown as new (made: Client, data: typeof payload) => ChatInputCommandInteraction;
    return new Made(client, payload);
  };

  test('in a cached thread, the context carries the channel the thread was opened under', () => {
    expect(baseContext(commandIn('400000000000000006', ChannelType.PublicThread), services, messenger)).toMatchObject({
      channelId: '400000000000000006',
      parentChannelId: '400000000000000003',
    });
  });

  test('in a channel, its category is no parent; a thread discord.js has not cached is taken for a channel', () => {
    expect(baseContext(commandIn('400000000000000003', ChannelType.GuildText), services, messenger)).toMatchObject({
      channelId: '400000000000000003',
      parentChannelId: null,
    });
    expect(baseContext(commandIn('400000000000000012', ChannelType.PrivateThread), services, messenger)).toMatchObject({
      channelId: '400000000000000012',
      parentChannelId: null,
    });
  });
});

describe('an interaction as Discord sends it over HTTP', () => {
  const services = { logger: pino({ level: 'silent' }) } as unknown as Services; // only passed through, never used
  const messenger = {} as ChannelMessenger; // only passed through, never used
  const user = { id: '400000000000000004', username: 'mira_k', global_name: 'Mira', discriminator: '0', avatar: null };
  const inServer = (permissions: bigint, nick: string | null) =>
    ({
      id: '400000000000000001',
      guild_id: '400000000000000002',
      channel: { id: '400000000000000003', type: 0 },
      member: {
        user,
        nick,
        permissions: permissions.toString(),
        roles: [],
        joined_at: '2026-01-01T00:00:00.000Z',
        deaf: false,
        mute: false,
        flags: 0,
      },
    }) as unknown as APIInteraction; // the fields a context reads; the rest of the payload is irrelevant here

  test('gives the same context as a gateway interaction: nickname, channel permissions from the bit string', () => {
    expect(
      baseContext(
        apiInteractionFacts(inServer(PermissionFlagsBits.SendMessages | PermissionFlagsBits.ManageGuild, 'Mira the Bold')),
        services,
        messenger,
      ),
    ).toEqual({
      interactionId: '400000000000000001',
      user: { id: '400000000000000004', name: 'Mira the Bold' },
      guildId: '400000000000000002',
      channelId: '400000000000000003',
      parentChannelId: null,
      permissions: { manageGuild: true, manageChannels: false },
      services,
      messenger,
    });
    expect(baseContext(apiInteractionFacts(inServer(PermissionFlagsBits.Administrator, null)), services, messenger)).toMatchObject({
      user: { name: 'Mira' },
      permissions: { manageGuild: true, manageChannels: true },
    });
  });

  test("a thread's payload carries the channel it was opened under; a channel's category is not one", () => {
    const at = (channel: object) => ({ ...inServer(PermissionFlagsBits.SendMessages, null), channel }) as unknown as APIInteraction; // as above
    for (const type of [ChannelType.PublicThread, ChannelType.PrivateThread, ChannelType.AnnouncementThread]) {
      const inThread = at({ id: '400000000000000006', type, parent_id: '400000000000000003' });
      expect(baseContext(apiInteractionFacts(inThread), services, messenger)).toMatchObject({
        channelId: '400000000000000006',
        parentChannelId: '400000000000000003',
      });
    }
    const inCategory = at({ id: '400000000000000003', type: ChannelType.GuildText, parent_id: '400000000000000007' });
    expect(baseContext(apiInteractionFacts(inCategory), services, messenger)).toMatchObject({
      channelId: '400000000000000003',
      parentChannelId: null,
    });
  });

  test('a DM carries the user outside any member and gets no context', () => {
    const dm = { id: '400000000000000001', channel: { id: '400000000000000005', type: 1 }, user } as unknown as APIInteraction; // as above
    expect(apiInteractionFacts(dm)).toMatchObject({
      guildId: null,
      user: { id: '400000000000000004', username: 'mira_k', globalName: 'Mira' },
      member: null,
      memberPermissions: null,
    });
    expect(baseContext(apiInteractionFacts(dm), services, messenger)).toBeNull();
  });
});
