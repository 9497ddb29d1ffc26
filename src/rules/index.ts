import { buildRuleSet } from './engine';
import type { RuleSetId } from './ids';
import { A5E } from './sets/a5e';
import { CROWN_MISERY } from './sets/crown-misery';
import { DND_NEXT } from './sets/dnd-next';
import { DND2014 } from './sets/dnd2014';
import { DND2024 } from './sets/dnd2024';
import type { RuleSet } from './types';

const RULE_SETS: Readonly<Record<RuleSetId, RuleSet>> = {
  dnd2024: buildRuleSet(DND2024),
  dnd2014: buildRuleSet(DND2014),
  'crown-misery': buildRuleSet(CROWN_MISERY),
  'dnd-next': buildRuleSet(DND_NEXT),
  a5e: buildRuleSet(A5E),
};

export function getRuleSet(id: RuleSetId): RuleSet {
  return RULE_SETS[id];
}

export * from './types';
export * from './ids';
export { createRulesState, abilityModifier } from './state';
export { resolveMode } from './d20';
export { criticalDamage, type CriticalOptions } from './critical';
