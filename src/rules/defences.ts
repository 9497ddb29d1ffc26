import { activeMechanics, type RulesContext } from './context';
import { speedOf } from './speed';
import type { CombatantRulesState, CoverDegree, CoverEffect, DodgeEffect, RulesRefusal, RulesResult } from './types';

const COVER_RANK: readonly CoverDegree[] = ['none', 'half', 'three-quarters', 'total'];
const COVER_BONUS: Readonly<Record<CoverDegree, number>> = { none: 0, half: 2, 'three-quarters': 5, total: 0 };
const NEXT_DODGE_BONUS = 4;

/**
 * Cover (RULES.md §21): +2 half, +5 three-quarters, total means no direct targeting; only the most
 * protective degree counts (C&M lost that sentence; decision §27.3). A5E's bonus applies to Dex saves
 * (decision §27.16) and hide checks; Next's only from the far side.
 */
export function cover(ctx: RulesContext, degrees: readonly CoverDegree[], fromFarSide = true): CoverEffect {
  const best = degrees.reduce<CoverDegree>((a, b) => (COVER_RANK.indexOf(b) > COVER_RANK.indexOf(a) ? b : a), 'none');
  const degree = ctx.facts.coverOnlyFromFarSide && !fromFarSide ? 'none' : best;
  const bonus = COVER_BONUS[degree];
  return {
    degree,
    acBonus: bonus,
    dexSaveBonus: bonus,
    hideBonus: ctx.facts.coverHelpsHiding ? bonus : 0,
    targetable: degree !== 'total',
  };
}

/** An encounter tracks no creature's speed: for the Dodge, conditions and tracks alone decide whether it is 0. */
const NOMINAL_SPEED = 30;

/**
 * The Dodge action (RULES.md §20): disadvantage for attackers and advantage on Dex saves, or Next's
 * +4 to AC and Dex saves. It gives nothing to a creature that is incapacitated, can't move or has
 * speed 0 (A5E: it can't be taken then at all).
 */
export function dodge(
  ctx: RulesContext,
  state: Pick<CombatantRulesState, 'conditions' | 'tracks'>,
  baseSpeed = NOMINAL_SPEED,
): RulesResult<DodgeEffect, RulesRefusal> {
  const helpless = activeMechanics(ctx, state).find((m) => m.mechanics.noActions || m.mechanics.cantMove);
  if (helpless) return { ok: false, reason: { kind: 'dodge-does-nothing', condition: helpless.name } };
  if (speedOf(ctx, state, baseSpeed) === 0) return { ok: false, reason: { kind: 'dodge-does-nothing', condition: null } };
  if (ctx.facts.dodge === 'plus-four') {
    return {
      ok: true,
      value: { attackersDisadvantage: false, dexSaveAdvantage: false, acBonus: NEXT_DODGE_BONUS, dexSaveBonus: NEXT_DODGE_BONUS },
    };
  }
  return { ok: true, value: { attackersDisadvantage: true, dexSaveAdvantage: true, acBonus: 0, dexSaveBonus: 0 } };
}
