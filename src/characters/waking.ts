import type { CombatantRulesState, RuleSet, StateChange } from '../rules/types';

/**
 * Hit points regained out of a fight: a character who wakes from 0 HP stands up too. In a fight
 * waking leaves it Prone (standing costs movement on its turn); out of one nothing keeps it lying
 * down, as the Prone that came with Unconscious would have ended with the fight.
 */
export function wakingOutOfFight(ruleSet: RuleSet, before: Pick<CombatantRulesState, 'hp'>, change: StateChange): StateChange {
  if (before.hp > 0 || change.state.hp <= 0 || !change.state.conditions.includes('prone')) return change;
  const stood = ruleSet.removeCondition(change.state, 'prone');
  return { state: stood.state, events: [...change.events, ...stood.events] };
}
