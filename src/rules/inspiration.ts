import type { RandomSource } from '../dice/random';
import type { RulesContext } from './context';
import type { CombatantRulesState, RulesResult } from './types';

/** Heroic Inspiration (2024, C&M): reroll one die just rolled and keep the new result (RULES.md §17). */
export function useHeroicInspiration(
  ctx: RulesContext,
  state: CombatantRulesState,
  sides: number,
  random: RandomSource,
): RulesResult<{ state: CombatantRulesState; roll: number }> {
  if (!ctx.facts.hasHeroicInspiration) return { ok: false, reason: `The ${ctx.name} rules have no Heroic Inspiration.` };
  if (!state.heroicInspiration) return { ok: false, reason: 'No Heroic Inspiration to spend.' };
  return { ok: true, value: { state: { ...state, heroicInspiration: false }, roll: random.die(sides) } };
}
