import {
  ApplicationCommandOptionType,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOption,
} from 'discord-api-types/v10';
import type { CommandOptions, OptionAttachment, OptionValue } from '../framework/command';
import type { CommandRegistry } from '../framework/registry';

/** One console line, understood: who speaks, where, and what they do. */
export type ConsoleAction =
  | { kind: 'command'; user: string | null; channel: string | null; name: string; options: CommandOptions }
  | { kind: 'click'; user: string | null; channel: string | null; target: string }
  | { kind: 'switch'; channel: string | null };

export type ParsedLine = { ok: true; action: ConsoleAction } | { ok: false; error: string };

/** The files `@path` names in a line: the console reads the disk, tests give a fake. */
export interface LocalFiles {
  /** The file's text, for `json:@bram.json`. */
  text(path: string): { ok: true; text: string } | { ok: false; error: string };
  /** The file as an attachment option describes one, for `file:@bram.json`. */
  attachment(path: string): { ok: true; attachment: OptionAttachment } | { ok: false; error: string };
}

const NO_FILES: LocalFiles = {
  text: () => ({ ok: false, error: 'files cannot be read here' }),
  attachment: () => ({ ok: false, error: 'files cannot be read here' }),
};

/** The option whose value `@path` stands for the text of that file: JSON too long to type. */
const FILE_TEXT_OPTION = 'json';

const NAME = /^[\p{L}\p{N}_.-]{1,32}$/u;
/** `name:` at the start of a word begins an option; Discord's option names are words like this. */
const OPTION_START = /^([\p{L}\p{N}_-]{1,32}):/u;

/** A line that ends inside a JSON value: the console reads the next line as part of it. */
export type Tokenized = { ok: true; tokens: string[] } | { ok: false; error: string; unfinished?: true };

const OPTION_NAME_ONLY = /^[\p{L}\p{N}_-]{1,32}:$/u;

/**
 * Where the JSON value opening at `start` (`{`) closes, reading its strings so that a brace or a
 * quote inside one counts for nothing; -1 when the text ends first.
 */
function endOfJson(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let i = start; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if ((ch === '}' || ch === ']') && --depth === 0) return i;
  }
  return -1;
}

/**
 * Splits on spaces and line breaks. A value may be quoted where it begins (`label:"Sneak attack"`,
 * `"two words"`), and a quote anywhere else is a letter (`label:Bram's`). A value that begins with
 * `{` is JSON, taken as written up to its closing brace, spaces, quotes and line breaks included.
 */
export function tokenize(line: string): Tokenized {
  const tokens: string[] = [];
  let current = '';
  let inToken = false;
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    const valueStarts = !inToken || OPTION_NAME_ONLY.test(current);
    if (quote) {
      if (ch === '\\' && i + 1 < line.length) current += line[++i];
      else if (ch === quote) quote = null;
      else current += ch;
    } else if (valueStarts && ch === '{') {
      const end = endOfJson(line, i);
      if (end < 0) return { ok: false, error: 'a { is not closed: the JSON runs on to its closing }', unfinished: true };
      current += line.slice(i, end + 1);
      inToken = true;
      i = end;
    } else if (valueStarts && (ch === '"' || ch === "'")) {
      quote = ch;
      inToken = true;
    } else if (/\s/.test(ch)) {
      if (inToken) tokens.push(current);
      current = '';
      inToken = false;
    } else {
      current += ch;
      inToken = true;
    }
  }
  if (quote) return { ok: false, error: `a ${quote} quote is not closed` };
  if (inToken) tokens.push(current);
  return { ok: true, tokens };
}

/** Whether `text` stops inside a JSON value, so that the console should read on before running it. */
export function isUnfinished(text: string): boolean {
  const tokenized = tokenize(text);
  return !tokenized.ok && tokenized.unfinished === true;
}

function convert(option: APIApplicationCommandBasicOption, raw: string): { ok: true; value: OptionValue } | { ok: false; error: string } {
  const name = option.name;
  let value: OptionValue;
  switch (option.type) {
    case ApplicationCommandOptionType.Integer:
      if (!/^[-+]?\d+$/.test(raw)) return { ok: false, error: `option ${name} takes a whole number, not "${raw}"` };
      value = Number(raw);
      if (!Number.isSafeInteger(value)) return { ok: false, error: `option ${name} is out of range` };
      if (option.min_value !== undefined && value < option.min_value)
        return { ok: false, error: `option ${name} must be at least ${option.min_value}` };
      if (option.max_value !== undefined && value > option.max_value)
        return { ok: false, error: `option ${name} must be at most ${option.max_value}` };
      break;
    case ApplicationCommandOptionType.Number:
      value = Number(raw);
      if (raw.trim() === '' || !Number.isFinite(value)) return { ok: false, error: `option ${name} takes a number, not "${raw}"` };
      if (option.min_value !== undefined && value < option.min_value)
        return { ok: false, error: `option ${name} must be at least ${option.min_value}` };
      if (option.max_value !== undefined && value > option.max_value)
        return { ok: false, error: `option ${name} must be at most ${option.max_value}` };
      break;
    case ApplicationCommandOptionType.Boolean: {
      const lowered = raw.toLowerCase();
      if (lowered !== 'true' && lowered !== 'false') return { ok: false, error: `option ${name} takes true or false, not "${raw}"` };
      value = lowered === 'true';
      break;
    }
    case ApplicationCommandOptionType.String:
      if (option.min_length !== undefined && raw.length < option.min_length)
        return { ok: false, error: `option ${name} needs at least ${option.min_length} characters` };
      if (option.max_length !== undefined && raw.length > option.max_length)
        return { ok: false, error: `option ${name} takes at most ${option.max_length} characters` };
      value = raw;
      break;
    case ApplicationCommandOptionType.Channel:
      // Console channels are their names, written as in a Discord message: #gm-screen.
      value = raw.replace(/^#/, '');
      if (!/^[\w-]+$/.test(value)) return { ok: false, error: `option ${name} takes a channel, such as #gm-screen, not "${raw}"` };
      break;
    default:
      value = raw;
  }
  if ('choices' in option && option.choices && option.choices.length > 0) {
    const choice = option.choices.find(
      (c) => String(c.value).toLowerCase() === String(value).toLowerCase() || c.name.toLowerCase() === raw.toLowerCase(),
    );
    if (!choice) return { ok: false, error: `option ${name} must be one of: ${option.choices.map((c) => c.value).join(', ')}` };
    value = choice.value;
  }
  return { ok: true, value };
}

function isBranch(option: APIApplicationCommandOption): boolean {
  return option.type === ApplicationCommandOptionType.Subcommand || option.type === ApplicationCommandOptionType.SubcommandGroup;
}

/**
 * Reads `/name [group] [subcommand] option:value …` against the command's own definition, checking
 * what Discord's client would check before sending: known options, types, choices, required ones.
 */
function parseCommand(
  tokens: string[],
  registry: CommandRegistry,
  files: LocalFiles,
): { ok: true; name: string; options: CommandOptions } | { ok: false; error: string } {
  const [head = '', ...rest] = tokens;
  const name = head.slice(1).toLowerCase();
  const command = registry.get(name);
  if (!command) return { ok: false, error: `unknown command /${name}` };
  let level: APIApplicationCommandOption[] = command.definition.toJSON().options ?? [];
  let subcommandGroup: string | null = null;
  let subcommand: string | null = null;
  const path = [`/${name}`];
  while (level.some(isBranch)) {
    const word = rest.shift()?.toLowerCase();
    const branch = level.find((o) => isBranch(o) && o.name === word);
    if (!branch || !('options' in branch)) {
      const names = level.filter(isBranch).map((o) => o.name);
      return { ok: false, error: `${path.join(' ')} needs one of: ${names.join(', ')}` };
    }
    if (branch.type === ApplicationCommandOptionType.SubcommandGroup) subcommandGroup = branch.name;
    else subcommand = branch.name;
    path.push(branch.name);
    level = branch.options ?? [];
  }
  const basic = level as APIApplicationCommandBasicOption[];
  const raws = new Map<string, string>();
  let current: string | null = null;
  for (const token of rest) {
    const named = OPTION_START.exec(token);
    if (!named) {
      if (current === null) return { ok: false, error: `"${token}" is not an option: write name:value` };
      // People type values with spaces unquoted, as /help shows them: the value runs to the next name:.
      const sofar = raws.get(current) ?? '';
      raws.set(current, sofar === '' ? token : `${sofar} ${token}`);
      continue;
    }
    const key = (named[1] ?? '').toLowerCase();
    if (!basic.some((o) => o.name === key)) {
      const known = basic.map((o) => o.name);
      return { ok: false, error: `${path.join(' ')} has no option ${key}${known.length ? ` (options: ${known.join(', ')})` : ''}` };
    }
    if (raws.has(key)) return { ok: false, error: `option ${key} is given twice` };
    raws.set(key, token.slice(named[0].length));
    current = key;
  }
  const values: Record<string, OptionValue> = {};
  const attachments: Record<string, OptionAttachment> = {};
  for (const option of basic) {
    let raw = raws.get(option.name);
    if (raw === undefined) continue;
    if (option.type === ApplicationCommandOptionType.Attachment) {
      if (!raw.startsWith('@')) return { ok: false, error: `option ${option.name} takes a file: write ${option.name}:@path/to/file.json` };
      const file = files.attachment(raw.slice(1));
      if (!file.ok) return { ok: false, error: `option ${option.name}: ${file.error}` };
      attachments[option.name] = file.attachment;
      continue;
    }
    if (option.name === FILE_TEXT_OPTION && raw.startsWith('@')) {
      const read = files.text(raw.slice(1));
      if (!read.ok) return { ok: false, error: `option ${option.name}: ${read.error}` };
      raw = read.text;
    }
    const converted = convert(option, raw);
    if (!converted.ok) return converted;
    values[option.name] = converted.value;
  }
  const missing = basic.filter((o) => o.required && !(o.name in values) && !(o.name in attachments)).map((o) => o.name);
  if (missing.length > 0) return { ok: false, error: `${path.join(' ')} needs ${missing.map((m) => `${m}:`).join(', ')}` };
  const options = { subcommandGroup, subcommand, values };
  return { ok: true, name, options: Object.keys(attachments).length === 0 ? options : { ...options, attachments } };
}

/** `// set up` and `# scripted fight`: a comment. `#tavern` (no space) switches channel. */
const COMMENT = /^(\/\/|#(\s|$))/;

/** Parses one console line. Empty lines and comments give null. */
export function parseConsoleLine(line: string, registry: CommandRegistry, files: LocalFiles = NO_FILES): ParsedLine | null {
  const trimmed = line.trim();
  if (trimmed === '' || COMMENT.test(trimmed)) return null;
  const tokenized = tokenize(trimmed);
  if (!tokenized.ok) return { ok: false, error: tokenized.error };
  const tokens = tokenized.tokens;
  let user: string | null = null;
  let channel: string | null = null;
  while (tokens.length > 0 && /^[@#]/.test(tokens[0] as string)) {
    const token = tokens.shift() as string;
    const value = token.slice(1);
    if (!NAME.test(value)) return { ok: false, error: `"${token}" is not a valid ${token[0] === '@' ? 'user' : 'channel'} name` };
    if (token[0] === '@') user = value.toLowerCase();
    else channel = value.toLowerCase();
  }
  if (tokens.length === 0) return { ok: true, action: { kind: 'switch', channel } };
  const first = tokens[0] as string;
  if (first.toLowerCase().startsWith('click:')) {
    const target = [first.slice('click:'.length), ...tokens.slice(1)].join(' ').trim();
    if (!target) return { ok: false, error: 'click: needs a button label or custom id' };
    return { ok: true, action: { kind: 'click', user, channel, target } };
  }
  if (!first.startsWith('/')) return { ok: false, error: 'a line is a slash command like /roll dice:1d20, or click:<button>' };
  const parsed = parseCommand(tokens, registry, files);
  if (!parsed.ok) return parsed;
  return { ok: true, action: { kind: 'command', user, channel, name: parsed.name, options: parsed.options } };
}
