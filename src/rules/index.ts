import { buildRuleSet } from './engine';
import type { RuleSetId } from './ids';
import { A5E } from './sets/a5e';
import { CROWN_MISERY } from './sets/crown-misery';
import { DND_NEXT } from './sets/dnd-next';
import { DND2014 } from './sets/dnd2014';
import { DND2024 } from './sets/dnd2024';
import type { RulesContext } from './context';
import type { RuleSet } from './types';

const CONTEXTS: Readonly<Record<RuleSetId, RulesContext>> = {
  dnd2024: DND2024,
  dnd2014: DND2014,
  'crown-misery': CROWN_MISERY,
  'dnd-next': DND_NEXT,
  a5e: A5E,
};

function eachRuleSet(build: (ctx: RulesContext) => RuleSet): Readonly<Record<RuleSetId, RuleSet>> {
  return Object.fromEntries(Object.entries(CONTEXTS).map(([id, ctx]) => [id, build(ctx)])) as Record<RuleSetId, RuleSet>;
}

const RULE_SETS = eachRuleSet(buildRuleSet);
/** The same rules for a table that lets monsters die at 0 HP where the rule set would have them make death saves. */
const MONSTERS_DIE = eachRuleSet((ctx) => buildRuleSet({ ...ctx, facts: { ...ctx.facts, monstersMakeDeathSaves: false } }));

/** A table's choice that changes a rule set for one encounter. */
export interface RuleSetChoices {
  /** Monsters die at 0 HP (Crown & Misery otherwise gives every creature death saves). */
  monstersDie?: boolean;
}

export function getRuleSet(id: RuleSetId, choices: RuleSetChoices = {}): RuleSet {
  return (choices.monstersDie ? MONSTERS_DIE : RULE_SETS)[id];
}

export * from './types';
export * from './ids';
export { createRulesState, abilityModifier } from './state';
export { resolveMode } from './d20';
export { criticalDamage, type CriticalOptions } from './critical';
