import { UserError } from '../errors';
import { abilityModifier, createRulesState } from '../rules/state';
import { checkWith, sheetBonuses } from '../rules/ability-tests';
import { SKILL_KEYS, type Skill } from '../rules/skills';
import { ABILITIES, type Ability, type CombatantRulesState, type ConditionKey, type TrackKey } from '../rules/types';
import { ABILITY_NAMES } from '../rules/ability-names';
import { cleanName } from '../rules/names';
import { applySpellcastingChanges, type Spellcasting, type SpellcastingChanges } from './spellcasting';
import type { SlotsSpent } from './spell-slots';

// The skill list lives with the rules, which say which rule set knows which skill.
export { SKILLS, type Skill } from '../rules/skills';
export { proficiencyBonus } from '../rules/ability-tests';

export const HIT_DICE = [6, 8, 10, 12] as const;
export type HitDie = (typeof HIT_DICE)[number];

export const CHARACTER_NAME_MAX_LENGTH = 48;
export const MAX_LEVEL = 20;
const MAX_SCORE = 30;
const MAX_CHARACTER_HP = 1_000;

/** What a player writes on the sheet. */
export interface CharacterSheet {
  name: string;
  level: number;
  abilities: Record<Ability, number>;
  maxHp: number;
  armourClass: number;
  hitDie: HitDie;
  saves: Ability[];
  skills: Skill[];
  expertise: Skill[];
  /** Null: the Dexterity modifier. */
  initBonus: number | null;
  speed: number;
  /** Null: casts no spells. */
  spellcasting: Spellcasting | null;
}

/** What play changes and the sheet keeps between fights and rests. */
export interface CharacterState {
  hp: number;
  tempHp: number;
  hitDiceLeft: number;
  tracks: Record<TrackKey, number>;
  /** Conditions that outlast a fight. */
  conditions: ConditionKey[];
  dead: boolean;
  /** Spell slots spent by slot level (index 0: 1st); what is left follows from the sheet's table. */
  slotsSpent: SlotsSpent;
}

/** The part of the state a fight's rules track: all of it but the spell slots. */
export type RulesKeptState = Omit<CharacterState, 'slotsSpent'>;

export interface Character extends CharacterSheet, CharacterState {
  id: string;
  guildId: string;
  ownerId: string;
  /** The one `/init join` and rests use when no name is given. */
  active: boolean;
}

/** A change to a sheet as typed: every field optional, lists as comma-separated text. */
export interface SheetChanges {
  level?: number;
  scores?: Partial<Record<Ability, number>>;
  maxHp?: number;
  armourClass?: number;
  hitDie?: string;
  saves?: string;
  skills?: string;
  expertise?: string;
  initBonus?: number;
  speed?: number;
  spellcasting?: SpellcastingChanges;
}

export function modifierOf(sheet: Pick<CharacterSheet, 'abilities'>, ability: Ability): number {
  return abilityModifier(sheet.abilities[ability]);
}

function total(parts: readonly { bonus: number }[]): number {
  return parts.reduce((sum, part) => sum + part.bonus, 0);
}

export function saveBonus(sheet: CharacterSheet, ability: Ability): number {
  return total(sheetBonuses(sheet, { kind: 'save', ability }));
}

export function skillBonus(sheet: CharacterSheet, skill: Skill): number {
  return total(sheetBonuses(sheet, checkWith(skill)));
}

export function initiativeBonus(sheet: CharacterSheet): number {
  return sheet.initBonus ?? modifierOf(sheet, 'dex');
}

/** The sheet's hit point maximum when none is given: the die's maximum at 1st level, its average after, plus Con each level. */
export function defaultMaxHp(level: number, hitDie: HitDie, conScore: number): number {
  const con = abilityModifier(conScore);
  return Math.max(1, hitDie + con) + (level - 1) * Math.max(1, hitDie / 2 + 1 + con);
}

function whole(value: number, what: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw new UserError(`${what} must be a whole number from ${min} to ${max}.`);
  return value;
}

export function requireCharacterName(name: string): string {
  const clean = cleanName(name);
  if (clean === '') throw new UserError("Give the character's name.");
  if (clean.length > CHARACTER_NAME_MAX_LENGTH) {
    throw new UserError(`A character's name can be at most ${CHARACTER_NAME_MAX_LENGTH} characters long.`);
  }
  return clean;
}

/** The key names are compared by: case, spacing and invisible characters do not matter. */
export function nameKey(name: string): string {
  return cleanName(name).toLowerCase();
}

export function parseHitDie(text: string): HitDie {
  const sides = Number(/^\s*d(\d+)\s*$/i.exec(text)?.[1]);
  const die = HIT_DICE.find((d) => d === sides);
  if (die === undefined) throw new UserError(`"${text}" is not a hit die: use d6, d8, d10 or d12.`);
  return die;
}

function listOf<T extends string>(text: string, field: string, known: readonly T[], aliases: Readonly<Record<string, T>> = {}): T[] {
  const found = new Set<T>();
  for (const part of text.split(/[,;]/)) {
    const key = part.trim().toLowerCase().replace(/\s+/g, '-');
    if (key === '') continue;
    // Own keys only: `constructor` or `__proto__` would otherwise find what every object inherits.
    const match = known.find((k) => k === key) ?? (Object.hasOwn(aliases, key) ? aliases[key] : undefined);
    // Shown as code, so markdown typed in it shows as typed; a backtick would end the code.
    if (match === undefined) {
      throw new UserError(`\`${part.trim().replaceAll('`', "'")}\` in \`${field}\` is not one of: ${known.join(', ')}.`);
    }
    found.add(match);
  }
  return [...found];
}

export const SKILL_NAMES = SKILL_KEYS;

export function parseAbilities(text: string, field = 'saves'): Ability[] {
  return listOf(text, field, ABILITIES, ABILITY_NAMES);
}

export function parseSkills(text: string, field = 'skills'): Skill[] {
  return listOf(text, field, SKILL_NAMES);
}

/**
 * The maximum when no `hp` is given: a new sheet's default, or the old maximum moved by what the
 * level, Hit Die and Constitution move the default (a level's average and Con; a new Con modifier at
 * every level, as the rules change it), so a maximum chosen by hand keeps its difference from it.
 */
function maxHpFollowing(base: CharacterSheet | null, level: number, hitDie: HitDie, conScore: number): number {
  const now = defaultMaxHp(level, hitDie, conScore);
  if (base === null) return now;
  const moved = base.maxHp + now - defaultMaxHp(base.level, base.hitDie, base.abilities.con);
  return Math.min(MAX_CHARACTER_HP, Math.max(1, moved));
}

/** A sheet with `changes` applied to `base` (or to a new sheet's defaults), every number checked. */
export function applySheetChanges(base: CharacterSheet | null, name: string, changes: SheetChanges): CharacterSheet {
  const level = whole(changes.level ?? base?.level ?? 1, 'Level', 1, MAX_LEVEL);
  const abilities = { ...(base?.abilities ?? { str: 10, dex: 10, con: 10, int: 10, wis: 10, cha: 10 }) };
  for (const ability of ABILITIES) {
    const score = changes.scores?.[ability];
    if (score !== undefined) abilities[ability] = whole(score, `${ability.toUpperCase()} (an ability score)`, 1, MAX_SCORE);
  }
  const hitDie = changes.hitDie === undefined ? (base?.hitDie ?? 8) : parseHitDie(changes.hitDie);
  const skills = changes.skills === undefined ? (base?.skills ?? []) : parseSkills(changes.skills);
  const expertise = changes.expertise === undefined ? (base?.expertise ?? []) : parseSkills(changes.expertise, 'expertise');
  const maxHp = changes.maxHp ?? maxHpFollowing(base, level, hitDie, abilities.con);
  return {
    name: requireCharacterName(name),
    level,
    abilities,
    maxHp: whole(maxHp, 'HP', 1, MAX_CHARACTER_HP),
    armourClass: whole(changes.armourClass ?? base?.armourClass ?? 10 + abilityModifier(abilities.dex), 'AC', 0, 50),
    hitDie,
    saves: changes.saves === undefined ? (base?.saves ?? []) : parseAbilities(changes.saves),
    skills,
    expertise,
    initBonus: changes.initBonus === undefined ? (base?.initBonus ?? null) : whole(changes.initBonus, 'The initiative bonus', -10, 30),
    speed: whole(changes.speed ?? base?.speed ?? 30, 'Speed', 0, 500),
    spellcasting:
      changes.spellcasting === undefined
        ? (base?.spellcasting ?? null)
        : applySpellcastingChanges(base?.spellcasting ?? null, changes.spellcasting),
  };
}

/** A new character's state: whole, rested, nothing on it. */
export function freshState(sheet: CharacterSheet): CharacterState {
  return {
    hp: sheet.maxHp,
    tempHp: 0,
    hitDiceLeft: sheet.level,
    tracks: { exhaustion: 0, fatigue: 0, strife: 0 },
    conditions: [],
    dead: false,
    slotsSpent: [],
  };
}

/**
 * The fewest HP a character may hold where HP go below 0 (Next): its death threshold,
 * −(Constitution score + level) (RULES.md §9d), when dead; one above it while alive.
 */
export function lowestHpBelowZero(sheet: Pick<CharacterSheet, 'abilities' | 'level'>, dead: boolean): number {
  const threshold = -(sheet.abilities.con + sheet.level);
  return dead ? threshold : threshold + 1;
}

/**
 * The state after the sheet changed: a higher maximum or level adds what it adds to a character
 * standing (one at 0 HP or dead wakes by healing, not by an edit), nothing is left above its new cap,
 * and HP below 0 (Next) not below the new death threshold.
 */
export function stateAfterEdit(before: CharacterSheet, after: CharacterSheet, state: CharacterState): CharacterState {
  const rise = state.dead || state.hp <= 0 ? 0 : Math.max(0, after.maxHp - before.maxHp);
  const raised = Math.min(after.maxHp, state.hp + rise);
  const hp = raised < 0 ? Math.max(raised, lowestHpBelowZero(after, state.dead)) : raised;
  const hitDiceLeft = Math.min(after.level, state.hitDiceLeft + Math.max(0, after.level - before.level));
  return {
    hp,
    tempHp: state.tempHp,
    hitDiceLeft,
    tracks: state.tracks,
    conditions: state.conditions,
    dead: state.dead,
    slotsSpent: state.slotsSpent,
  };
}

/** The rules state a character is in out of a fight, for a rest or healing to work on. */
export function rulesStateOf(character: Character): CombatantRulesState {
  return createRulesState({
    hp: character.hp,
    maxHp: character.maxHp,
    tempHp: character.tempHp,
    isPlayerCharacter: true,
    dead: character.dead,
    level: character.level,
    conScore: character.abilities.con,
    conSaveBonus: saveBonus(character, 'con'),
    conditions: character.conditions,
    tracks: character.tracks,
    hitDice: [{ sides: character.hitDie, total: character.level, remaining: character.hitDiceLeft }],
  });
}

/** What a character keeps of a rules state it was in (after a fight or a rest). */
export function stateFromRules(rules: CombatantRulesState): RulesKeptState {
  return {
    hp: rules.hp,
    // A fight allows any number (a monster's); a sheet holds what a character file may.
    tempHp: Math.min(rules.tempHp, MAX_CHARACTER_HP),
    hitDiceLeft: rules.hitDice.reduce((sum, pool) => sum + pool.remaining, 0),
    tracks: { ...rules.tracks },
    conditions: [...rules.conditions],
    dead: rules.dead,
  };
}
