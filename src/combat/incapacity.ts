import type { RuleSet } from '../rules/types';
import { isDying } from './effects';
import type { Stopper } from './refusals';
import type { Combatant } from './types';

/**
 * Why the combatant can take no actions (legendary ones included) or no reactions now; null when
 * nothing stops it. The rule set's catalogue says which conditions take them away: Incapacitated and
 * whatever includes it; in Next, which has no Incapacitated, Paralyzed, Stunned and Unconscious; in
 * A5E, Confused, Rattled and Slowed take reactions but not actions.
 */
export function stoppedFrom(ruleSet: RuleSet, combatant: Combatant, what: 'actions' | 'reactions'): Stopper | null {
  if (combatant.rules.dead) return { kind: 'dead' };
  if (isDying(combatant)) return { kind: 'dying' };
  const condition = combatant.rules.conditions
    .map((key) => ruleSet.condition(key))
    .find((c) => c !== undefined && (what === 'actions' ? c.mechanics.noActions : c.mechanics.noReactions));
  return condition === undefined ? null : { kind: 'condition', condition: condition.name };
}
