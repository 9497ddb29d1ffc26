import { z } from 'zod';
import { SKILL_KEYS } from '../rules/skills';
import { ABILITIES, CONDITION_KEYS, DAMAGE_TYPES } from '../rules/types';
import { DICE_PATTERN, parseDice } from './dice';
import { HOMEBREW_LIMITS } from './homebrew-limits';
import { nameKey } from './lookup';
import { AREA_SHAPES, SIZES } from './types';

/*
 * The project's own format for a server's monsters: a JSON file `{ "monsters": [ … ] }`, each
 * monster in the shape the SRD converter writes (docs/bestiary.md). Everything a user sends is
 * bounded (./homebrew-limits).
 */

const L = HOMEBREW_LIMITS;

const name = z.string().trim().min(1).max(L.name);
const text = z.string().max(L.text);
const note = z.string().max(L.note);
const count = (max: number) => z.number().int().min(0).max(max);
const list = <T extends z.ZodType>(item: T, max: number) => z.array(item).max(max);

const dice = z
  .string()
  .regex(DICE_PATTERN, { message: 'dice like 2d6+3, 17d6 or 5' })
  .refine(
    (value) => {
      const formula = parseDice(value);
      return formula !== null && formula.count <= L.diceCount && formula.sides <= L.diceSides && Math.abs(formula.bonus) <= L.diceBonus;
    },
    { message: `at most ${L.diceCount} dice of at most ${L.diceSides} sides, and a bonus of at most ${L.diceBonus}` },
  );

const ability = z.enum(ABILITIES);
const damageType = z.enum(DAMAGE_TYPES);
const condition = z.enum(CONDITION_KEYS);
const size = z.enum(SIZES);
const feet = count(10_000);

const damagePart = z.strictObject({ dice, type: damageType, plusModifier: z.literal(true).optional() });
const amount = z.strictObject({ dice, plusModifier: z.literal(true).optional() });

const duration = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.enum(['rounds', 'minutes', 'hours']), count: count(1000) }),
  z.strictObject({ kind: z.literal('turn'), whose: z.enum(['target', 'source']), boundary: z.enum(['start', 'end']) }),
  z.strictObject({ kind: z.literal('spell') }),
]);

const conditionEffect = z.strictObject({
  condition,
  duration: duration.optional(),
  repeatSave: z.enum(['start', 'end']).optional(),
  escapeDc: count(40).optional(),
  maxSize: size.optional(),
});

const attack = z.strictObject({
  kind: z.enum(['melee', 'ranged', 'melee-or-ranged']),
  bonus: z.number().int().min(-10).max(40).optional(),
  reach: feet.optional(),
  range: feet.optional(),
  longRange: feet.optional(),
});

const save = z.strictObject({ ability, dc: count(40).optional(), onSuccess: z.literal('half').optional() });

const effectShape = {
  attack: attack.optional(),
  save: save.optional(),
  damage: list(damagePart, L.parts).optional(),
  onMiss: z.literal('half').optional(),
  conditions: list(conditionEffect, L.parts).optional(),
  healing: amount.optional(),
  tempHp: amount.optional(),
  targets: count(100).optional(),
  instances: count(20).optional(),
  area: z.strictObject({ shape: z.enum(AREA_SHAPES), size: feet, width: feet.optional() }).optional(),
  concentration: z.literal(true).optional(),
  partial: z.literal(true).optional(),
};

/** A follow-up effect nests one level only: a hit, then the save it calls for. */
const effect = z.strictObject({ ...effectShape, then: z.strictObject(effectShape).optional() });

const usesShape = {
  recharge: z.number().int().min(2).max(6).optional(),
  perDay: count(20).optional(),
  perRest: z.literal(true).optional(),
};

const spellRef = z.strictObject({ name, level: z.number().int().min(1).max(9).optional() });

const action = z.strictObject({
  ...effect.shape,
  ...usesShape,
  name,
  cost: z.number().int().min(1).max(5).optional(),
  form: text.optional(),
  multiattack: z
    .strictObject({
      steps: list(z.strictObject({ actions: list(name, L.actions).min(1), count: z.number().int().min(1).max(20) }), L.actions).min(1),
      replace: z.strictObject({ count: z.number().int().min(1).max(20), actions: list(name, L.actions).min(1) }).optional(),
    })
    .optional(),
  runs: z.strictObject({ action: name, count: z.number().int().min(1).max(20) }).optional(),
  casts: list(spellRef, L.spells).optional(),
  spellcasting: z.literal(true).optional(),
  oncePerTurn: z.literal(true).optional(),
  options: list(z.strictObject({ ...effect.shape, name }), L.parts).optional(),
  manual: z.literal(true).optional(),
  note: note.optional(),
});

const trait = z.strictObject({ ...usesShape, name, perDayInLair: count(20).optional(), note: note.optional() });

const spellcasting = z.strictObject({
  name,
  ability,
  dc: count(40).optional(),
  attackBonus: z.number().int().min(-10).max(40).optional(),
  casterLevel: z.number().int().min(1).max(20).optional(),
  atWill: list(spellRef, L.spells).optional(),
  perDay: list(z.strictObject({ uses: z.number().int().min(1).max(20), spells: list(spellRef, L.spells) }), 9).optional(),
  slots: list(
    z.strictObject({ level: z.number().int().min(1).max(9), slots: z.number().int().min(1).max(20), spells: list(spellRef, L.spells) }),
    9,
  ).optional(),
});

const scores = z.strictObject(
  Object.fromEntries(ABILITIES.map((key) => [key, z.number().int().min(1).max(30)])) as Record<(typeof ABILITIES)[number], z.ZodNumber>,
);
const bonuses = <K extends string>(keys: readonly K[]) =>
  z.strictObject(
    Object.fromEntries(keys.map((key) => [key, z.number().int().min(-10).max(40).optional()])) as Record<K, z.ZodOptional<z.ZodNumber>>,
  );

export const monsterSchema = z.strictObject({
  name,
  size,
  type: text.min(1),
  alignment: text.optional(),
  ac: z.number().int().min(0).max(50),
  armor: text.optional(),
  hp: z.number().int().min(1).max(10_000),
  hitDice: dice,
  speed: z.strictObject({
    walk: feet,
    burrow: feet.optional(),
    climb: feet.optional(),
    fly: feet.optional(),
    swim: feet.optional(),
    hover: z.literal(true).optional(),
  }),
  abilities: scores,
  saves: bonuses(ABILITIES).optional(),
  skills: bonuses(SKILL_KEYS).optional(),
  resistances: list(damageType, DAMAGE_TYPES.length).optional(),
  immunities: list(damageType, DAMAGE_TYPES.length).optional(),
  vulnerabilities: list(damageType, DAMAGE_TYPES.length).optional(),
  qualifiedDefences: list(
    z.strictObject({
      kind: z.enum(['resistance', 'immunity', 'vulnerability']),
      types: list(damageType, DAMAGE_TYPES.length).min(1),
      against: z.enum(['nonmagical', 'nonmagical-unsilvered', 'nonmagical-not-adamantine', 'magic-weapons-of-good', 'spells']),
    }),
    L.parts,
  ).optional(),
  conditionImmunities: list(z.enum([...CONDITION_KEYS, 'exhaustion']), CONDITION_KEYS.length + 1).optional(),
  senses: z.strictObject({
    passivePerception: z.number().int().min(0).max(50),
    blindsight: feet.optional(),
    darkvision: feet.optional(),
    tremorsense: feet.optional(),
    truesight: feet.optional(),
  }),
  languages: text.optional(),
  cr: z.enum(['0', '1/8', '1/4', '1/2', ...Array.from({ length: 30 }, (_, index) => String(index + 1))]),
  xp: z.number().int().min(0).max(1_000_000),
  proficiencyBonus: z.number().int().min(0).max(10),
  initiative: z.number().int().min(-10).max(40),
  traits: list(trait, L.traits).optional(),
  actions: list(action, L.actions).optional(),
  bonusActions: list(action, L.actions).optional(),
  reactions: list(action, L.actions).optional(),
  legendary: z.strictObject({ perRound: z.number().int().min(1).max(5), actions: list(action, L.actions) }).optional(),
  spellcasting: list(spellcasting, 4).optional(),
});

export const homebrewSchema = z.strictObject({ monsters: list(monsterSchema, L.monsters).min(1) });

export type HomebrewMonster = z.infer<typeof monsterSchema>;

/** Why a homebrew file was refused: the field (`monsters[0].actions[2].damage[0].dice`) and the reason. */
export interface HomebrewIssue {
  field: string;
  reason: string;
}

export type HomebrewResult = { ok: true; monsters: HomebrewMonster[] } | { ok: false; issues: HomebrewIssue[] };

/** How each JSON kind the schema expects is asked for, in the words of someone writing the file. */
const EXPECTED: Readonly<Record<string, string>> = {
  int: 'a whole number',
  number: 'a number',
  string: 'text in quotes',
  boolean: 'true or false',
  object: 'an object, { … }',
  array: 'a list, [ … ]',
};

/** What the file has where the issue is, as JSON and short. */
function written(input: unknown): string {
  const json = JSON.stringify(input) ?? String(input);
  return json.length > 40 ? `${json.slice(0, 39)}…` : json;
}

function unitOf(origin: string, count: number | bigint): string {
  if (origin === 'array') return Number(count) === 1 ? ' entry' : ' entries';
  return origin === 'string' ? (Number(count) === 1 ? ' character' : ' characters') : '';
}

/**
 * A problem as the person who wrote the file reads it: what the field takes ("a whole number, not
 * 11.5"), not the schema's terms ("expected int, received number"). A reason the schema words
 * itself (dice) is kept.
 */
const reasonOf: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'missing: the format requires it';
      return `${EXPECTED[issue.expected] ?? issue.expected}, not ${written(issue.input)}`;
    case 'too_small':
      return `at least ${issue.minimum}${unitOf(issue.origin, issue.minimum)}`;
    case 'too_big':
      return `at most ${issue.maximum}${unitOf(issue.origin, issue.maximum)}`;
    case 'invalid_value':
      return `one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}; not ${written(issue.input)}`;
    case 'unrecognized_keys':
      return `not a field of the format: ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}`;
    default:
      return undefined;
  }
};

/** At most this many issues are reported: enough to fix a file, never a reply too long to send. */
const MAX_ISSUES = 10;

/** Reads and checks a homebrew file's text; nothing of a file with any issue is kept. */
export function readHomebrew(json: string): HomebrewResult {
  if (Buffer.byteLength(json, 'utf8') > L.bytes)
    return { ok: false, issues: [{ field: '(file)', reason: `larger than ${L.bytes / 1024} KiB` }] };
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return { ok: false, issues: [{ field: '(file)', reason: 'not valid JSON' }] };
  }
  const parsed = homebrewSchema.safeParse(data, { error: reasonOf });
  if (parsed.success) return duplicates(parsed.data.monsters);
  return {
    ok: false,
    issues: parsed.error.issues.slice(0, MAX_ISSUES).map((issue) => ({ field: fieldOf(issue.path), reason: issue.message })),
  };
}

function duplicates(monsters: HomebrewMonster[]): HomebrewResult {
  const seen = new Set<string>();
  for (const [index, monster] of monsters.entries()) {
    // As the shelf keys them: Goblin and Góblin are one name there, and a second would fail the import's write.
    const key = nameKey(monster.name);
    if (seen.has(key))
      return { ok: false, issues: [{ field: `monsters[${index}].name`, reason: `a second monster called ${monster.name}` }] };
    seen.add(key);
  }
  return { ok: true, monsters };
}

/** `["monsters", 0, "ac"]` as `monsters[0].ac`. */
export function fieldOf(path: readonly PropertyKey[]): string {
  return (
    path.reduce<string>(
      (field, key) => (typeof key === 'number' ? `${field}[${key}]` : field === '' ? String(key) : `${field}.${String(key)}`),
      '',
    ) || '(file)'
  );
}

/** The format as a JSON Schema, for docs/homebrew-monsters.schema.json. */
export function homebrewJsonSchema(): unknown {
  return z.toJSONSchema(homebrewSchema, { reused: 'ref' });
}
