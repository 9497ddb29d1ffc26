import { bookOf } from '../compendium/books';
import { UserError } from '../errors';
import { proficiencyBonus } from '../rules/ability-tests';
import { abilityModifier } from '../rules/state';
import type { RuleSetId } from '../rules/ids';
import { ABILITIES, type Ability } from '../rules/types';
import {
  CASTER_CLASSES,
  classAbility,
  MAX_SLOT_LEVEL,
  MAX_SLOTS_PER_LEVEL,
  slotTable,
  trimmed,
  type CasterClass,
  type SheetSlots,
  type SlotsSpent,
} from './spell-slots';

export const SPELL_DC_RANGE = { min: 1, max: 40 } as const;
export const SPELL_ATTACK_RANGE = { min: -10, max: 30 } as const;

/**
 * What the sheet says about spellcasting: a class (its ability and slot table follow), or the
 * ability alone; the rest overrides what they derive. A caster has a class or an ability.
 */
export interface Spellcasting {
  casterClass: CasterClass | null;
  /** Null: the class's. */
  ability: Ability | null;
  /** Null: 8 + proficiency + modifier. */
  saveDc: number | null;
  /** Null: proficiency + modifier. */
  attackBonus: number | null;
  /** Slots by slot level (index 0: 1st); null: the class's table. */
  customSlots: number[] | null;
}

/** A caster's numbers as the rule set in force reads its sheet. */
export interface SpellcastingNumbers {
  ability: Ability;
  saveDc: number;
  attackBonus: number;
  slots: SheetSlots;
}

interface CasterSheet {
  level: number;
  abilities: Record<Ability, number>;
  spellcasting: Spellcasting | null;
  slotsSpent: SlotsSpent;
}

/** The spellcasting ability, DC, attack bonus and slots of a character, or null for one who casts nothing. */
export function spellcastingOf(character: CasterSheet, ruleSet: RuleSetId): SpellcastingNumbers | null {
  const casting = character.spellcasting;
  if (casting === null) return null;
  const ability = casting.ability ?? (casting.casterClass === null ? null : classAbility(casting.casterClass));
  if (ability === null) return null;
  const bonus = proficiencyBonus(character.level) + abilityModifier(character.abilities[ability]);
  return {
    ability,
    saveDc: casting.saveDc ?? 8 + bonus,
    attackBonus: casting.attackBonus ?? bonus,
    slots: { table: slotTable(casting, character.level, bookOf(ruleSet)), spent: character.slotsSpent },
  };
}

/** A change to spellcasting as typed; each option's text is checked here. */
export interface SpellcastingChanges {
  /** A caster class, or `none`. */
  casterClass?: string;
  /** An ability, or `class`: the class's. */
  ability?: string;
  /** A number, or `auto`. */
  saveDc?: string;
  /** A number, or `auto`. */
  attackBonus?: string;
  /** Slots by level (`4,3,2`), or `class`: the class's table. */
  slots?: string;
}

function oneOf<T extends string>(text: string, field: string, known: readonly T[], extra: string): T | null {
  const key = text.trim().toLowerCase();
  if (key === extra) return null;
  const match = known.find((k) => k === key);
  if (match === undefined) throw new UserError(`\`${field}\` must be one of: ${[...known, extra].join(', ')}.`);
  return match;
}

function overrideOf(text: string, field: string, range: { min: number; max: number }): number | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'auto') return null;
  const value = /^[+-]?\d{1,3}$/.test(trimmed) ? Number(trimmed) : NaN;
  if (!Number.isInteger(value) || value < range.min || value > range.max) {
    throw new UserError(`\`${field}\` must be a whole number from ${range.min} to ${range.max}, or auto.`);
  }
  return value;
}

/** `4,3,2`: slots of 1st, 2nd and 3rd level; `class`: the class's table. */
function parseSlots(text: string): number[] | null {
  if (text.trim().toLowerCase() === 'class') return null;
  const parts = text.split(/[,;/\s]+/).filter((part) => part !== '');
  const counts = parts.map((part) => (/^\d{1,2}$/.test(part) ? Number(part) : NaN));
  if (parts.length === 0 || parts.length > MAX_SLOT_LEVEL || counts.some((n) => !(n >= 0 && n <= MAX_SLOTS_PER_LEVEL))) {
    throw new UserError(
      `\`slots\` lists the slots of each level from the 1st, e.g. \`4,3,2\`: at most ${MAX_SLOT_LEVEL} levels of 0 to ${MAX_SLOTS_PER_LEVEL} slots (or \`class\` for the class's table).`,
    );
  }
  return trimmed(counts);
}

/** Spellcasting with `changes` applied; null when it ends up with neither class nor ability. */
export function applySpellcastingChanges(base: Spellcasting | null, changes: SpellcastingChanges): Spellcasting | null {
  const casterClass =
    changes.casterClass === undefined ? (base?.casterClass ?? null) : oneOf(changes.casterClass, 'class', CASTER_CLASSES, 'none');
  const ability = changes.ability === undefined ? (base?.ability ?? null) : oneOf(changes.ability, 'spell-ability', ABILITIES, 'class');
  const next: Spellcasting = {
    casterClass,
    ability,
    saveDc: changes.saveDc === undefined ? (base?.saveDc ?? null) : overrideOf(changes.saveDc, 'spell-dc', SPELL_DC_RANGE),
    attackBonus:
      changes.attackBonus === undefined ? (base?.attackBonus ?? null) : overrideOf(changes.attackBonus, 'spell-attack', SPELL_ATTACK_RANGE),
    customSlots: changes.slots === undefined ? (base?.customSlots ?? null) : parseSlots(changes.slots),
  };
  if (next.casterClass !== null || next.ability !== null) return next;
  const asked = (['ability', 'saveDc', 'attackBonus', 'slots'] as const).some((key) => changes[key] !== undefined);
  if (asked) throw new UserError('A spellcaster needs a `class` (bard, cleric, wizard…) or a `spell-ability`.');
  return null;
}
