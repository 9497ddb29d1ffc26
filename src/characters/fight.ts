import type { JoinInput } from '../combat/inputs';
import type { Encounter } from '../combat/types';
import { ABILITIES, type Ability } from '../rules/types';
import { initiativeBonus, saveBonus, stateFromRules, type Character, type CharacterState } from './sheet';

/** How a stored character joins a fight: its sheet's numbers and the state it is in now. */
export function joinInputFor(character: Character): JoinInput {
  const saves = Object.fromEntries(ABILITIES.map((ability) => [ability, saveBonus(character, ability)])) as Record<Ability, number>;
  return {
    name: character.name,
    hp: character.maxHp,
    ac: character.armourClass,
    initMod: initiativeBonus(character),
    conSave: saves.con,
    character: {
      characterId: character.id,
      hp: character.hp,
      tempHp: character.tempHp,
      level: character.level,
      conScore: character.abilities.con,
      saves,
      tracks: { ...character.tracks },
      hitDice: [{ sides: character.hitDie, total: character.level, remaining: character.hitDiceLeft }],
      conditions: [...character.conditions],
      dead: character.dead,
    },
  };
}

/** The state each stored character's combatant leaves the fight in, to be written back to its sheet. */
export function statesAfterFight(encounter: Encounter): { id: string; state: CharacterState }[] {
  return encounter.combatants.flatMap(({ characterId, rules }) =>
    characterId === null ? [] : [{ id: characterId, state: stateFromRules(rules) }],
  );
}
