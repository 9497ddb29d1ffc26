import { ApplicationCommandOptionType, ChannelType, PermissionFlagsBits, type APIInteraction } from 'discord-api-types/v10';
import type { Services } from '../services';
import type {
  ChannelMessenger,
  InvocationContext,
  CommandOptions,
  MemberPermissions,
  OptionAttachment,
  OptionValue,
} from '../framework/command';

/** One option of an invocation as discord.js hands it over (`interaction.options.data`). */
export interface InteractionOption {
  name: string;
  type: ApplicationCommandOptionType;
  value?: string | number | boolean;
  focused?: boolean;
  options?: readonly InteractionOption[];
  /** An attachment option's file, which discord.js resolves from the payload. */
  attachment?: { name: string; url: string; size: number; contentType: string | null };
}

/** Attached files as the raw payload resolves them (`data.resolved.attachments`), by attachment id. */
export type ResolvedAttachments = Readonly<Record<string, { filename: string; url: string; size: number; content_type?: string }>>;

/**
 * The facts about an interaction that a context needs. discord.js interactions satisfy it as they are;
 * naming only these fields keeps the conversion testable without a live client.
 */
export interface InteractionFacts {
  id: string;
  guildId: string | null;
  channelId: string | null;
  /**
   * The channel as discord.js has it cached, null when it has not (a thread outside its cache is then
   * taken for a channel). A thread's `parentId` is the channel it was opened under; any other
   * channel's is its category, which settings do not follow.
   */
  channel: { isThread(): boolean; parentId?: string | null } | null;
  user: { id: string; username: string; globalName: string | null };
  /** A cached GuildMember knows its display name; a raw API member only its nickname. */
  member: { displayName: string } | { nick?: string | null } | null;
  memberPermissions: { has(permission: bigint): boolean } | null;
}

/**
 * A member's permissions as Discord sends them, a decimal bit string. Administrator grants every
 * permission, as in Discord itself and in discord.js's PermissionsBitField, which gateway interactions carry.
 */
function permissionBits(bits: string): NonNullable<InteractionFacts['memberPermissions']> {
  const held = BigInt(bits);
  return {
    has: (permission) =>
      (held & PermissionFlagsBits.Administrator) === PermissionFlagsBits.Administrator || (held & permission) === permission,
  };
}

const THREAD_TYPES: ReadonlySet<ChannelType> = new Set([
  ChannelType.AnnouncementThread,
  ChannelType.PublicThread,
  ChannelType.PrivateThread,
]);

/** The payload's channel as discord.js would cache it: whether it is a thread, and its parent. */
function apiChannel(channel: APIInteraction['channel']): InteractionFacts['channel'] {
  if (channel === undefined) return null;
  const thread = THREAD_TYPES.has(channel.type);
  return { isThread: () => thread, parentId: 'parent_id' in channel ? (channel.parent_id ?? null) : null };
}

/**
 * The same facts from an interaction as Discord sends it over HTTP. In a server the user comes inside
 * `member`, whose permissions (for this channel) arrive as a decimal bit string.
 */
export function apiInteractionFacts(interaction: APIInteraction): InteractionFacts {
  const member = interaction.member ?? null;
  const user = member?.user ?? interaction.user;
  return {
    id: interaction.id,
    guildId: interaction.guild_id ?? null,
    channelId: interaction.channel?.id ?? null,
    channel: apiChannel(interaction.channel),
    user: { id: user?.id ?? '', username: user?.username ?? '', globalName: user?.global_name ?? null },
    member: member ? { nick: member.nick ?? null } : null,
    memberPermissions: member ? permissionBits(member.permissions) : null,
  };
}

/** An attachment option's file: discord.js's resolved one, else the payload's `resolved` entry for its id. */
function attachmentOf(option: InteractionOption, resolved: ResolvedAttachments): OptionAttachment | null {
  if (option.attachment) {
    const { name, url, size, contentType } = option.attachment;
    return { name, url, size, contentType };
  }
  const file = resolved[String(option.value)];
  return file ? { name: file.filename, url: file.url, size: file.size, contentType: file.content_type ?? null } : null;
}

/** Walks subcommand groups and subcommands down to the leaf options, as handlers expect them. */
export function flattenOptions(data: readonly InteractionOption[], resolved: ResolvedAttachments = {}): CommandOptions {
  let subcommandGroup: string | null = null;
  let subcommand: string | null = null;
  const values: Record<string, OptionValue> = {};
  const attachments: Record<string, OptionAttachment> = {};
  const visit = (options: readonly InteractionOption[]): void => {
    for (const option of options) {
      if (option.type === ApplicationCommandOptionType.SubcommandGroup) subcommandGroup = option.name;
      else if (option.type === ApplicationCommandOptionType.Subcommand) subcommand = option.name;
      else if (option.type === ApplicationCommandOptionType.Attachment) {
        const file = attachmentOf(option, resolved);
        if (file) attachments[option.name] = file;
      } else if (option.value !== undefined) values[option.name] = option.value;
      visit(option.options ?? []);
    }
  };
  visit(data);
  return Object.keys(attachments).length > 0
    ? { subcommandGroup, subcommand, values, attachments }
    : { subcommandGroup, subcommand, values };
}

/** The option the user is typing in, for autocomplete; Discord sends its partial text as a string. */
export function focusedOption(data: readonly InteractionOption[]): { name: string; value: string } | null {
  for (const option of data) {
    if (option.focused) return { name: option.name, value: String(option.value ?? '') };
    const nested = focusedOption(option.options ?? []);
    if (nested) return nested;
  }
  return null;
}

export function memberPermissions(permissions: InteractionFacts['memberPermissions']): MemberPermissions {
  return {
    manageGuild: permissions?.has(PermissionFlagsBits.ManageGuild) ?? false,
    manageChannels: permissions?.has(PermissionFlagsBits.ManageChannels) ?? false,
  };
}

/** The name the server shows for the user: server nickname, then global display name, then username. */
export function displayName(facts: Pick<InteractionFacts, 'user' | 'member'>): string {
  const member = facts.member;
  if (member && 'displayName' in member) return member.displayName;
  return member?.nick ?? facts.user.globalName ?? facts.user.username;
}

/** The channel a thread was opened under; null for anything else, and for a thread that names none. */
function parentChannelOf(channel: InteractionFacts['channel']): string | null {
  return channel?.isThread() === true ? (channel.parentId ?? null) : null;
}

/**
 * The transport-neutral part shared by commands, buttons and autocomplete.
 * Null outside a server channel: Rollcall keeps everything per server, so a DM has nothing to act on.
 */
export function baseContext(facts: InteractionFacts, services: Services, messenger: ChannelMessenger): InvocationContext | null {
  if (facts.guildId === null || facts.channelId === null) return null;
  return {
    interactionId: facts.id,
    user: { id: facts.user.id, name: displayName(facts) },
    guildId: facts.guildId,
    channelId: facts.channelId,
    parentChannelId: parentChannelOf(facts.channel),
    permissions: memberPermissions(facts.memberPermissions),
    services,
    messenger,
  };
}
