import { isDcPrivate } from './effects';
import { isDying } from './effects';
import { stoppedFrom } from './incapacity';
import type { Stopper } from './refusals';
import { lairActing } from './lair';
import { isGameMaster, requireControl } from './permissions';
import { rulesOf } from './rules-of';
import { findById, refOf } from './targets';
import type { Actor, Combatant, CombatantRef, Encounter, EncounterEffect, LegendaryActions, RepeatSave } from './types';

/** An effect the checklist names, with who it is on (null: on nobody in particular). */
export interface ChecklistEffect {
  id: string;
  name: string;
  on: CombatantRef | null;
  save: RepeatSave | null;
  /** The save's DC is a hidden source's number (`isDcPrivate`): the checklist goes to a player. */
  dcPrivate: boolean;
}

/**
 * What a combatant's controller must not forget on its turn (the My turn button): saves due now and at
 * the end of the turn, effects that end with it, the reaction, concentration, a readied action that
 * lapsed, and, for the game master, the legendary actions left around the table.
 */
export interface TurnChecklist {
  combatant: CombatantRef;
  /** Still its turn (the button may be pressed later). */
  itsTurn: boolean;
  round: number;
  deathSaveDue: boolean;
  /** "Save ends" saves waiting for a button now. */
  savesDue: ChecklistEffect[];
  /** "Save ends" effects on it whose save comes at the end of this turn. */
  savesAtEnd: ChecklistEffect[];
  /** Effects that end as this turn ends (on it, or anchored to its turn). */
  endingThisTurn: ChecklistEffect[];
  reactionUsed: boolean;
  reactionNote: string | null;
  /** What keeps it from reacting at all (dead, dying, a condition), whether or not its reaction is spent. */
  reactionStoppedBy: Stopper | null;
  concentration: string | null;
  lapsedReady: string | null;
  /** The game master's alone: the living creatures with legendary actions, and how many are left. */
  legendary: { combatant: CombatantRef; actions: LegendaryActions }[];
}

/** An effect on a hidden combatant the game master did not show is theirs alone. */
function visibleTo(encounter: Encounter, effect: EncounterEffect, gameMaster: boolean): boolean {
  if (gameMaster || effect.shownToPlayers) return true;
  const target = effect.targetId === null ? undefined : findById(encounter, effect.targetId);
  return target?.hidden !== true;
}

function named(encounter: Encounter, effect: EncounterEffect): ChecklistEffect {
  const on = effect.targetId === null ? undefined : findById(encounter, effect.targetId);
  return {
    id: effect.id,
    name: effect.name,
    on: on === undefined ? null : refOf(on),
    save: effect.save,
    dcPrivate: isDcPrivate(encounter, effect),
  };
}

/** The checklist for `combatant`'s turn, for a viewer who controls it (players see only their own). */
export function turnChecklist(encounter: Encounter, actor: Actor, combatant: Combatant): TurnChecklist {
  requireControl(actor, encounter, combatant, `see ${combatant.name}'s turn checklist`);
  const gameMaster = isGameMaster(actor, encounter);
  const effects = encounter.effects.filter((e) => visibleTo(encounter, e, gameMaster));
  const onIt = effects.filter((e) => e.targetId === combatant.id && e.save !== null);
  const endsWithTurn = (e: EncounterEffect): boolean =>
    e.expiry?.combatantId === combatant.id && e.expiry.boundary === 'end' && e.expiry.round === encounter.round;
  return {
    combatant: refOf(combatant),
    itsTurn: encounter.currentId === combatant.id && lairActing(encounter) === undefined && encounter.endedAt === null,
    round: encounter.round,
    deathSaveDue: combatant.deathSavePending && isDying(combatant),
    savesDue: onIt.filter((e) => e.savePending).map((e) => named(encounter, e)),
    savesAtEnd: onIt.filter((e) => !e.savePending && !endsWithTurn(e)).map((e) => named(encounter, e)),
    endingThisTurn: effects.filter(endsWithTurn).map((e) => named(encounter, e)),
    reactionUsed: combatant.actions.reactionUsed,
    reactionNote: combatant.actions.reactionNote,
    reactionStoppedBy: stoppedFrom(rulesOf(encounter), combatant, 'reactions'),
    concentration: combatant.rules.concentration,
    lapsedReady: combatant.actions.lapsedReady,
    legendary: gameMaster
      ? encounter.combatants.flatMap((c) =>
          c.actions.legendary === null || c.rules.dead ? [] : [{ combatant: refOf(c), actions: c.actions.legendary }],
        )
      : [],
  };
}
