import type { RandomSource } from '../dice/random';
import type { RuleSet } from '../rules/types';
import type { ChangeNote } from './notes';
import type { Actor, Combatant, Encounter, EncounterEvent } from './types';

/** What every pure encounter step receives besides the state and its input. */
export interface StepContext {
  actor: Actor;
  ruleSet: RuleSet;
  random: RandomSource;
  now: Date;
}

/** One change, ready to be saved: the encounter after it, what happened, and the note its log line is worded from. */
export interface Transition {
  encounter: Encounter;
  events: EncounterEvent[];
  note: ChangeNote;
}

export function replaceCombatant(encounter: Encounter, combatant: Combatant): Encounter {
  return { ...encounter, combatants: encounter.combatants.map((c) => (c.id === combatant.id ? combatant : c)) };
}

/** A fresh id for a combatant ("c"), group ("g") or effect ("e"), and the encounter that used it up. */
export function takeId(encounter: Encounter, prefix: 'c' | 'g' | 'e'): [string, Encounter] {
  return [`${prefix}${encounter.nextSeq}`, { ...encounter, nextSeq: encounter.nextSeq + 1 }];
}
