import { getRuleSet } from '../rules';
import type { RuleSetId } from '../rules/ids';
import type { RuleSet } from '../rules/types';
import { CombatRefusal } from './refusals';
import type { Encounter, EncounterOptions } from './types';

/** The rules an encounter plays by: its rule set with the options its game master chose. */
export function rulesOf(encounter: Pick<Encounter, 'ruleSet' | 'options'>): RuleSet {
  return getRuleSet(encounter.ruleSet, { monstersDie: encounter.options.monstersDie });
}

/** Letting monsters die at 0 HP is a choice only where the rule set gives them death saves (Crown & Misery). */
export function requireOptionsApply(ruleSet: RuleSetId, options: Partial<EncounterOptions>): void {
  const rules = getRuleSet(ruleSet);
  if (options.monstersDie === true && !rules.facts.monstersMakeDeathSaves) {
    throw new CombatRefusal({ kind: 'monsters-already-die', ruleSetName: rules.name });
  }
}
