import type { SlashCommandStringOption } from '@discordjs/builders';
import type { SaveBonuses } from '../combat/types';
import { ABILITIES, DAMAGE_TYPES, type DamageType } from '../rules/types';
import { UserError, type CommandOptions, type OptionAttachment } from './command';

/** A `target` option as /init and /hp declare it: required, autocompleted from the encounter. */
export function targetOption(
  option: SlashCommandStringOption,
  description = "A combatant in this channel's encounter",
): SlashCommandStringOption {
  return option.setName('target').setDescription(description).setRequired(true).setAutocomplete(true).setMaxLength(100);
}

// The transports hand over options already typed by the definitions (Discord does, and the console
// checks them the same way), so a value of the wrong type is refused rather than converted.

export function optionalString(options: CommandOptions, name: string): string | null {
  const found = options.values[name];
  if (found === undefined) return null;
  if (typeof found !== 'string') throw new UserError(`\`${name}\` takes text.`);
  // Half of a UTF-16 pair cannot be stored (PostgreSQL refuses it) nor shown: no client types one on purpose.
  if (/\p{Cs}/u.test(found)) throw new UserError(`\`${name}\` has a broken character in it: type it again.`);
  const text = found.trim();
  return text === '' ? null : text;
}

export function requiredString(options: CommandOptions, name: string): string {
  const found = optionalString(options, name);
  if (found === null) throw new UserError(`Give the \`${name}\` option.`);
  return found;
}

export function optionalInteger(options: CommandOptions, name: string): number | null {
  const found = options.values[name];
  if (found === undefined) return null;
  if (typeof found !== 'number' || !Number.isInteger(found)) throw new UserError(`\`${name}\` takes a whole number.`);
  return found;
}

export function requiredInteger(options: CommandOptions, name: string): number {
  const found = optionalInteger(options, name);
  if (found === null) throw new UserError(`Give the \`${name}\` option.`);
  return found;
}

export function optionalBoolean(options: CommandOptions, name: string): boolean {
  const found = options.values[name];
  if (found === undefined) return false;
  if (typeof found !== 'boolean') throw new UserError(`\`${name}\` takes true or false.`);
  return found;
}

/** A true/false option as given, or undefined when left out (where leaving it out is not the same as false). */
export function givenBoolean(options: CommandOptions, name: string): boolean | undefined {
  return options.values[name] === undefined ? undefined : optionalBoolean(options, name);
}

export function optionalAttachment(options: CommandOptions, name: string): OptionAttachment | null {
  return options.attachments?.[name] ?? null;
}

export function isDamageType(text: string): text is DamageType {
  return (DAMAGE_TYPES as readonly string[]).includes(text);
}

/** `resist:fire, cold` and the like: a comma-separated list of damage types, each named once. */
export function damageTypeList(options: CommandOptions, name: string): DamageType[] {
  const text = optionalString(options, name);
  if (text === null) return [];
  const types = new Set<DamageType>();
  for (const part of text.split(/[,;]/)) {
    const type = part.trim().toLowerCase();
    if (type === '') continue;
    if (!isDamageType(type)) {
      throw new UserError(
        `"${part.trim()}" in \`${name}\` is not a damage type. Use a comma-separated list of: ${DAMAGE_TYPES.join(', ')}.`,
      );
    }
    types.add(type);
  }
  return [...types];
}

export const DAMAGE_TYPE_CHOICES = DAMAGE_TYPES.map((type) => ({ name: type, value: type }));

/** `saves:con+3, dex+2`: saving throw bonuses by ability, each ability once. */
export function saveBonusList(options: CommandOptions, name: string): SaveBonuses {
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
