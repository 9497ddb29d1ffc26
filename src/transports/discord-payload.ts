import {
  ButtonStyle,
  ComponentType,
  MessageFlags,
  type APIActionRowComponent,
  type APIButtonComponentWithCustomId,
  type APIEmbed,
  type APIInteractionResponseCallbackData,
  type RESTPostAPIChannelMessageJSONBody,
} from 'discord-api-types/v10';
import type { RawFile } from '@discordjs/rest';
import type { ButtonRow, ButtonStyle as ReplyButtonStyle, Embed, Reply } from '../views/reply';

const BUTTON_STYLES: Readonly<Record<ReplyButtonStyle, APIButtonComponentWithCustomId['style']>> = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
};

function toApiEmbed(embed: Embed): APIEmbed {
  const api: APIEmbed = {};
  if (embed.image !== undefined) api.image = { url: embed.image };
  if (embed.title !== undefined) api.title = embed.title;
  if (embed.description !== undefined) api.description = embed.description;
  if (embed.color !== undefined) api.color = embed.color;
  if (embed.fields !== undefined) api.fields = embed.fields.map((f) => ({ name: f.name, value: f.value, inline: f.inline ?? false }));
  if (embed.footer !== undefined) api.footer = { text: embed.footer };
  return api;
}

function toApiComponents(rows: readonly ButtonRow[]): APIActionRowComponent<APIButtonComponentWithCustomId>[] {
  return rows.map((row) => ({
    type: ComponentType.ActionRow,
    components: row.buttons.map((button) => ({
      type: ComponentType.Button,
      custom_id: button.customId,
      label: button.label,
      style: BUTTON_STYLES[button.style],
      disabled: button.disabled ?? false,
    })),
  }));
}

/** Only the users a reply names in `mentionUsers` are pinged; `@everyone`, roles and user text never are. */
export function allowedMentions(reply: Reply): { parse: []; users: string[] } {
  return { parse: [], users: [...new Set(reply.mentionUsers ?? [])] };
}

/**
 * How a reply reaches Discord:
 * `create` posts a new message (empty content is left out, as Discord rejects it on its own);
 * `replace` overwrites an existing one, so every part is sent, empty or not, and nothing of the old message survives.
 */
export type PayloadMode = 'create' | 'replace';

/** A file as discord.js uploads it with a message. */
export interface PayloadFile {
  attachment: Buffer;
  name: string;
  description?: string;
}

export interface MessagePayload {
  content?: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponentWithCustomId>[];
  allowedMentions: { parse: []; users: string[] };
  /** Present only when the reply carries files: an edit without it keeps the message's attachments. */
  files?: PayloadFile[];
}

/** The options discord.js takes for interaction replies, edits, updates and follow-ups. */
export function toMessagePayload(reply: Reply, mode: PayloadMode): MessagePayload {
  const payload: MessagePayload = {
    embeds: (reply.embeds ?? []).map(toApiEmbed),
    components: toApiComponents(reply.components ?? []),
    allowedMentions: allowedMentions(reply),
  };
  const content = reply.content ?? '';
  if (content !== '' || mode === 'replace') payload.content = content;
  const files = reply.files ?? [];
  if (files.length > 0) {
    payload.files = files.map((file) => ({
      attachment: Buffer.from(file.data),
      name: file.name,
      ...(file.description === undefined ? {} : { description: file.description }),
    }));
  }
  return payload;
}

/** A new interaction message (reply or follow-up): as `toMessagePayload`, plus the ephemeral flag. */
export function toInteractionMessage(reply: Reply): MessagePayload & { flags?: MessageFlags.Ephemeral } {
  const payload = toMessagePayload(reply, 'create');
  return reply.ephemeral ? { ...payload, flags: MessageFlags.Ephemeral } : payload;
}

/**
 * discord.js's options with the raw API's field names, for requests that bypass discord.js's
 * interaction methods; files are described in `attachments` and travel beside the body (`restFiles`).
 */
function toApiBody<T extends MessagePayload>({
  allowedMentions: mentions,
  files,
  ...rest
}: T): Omit<T, 'allowedMentions' | 'files'> & { allowed_mentions: MessagePayload['allowedMentions']; attachments?: APIAttachmentRef[] } {
  const body = { ...rest, allowed_mentions: mentions };
  if (files === undefined) return body;
  return {
    ...body,
    attachments: files.map((file, id) => ({
      id,
      filename: file.name,
      ...(file.description === undefined ? {} : { description: file.description }),
    })),
  };
}

/** How a message body names the file uploaded as `files[id]`. */
interface APIAttachmentRef {
  id: number;
  filename: string;
  description?: string;
}

/** The files of a reply as REST uploads them (multipart, `files[0]`, `files[1]`…), or undefined for none. */
export function restFiles(reply: Reply): RawFile[] | undefined {
  const files = reply.files ?? [];
  return files.length === 0 ? undefined : files.map((file) => ({ name: file.name, data: Buffer.from(file.data) }));
}

/**
 * The raw REST body for posting or editing a message: a channel message, or an interaction's original
 * reply. Neither takes the ephemeral flag, which only a new interaction message can carry.
 */
export function toMessageBody(reply: Reply, mode: PayloadMode): RESTPostAPIChannelMessageJSONBody {
  return toApiBody(toMessagePayload(reply, mode));
}

/** The raw `data` of an interaction response or follow-up: as `toInteractionMessage`, in the API's field names. */
export function toInteractionResponseData(reply: Reply): APIInteractionResponseCallbackData {
  return toApiBody(toInteractionMessage(reply));
}
