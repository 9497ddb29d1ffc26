import type { ConditionDefinition, RuleSet, TrackDefinition } from '../rules/types';
import { normaliseName } from './targets';

/** The rule set's catalogue condition a user means, by name or key, whatever the case. */
export function catalogueCondition(ruleSet: Pick<RuleSet, 'conditions'>, typed: string): ConditionDefinition | undefined {
  const wanted = normaliseName(typed);
  return ruleSet.conditions.find((c) => normaliseName(c.name) === wanted || c.key === wanted);
}

/** The rule set's level track a user means (Exhaustion; A5E Fatigue and Strife). */
export function catalogueTrack(ruleSet: Pick<RuleSet, 'tracks'>, typed: string): TrackDefinition | undefined {
  const wanted = normaliseName(typed);
  return ruleSet.tracks.find((t) => normaliseName(t.name) === wanted || t.key === wanted);
}
