import { removeCondition, chain, shiftTrack } from './condition-state';
import { maxHpOf, type RulesContext } from './context';
import type { CombatantRulesState, RulesRefusal, RulesResult, StateChange, TempHpOptions } from './types';

/**
 * Healing (RULES.md §8): up to the maximum; below 0 (Next) the total first resets to 0; any HP
 * regained from 0 ends dying, wakes the creature and resets its death saves. The dead can't be healed.
 */
export function applyHealing(ctx: RulesContext, state: CombatantRulesState, amount: number): StateChange {
  if (state.dead) return { state, events: [{ kind: 'cannot-heal-dead' }] };
  const base = Math.max(0, state.hp);
  const hp = Math.max(state.hp, Math.min(maxHpOf(ctx, state), base + Math.max(0, Math.floor(amount))));
  return afterRegaining(ctx, state, { state: { ...state, hp }, events: [{ kind: 'healed', amount: Math.max(0, hp - base), hp }] });
}

/**
 * Hit points regained from 0 or below, by whatever means (healing, a rest, HP set outright), end dying
 * and the unconsciousness it brought (Prone stays) and clear the death saves ([000] "Unconscious", [004]).
 */
export function afterRegaining(ctx: RulesContext, before: Pick<CombatantRulesState, 'hp'>, change: StateChange): StateChange {
  if (before.hp > 0 || change.state.hp <= 0) return change;
  return chain(
    change,
    (s) => wake(ctx, s),
    (s) => ({ state: s, events: [{ kind: 'revived' }] }),
  );
}

/**
 * Hit points set outright, as a correction or after revival magic: above 0, a dying creature wakes, and
 * a dead one comes back to life with a level fewer of each track the rule set names (2024 "Dead": one
 * Exhaustion level).
 */
export function setHitPoints(ctx: RulesContext, state: CombatantRulesState, hp: number): StateChange {
  const set: StateChange = { state: { ...state, hp }, events: [] };
  if (hp <= 0) return set;
  if (!state.dead) return afterRegaining(ctx, state, set);
  const tracks = ctx.facts.revivalLowersTracks.map((track) => (s: CombatantRulesState) => shiftTrack(ctx, s, track, -1));
  return chain({ state: { ...set.state, dead: false }, events: [{ kind: 'returned-to-life' }] }, (s) => wake(ctx, s), ...tracks);
}

/** Back to consciousness: no longer dying or stable, death saves cleared. */
export function wake(ctx: RulesContext, state: CombatantRulesState): StateChange {
  return removeCondition(ctx, { ...state, stable: false, deathSaves: { successes: 0, failures: 0 } }, 'unconscious');
}

/** Temporary HP never stack: the larger pool stays unless the player takes the new one (RULES.md §7). */
export function setTempHp(
  ctx: RulesContext,
  state: CombatantRulesState,
  amount: number,
  options: TempHpOptions = {},
): RulesResult<StateChange, RulesRefusal> {
  if (!ctx.facts.hasTempHp) return { ok: false, reason: { kind: 'no-temp-hp-in-rules', ruleSetName: ctx.name } };
  if (!Number.isInteger(amount) || amount < 0) return { ok: false, reason: { kind: 'temp-hp-not-whole' } };
  if (state.dead) return { ok: false, reason: { kind: 'dead-cannot-gain-temp-hp' } };
  if (options.replace || amount > state.tempHp) {
    return {
      ok: true,
      value: { state: { ...state, tempHp: amount }, events: [{ kind: 'temp-hp-set', tempHp: amount, previous: state.tempHp }] },
    };
  }
  return { ok: true, value: { state, events: [{ kind: 'temp-hp-kept', tempHp: state.tempHp, offered: amount }] } };
}

/** Lowers the hit point maximum until a long rest (2024) or the effect ends; HP above it are lost. */
export function reduceMaxHp(ctx: RulesContext, state: CombatantRulesState, reduction: number): StateChange {
  const hpMaxReduction = Math.min(state.maxHp, state.hpMaxReduction + Math.max(0, Math.floor(reduction)));
  const reduced = { ...state, hpMaxReduction };
  const maxHp = maxHpOf(ctx, reduced);
  return { state: { ...reduced, hp: Math.min(reduced.hp, maxHp) }, events: [{ kind: 'max-hp-reduced', reduction: hpMaxReduction, maxHp }] };
}

/** At or below half the maximum, as 2*hp <= max so odd maxima need no rounding rule (§17, §27.23). */
export function isBloodied(ctx: RulesContext, state: CombatantRulesState): boolean {
  return ctx.facts.bloodied && 2 * state.hp <= maxHpOf(ctx, state);
}
