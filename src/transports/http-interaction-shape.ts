import { InteractionType, type APIInteraction } from 'discord-api-types/v10';

/** A verified body as an interaction, or a few words on what is wrong with it (for a 400 answer). */
export type InteractionShape = { interaction: APIInteraction } | { problem: string };

type Fields = Record<string, unknown>;

const SNOWFLAKE = /^\d{1,20}$/;
/** Permissions arrive as a decimal bit field; 40 digits leave room for far more flags than exist. */
const BIT_FIELD = /^\d{1,40}$/;
/** Subcommand group, subcommand, option: Discord nests options no deeper. */
const OPTION_DEPTH = 3;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOptionalString(value: unknown): boolean {
  return value === undefined || value === null || typeof value === 'string';
}

function userProblem(user: unknown, where: string): string | null {
  if (!isFields(user)) return `${where} is not an object`;
  if (typeof user.id !== 'string' || !SNOWFLAKE.test(user.id)) return `${where}.id is not an id`;
  if (typeof user.username !== 'string') return `${where}.username is not a string`;
  if (!isOptionalString(user.global_name)) return `${where}.global_name is not a string`;
  return null;
}

function memberProblem(member: unknown): string | null {
  if (!isFields(member)) return 'member is not an object';
  if (typeof member.permissions !== 'string' || !BIT_FIELD.test(member.permissions)) {
    return 'member.permissions is not a decimal bit field';
  }
  if (!isOptionalString(member.nick)) return 'member.nick is not a string';
  return userProblem(member.user, 'member.user');
}

function optionsProblem(options: unknown, where: string, depth: number): string | null {
  if (options === undefined) return null;
  if (!Array.isArray(options)) return `${where} is not a list`;
  if (depth > OPTION_DEPTH) return `${where} is nested too deep`;
  for (const option of options as unknown[]) {
    if (!isFields(option) || typeof option.name !== 'string' || !Number.isInteger(option.type)) {
      return `${where} has an option without a name and type`;
    }
    const value = option.value;
    if (value !== undefined && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') {
      return `${where}.${option.name} has a value that is not a string, number or boolean`;
    }
    if (option.focused !== undefined && typeof option.focused !== 'boolean') return `${where}.${option.name}.focused is not a boolean`;
    const nested = optionsProblem(option.options, `${where}.${option.name}`, depth + 1);
    if (nested) return nested;
  }
  return null;
}

/** Attached files as `data.resolved.attachments` describes them, which an attachment option points into. */
function attachmentsProblem(resolved: unknown): string | null {
  if (resolved === undefined) return null;
  if (!isFields(resolved)) return 'data.resolved is not an object';
  const attachments = resolved.attachments;
  if (attachments === undefined) return null;
  if (!isFields(attachments)) return 'data.resolved.attachments is not an object';
  for (const [id, file] of Object.entries(attachments)) {
    const where = `data.resolved.attachments.${id}`;
    if (!isFields(file) || typeof file.filename !== 'string' || typeof file.url !== 'string') return `${where} has no filename and url`;
    if (!Number.isInteger(file.size) || (file.size as number) < 0) return `${where}.size is not a whole number`;
    if (file.content_type !== undefined && typeof file.content_type !== 'string') return `${where}.content_type is not a string`;
  }
  return null;
}

function dataProblem(type: InteractionType, data: unknown): string | null {
  if (type === InteractionType.Ping) return null;
  if (!isFields(data)) return 'data is missing';
  if (type === InteractionType.ApplicationCommand || type === InteractionType.ApplicationCommandAutocomplete) {
    if (typeof data.name !== 'string') return 'data.name is not a string';
    if (!Number.isInteger(data.type)) return 'data.type is not a number';
    return optionsProblem(data.options, 'data.options', 1) ?? attachmentsProblem(data.resolved);
  }
  if (type === InteractionType.MessageComponent) {
    if (typeof data.custom_id !== 'string') return 'data.custom_id is not a string';
    if (!Number.isInteger(data.component_type)) return 'data.component_type is not a number';
  }
  return null;
}

/** Who acted and where, as far as Rollcall reads it; a PING carries none of it. */
function senderProblem(value: Fields): string | null {
  if (value.guild_id !== undefined && (typeof value.guild_id !== 'string' || !SNOWFLAKE.test(value.guild_id)))
    return 'guild_id is not an id';
  if (value.channel !== undefined && (!isFields(value.channel) || typeof value.channel.id !== 'string')) return 'channel has no id';
  if (value.member !== undefined) return memberProblem(value.member);
  if (value.user !== undefined) return userProblem(value.user, 'user');
  return 'neither member nor user is given';
}

/**
 * Checks the fields Rollcall reads before anything reads them. Signed bodies come from Discord, so
 * a malformed one is a bug or a change on Discord's side; it gets a 400 rather than a crash.
 */
export function readInteraction(body: Buffer): InteractionShape {
  let value: unknown;
  try {
    value = JSON.parse(body.toString('utf8'));
  } catch {
    return { problem: 'the body is not JSON' };
  }
  if (!isFields(value)) return { problem: 'the body is not a JSON object' };
  if (typeof value.id !== 'string' || !SNOWFLAKE.test(value.id)) return { problem: 'id is not an id' };
  if (!Number.isInteger(value.type)) return { problem: 'type is not a number' };
  if (typeof value.token !== 'string' || value.token === '') return { problem: 'token is missing' };
  // An unknown number is fine here: it falls through every check and is answered as unsupported.
  const type = value.type as InteractionType;
  const problem = dataProblem(type, value.data) ?? (type === InteractionType.Ping ? null : senderProblem(value));
  // The checks above cover every field the answering code reads.
  return problem ? { problem } : { interaction: value as unknown as APIInteraction };
}
