import {
  ApplicationCommandOptionType,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOption,
} from 'discord-api-types/v10';
import type { CommandOptions, OptionValue } from '../framework/command';
import type { CommandRegistry } from '../framework/registry';

/** One console line, understood: who speaks, where, and what they do. */
export type ConsoleAction =
  | { kind: 'command'; user: string | null; channel: string | null; name: string; options: CommandOptions }
  | { kind: 'click'; user: string | null; channel: string | null; target: string }
  | { kind: 'switch'; channel: string | null };

export type ParsedLine = { ok: true; action: ConsoleAction } | { ok: false; error: string };

const NAME = /^[\p{L}\p{N}_.-]{1,32}$/u;
/** `name:` at the start of a word begins an option; Discord's option names are words like this. */
const OPTION_START = /^([\p{L}\p{N}_-]{1,32}):/u;

/** Splits on spaces, keeping quoted runs (`label:"Sneak attack"`, `"two words"`) whole. */
export function tokenize(line: string): { ok: true; tokens: string[] } | { ok: false; error: string } {
  const tokens: string[] = [];
  let current = '';
  let inToken = false;
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quote) {
      if (ch === '\\' && i + 1 < line.length) current += line[++i];
      else if (ch === quote) quote = null;
      else current += ch;
    } else if (ch === '"' || ch === "'") {
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
    case ApplicationCommandOptionType.Attachment:
      return { ok: false, error: `option ${name} takes a file, which the console cannot attach (paste JSON with json: instead)` };
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
  for (const option of basic) {
    const raw = raws.get(option.name);
    if (raw === undefined) continue;
    const converted = convert(option, raw);
    if (!converted.ok) return converted;
    values[option.name] = converted.value;
  }
  const missing = basic.filter((o) => o.required && !(o.name in values)).map((o) => o.name);
  if (missing.length > 0) return { ok: false, error: `${path.join(' ')} needs ${missing.map((m) => `${m}:`).join(', ')}` };
  return { ok: true, name, options: { subcommandGroup, subcommand, values } };
}

/** Parses one console line. Empty lines and `//` comments give null. */
export function parseConsoleLine(line: string, registry: CommandRegistry): ParsedLine | null {
  const trimmed = line.trim();
  if (trimmed === '' || trimmed.startsWith('//')) return null;
  const tokenized = tokenize(trimmed);
  if (!tokenized.ok) return tokenized;
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
  const parsed = parseCommand(tokens, registry);
  if (!parsed.ok) return parsed;
  return { ok: true, action: { kind: 'command', user, channel, name: parsed.name, options: parsed.options } };
}
