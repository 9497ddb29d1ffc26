import { z } from 'zod';
import { abilityModifier } from '../rules/state';
import { ABILITIES, type Ability } from '../rules/types';
import { bad, bool, hitDieText, object, readAs, text, whole, wholeReason, type FieldPath } from './json-fields';
import type { BookId } from '../compendium/books';
import { defaultMaxHp, MAX_LEVEL, parseHitDie, type CharacterSheet, type CharacterState, type HitDie, type Skill } from './sheet';
import type { Spellcasting } from './spellcasting';
import { CASTER_CLASSES, classAbility, MAX_SLOT_LEVEL, slotTable, trimmed, type CasterClass } from './spell-slots';

/** A Foundry VTT dnd5e actor writes some numbers as text ("2"), and an absent field often as `null` or `""`. */
function foundryValue(value: unknown): unknown {
  if (value === null || value === '') return undefined;
  return typeof value === 'string' && /^\s*[+-]?\d+\s*$/.test(value) ? Number(value) : value;
}

/** A whole number in [min, max], digits in a string counted; `fallback` when absent (required without one). */
function number(min: number, max: number, fallback?: number): z.ZodType<number> {
  return z.preprocess(foundryValue, fallback === undefined ? whole(min, max) : whole(min, max).default(fallback));
}

/** A number that may be missing: the caller's default depends on other fields. */
const maybeNumber = (min: number, max: number) => z.preprocess(foundryValue, whole(min, max).optional());
const maybe = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === null ? undefined : value), schema.optional());

const hitDie = hitDieText.transform((die): HitDie => parseHitDie(die));

/** Foundry's three-letter skill keys. */
const FOUNDRY_SKILLS: Readonly<Record<string, Skill>> = {
  acr: 'acrobatics',
  ani: 'animal-handling',
  arc: 'arcana',
  ath: 'athletics',
  dec: 'deception',
  his: 'history',
  ins: 'insight',
  itm: 'intimidation',
  inv: 'investigation',
  med: 'medicine',
  nat: 'nature',
  prc: 'perception',
  prf: 'performance',
  per: 'persuasion',
  rel: 'religion',
  slt: 'sleight-of-hand',
  ste: 'stealth',
  sur: 'survival',
};

const abilityScore = object({ value: number(1, 30), proficient: number(0, 1, 0) });
const skillLevel = maybe(object({ value: number(0, 2, 0) }));

const SLOT_KEYS = Array.from({ length: MAX_SLOT_LEVEL }, (_, index) => `spell${index + 1}`);
const slotsLeft = maybe(object({ value: maybeNumber(0, 99) }));

const actorSchema = object({
  type: z.literal('character', { error: 'must be "character" (a player character actor)' }),
  name: text,
  system: object({
    abilities: object(Object.fromEntries(ABILITIES.map((a) => [a, abilityScore])) as Record<Ability, typeof abilityScore>),
    attributes: object({
      hp: object({ max: maybeNumber(1, 1000), value: z.unknown(), temp: number(0, 1000, 0) }),
      ac: object({ calc: maybe(text), flat: z.unknown() }),
      init: maybe(object({ bonus: number(-10, 30, 0) })),
      movement: maybe(object({ walk: number(0, 500, 30) })),
      exhaustion: number(0, 6, 0),
      spellcasting: maybe(z.unknown()),
    }),
    /** Slots left of each level (`spell1`…`spell9`) and of Pact Magic (`pact`). */
    spells: maybe(object(Object.fromEntries([...SLOT_KEYS, 'pact'].map((key) => [key, slotsLeft])) as Record<string, typeof slotsLeft>)),
    skills: object(Object.fromEntries(Object.keys(FOUNDRY_SKILLS).map((key) => [key, skillLevel])) as Record<string, typeof skillLevel>),
  }),
  items: maybe(z.array(object({ type: text, system: z.unknown() }), { error: 'must be a list' })).transform((items) => items ?? []),
});

type Item = z.output<typeof actorSchema>['items'][number];

interface ClassLevels {
  levels: number;
  hitDie: HitDie;
  spent: number;
  /** The class's `identifier` when it is a caster class the sheet knows. */
  casterClass: CasterClass | null;
}

const classSchema = object({
  levels: number(1, MAX_LEVEL),
  hd: maybe(object({ denomination: hitDie, spent: number(0, MAX_LEVEL, 0) })),
  identifier: maybe(z.unknown()),
});

function casterClassOf(identifier: unknown): CasterClass | null {
  return CASTER_CLASSES.find((c) => c === identifier) ?? null;
}
const legacyClassSchema = object({ hitDice: hitDie, hitDiceUsed: number(0, MAX_LEVEL, 0) });

/** A class item: `system.hd` in dnd5e 4, `system.hitDice` and `hitDiceUsed` before it. */
function classOf(item: Item, path: FieldPath): ClassLevels {
  const system = readAs(classSchema, item.system, [...path, 'system']);
  const casterClass = casterClassOf(system.identifier);
  if (system.hd !== undefined) return { levels: system.levels, hitDie: system.hd.denomination, spent: system.hd.spent, casterClass };
  const legacy = readAs(legacyClassSchema, item.system, [...path, 'system']);
  return { levels: system.levels, hitDie: legacy.hitDice, spent: legacy.hitDiceUsed, casterClass };
}

const ARMOUR_MAX_DEX: Readonly<Record<string, number>> = { light: 99, medium: 2, heavy: 0 };

const equipmentSchema = object({
  equipped: maybe(bool).transform((equipped) => equipped ?? false),
  type: maybe(object({ value: text })),
  armor: maybe(z.unknown()),
});
const armourSchema = object({ value: maybeNumber(0, 30), magicalBonus: number(0, 10, 0), dex: maybeNumber(0, 99) });

interface Worn {
  base: number;
  maxDex: number;
}

/** Armour class as dnd5e computes it for the calculations a sheet can hold without its formulas. */
function foundryAc(
  ac: { calc?: string | undefined; flat: unknown },
  items: readonly Item[],
  abilities: Record<Ability, number>,
  path: FieldPath,
): number {
  const dex = abilityModifier(abilities.dex);
  let worn: Worn = { base: 10, maxDex: 99 };
  let shield = 0;
  items.forEach((item, index) => {
    if (item.type !== 'equipment') return;
    const at = ['items', index, 'system'];
    const system = readAs(equipmentSchema, item.system, at);
    if (!system.equipped || system.type === undefined || system.armor === undefined) return;
    const kind = system.type.value;
    const armour = readAs(armourSchema, system.armor, [...at, 'armor']);
    if (kind === 'shield') shield = (armour.value ?? 2) + armour.magicalBonus;
    const maxDex = ARMOUR_MAX_DEX[kind];
    if (maxDex !== undefined) {
      if (armour.value === undefined) bad([...at, 'armor', 'value'], wholeReason(0, 30));
      worn = { base: armour.value + armour.magicalBonus, maxDex: armour.dex ?? maxDex };
    }
  });
  switch (ac.calc ?? 'default') {
    case 'flat':
    case 'natural':
      return readAs(number(0, 50), ac.flat, [...path, 'flat']);
    case 'default':
      return worn.base + Math.min(dex, worn.maxDex) + shield;
    case 'unarmoredMonk':
      return 10 + dex + abilityModifier(abilities.wis);
    case 'unarmoredBarb':
      return 10 + dex + abilityModifier(abilities.con) + shield;
    default:
      return bad([...path, 'calc'], 'must be default, flat, natural, unarmoredMonk or unarmoredBarb (custom formulas are not read)');
  }
}

type Actor = z.output<typeof actorSchema>;

/**
 * The spellcasting of the actor's caster class with the most levels (multiclass slot tables are not
 * worked out: `/character edit slots:` sets them), its ability where Foundry names another.
 */
function foundrySpellcasting(actor: Actor, classes: readonly ClassLevels[]): Spellcasting | null {
  const casterClass = [...classes].sort((a, b) => b.levels - a.levels).find((c) => c.casterClass !== null)?.casterClass ?? null;
  if (casterClass === null) return null;
  const named = ABILITIES.find((a) => a === actor.system.attributes.spellcasting);
  const ability = named === undefined || named === classAbility(casterClass) ? null : named;
  return { casterClass, ability, saveDc: null, attackBonus: null, customSlots: null };
}

/** Slots spent: the table's slots of each level less what Foundry says is left (pact slots in `pact`). */
function slotsSpentOf(actor: Actor, spellcasting: Spellcasting | null, level: number, book: BookId): number[] {
  const spells = actor.system.spells;
  if (spellcasting === null || spells === undefined) return [];
  const table = slotTable(spellcasting, level, book);
  return trimmed(
    table.slots.map((total, index) => {
      const left = (table.pact ? spells.pact : spells[`spell${index + 1}`])?.value;
      return total === 0 || left === undefined ? 0 : Math.max(0, total - left);
    }),
  );
}

/** A Foundry actor as a sheet and a state, before the checks every import gets; slots are counted in `book`'s tables. */
export function fromFoundry(
  json: unknown,
  book: BookId,
): { sheet: CharacterSheet; state: CharacterState; hpPath: FieldPath; tracksPath: FieldPath } {
  const actor = readAs(actorSchema, json);
  const { system, items } = actor;
  const abilities = Object.fromEntries(ABILITIES.map((a) => [a, system.abilities[a].value])) as Record<Ability, number>;
  const classes = items.flatMap((item, index) => (item.type === 'class' ? [classOf(item, ['items', index])] : []));
  const main = [...classes].sort((a, b) => b.levels - a.levels)[0] ?? bad(['items'], 'must hold at least one class item');
  const level = classes.reduce((sum, c) => sum + c.levels, 0);
  if (level > MAX_LEVEL) bad(['items'], `must add up to at most ${MAX_LEVEL} class levels`);
  const { hp } = system.attributes;
  const hpPath = ['system', 'attributes', 'hp'];
  const maxHp = hp.max ?? defaultMaxHp(level, main.hitDie, abilities.con);
  const skillsAt = (value: number): Skill[] =>
    Object.entries(FOUNDRY_SKILLS)
      .filter(([key]) => system.skills[key]?.value === value)
      .map(([, skill]) => skill);
  const init = system.attributes.init?.bonus ?? 0;
  const sheet: CharacterSheet = {
    name: actor.name,
    level,
    abilities,
    maxHp,
    armourClass: foundryAc(system.attributes.ac, items, abilities, ['system', 'attributes', 'ac']),
    hitDie: main.hitDie,
    saves: ABILITIES.filter((a) => system.abilities[a].proficient === 1),
    skills: skillsAt(1),
    expertise: skillsAt(2),
    initBonus: init === 0 ? null : abilityModifier(abilities.dex) + init,
    speed: system.attributes.movement?.walk ?? 30,
    spellcasting: foundrySpellcasting(actor, classes),
  };
  const state: CharacterState = {
    hp: readAs(number(0, maxHp, maxHp), hp.value, [...hpPath, 'value']),
    tempHp: hp.temp,
    hitDiceLeft: Math.max(0, level - classes.reduce((sum, c) => sum + c.spent, 0)),
    tracks: { exhaustion: system.attributes.exhaustion, fatigue: 0, strife: 0 },
    conditions: [],
    dead: false,
    slotsSpent: slotsSpentOf(actor, sheet.spellcasting, level, book),
  };
  // Foundry keeps exhaustion beside the HP, in `system.attributes`.
  return { sheet, state, hpPath: [...hpPath, 'value'], tracksPath: ['system', 'attributes'] };
}
