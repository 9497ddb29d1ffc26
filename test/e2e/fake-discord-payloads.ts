import {
  ApplicationCommandOptionType,
  ChannelType,
  InteractionType,
  PermissionFlagsBits,
  type APIApplicationCommandOption,
  type APIEmbed,
  type APIMessageTopLevelComponent,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { OptionValue } from '../../src/framework/command';

const DISCORD_EPOCH = 1_420_070_400_000n;
let sequence = 0n;

/** A fresh snowflake: Discord ids are 17-20 digits, time in the high bits. */
export function snowflake(): string {
  sequence += 1n;
  return (((BigInt(Date.now()) - DISCORD_EPOCH) << 22n) | (sequence & 0xfffn)).toString();
}

export const MEMBER_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.UseApplicationCommands;

export interface FakeUser {
  id: string;
  username: string;
}

/** Who presses the button or types the command, and where. */
export interface Invoker {
  /** One of the fake's guilds (default the first); the interaction comes through the shard that carries it. */
  guildId?: string;
  userId?: string;
  userName?: string;
  channelId?: string;
  manageGuild?: boolean;
  manageChannels?: boolean;
}

/** A message as the fake holds it: what the bot posted, last edited, and how. */
export interface FakeMessage {
  id: string;
  channelId: string;
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  flags: number;
  ephemeral: boolean;
  /** `allowed_mentions` of the request that last wrote the message. */
  allowedMentions: unknown;
  pinned: boolean;
  deleted: boolean;
  /** Set for interaction replies and follow-ups. */
  interactionId: string | null;
  /** Files uploaded with the message (multipart `files[n]` parts), as Discord keeps them. */
  attachments: FakeAttachment[];
}

/** A file uploaded with a message. */
export interface FakeAttachment {
  id: string;
  filename: string;
  contentType: string | null;
  data: Buffer;
  /** Alt text, from the body's `attachments` entry. */
  description: string | null;
}

export function apiUser(user: FakeUser, bot = false): Record<string, unknown> {
  return { id: user.id, username: user.username, global_name: null, discriminator: '0', avatar: null, public_flags: 0, bot };
}

export function apiMessage(message: FakeMessage, guildId: string, author: FakeUser, applicationId: string): Record<string, unknown> {
  return {
    id: message.id,
    channel_id: message.channelId,
    guild_id: guildId,
    author: apiUser(author, true),
    content: message.content,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: message.attachments.map((file) => ({
      id: file.id,
      filename: file.filename,
      size: file.data.length,
      url: `https://cdn.example/attachments/${message.channelId}/${file.id}/${file.filename}`,
      proxy_url: `https://media.example/attachments/${message.channelId}/${file.id}/${file.filename}`,
      ...(file.contentType === null ? {} : { content_type: file.contentType }),
      ...(file.description === null ? {} : { description: file.description }),
    })),
    embeds: message.embeds,
    components: message.components,
    pinned: message.pinned,
    type: message.interactionId ? 20 : 0,
    flags: message.flags,
    ...(message.interactionId ? { webhook_id: applicationId, application_id: applicationId } : {}),
  };
}

export function apiTextChannel(id: string, guildId: string, name: string): Record<string, unknown> {
  return {
    id,
    type: ChannelType.GuildText,
    guild_id: guildId,
    name,
    position: 0,
    permission_overwrites: [],
    nsfw: false,
    parent_id: null,
    topic: null,
    last_message_id: null,
    rate_limit_per_user: 0,
    flags: 0,
  };
}

export function apiGuild(id: string, channels: Record<string, unknown>[], bot: FakeUser): Record<string, unknown> {
  return {
    id,
    name: 'Rollcall test table',
    icon: null,
    splash: null,
    discovery_splash: null,
    owner_id: snowflake(),
    afk_channel_id: null,
    afk_timeout: 300,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    roles: [
      {
        id,
        name: '@everyone',
        color: 0,
        hoist: false,
        icon: null,
        position: 0,
        permissions: MEMBER_PERMISSIONS.toString(),
        managed: false,
        mentionable: false,
        flags: 0,
      },
    ],
    emojis: [],
    stickers: [],
    features: [],
    mfa_level: 0,
    application_id: null,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    vanity_url_code: null,
    description: null,
    banner: null,
    premium_tier: 0,
    preferred_locale: 'en-US',
    public_updates_channel_id: null,
    nsfw_level: 0,
    premium_progress_bar_enabled: false,
    safety_alerts_channel_id: null,
    joined_at: new Date().toISOString(),
    large: false,
    unavailable: false,
    member_count: 2,
    voice_states: [],
    members: [{ user: apiUser(bot, true), roles: [], joined_at: new Date().toISOString(), deaf: false, mute: false, flags: 0 }],
    channels,
    threads: [],
    presences: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
  };
}

function inferType(value: OptionValue): ApplicationCommandOptionType {
  if (typeof value === 'boolean') return ApplicationCommandOptionType.Boolean;
  if (typeof value === 'number')
    return Number.isInteger(value) ? ApplicationCommandOptionType.Integer : ApplicationCommandOptionType.Number;
  return ApplicationCommandOptionType.String;
}

interface OptionPayload {
  name: string;
  type: ApplicationCommandOptionType;
  value?: OptionValue;
  focused?: boolean;
  options?: OptionPayload[];
}

/**
 * The `data.options` Discord sends for `/name sub... key:value`. With the command's registered
 * definition, option types come from it and an unknown option is a mistake in the test.
 */
export function commandOptions(
  path: readonly string[],
  values: Readonly<Record<string, OptionValue>>,
  focused: string | null,
  definition: RESTPostAPIChatInputApplicationCommandsJSONBody | undefined,
): OptionPayload[] {
  const where = (extra: string) => `/${[definition?.name, ...path].join(' ')} has no ${extra}`;
  // null when the command's definition is unknown: then types are inferred from the values.
  let declaredHere: readonly APIApplicationCommandOption[] | null = definition ? (definition.options ?? []) : null;
  const levels: OptionPayload[] = [];
  for (const [index, name] of path.entries()) {
    const declared = declaredHere?.find((o) => o.name === name);
    if (declaredHere && !declared) throw new Error(where(`subcommand ${name}`));
    const last = index === path.length - 1;
    levels.push({
      name,
      type: declared?.type ?? (last ? ApplicationCommandOptionType.Subcommand : ApplicationCommandOptionType.SubcommandGroup),
    });
    declaredHere = declared ? ('options' in declared && declared.options) || [] : null;
  }
  const leaves = Object.entries(values).map(([name, value]): OptionPayload => {
    const declared = declaredHere?.find((o) => o.name === name);
    if (declaredHere && !declared) throw new Error(where(`option ${name}`));
    // While the user types, Discord sends the partial text as a string.
    if (name === focused) return { name, type: declared?.type ?? ApplicationCommandOptionType.String, value: String(value), focused: true };
    return { name, type: declared?.type ?? inferType(value), value };
  });
  return levels.reduceRight<OptionPayload[]>((inner, level) => [{ ...level, options: inner }], leaves);
}

export interface InteractionPayloadInput {
  type: InteractionType;
  applicationId: string;
  guildId: string;
  channelId: string;
  user: FakeUser;
  permissions: bigint;
  data: Record<string, unknown>;
  message?: Record<string, unknown>;
}

/** An INTERACTION_CREATE payload shaped like Discord's. */
export function interactionPayload(input: InteractionPayloadInput): { id: string; token: string; payload: Record<string, unknown> } {
  const id = snowflake();
  const token = `interaction-token-${id}`;
  const payload: Record<string, unknown> = {
    id,
    application_id: input.applicationId,
    type: input.type,
    token,
    version: 1,
    guild_id: input.guildId,
    guild: { id: input.guildId, locale: 'en-US', features: [] },
    channel_id: input.channelId,
    channel: { ...apiTextChannel(input.channelId, input.guildId, 'general'), permissions: input.permissions.toString() },
    member: {
      user: apiUser(input.user),
      roles: [],
      premium_since: null,
      permissions: input.permissions.toString(),
      pending: false,
      nick: null,
      mute: false,
      deaf: false,
      joined_at: new Date().toISOString(),
      flags: 0,
      avatar: null,
      communication_disabled_until: null,
    },
    app_permissions: (MEMBER_PERMISSIONS | PermissionFlagsBits.ManageMessages).toString(),
    locale: 'en-US',
    guild_locale: 'en-US',
    entitlements: [],
    authorizing_integration_owners: { '0': input.guildId },
    context: 0,
    attachment_size_limit: 10_485_760,
    data: input.data,
    ...(input.message ? { message: input.message } : {}),
  };
  return { id, token, payload };
}
