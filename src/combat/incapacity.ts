import type { RuleSet } from '../rules/types';
import { isDying } from './effects';
import type { Combatant } from './types';

/** What keeps a creature from acting or reacting: death, dying at 0 HP, or a condition (named as the catalogue names it). */
export type Stopper = { kind: 'dead' } | { kind: 'dying' } | { kind: 'condition'; condition: string };

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
