import type { RandomSource } from '../dice/random';
import type { RuleSet } from '../rules/types';
import type { Actor, Combatant, Encounter, EncounterEvent } from './types';

/** What every pure encounter step receives besides the state and its input. */
export interface StepContext {
  actor: Actor;
  ruleSet: RuleSet;
  random: RandomSource;
  now: Date;
}

/** One change, ready to be saved with its log line. */
export interface Transition {
  encounter: Encounter;
  events: EncounterEvent[];
  /** The command as the log shows it, e.g. "hp damage". */
  command: string;
  /** What it did, in plain words. */
  detail: string;
}

export function replaceCombatant(encounter: Encounter, combatant: Combatant): Encounter {
  return { ...encounter, combatants: encounter.combatants.map((c) => (c.id === combatant.id ? combatant : c)) };
}

/** A fresh id for a combatant ("c"), group ("g") or effect ("e"), and the encounter that used it up. */
export function takeId(encounter: Encounter, prefix: 'c' | 'g' | 'e'): [string, Encounter] {
  return [`${prefix}${encounter.nextSeq}`, { ...encounter, nextSeq: encounter.nextSeq + 1 }];
}
