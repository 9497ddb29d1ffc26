import type { Embed, Reply } from '../views/reply';
import type { SavedFile } from './console-files';
import type { ChangedMessage, ConsoleResult, DirectMessage } from './console-session';
import { terminalStyled } from './console-styles';

const USER_MENTION = /<@!?console-([^>]+)>/g;
/** Console channel ids are their names: `<#gm-screen>` reads as #gm-screen. */
const CHANNEL_MENTION = /<#([^>]+)>/g;

function readableMentions(text: string): string {
  return text.replace(USER_MENTION, '@$1').replace(CHANNEL_MENTION, '#$1');
}

function embedJson(embed: Embed) {
  return {
    title: embed.title ?? null,
    description: embed.description ?? null,
    fields: (embed.fields ?? []).map((f) => ({ name: f.name, value: f.value })),
    footer: embed.footer ?? null,
    image: embed.image ?? null,
  };
}

function componentsJson(reply: Reply) {
  return (reply.components ?? []).map((row) => ({
    buttons: row.buttons.map((b) => ({ customId: b.customId, label: b.label, style: b.style, disabled: b.disabled ?? false })),
  }));
}

function fileJson(file: SavedFile) {
  return { name: file.name, bytes: file.bytes, ...(file.saved.ok ? { path: file.saved.path } : { error: file.saved.error }) };
}

/** The files a reply carried, as sent: saved (the console's replies) or only described (channel messages). */
function filesOf(reply: Reply, saved?: readonly SavedFile[]) {
  return saved?.map(fileJson) ?? (reply.files ?? []).map((file) => ({ name: file.name, bytes: file.data.byteLength }));
}

function replyJson(reply: Reply, saved?: readonly SavedFile[]) {
  return {
    ephemeral: reply.ephemeral ?? false,
    content: reply.content ?? null,
    embeds: (reply.embeds ?? []).map(embedJson),
    components: componentsJson(reply),
    files: filesOf(reply, saved),
  };
}

/** One line of JSON per console line, in the documented shape; `kind` tells it from a channel message. */
export function renderJson(result: ConsoleResult): string {
  if (result.kind === 'error') return JSON.stringify({ kind: 'error', input: result.input, error: result.error });
  return JSON.stringify({
    kind: 'reply',
    input: result.input,
    user: result.user.name,
    channel: result.channel,
    ...replyJson(result.reply, result.files),
  });
}

/** One line of JSON for a channel message (the tracker) that the console line `input` posted or edited. */
export function renderMessageJson(input: string, message: ChangedMessage): string {
  return JSON.stringify({
    kind: message.change,
    input,
    messageId: message.id,
    channel: message.channelId,
    pinned: message.pinned,
    ...replyJson(message.reply),
  });
}

/** One line of JSON for a direct message the bot sent while answering the console line `input`. */
export function renderDirectJson(input: string, message: DirectMessage): string {
  return JSON.stringify({ kind: 'dm', input, messageId: message.id, user: message.user, ...replyJson(message.reply) });
}

function embedText(embed: Embed): string[] {
  const lines: string[] = [];
  if (embed.title) lines.push(`== ${embed.title} ==`);
  if (embed.description) lines.push(embed.description);
  for (const field of embed.fields ?? []) lines.push(`${field.name}:${field.value.includes('\n') ? '\n' : ' '}${field.value}`);
  if (embed.footer) lines.push(`-- ${embed.footer}`);
  return lines;
}

function fileLine(file: SavedFile | { name: string; bytes: number }): string {
  const described = `attachment ${file.name} ${file.bytes} bytes`;
  if (!('saved' in file)) return described;
  return file.saved.ok ? `${described}, saved as ${file.saved.path}` : `${described}, not saved: ${file.saved.error}`;
}

export interface TextOptions {
  /** A line above the reply: which message it is. */
  heading?: string;
  /** Where the console saved the reply's files. */
  files?: readonly SavedFile[];
  /** Bold, strike-through and code as a terminal shows them, instead of Discord's Markdown. */
  styled?: boolean;
}

/** A reply as a person reads it in a terminal. */
export function renderReplyText(reply: Reply, { heading, files, styled = false }: TextOptions = {}): string {
  const lines: string[] = [];
  if (heading) lines.push(heading);
  if (reply.ephemeral) lines.push('(only you can see this)');
  if (reply.content) lines.push(reply.content);
  for (const embed of reply.embeds ?? []) lines.push(...embedText(embed));
  const buttons = (reply.components ?? []).flatMap((row) => row.buttons).filter((b) => !b.disabled);
  // A terminal shows no picture: the file's name, size and where it was saved say it was sent.
  for (const file of files ?? filesOf(reply)) lines.push(fileLine(file));
  if (buttons.length > 0) lines.push(`Buttons: ${buttons.map((b) => `[${b.label}]`).join(' ')}  (press one with click:<label>)`);
  const text = readableMentions(lines.join('\n'));
  return styled ? terminalStyled(text) : text;
}

export function renderText(result: ConsoleResult, styled = false): string {
  if (result.kind === 'error') return `Error: ${result.error}`;
  return renderReplyText(result.reply, { files: result.files, styled });
}
