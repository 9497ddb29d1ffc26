import type { RandomSource } from '../dice/random';
import { createRulesState } from '../rules/state';
import type { CombatantRulesState, RuleSet, RulesEvent, RulesResult } from '../rules/types';
import { saveBonus, stateFromRules, type Character } from './sheet';

export type RestKind = 'short' | 'long';

export interface RestRequest {
  kind: RestKind;
  /** Hit Dice to spend on a short rest. */
  hitDice: number;
  /** D&D Next: spending Hit Dice on a short rest needs a healer's kit. */
  healersKit: boolean;
}

export interface CharacterRest {
  character: Character;
  events: RulesEvent[];
  healed: number;
}

function rulesStateOf(character: Character): CombatantRulesState {
  return createRulesState({
    hp: character.hp,
    maxHp: character.maxHp,
    tempHp: character.tempHp,
    isPlayerCharacter: true,
    dead: character.dead,
    level: character.level,
    conScore: character.abilities.con,
    conSaveBonus: saveBonus(character, 'con'),
    conditions: character.conditions,
    tracks: character.tracks,
    hitDice: [{ sides: character.hitDie, total: character.level, remaining: character.hitDiceLeft }],
  });
}

/** A rest as the rule set takes it (RULES.md §23): the character after it and what it did, or why the rules refuse it. */
export function restCharacter(
  ruleSet: RuleSet,
  character: Character,
  request: RestRequest,
  random: RandomSource,
): RulesResult<CharacterRest> {
  const state = rulesStateOf(character);
  const rested =
    request.kind === 'short'
      ? ruleSet.shortRest(state, { spend: [{ sides: character.hitDie, count: request.hitDice }], healersKit: request.healersKit }, random)
      : ruleSet.longRest(state, {});
  if (!rested.ok) return rested;
  return {
    ok: true,
    value: {
      character: { ...character, ...stateFromRules(rested.value.state) },
      events: rested.value.events,
      healed: rested.value.healed,
    },
  };
}
