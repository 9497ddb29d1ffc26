import type { RandomSource } from '../dice/random';
import type { RulesContext } from './context';
import type { CombatantRulesState, RulesRefusal, RulesResult } from './types';

/** Heroic Inspiration (2024, C&M): reroll one die just rolled and keep the new result (RULES.md §17). */
export function useHeroicInspiration(
  ctx: RulesContext,
  state: CombatantRulesState,
  sides: number,
  random: RandomSource,
): RulesResult<{ state: CombatantRulesState; roll: number }, RulesRefusal> {
  if (!ctx.facts.hasHeroicInspiration) return { ok: false, reason: { kind: 'no-inspiration-in-rules', ruleSetName: ctx.name } };
  if (!state.heroicInspiration) return { ok: false, reason: { kind: 'no-inspiration-left' } };
  return { ok: true, value: { state: { ...state, heroicInspiration: false }, roll: random.die(sides) } };
}
