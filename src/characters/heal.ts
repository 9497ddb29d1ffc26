import type { RuleSet, RulesEvent } from '../rules/types';
import { rulesStateOf, stateFromRules, type Character } from './sheet';
import { wakingOutOfFight } from './waking';

/** Hit points a character regained out of a fight: its sheet after, what the rules did, and the most HP it may hold. */
export interface CharacterHealing {
  character: Character;
  events: RulesEvent[];
  /** The sheet's maximum, or less where the rules hold it lower (2014 Exhaustion 4). */
  hpMaximum: number;
}

/**
 * Healing out of a fight (a potion, a spell once the fight is over) by the rule set's healing rules
 * (RULES.md §8), as it would land in a fight: up to the maximum, and from 0 HP it wakes the
 * character, who stands up. Null for the dead, whom healing does not reach.
 */
export function healCharacter(ruleSet: RuleSet, character: Character, amount: number): CharacterHealing | null {
  if (character.dead) return null;
  const before = rulesStateOf(character);
  const healed = wakingOutOfFight(ruleSet, before, ruleSet.applyHealing(before, amount));
  return {
    character: { ...character, ...stateFromRules(healed.state) },
    events: healed.events,
    hpMaximum: ruleSet.maxHp(healed.state),
  };
}
