import { parseDice, rollDice } from '../dice';
import type { RandomSource } from '../dice/random';
import { SKILLS, type Skill } from './skills';
import { abilityModifier } from './state';
import type {
  Ability,
  CombatantRulesState,
  CustomEffect,
  D20TestRequest,
  D20TestRoll,
  OwnBonus,
  RollMode,
  RuleSet,
  RulesRefusal,
  RulesResult,
} from './types';

/** An ability check (with a skill or without) or a saving throw. */
export type AbilityTest = { kind: 'check'; ability: Ability; skill: Skill | null } | { kind: 'save'; ability: Ability };

/** A check with `skill` uses the skill's ability. */
export function checkWith(skill: Skill): AbilityTest {
  return { kind: 'check', ability: SKILLS[skill], skill };
}

/** What a character sheet records for its d20 tests. */
export interface TestProficiencies {
  level: number;
  abilities: Readonly<Record<Ability, number>>;
  saves: readonly Ability[];
  skills: readonly Skill[];
  expertise: readonly Skill[];
}

/** +2 at levels 1–4, +3 at 5–8 … +6 at 17–20. */
export function proficiencyBonus(level: number): number {
  return 2 + Math.floor((level - 1) / 4);
}

/** "Dex": the ability's short name, as a part of a total reads. */
export function abilityLabel(ability: Ability): string {
  return ability.charAt(0).toUpperCase() + ability.slice(1);
}

/**
 * The parts a sheet adds to a test: the ability modifier, then the proficiency bonus for a
 * proficient save or skill, doubled (and named so) for a skill with expertise.
 */
export function sheetBonuses(sheet: TestProficiencies, test: AbilityTest): OwnBonus[] {
  const parts: OwnBonus[] = [{ bonus: abilityModifier(sheet.abilities[test.ability]), reason: abilityLabel(test.ability) }];
  const proficiency = proficiencyBonus(sheet.level);
  if (test.kind === 'save') {
    if (sheet.saves.includes(test.ability)) parts.push({ bonus: proficiency, reason: 'proficiency' });
  } else if (test.skill !== null) {
    if (sheet.expertise.includes(test.skill)) parts.push({ bonus: 2 * proficiency, reason: 'expertise' });
    else if (sheet.skills.includes(test.skill)) parts.push({ bonus: proficiency, reason: 'proficiency' });
  }
  return parts;
}

/** A `bonus` as typed, rolled: a number or any dice expression, within the dice engine's limits. */
export interface ExtraBonus {
  expression: string;
  /** The dice engine's rendering with every die; null for a plain number. */
  rendered: string | null;
  total: number;
  /** The comment after the dice (`1d4 Guidance`), which names the part. */
  label: string | null;
}

/** The largest `bonus` a test takes: past it, a typing mistake rather than a bonus. */
export const MAX_EXTRA_BONUS = 100;

export function rollExtraBonus(text: string, random: RandomSource): RulesResult<ExtraBonus, RulesRefusal> {
  const expression = text.trim();
  if (/^[+-]?\d+$/.test(expression)) {
    const total = Number(expression);
    if (Math.abs(total) > MAX_EXTRA_BONUS) return { ok: false, reason: { kind: 'bonus-out-of-range', rolled: null, max: MAX_EXTRA_BONUS } };
    return { ok: true, value: { expression, rendered: null, total, label: null } };
  }
  const parsed = parseDice(expression.replace(/^\+/, ''));
  if (!parsed.ok) return { ok: false, reason: { kind: 'bonus-dice', message: parsed.error.message } };
  // rollDice counts every die and every step against the dice engine's one work budget.
  const rolled = rollDice(parsed.value, random);
  if (!rolled.ok) return { ok: false, reason: { kind: 'bonus-dice', message: rolled.error.message } };
  if (Math.abs(rolled.total) > MAX_EXTRA_BONUS) {
    return { ok: false, reason: { kind: 'bonus-out-of-range', rolled: rolled.total, max: MAX_EXTRA_BONUS } };
  }
  return { ok: true, value: { expression, rendered: rolled.text, total: rolled.total, label: rolled.comment } };
}

export interface AbilityTestRequest {
  test: AbilityTest;
  /** The creature's own bonus in parts; empty when none is known. */
  own: readonly OwnBonus[];
  /** Advantage or disadvantage the roller asks for, on top of what conditions and effects give. */
  mode: RollMode;
  /** Rolled before the d20 and added after the creature's own parts. */
  extra: ExtraBonus | null;
  effects: readonly CustomEffect[];
  dc: number | null;
}

export interface AbilityTestResult {
  test: AbilityTest;
  roll: D20TestRoll;
  extra: ExtraBonus | null;
  dc: number | null;
  /** Null without a DC. */
  success: boolean | null;
}

/** The reason a part of the roll gives for what the roller asked for (`mode:advantage`). */
export const ASKED_FOR = 'asked for';

/**
 * A check or save through the rules' one d20 function: the roller's mode joins the advantage and
 * disadvantage that conditions, level tracks and effects give (and cancels as the rule set says),
 * and the sheet's parts, then the extra bonus, come before what conditions and effects add.
 */
export function rollAbilityTest(
  ruleSet: RuleSet,
  state: Pick<CombatantRulesState, 'conditions' | 'tracks'>,
  request: AbilityTestRequest,
  random: RandomSource,
): AbilityTestResult {
  const { test, extra, dc } = request;
  const d20Request: D20TestRequest = {
    kind: test.kind,
    ability: test.ability,
    advantage: request.mode === 'advantage' ? [ASKED_FOR] : [],
    disadvantage: request.mode === 'disadvantage' ? [ASKED_FOR] : [],
    effects: request.effects,
  };
  const own = extra === null ? request.own : [...request.own, { bonus: extra.total, reason: extra.label ?? 'bonus' }];
  const roll = ruleSet.rollD20Test(state, d20Request, own, random);
  const success = dc === null ? null : roll.autoFail === null && roll.total >= dc;
  return { test, roll, extra, dc, success };
}
