import { averageOf, formatDice } from '../../src/compendium/dice';
import type {
  ConditionImmunity,
  Dice,
  Monster,
  MonsterAction,
  QualifiedDefence,
  Senses,
  Size,
  Speed,
  Spellcasting,
  Trait,
} from '../../src/compendium/types';
import { abilityModifier } from '../../src/rules/state';
import { SKILLS, type Skill } from '../../src/rules/skills';
import { ABILITIES, DAMAGE_TYPES, type Ability, type DamageType } from '../../src/rules/types';
import { parseActionText, type ActionContext } from './actions';
import { parseSpellcasting } from './spellcasting';
import type { ActionFields, AttackFields, CreatureFields, Keyed, SrdBook, TraitFields } from './srd-files';
import { compactDice, damageTypeOf, newFindings, sizeOf, type Findings } from './text';

/** What the converter noticed in one book, for the build's report and the coverage page. */
export interface MonsterReport {
  /** Places where the structured fields disagree with the text (the text wins). */
  fieldDisagreements: { monster: string; action: string; field: string; fields: string; text: string }[];
  /** Printed averages that are not the average of their dice. */
  averages: { monster: string; action: string; printed: string }[];
  /** Spells named by a block that the book's spell list does not have. */
  unknownSpells: { monster: string; spell: string }[];
  /** Text the parser could not read, by monster. */
  unread: string[];
}

const ABILITY_FIELDS: Readonly<Record<Ability, string>> = {
  str: 'strength',
  dex: 'dexterity',
  con: 'constitution',
  int: 'intelligence',
  wis: 'wisdom',
  cha: 'charisma',
};

/** Challenge rating to proficiency bonus and experience points, as both books' tables give them. */
const CHALLENGE: Readonly<Record<string, { xp: number; pb: number }>> = {
  '0': { xp: 10, pb: 2 },
  '1/8': { xp: 25, pb: 2 },
  '1/4': { xp: 50, pb: 2 },
  '1/2': { xp: 100, pb: 2 },
  '1': { xp: 200, pb: 2 },
  '2': { xp: 450, pb: 2 },
  '3': { xp: 700, pb: 2 },
  '4': { xp: 1100, pb: 2 },
  '5': { xp: 1800, pb: 3 },
  '6': { xp: 2300, pb: 3 },
  '7': { xp: 2900, pb: 3 },
  '8': { xp: 3900, pb: 3 },
  '9': { xp: 5000, pb: 4 },
  '10': { xp: 5900, pb: 4 },
  '11': { xp: 7200, pb: 4 },
  '12': { xp: 8400, pb: 4 },
  '13': { xp: 10000, pb: 5 },
  '14': { xp: 11500, pb: 5 },
  '15': { xp: 13000, pb: 5 },
  '16': { xp: 15000, pb: 5 },
  '17': { xp: 18000, pb: 6 },
  '18': { xp: 20000, pb: 6 },
  '19': { xp: 22000, pb: 6 },
  '20': { xp: 25000, pb: 6 },
  '21': { xp: 33000, pb: 7 },
  '22': { xp: 41000, pb: 7 },
  '23': { xp: 50000, pb: 7 },
  '24': { xp: 62000, pb: 7 },
  '25': { xp: 75000, pb: 8 },
  '26': { xp: 90000, pb: 8 },
  '27': { xp: 105000, pb: 8 },
  '28': { xp: 120000, pb: 8 },
  '29': { xp: 135000, pb: 8 },
  '30': { xp: 155000, pb: 9 },
};

function challengeRating(value: string): string {
  const number = Number(value);
  const fractions: Readonly<Record<string, string>> = { '0.125': '1/8', '0.25': '1/4', '0.5': '1/2' };
  return fractions[String(number)] ?? String(number);
}

/**
 * Fields open5e got wrong where the block has no text to read them from, set as the SRD prints them
 * (each one applied is reported): the 5.2 Octopus has its Con and Cha modifiers in the score fields
 * and 30 as its Constitution save (SRD 5.2: Con 11, Cha 4, Con save +0).
 */
const CORRECTIONS: Readonly<Record<string, Partial<CreatureFields>>> = {
  'srd-2024_octopus': { ability_score_constitution: 11, ability_score_charisma: 4, saving_throw_constitution: 0 },
};

/** Both SRDs give every legendary creature three legendary actions a round; open5e's data leaves the number out. */
const LEGENDARY_ACTIONS_PER_ROUND = 3;

export function convertMonsters(book: SrdBook, spellNames: readonly string[]): { monsters: Monster[]; report: MonsterReport } {
  const report: MonsterReport = { fieldDisagreements: [], averages: [], unknownSpells: [], unread: [] };
  const corrected = book.creatures.map((creature) => {
    const correction = CORRECTIONS[creature.key];
    if (correction === undefined) return creature;
    for (const [field, value] of Object.entries(correction)) {
      report.fieldDisagreements.push({
        monster: creature.name,
        action: '',
        field,
        fields: String(creature[field as keyof CreatureFields]),
        text: String(value),
      });
    }
    return { ...creature, ...correction } as Keyed<CreatureFields>;
  });
  const actionsOf = groupBy(book.actions, (action) => action.parent);
  const attacksOf = groupBy(book.attacks, (attack) => attack.parent);
  const traitsOf = groupBy(book.traits, (trait) => trait.parent);
  const monsters = corrected
    .map((creature) =>
      convertMonster(creature, actionsOf.get(creature.key) ?? [], traitsOf.get(creature.key) ?? [], attacksOf, spellNames, report),
    )
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
  return { monsters, report };
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

function convertMonster(
  creature: Keyed<CreatureFields>,
  actionRows: readonly Keyed<ActionFields>[],
  traitRows: readonly Keyed<TraitFields>[],
  attacksOf: ReadonlyMap<string, Keyed<AttackFields>[]>,
  spellNames: readonly string[],
  report: MonsterReport,
): Monster {
  const abilities = Object.fromEntries(
    ABILITIES.map((ability) => [ability, creature[`ability_score_${ABILITY_FIELDS[ability]}`]]),
  ) as Record<Ability, number>;
  const saves = Object.fromEntries(
    ABILITIES.map((ability) => [ability, creature[`saving_throw_${ABILITY_FIELDS[ability]}`]] as const).filter(
      ([ability, bonus]) => bonus !== null && bonus !== abilityModifier(abilities[ability]),
    ),
  ) as Partial<Record<Ability, number>>;
  const skills = Object.fromEntries(
    (Object.keys(SKILLS) as Skill[])
      .map((skill) => [skill, creature[`skill_bonus_${skill.replace(/-/g, '_')}`]] as const)
      .filter((entry): entry is readonly [Skill, number] => entry[1] !== null && entry[1] !== undefined),
  ) as Partial<Record<Skill, number>>;
  const cr = challengeRating(creature.challenge_rating);
  const challenge = CHALLENGE[cr];
  if (challenge === undefined) throw new Error(`${creature.name}: unknown challenge rating ${creature.challenge_rating}`);
  const size = sizeOf(creature.size);
  if (size === null) throw new Error(`${creature.name}: unknown size ${creature.size}`);
  const hitDice = creature.hit_dice
    ? compactDice(creature.hit_dice)
    : hitDiceFromHp(size, creature.hit_points, abilities.con, report, creature.name);
  if (hitDice === null) throw new Error(`${creature.name}: hit dice ${creature.hit_dice}`);

  const rows = [...actionRows].sort((a, b) => a.order_in_statblock - b.order_in_statblock || a.name.localeCompare(b.name, 'en'));
  const actionNames = rows.map((row) => row.name);
  const findings = newFindings();
  const attacking = (pattern: RegExp): string[] =>
    rows.filter((row) => row.action_type === 'ACTION' && pattern.test(row.desc)).map((row) => row.name);
  const names = {
    actionNames,
    meleeActions: attacking(/^Melee (?:or Ranged )?(?:Weapon |Spell )?Attack/),
    rangedActions: attacking(/^(?:Melee or )?Ranged (?:Weapon |Spell )?Attack/),
  };
  const convert = (row: Keyed<ActionFields>): MonsterAction =>
    convertAction(creature.name, row, attacksOf.get(row.key) ?? [], names, findings, report);
  const ofType = (type: ActionFields['action_type']): MonsterAction[] => rows.filter((row) => row.action_type === type).map(convert);
  const actions = ofType('ACTION');
  const bonusActions = ofType('BONUS_ACTION');
  const reactions = ofType('REACTION');
  const legendary = ofType('LEGENDARY_ACTION');
  for (const printed of findings.averages) report.averages.push({ monster: creature.name, action: '', printed });
  for (const text of findings.unread) report.unread.push(`${creature.name}: ${text}`);

  const traits = [...traitRows].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const spellcasting = [
    ...rows.map((row) => parseSpellcasting(row.name, row.desc, row.uses_type === 'PER_DAY' ? row.uses_param : null)),
    ...traits.map((trait) => parseSpellcasting(trait.name, trait.desc, null)),
  ].filter((entry): entry is Spellcasting => entry !== null);
  const knownSpells = (entry: Spellcasting): Spellcasting => knownSpellNames(creature.name, entry, spellNames, report);

  return {
    name: creature.name,
    size,
    type: creature.type,
    ...(creature.alignment === '' ? {} : { alignment: creature.alignment }),
    ac: creature.armor_class,
    ...armorOf(creature),
    hp: creature.hit_points,
    hitDice,
    speed: speedOf(creature),
    abilities,
    ...(Object.keys(saves).length === 0 ? {} : { saves }),
    ...(Object.keys(skills).length === 0 ? {} : { skills }),
    ...defencesOf(creature),
    ...(creature.condition_immunities.length === 0
      ? {}
      : { conditionImmunities: [...creature.condition_immunities].sort() as ConditionImmunity[] }),
    senses: sensesOf(creature),
    ...(creature.languages_desc === '' ? {} : { languages: creature.languages_desc }),
    cr,
    xp: creature.experience_points_integer ?? challenge.xp,
    proficiencyBonus: challenge.pb,
    initiative: creature.initiative_bonus ?? abilityModifier(abilities.dex),
    ...(traits.length === 0 ? {} : { traits: traits.map(convertTrait) }),
    ...(actions.length === 0 ? {} : { actions }),
    ...(bonusActions.length === 0 ? {} : { bonusActions }),
    ...(reactions.length === 0 ? {} : { reactions }),
    ...(legendary.length === 0 ? {} : { legendary: { perRound: LEGENDARY_ACTIONS_PER_ROUND, actions: legendary } }),
    ...(spellcasting.length === 0 ? {} : { spellcasting: spellcasting.map(knownSpells) }),
  };
}

/**
 * The armour a block names. The SRD 5.2 names none; open5e gives all but one of its blocks "natural
 * armor", a placeholder that would tell a table that a Mage or a Guard wears no armour.
 */
function armorOf(creature: Keyed<CreatureFields>): { armor?: string } {
  if (creature.key.startsWith('srd-2024_') || creature.armor_detail === '') return {};
  return { armor: creature.armor_detail.replace(/_/g, '') };
}

/** The hit die each size has. */
const HIT_DIE: Readonly<Record<Size, number>> = { tiny: 4, small: 6, medium: 8, large: 10, huge: 12, gargantuan: 20 };

/** A block open5e printed without hit dice: the number of its size's dice whose average, with Con, is its hit points. */
function hitDiceFromHp(size: Size, hp: number, con: number, report: MonsterReport, monster: string): Dice | null {
  const sides = HIT_DIE[size];
  const modifier = abilityModifier(con);
  for (let count = 1; count <= 40; count += 1) {
    const dice = formatDice({ count, sides, bonus: count * modifier });
    if (averageOf({ count, sides, bonus: count * modifier }) === hp) {
      report.fieldDisagreements.push({ monster, action: '', field: 'hit_dice', fields: '(empty)', text: dice });
      return dice;
    }
  }
  return null;
}

function whole(value: number | null): number | undefined {
  return value === null || value === 0 ? undefined : Math.round(value);
}

function speedOf(creature: CreatureFields): Speed {
  const speed: Speed = { walk: Math.round(creature.walk ?? 0) };
  for (const mode of ['burrow', 'climb', 'fly', 'swim'] as const) {
    const value = whole(creature[mode]);
    if (value !== undefined) speed[mode] = value;
  }
  if (creature.hover) speed.hover = true;
  return speed;
}

function sensesOf(creature: CreatureFields): Senses {
  const senses: Senses = { passivePerception: creature.passive_perception };
  for (const sense of ['blindsight', 'darkvision', 'tremorsense', 'truesight'] as const) {
    const value = whole(creature[`${sense}_range`]);
    if (value !== undefined) senses[sense] = value;
  }
  return senses;
}

const QUALIFIERS: readonly [RegExp, QualifiedDefence['against']][] = [
  [
    / from nonmagical attacks (?:not made with silvered weapons|that aren't silvered)$| from nonmagical\/nonsilver weapons$/,
    'nonmagical-unsilvered',
  ],
  [/ from nonmagical attacks (?:not made with adamantine weapons|that aren't adamantine)$/, 'nonmagical-not-adamantine'],
  [/ from nonmagical attacks$|^non magical | \(from stoneskin\)$/g, 'nonmagical'],
  [/ from magic weapons wielded by good creatures$/, 'magic-weapons-of-good'],
  [/^damage from spells$/, 'spells'],
];

/**
 * Resistances, immunities and vulnerabilities from the block's own words (the `_display` fields):
 * 5.1's "cold; bludgeoning, piercing, and slashing from nonmagical attacks" is cold always and the
 * three others only against nonmagical attacks, which the plain lists do not tell apart.
 */
function defencesOf(creature: CreatureFields): Pick<Monster, 'resistances' | 'immunities' | 'vulnerabilities' | 'qualifiedDefences'> {
  const result: {
    resistances?: DamageType[];
    immunities?: DamageType[];
    vulnerabilities?: DamageType[];
    qualifiedDefences?: QualifiedDefence[];
  } = {};
  const kinds = [
    ['resistances', 'resistance', creature.damage_resistances_display],
    ['immunities', 'immunity', creature.damage_immunities_display],
    ['vulnerabilities', 'vulnerability', creature.damage_vulnerabilities_display],
  ] as const;
  for (const [field, kind, display] of kinds) {
    for (const group of display
      .split(';')
      .map((part) => part.trim())
      .filter((part) => part !== '')) {
      const qualifier = QUALIFIERS.find(([pattern]) => new RegExp(pattern.source).test(group));
      const listed = qualifier === undefined ? group : group.replace(qualifier[0], '');
      const types =
        qualifier?.[1] === 'spells'
          ? [...DAMAGE_TYPES]
          : listed
              .split(/,? and |, /)
              .map((word) => damageTypeOf(word.trim()))
              .filter((type): type is DamageType => type !== null);
      if (types.length === 0) throw new Error(`${creature.name}: cannot read the defences "${display}"`);
      if (qualifier === undefined) result[field] = [...(result[field] ?? []), ...types].sort();
      else result.qualifiedDefences = [...(result.qualifiedDefences ?? []), { kind, types: types.sort(), against: qualifier[1] }];
    }
  }
  return result;
}

function convertTrait(trait: Keyed<TraitFields>): Trait {
  const uses = /^(.*?) \((\d+)\/Day(?:, or (\d+)\/Day in Lair)?\)$/.exec(trait.name);
  if (uses !== null) {
    return { name: uses[1] ?? trait.name, perDay: Number(uses[2]), ...(uses[3] === undefined ? {} : { perDayInLair: Number(uses[3]) }) };
  }
  const rest = /^(.*?) \(Recharges? after a Short or Long Rest\)$/.exec(trait.name);
  if (rest !== null) return { name: rest[1] ?? trait.name, perRest: true };
  return { name: trait.name };
}

function convertAction(
  monster: string,
  row: Keyed<ActionFields>,
  attacks: readonly Keyed<AttackFields>[],
  names: Pick<ActionContext, 'actionNames' | 'meleeActions' | 'rangedActions'>,
  findings: Findings,
  report: MonsterReport,
): MonsterAction {
  const named = /^(.*?) \((?:Recharge (\d)[–-]6|Recharge after a Short or Long Rest|([\w ]+ Form Only))\)$/.exec(row.name);
  const name = named?.[1] ?? row.name;
  const body = parseActionText(row.desc, { name: row.name, ...names, findings });
  const recharge = row.uses_type === 'RECHARGE_ON_ROLL' || row.uses_type === 'RECHARGE' ? (row.uses_param ?? undefined) : undefined;
  const action: MonsterAction = {
    name,
    ...(recharge === undefined ? {} : { recharge }),
    ...(row.uses_type === 'RECHARGE' && row.uses_param === null ? { perRest: true as const } : {}),
    ...(row.uses_type === 'PER_DAY' && row.uses_param !== null ? { perDay: row.uses_param } : {}),
    ...(row.action_type === 'LEGENDARY_ACTION' && (row.legendary_action_cost ?? 1) > 1 ? { cost: row.legendary_action_cost ?? 1 } : {}),
    ...(row.limited_to_form === null ? {} : { form: row.limited_to_form }),
    ...body,
  };
  compareWithFields(monster, action, attacks, report);
  return action;
}

/** The open5e attack rows beside the text's numbers: each disagreement is reported, and the text is kept. */
function compareWithFields(monster: string, action: MonsterAction, attacks: readonly Keyed<AttackFields>[], report: MonsterReport): void {
  const attack = attacks[0];
  if (attack === undefined || action.attack === undefined) return;
  const note = (field: string, fields: unknown, text: unknown): void => {
    if (String(fields) !== String(text))
      report.fieldDisagreements.push({ monster, action: action.name, field, fields: String(fields), text: String(text) });
  };
  note('to_hit_mod', attack.to_hit_mod, action.attack.bonus);
  const main = action.damage?.[0];
  if (main !== undefined) {
    const fieldDice = compactDice(
      `${attack.damage_die_count ?? 0}d${(attack.damage_die_type ?? 'D0').slice(1)}${attack.damage_bonus ? `+${attack.damage_bonus}` : ''}`,
    );
    note('damage dice', fieldDice, main.dice);
    note('damage_type', attack.damage_type, main.type);
  }
}

function knownSpellNames(monster: string, entry: Spellcasting, spellNames: readonly string[], report: MonsterReport): Spellcasting {
  const lookup = new Map(spellNames.map((name) => [name.toLowerCase(), name]));
  const fix = (refs: readonly { name: string; level?: number }[]): { name: string; level?: number }[] =>
    refs.map((ref) => {
      const known = lookup.get(ref.name.toLowerCase());
      if (known === undefined) report.unknownSpells.push({ monster, spell: ref.name });
      return { ...ref, name: known ?? ref.name };
    });
  return {
    ...entry,
    ...(entry.atWill === undefined ? {} : { atWill: fix(entry.atWill) }),
    ...(entry.perDay === undefined ? {} : { perDay: entry.perDay.map((group) => ({ ...group, spells: fix(group.spells) })) }),
    ...(entry.slots === undefined ? {} : { slots: entry.slots.map((group) => ({ ...group, spells: fix(group.spells) })) }),
  };
}

export type { Size };
