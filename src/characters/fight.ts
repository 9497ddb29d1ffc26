import type { JoinInput } from '../combat/inputs';
import { rulesOf } from '../combat/rules-of';
import type { SheetWrite } from '../combat/store';
import type { Encounter, SpellSlots } from '../combat/types';
import type { RuleSetId } from '../rules/ids';
import { spellcastingOf } from './spellcasting';
import { slotsLeft, trimmed } from './spell-slots';
import { ABILITIES, type Ability, type CombatantRulesState, type ConditionKey, type RuleSet } from '../rules/types';
import { initiativeBonus, saveBonus, stateFromRules, type Character, type CharacterState, type RulesKeptState } from './sheet';

/** A caster's slots as the fight counts them, read by the rule set the fight keeps; null for one who casts nothing. */
function fightSlots(character: Character, ruleSet: RuleSetId): SpellSlots | null {
  const casting = spellcastingOf(character, ruleSet);
  if (casting === null) return null;
  const levels = slotsLeft(casting.slots);
  return levels.length === 0 ? null : { levels, pact: casting.slots.table.pact };
}

/** How a stored character joins a fight: its sheet's numbers, the state it is in now and its slots left. */
export function joinInputFor(character: Character, ruleSet: RuleSetId): JoinInput {
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
      spellSlots: fightSlots(character, ruleSet),
    },
  };
}

/**
 * Conditions whose cause outlasts any fight (docs/rules-decisions.md): turned to stone, doomed,
 * weighed down by what the character carries, drunk. The rest (Prone, Grappled, Frightened, a
 * spell's Blinded…) come from a foe or an effect timed in rounds and end with the fight.
 */
const LASTING_CONDITIONS: readonly ConditionKey[] = ['doomed', 'encumbered', 'intoxicated', 'petrified'];

/** The conditions a character keeps after a fight, with what they imply, in alphabetical order. */
function lastingConditions(ruleSet: RuleSet, rules: CombatantRulesState): ConditionKey[] {
  const kept = new Set<ConditionKey>();
  const keep = (key: ConditionKey): void => {
    if (kept.has(key) || !rules.conditions.includes(key)) return;
    kept.add(key);
    ruleSet.conditions.find((c) => c.key === key)?.mechanics.implies.forEach(keep);
  };
  LASTING_CONDITIONS.forEach(keep);
  // Still at 0 HP (or below, in Next) after the fight, a living character stays unconscious until healed.
  if (rules.hp <= 0 && !rules.dead) keep('unconscious');
  return [...kept].sort();
}

/** The state each stored character's combatant leaves the fight in, to be written back to its sheet. */
export function statesAfterFight(encounter: Encounter): { id: string; state: RulesKeptState }[] {
  const ruleSet = rulesOf(encounter);
  return encounter.combatants.flatMap(({ characterId, rules }) =>
    characterId === null ? [] : [{ id: characterId, state: { ...stateFromRules(rules), conditions: lastingConditions(ruleSet, rules) } }],
  );
}

/** The same states as the write-back the encounter's end saves with it, in one transaction. */
export function sheetsAfterFight(encounter: Encounter): SheetWrite[] {
  return statesAfterFight(encounter).map(({ id, state }) => {
    const slots = encounter.combatants.find((c) => c.characterId === id)?.spellSlots ?? null;
    return { characterId: id, ...state, slotsSpent: slots === null ? null : slotsSpentOf(slots) };
  });
}

/** The slots a fight spent, by slot level as the sheet stores them. */
function slotsSpentOf(slots: SpellSlots): number[] {
  const spent: number[] = [];
  for (const { level, total, left } of slots.levels) spent[level - 1] = total - left;
  return trimmed(Array.from(spent, (count) => count ?? 0));
}

/**
 * A stored character the game master brings back after a death the fight wrote to its sheet (a
 * mistake, or harm the table did not agree to): alive at `hp` (capped at its maximum), a level track
 * that killed it one level below death, and no longer unconscious. The rules of dying are not
 * touched: this corrects the sheet, between fights.
 */
export function revivedState(ruleSet: Pick<RuleSet, 'tracks'>, character: Character, hp: number): CharacterState {
  const tracks = { ...character.tracks };
  for (const track of ruleSet.tracks) {
    if (track.atMax === 'death' && tracks[track.key] >= track.maxLevel) tracks[track.key] = track.maxLevel - 1;
  }
  return {
    hp: Math.min(Math.max(1, hp), character.maxHp),
    tempHp: 0,
    hitDiceLeft: character.hitDiceLeft,
    tracks,
    conditions: character.conditions.filter((c) => c !== 'unconscious'),
    dead: false,
    slotsSpent: character.slotsSpent,
  };
}
