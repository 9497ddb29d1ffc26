import { revert, type LoggedDelta } from './delta';
import { applyRulesChange } from './effects';
import { requireGameMaster } from './permissions';
import { CombatRefusal } from './refusals';
import { requireOptionsApply } from './rules-of';
import type { StepContext, Transition } from './transition';
import type { Encounter, EncounterEvent, EncounterOptions } from './types';

/** Ends the fight; the rule set settles what waited for the end (A5E fatigue). */
export function endEncounter(encounter: Encounter, ctx: StepContext): Transition {
  requireGameMaster(ctx.actor, encounter, 'end the encounter');
  let next = encounter;
  const events: EncounterEvent[] = [];
  for (const combatant of encounter.combatants) {
    const applied = applyRulesChange(next, combatant, ctx.ruleSet.endEncounter(combatant.rules));
    next = applied.encounter;
    events.push(...applied.events);
  }
  events.push({ kind: 'encounter-ended', rounds: encounter.round });
  return {
    encounter: { ...next, endedAt: ctx.now },
    events,
    note: { kind: 'ended', name: encounter.name, rounds: encounter.round },
  };
}

export function changeOptions(encounter: Encounter, ctx: StepContext, options: Partial<EncounterOptions>): Transition {
  requireGameMaster(ctx.actor, encounter, "change the encounter's options");
  requireOptionsApply(encounter.ruleSet, options);
  const merged: EncounterOptions = { ...encounter.options, ...options };
  return {
    encounter: { ...encounter, options: merged },
    events: [{ kind: 'options-changed', options: merged }],
    note: { kind: 'options', options: merged },
  };
}

/** The last change not yet undone, as the event log recorded it. */
export interface LastChange {
  id: string;
  actorId: string;
  actorName: string;
  command: string;
  detail: string;
  delta: LoggedDelta;
}

/** Puts the encounter back as it was before the last change; the version still moves forward. */
export function undoChange(encounter: Encounter, ctx: StepContext, last: LastChange | null): Transition {
  if (last === null) throw new CombatRefusal({ kind: 'nothing-to-undo' });
  if (last.actorId !== ctx.actor.userId) {
    requireGameMaster(ctx.actor, encounter, `undo ${last.actorName}'s change (${last.command})`);
  }
  return {
    encounter: revert(encounter, last.delta),
    events: [{ kind: 'undone', command: last.command, actorName: last.actorName, detail: last.detail }],
    note: { kind: 'undone', actorName: last.actorName, command: last.command, detail: last.detail },
  };
}
