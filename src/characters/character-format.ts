import { z } from 'zod';
import { ABILITIES, CONDITION_KEYS } from '../rules/types';
import { bool, hitDieText, listOf, object, oneOf, text, whole } from './json-fields';
import { MAX_LEVEL, SKILL_NAMES } from './sheet';
import { SPELL_ATTACK_RANGE, SPELL_DC_RANGE, type Spellcasting } from './spellcasting';
import { CASTER_CLASSES, MAX_SLOT_LEVEL, MAX_SLOTS_PER_LEVEL } from './spell-slots';

/** The JSON `/character export` prints and `/character import` reads back (docs/characters.md). */
export const ROLLCALL_FORMAT = 'rollcall-character';
export const ROLLCALL_VERSION = 1;

/** A field the reader fills in when it is missing or null. */
const orNull = <T extends z.ZodType>(schema: T) => schema.nullable().optional();
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.output<T>) =>
  schema
    .nullable()
    .optional()
    .transform((value) => value ?? fallback);

const skills = withDefault(listOf(oneOf(SKILL_NAMES), SKILL_NAMES.length), []);
const trackLevel = (max: number) => withDefault(whole(0, max), 0);
/** Slots of each level from the 1st. */
const slotCounts = listOf(whole(0, MAX_SLOTS_PER_LEVEL), MAX_SLOT_LEVEL);

/** Spellcasting as the file (and the `characters.spellcasting` column) holds it. */
export const spellcastingSchema = object({
  class: orNull(oneOf(CASTER_CLASSES)),
  ability: orNull(oneOf(ABILITIES)),
  saveDc: orNull(whole(SPELL_DC_RANGE.min, SPELL_DC_RANGE.max)),
  attackBonus: orNull(whole(SPELL_ATTACK_RANGE.min, SPELL_ATTACK_RANGE.max)),
  slots: orNull(slotCounts),
}).refine((casting) => (casting.class ?? casting.ability ?? null) !== null, { error: 'must name a class or an ability' });

/**
 * Rollcall's own character JSON, version 1. Bounds are the sheet's; what depends on another field
 * (HP at most the maximum, Hit Dice at most the level, the state the rule set in force allows) is
 * checked after it, by the importer.
 */
export const characterSchema = object({
  format: z.literal(ROLLCALL_FORMAT, { error: `must be "${ROLLCALL_FORMAT}"` }),
  version: z.literal(ROLLCALL_VERSION, { error: `must be ${ROLLCALL_VERSION}` }),
  name: text,
  level: whole(1, MAX_LEVEL),
  abilities: object(
    Object.fromEntries(ABILITIES.map((ability) => [ability, whole(1, 30)])) as Record<(typeof ABILITIES)[number], ReturnType<typeof whole>>,
  ),
  hp: object({ max: whole(1, 1000), current: whole(-1000, 1000), temp: withDefault(whole(0, 1000), 0) }),
  ac: whole(0, 50),
  hitDie: hitDieText,
  hitDiceLeft: whole(0, MAX_LEVEL),
  saves: withDefault(listOf(oneOf(ABILITIES), ABILITIES.length), []),
  skills,
  expertise: skills,
  /** Null: the Dexterity modifier. */
  initBonus: orNull(whole(-10, 30)),
  speed: whole(0, 500),
  // The highest level of the track in any rule set: exhaustion 6, fatigue and strife 7.
  tracks: object({ exhaustion: trackLevel(6), fatigue: trackLevel(7), strife: trackLevel(7) }),
  conditions: withDefault(listOf(oneOf(CONDITION_KEYS), CONDITION_KEYS.length), []),
  dead: withDefault(bool, false),
  /** Absent or null: casts no spells. */
  spellcasting: orNull(spellcastingSchema),
  /** Spell slots spent, by slot level from the 1st. */
  slotsSpent: withDefault(slotCounts, []),
}).meta({
  title: 'Rollcall character',
  description:
    'A character as `/character export` prints it and `/character import` reads it (docs/characters.md). The importer also checks that hp.current is at most hp.max, hitDiceLeft at most level, and the state against the rule set in force.',
});

/** A file as written: the fields with defaults may be left out. */
export type CharacterFile = z.input<typeof characterSchema>;

/** The format as a JSON Schema, for docs/character.schema.json: what a file may hold, before the importer's cross-checks. */
export function characterJsonSchema(): unknown {
  return z.toJSONSchema(characterSchema, { io: 'input' });
}

export type SpellcastingJson = z.output<typeof spellcastingSchema>;

export function spellcastingToJson(casting: Spellcasting | null): SpellcastingJson | null {
  if (casting === null) return null;
  const { casterClass, ability, saveDc, attackBonus, customSlots } = casting;
  return { class: casterClass, ability, saveDc, attackBonus, slots: customSlots === null ? null : [...customSlots] };
}

export function spellcastingFromJson(json: SpellcastingJson | null | undefined): Spellcasting | null {
  if (json === null || json === undefined) return null;
  return {
    casterClass: json.class ?? null,
    ability: json.ability ?? null,
    saveDc: json.saveDc ?? null,
    attackBonus: json.attackBonus ?? null,
    customSlots: json.slots ?? null,
  };
}
