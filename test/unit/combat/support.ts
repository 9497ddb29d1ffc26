import { CombatRefusal } from '../../../src/combat/refusals';
import { UserError } from '../../../src/errors';
import { refusalText } from '../../../src/views/refusals';
import { noteText } from '../../../src/views/change-notes';
import type { RandomSource } from '../../../src/dice/random';
import { getRuleSet } from '../../../src/rules';
import type { RuleSetId } from '../../../src/rules/ids';
import { beginEncounter } from '../../../src/combat/roster';
import type { StepContext, Transition } from '../../../src/combat/transition';
import type { Actor, Combatant, Encounter, EncounterOptions } from '../../../src/combat/types';
import { noDice } from '../rules/support';

export { scripted, noDice } from '../rules/support';

export const gm: Actor = { userId: 'gm', name: 'Gina', canManageChannel: false };
export const alice: Actor = { userId: 'alice', name: 'Alice', canManageChannel: false };
export const bob: Actor = { userId: 'bob', name: 'Bob', canManageChannel: false };
export const moderator: Actor = { userId: 'mod', name: 'Mo', canManageChannel: true };

export const NOW = new Date('2026-11-22T20:00:00Z');

export function ctx(actor: Actor, random: RandomSource = noDice, ruleSet: RuleSetId = 'dnd2024'): StepContext {
  return { actor, ruleSet: getRuleSet(ruleSet), random, now: NOW };
}

/** A fresh encounter run by `gm`, as `/init begin` makes it. */
export function fresh(ruleSet: RuleSetId = 'dnd2024', options: Partial<EncounterOptions> = {}): Encounter {
  return beginEncounter(ctx(gm, noDice, ruleSet), { id: 'enc-1', place: { guildId: 'g', channelId: 'c' }, ruleSet, options }).encounter;
}

export function named(encounter: Encounter, name: string): Combatant {
  const found = encounter.combatants.find((c) => c.name === name);
  if (found === undefined) throw new Error(`${name} is not in the encounter`);
  return found;
}

export function names(encounter: Encounter): string[] {
  return encounter.combatants.map((c) => c.name);
}

export function current(encounter: Encounter): string | null {
  return encounter.combatants.find((c) => c.id === encounter.currentId)?.name ?? null;
}

/** The log line's words for a change, as the views word its note. */
export function detailOf(transition: Transition): string {
  return noteText(transition.note);
}

/** The event kinds of a transition, with rules events shown as `rules:<kind>`. */
export function kinds(transition: Transition): string[] {
  return transition.events.map((e) => (e.kind === 'rules' ? `rules:${e.event.kind}` : e.kind));
}

/** What the user is told when `run` is refused: the views' words for a refusal, or a plain mistake's message. */
export function refusalOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof CombatRefusal) return refusalText(error.refusal);
    if (error instanceof UserError) return error.message;
    throw error;
  }
  throw new Error('it was not refused');
}
