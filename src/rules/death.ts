import type { RandomSource } from '../dice/random';
import { chain, gainFatigue, shiftTrack } from './condition-state';
import { usesPlayerRules, type RulesContext } from './context';
import { rollD20Test } from './d20';
import { addFailures, applyDamage } from './damage';
import { wake } from './hit-points';
import type { CombatantRulesState, CustomEffect, DeathSaveResult, RulesRefusal, RulesResult, StateChange } from './types';

const SAVES_TO_STABILISE = 3;

function whyNoDeathSave(ctx: RulesContext, state: CombatantRulesState): RulesRefusal | null {
  const no = (why: 'dead' | 'conscious' | 'stable' | 'not-a-player'): RulesRefusal => ({
    kind: 'no-death-save',
    why,
    ruleSetName: ctx.name,
  });
  if (state.dead) return no('dead');
  if (state.hp > 0) return no('conscious');
  if (state.stable) return no('stable');
  if (!usesPlayerRules(ctx, state)) return no('not-a-player');
  return null;
}

/**
 * One death saving throw (RULES.md §10): d20 against the DC (a Constitution save in Next); a natural 20
 * brings the creature back with 1 HP; three successes stabilise; failures kill at three, or in Next deal
 * 1d6 damage that can't be reduced. Conditions and tracks that affect saves apply (decision §27.6).
 */
export function rollDeathSave(
  ctx: RulesContext,
  state: CombatantRulesState,
  random: RandomSource,
  effects: readonly CustomEffect[] = [],
): RulesResult<DeathSaveResult, RulesRefusal> {
  const refusal = whyNoDeathSave(ctx, state);
  if (refusal) return { ok: false, reason: refusal };
  const { facts } = ctx;
  const roll = rollD20Test(
    ctx,
    state,
    { kind: 'save', ability: facts.deathSaveIsConSave ? 'con' : undefined, deathSave: true, effects },
    { bonus: facts.deathSaveIsConSave ? state.conSaveBonus : 0, reason: 'Con save' },
    random,
  );
  const base = { roll: roll.natural, total: roll.total, damage: null };

  if (roll.natural === 20) {
    const revived = chain(wake(ctx, { ...state, hp: 1 }), (s) => ({ state: s, events: [{ kind: 'revived' }] }));
    return { ok: true, value: { ...base, ...revived, outcome: 'revived' } };
  }
  // Where a 1 has its own outcome, it has it whatever the bonuses make the total.
  const naturalOne = roll.natural === 1 && facts.deathSaveNatural1 !== 'failure';
  if (roll.total >= facts.deathSaveDc && !naturalOne) {
    const successes = state.deathSaves.successes + 1;
    if (successes >= SAVES_TO_STABILISE) {
      return { ok: true, value: { ...base, ...stable(state), outcome: 'stable' } };
    }
    return {
      ok: true,
      value: { ...base, state: { ...state, deathSaves: { ...state.deathSaves, successes } }, events: [], outcome: 'success' },
    };
  }
  if (facts.deathSaveFailureDamage !== null) {
    const damage = random.die(facts.deathSaveFailureDamage);
    const hurt = applyDamage(ctx, state, { amount: damage, type: null, unreducible: true }, random);
    return { ok: true, value: { ...base, ...hurt, damage, outcome: hurt.state.dead ? 'dead' : 'failure' } };
  }
  const failed = failure(ctx, state, roll.natural === 1);
  return { ok: true, value: { ...base, ...failed, outcome: failed.state.dead ? 'dead' : 'failure' } };
}

function failure(ctx: RulesContext, state: CombatantRulesState, natural1: boolean): StateChange {
  if (!natural1) return addFailures(state, 1);
  switch (ctx.facts.deathSaveNatural1) {
    case 'two-failures':
      return addFailures(state, 2);
    case 'fatigue-and-strife':
      // A natural 1 is still a failure; A5E adds a level of fatigue (after the encounter) and one of strife.
      return chain(addFailures(state, 1), (s) =>
        s.dead ? { state: s, events: [] } : chain(gainFatigue(ctx, s, true), (t) => shiftTrack(ctx, t, 'strife', 1)),
      );
    case 'failure':
      return addFailures(state, 1);
  }
}

function stable(state: CombatantRulesState): StateChange {
  return { state: { ...state, stable: true, deathSaves: { successes: 0, failures: 0 } }, events: [{ kind: 'stabilised' }] };
}

/** First aid or a healer's kit succeeded (the check and its DC are the caller's: facts.stabiliseDc). */
export function stabilise(state: CombatantRulesState): RulesResult<StateChange, RulesRefusal> {
  if (state.dead) return { ok: false, reason: { kind: 'cannot-stabilise', why: 'dead' } };
  if (state.hp > 0) return { ok: false, reason: { kind: 'cannot-stabilise', why: 'conscious' } };
  if (state.stable) return { ok: false, reason: { kind: 'cannot-stabilise', why: 'stable' } };
  return { ok: true, value: stable(state) };
}

/** A stable creature left alone regains 1 HP after 1d4 hours (1d8 in Next) (RULES.md §11). */
export function recoverFromStable(
  ctx: RulesContext,
  state: CombatantRulesState,
  random: RandomSource,
): RulesResult<StateChange & { hours: number }, RulesRefusal> {
  if (state.dead || !state.stable || state.hp > 0) {
    return { ok: false, reason: { kind: 'cannot-recover-alone' } };
  }
  const hours = random.die(ctx.facts.stableRecoveryDie);
  const woken = wake(ctx, { ...state, hp: 1 });
  return { ok: true, value: { state: woken.state, events: [{ kind: 'regained-hp-from-stable', hp: 1 }, ...woken.events], hours } };
}
