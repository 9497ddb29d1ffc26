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

/**
 * The one vocabulary for changing an encounter. A `Change` is a pure function from the encounter
 * (and the context, and its own input) to a `Transition`: the encounter after it, what happened,
 * and the note its log line is worded from. Whatever `EncounterService.apply` runs is one change,
 * saved as one transition: one log entry, one undo, one atomic write. Changes compose
 * (`./compose`): a chain of them, or one for each of several targets, is again one change. A
 * `Part` is what a piece of a change returns (damage landing, effects ending) before the change
 * gives the whole its note.
 */
export interface Transition {
  encounter: Encounter;
  events: EncounterEvent[];
  note: ChangeNote;
}

export type Part = Omit<Transition, 'note'>;

export type Change<Input extends unknown[] = []> = (encounter: Encounter, ctx: StepContext, ...input: Input) => Transition;

export function replaceCombatant(encounter: Encounter, combatant: Combatant): Encounter {
  return { ...encounter, combatants: encounter.combatants.map((c) => (c.id === combatant.id ? combatant : c)) };
}

/** A fresh id for a combatant ("c"), group ("g") or effect ("e"), and the encounter that used it up. */
export function takeId(encounter: Encounter, prefix: 'c' | 'g' | 'e'): [string, Encounter] {
  return [`${prefix}${encounter.nextSeq}`, { ...encounter, nextSeq: encounter.nextSeq + 1 }];
}
