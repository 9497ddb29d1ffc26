import type {
  ApplicationCommandOptionBase,
  SlashCommandAttachmentOption,
  SlashCommandBooleanOption,
  SlashCommandChannelOption,
  SlashCommandIntegerOption,
  SlashCommandStringOption,
} from '@discordjs/builders';
import type { ChannelType } from 'discord-api-types/v10';
import type { SaveBonuses } from '../combat/types';
import { ABILITIES, DAMAGE_TYPES, isDamageType, type DamageType } from '../rules/types';
import { shown } from '../views/markdown';
import { UserError, type CommandOptions, type OptionAttachment, type OptionValue } from './command';

// Each command declares its options once, as data: the same declaration builds the definition
// Discord holds and types the reader its handlers use, so an option read under a name the
// declaration lacks (or as the wrong type) does not compile.

export interface Choice {
  name: string;
  value: string;
}

interface Declared {
  description: string;
  required?: boolean;
}

export interface TextOption extends Declared {
  type: 'text';
  maxLength?: number;
  autocomplete?: boolean;
  choices?: readonly Choice[];
}

export interface IntegerOption extends Declared {
  type: 'integer';
  min?: number;
  max?: number;
}

export interface FlagOption extends Declared {
  type: 'flag';
}

export interface AttachmentOption extends Declared {
  type: 'attachment';
}

export interface ChannelOption extends Declared {
  type: 'channel';
  channelTypes: readonly (ChannelType.GuildText | ChannelType.PrivateThread)[];
}

export type OptionDeclaration = TextOption | IntegerOption | FlagOption | AttachmentOption | ChannelOption;

/** A command's (or subcommand's) options by name, in the order Discord shows them. */
export type OptionDeclarations = Readonly<Record<string, OptionDeclaration>>;

/** An option's settings past its kind and description. */
type More<T extends OptionDeclaration> = Omit<T, 'type' | 'description'>;

// The declarations: the description, then what else the option sets (required, limits, choices, …).

export function text<const M extends More<TextOption> = object>(description: string, more?: M): { type: 'text'; description: string } & M {
  return { type: 'text', description, ...(more as M) };
}

export function integer<const M extends More<IntegerOption> = object>(
  description: string,
  more?: M,
): { type: 'integer'; description: string } & M {
  return { type: 'integer', description, ...(more as M) };
}

export function flag<const M extends More<FlagOption> = object>(description: string, more?: M): { type: 'flag'; description: string } & M {
  return { type: 'flag', description, ...(more as M) };
}

export function attachment(description: string): AttachmentOption {
  return { type: 'attachment', description };
}

export function channel(description: string, channelTypes: ChannelOption['channelTypes']): ChannelOption {
  return { type: 'channel', description, channelTypes };
}

/** A `target` option as /init and /hp declare it: required, autocompleted from the encounter. */
export function targetOption(description = "A combatant in this channel's encounter") {
  return text(description, { required: true, autocomplete: true, maxLength: 100 });
}

/** Options the user left out stay out, so the service applies its own defaults. */
export function given<T extends object>(values: { [K in keyof T]: T[K] | null | undefined }): T {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined)) as T;
}

/** The subset of builder calls every option kind shares. */
type Builder = Pick<ApplicationCommandOptionBase, 'setName' | 'setDescription' | 'setRequired'>;

interface OptionHost {
  addStringOption(make: (o: SlashCommandStringOption) => SlashCommandStringOption): unknown;
  addIntegerOption(make: (o: SlashCommandIntegerOption) => SlashCommandIntegerOption): unknown;
  addBooleanOption(make: (o: SlashCommandBooleanOption) => SlashCommandBooleanOption): unknown;
  addAttachmentOption(make: (o: SlashCommandAttachmentOption) => SlashCommandAttachmentOption): unknown;
  addChannelOption(make: (o: SlashCommandChannelOption) => SlashCommandChannelOption): unknown;
}

function named<B extends Builder>(option: B, name: string, declared: OptionDeclaration): B {
  option.setName(name).setDescription(declared.description);
  if (declared.required === true) option.setRequired(true);
  return option;
}

/** Adds the declared options to a command or subcommand builder, in their order. */
export function addOptions(host: OptionHost, declarations: OptionDeclarations): void {
  for (const [name, declared] of Object.entries(declarations)) {
    switch (declared.type) {
      case 'text':
        host.addStringOption((o) => {
          named(o, name, declared);
          if (declared.autocomplete === true) o.setAutocomplete(true);
          if (declared.maxLength !== undefined) o.setMaxLength(declared.maxLength);
          if (declared.choices !== undefined) o.addChoices(...declared.choices);
          return o;
        });
        break;
      case 'integer':
        host.addIntegerOption((o) => {
          named(o, name, declared);
          if (declared.min !== undefined) o.setMinValue(declared.min);
          if (declared.max !== undefined) o.setMaxValue(declared.max);
          return o;
        });
        break;
      case 'flag':
        host.addBooleanOption((o) => named(o, name, declared));
        break;
      case 'attachment':
        host.addAttachmentOption((o) => named(o, name, declared));
        break;
      case 'channel':
        host.addChannelOption((o) => named(o, name, declared).addChannelTypes(...declared.channelTypes));
        break;
    }
  }
}

type NamesOf<D extends OptionDeclarations, T extends OptionDeclaration['type']> = {
  [K in keyof D]: D[K] extends { type: T } ? K : never;
}[keyof D] &
  string;

type Read<D extends OptionDeclarations, K extends keyof D, V> = D[K] extends { required: true } ? V : V | null;

/**
 * The options of one invocation, read by the names and types its declaration gives. Values are
 * read when asked for, so a handler refuses its first mistake in the order it reads them.
 */
export class OptionReader<D extends OptionDeclarations> {
  constructor(
    private readonly declarations: D,
    readonly given: CommandOptions,
  ) {}

  private required(name: string): boolean {
    return this.declarations[name]?.required === true;
  }

  /** Text, trimmed; a blank one counts as left out. */
  text<K extends NamesOf<D, 'text'>>(name: K): Read<D, K, string> {
    return (this.required(name) ? requiredString(this.given, name) : optionalString(this.given, name)) as Read<D, K, string>;
  }

  integer<K extends NamesOf<D, 'integer'>>(name: K): Read<D, K, number> {
    return (this.required(name) ? requiredInteger(this.given, name) : optionalInteger(this.given, name)) as Read<D, K, number>;
  }

  /** True or false; false when left out. */
  flag<K extends NamesOf<D, 'flag'>>(name: K): boolean {
    return optionalBoolean(this.given, name);
  }

  /** True or false as given, or undefined when left out (where leaving it out is not the same as false). */
  givenFlag<K extends NamesOf<D, 'flag'>>(name: K): boolean | undefined {
    return givenBoolean(this.given, name);
  }

  attachment<K extends NamesOf<D, 'attachment'>>(name: K): OptionAttachment | null {
    return optionalAttachment(this.given, name);
  }

  /** The value exactly as the transport handed it over, unchecked. */
  raw<K extends keyof D & string>(name: K): OptionValue | undefined {
    return this.given.values[name];
  }

  /** `resist:fire, cold` and the like: a comma-separated list of damage types, each named once. */
  damageTypes<K extends NamesOf<D, 'text'>>(name: K): DamageType[] {
    return damageTypeList(this.given, name);
  }

  /** `saves:con+3, dex+2`: saving throw bonuses by ability, each ability once. */
  saveBonuses<K extends NamesOf<D, 'text'>>(name: K): SaveBonuses {
    return saveBonusList(this.given, name);
  }
}

// The transports hand over options already typed by the definitions (Discord does, and the console
// checks them the same way), so a value of the wrong type is refused rather than converted.

function optionalString(options: CommandOptions, name: string): string | null {
  const found = options.values[name];
  if (found === undefined) return null;
  if (typeof found !== 'string') throw new UserError(`\`${name}\` takes text.`);
  // Half of a UTF-16 pair cannot be stored (PostgreSQL refuses it) nor shown: no client types one on purpose.
  if (/\p{Cs}/u.test(found)) throw new UserError(`\`${name}\` has a broken character in it: type it again.`);
  const text = found.trim();
  return text === '' ? null : text;
}

function requiredString(options: CommandOptions, name: string): string {
  const found = optionalString(options, name);
  if (found === null) throw new UserError(`Give the \`${name}\` option.`);
  return found;
}

function optionalInteger(options: CommandOptions, name: string): number | null {
  const found = options.values[name];
  if (found === undefined) return null;
  if (typeof found !== 'number' || !Number.isInteger(found)) throw new UserError(`\`${name}\` takes a whole number.`);
  return found;
}

function requiredInteger(options: CommandOptions, name: string): number {
  const found = optionalInteger(options, name);
  if (found === null) throw new UserError(`Give the \`${name}\` option.`);
  return found;
}

function optionalBoolean(options: CommandOptions, name: string): boolean {
  const found = options.values[name];
  if (found === undefined) return false;
  if (typeof found !== 'boolean') throw new UserError(`\`${name}\` takes true or false.`);
  return found;
}

/** A true/false option as given, or undefined when left out (where leaving it out is not the same as false). */
function givenBoolean(options: CommandOptions, name: string): boolean | undefined {
  return options.values[name] === undefined ? undefined : optionalBoolean(options, name);
}

function optionalAttachment(options: CommandOptions, name: string): OptionAttachment | null {
  return options.attachments?.[name] ?? null;
}

/** `typed` as a damage type, or a refusal naming the option it was typed in; `several`: the option takes a list. */
export function requireDamageType(typed: string, option: string, several = false): DamageType {
  const type = typed.trim().toLowerCase();
  if (isDamageType(type)) return type;
  const use = several ? 'Use a comma-separated list of' : 'Use one of';
  throw new UserError(`"${shown(typed.trim())}" in \`${option}\` is not a damage type. ${use}: ${DAMAGE_TYPES.join(', ')}.`);
}

/** `resist:fire, cold` and the like: a comma-separated list of damage types, each named once. */
function damageTypeList(options: CommandOptions, name: string): DamageType[] {
  const text = optionalString(options, name);
  // `none` clears what a stat block would give.
  if (text === null || text.toLowerCase() === 'none') return [];
  const types = new Set<DamageType>();
  for (const part of text.split(/[,;]/)) {
    if (part.trim() === '') continue;
    types.add(requireDamageType(part, name, true));
  }
  return [...types];
}

export const DAMAGE_TYPE_CHOICES = DAMAGE_TYPES.map((type) => ({ name: type, value: type }));

/** `saves:con+3, dex+2`: saving throw bonuses by ability, each ability once. */
function saveBonusList(options: CommandOptions, name: string): SaveBonuses {
  const text = optionalString(options, name);
  const bonuses: SaveBonuses = {};
  if (text === null) return bonuses;
  for (const part of text.split(/[,;]/)) {
    if (part.trim() === '') continue;
    const match = /^\s*([a-z]{3})\s*([+-]\s*\d{1,2})\s*$/i.exec(part);
    const ability = ABILITIES.find((a) => a === match?.[1]?.toLowerCase());
    if (match?.[2] === undefined || ability === undefined) {
      throw new UserError(
        `"${part.trim()}" in \`${name}\` is not a save bonus: write them like \`con+3, dex+2\` (${ABILITIES.join(', ')}).`,
      );
    }
    bonuses[ability] = Number(match[2].replace(/\s/g, ''));
  }
  return bonuses;
}
