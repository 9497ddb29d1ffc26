import { stoppedFrom } from './incapacity';
import { lairActing } from './lair';
import { requireControl } from './permissions';
import { CombatRefusal } from './refusals';
import { findById, findTarget, refOf } from './targets';
import { replaceCombatant, type StepContext, type Transition } from './transition';
import { requireOwnTurn } from './turns';
import { ACTION_TEXT_MAX_LENGTH, type Combatant, type Encounter, type EncounterEvent, type TurnActions } from './types';
import { requireText, requireWhole } from './validate';

const MAX_LEGENDARY_COST = 3;

/** The word in a reaction's note that spends the readied action. */
const READY_NOTE = 'ready';

function withActions(combatant: Combatant, actions: Partial<TurnActions>): Combatant {
  return { ...combatant, actions: { ...combatant.actions, ...actions } };
}

/**
 * A legendary action costing `cost` (1 to 3): only at the end of another creature's turn, never on its
 * own (every rule set's Monster Manual wording), and only while enough are left this round. Not while
 * it is dead, dying or incapacitated ("or otherwise unable to take actions"), nor while surprise still
 * costs it its first turn ("until after its first turn in the combat"), which is only where the rule
 * set makes surprise cost that turn.
 */
export function spendLegendaryAction(encounter: Encounter, ctx: StepContext, input: { target: string; cost?: number }): Transition {
  const combatant = findTarget(encounter, input.target);
  requireControl(ctx.actor, encounter, combatant, `spend ${combatant.name}'s legendary actions`);
  const cost = requireWhole(input.cost ?? 1, 'legendary-cost', 1, MAX_LEGENDARY_COST);
  const legendary = combatant.actions.legendary;
  if (legendary === null) throw new CombatRefusal({ kind: 'no-legendary-actions', combatant: combatant.name });
  const stoppedBy = stoppedFrom(ctx.ruleSet, combatant, 'actions');
  if (stoppedBy !== null) throw new CombatRefusal({ kind: 'legendary-stopped', combatant: combatant.name, stoppedBy });
  if (combatant.actions.surprised) throw new CombatRefusal({ kind: 'legendary-surprised', combatant: combatant.name });
  if (encounter.currentId === combatant.id && lairActing(encounter) === undefined) {
    throw new CombatRefusal({ kind: 'legendary-on-own-turn', combatant: combatant.name });
  }
  if (legendary.left < cost) {
    throw new CombatRefusal({ kind: 'legendary-actions-spent', combatant: combatant.name, left: legendary.left, max: legendary.max, cost });
  }
  const left = legendary.left - cost;
  const spent = withActions(combatant, { legendary: { ...legendary, left } });
  return {
    encounter: replaceCombatant(encounter, spent),
    events: [{ kind: 'legendary-action', combatant: refOf(spent), cost, left, max: legendary.max }],
    note: { kind: 'legendary', combatant: combatant.name, cost, left, max: legendary.max, hidden: combatant.hidden },
  };
}

/** Next: the readied action's creature now acts just before the creature whose turn set it off. */
function moveBeforeTrigger(
  encounter: Encounter,
  ctx: StepContext,
  reacting: Combatant,
): { encounter: Encounter; events: EncounterEvent[] } {
  const trigger = encounter.currentId === null ? undefined : findById(encounter, encounter.currentId);
  if (!ctx.ruleSet.facts.readyMovesInOrder || trigger === undefined || trigger.id === reacting.id || lairActing(encounter) !== undefined) {
    return { encounter, events: [] };
  }
  const moved: Combatant = {
    ...reacting,
    groupId: null,
    initiative: { ...reacting.initiative, total: trigger.initiative.total, rolls: [], given: true, tiebreak: [] },
  };
  const others = encounter.combatants.filter((c) => c.id !== reacting.id);
  // Before the trigger's whole `count:` group, which keeps its place together.
  const inGroup = (c: Combatant): boolean => c.id === trigger.id || (trigger.groupId !== null && c.groupId === trigger.groupId);
  const at = others.findIndex(inGroup);
  const group = others.filter(inGroup).map((c) => c.name);
  return {
    encounter: { ...encounter, combatants: [...others.slice(0, at), moved, ...others.slice(at)] },
    events: [{ kind: 'moved-in-order', combatant: refOf(moved), before: refOf(trigger), ...(group.length > 1 ? { group } : {}) }],
  };
}

/**
 * Spends a combatant's one reaction until the start of its turn. `note:ready` uses its readied action
 * (Next then moves it in the order). A surprised combatant has none until its first turn is over, and
 * the dead, the dying and those with a condition that takes reactions away have none at all.
 */
export function useReaction(encounter: Encounter, ctx: StepContext, input: { target: string; note?: string }): Transition {
  const combatant = findTarget(encounter, input.target);
  requireControl(ctx.actor, encounter, combatant, `use ${combatant.name}'s reaction`);
  const note = input.note === undefined ? null : requireText(input.note, 'note', ACTION_TEXT_MAX_LENGTH);
  const { actions } = combatant;
  const { isPlayerCharacter } = combatant.rules;
  const stoppedBy = stoppedFrom(ctx.ruleSet, combatant, 'reactions');
  if (stoppedBy !== null) throw new CombatRefusal({ kind: 'reaction-stopped', combatant: combatant.name, stoppedBy });
  if (actions.surprised) throw new CombatRefusal({ kind: 'reaction-surprised', combatant: combatant.name, isPlayerCharacter });
  if (actions.reactionUsed)
    throw new CombatRefusal({ kind: 'reaction-used', combatant: combatant.name, isPlayerCharacter, note: actions.reactionNote });
  const takesReadied = note?.toLowerCase() === READY_NOTE;
  if (takesReadied && actions.readied === null)
    throw new CombatRefusal({ kind: 'nothing-readied', combatant: combatant.name, isPlayerCharacter });
  const readied = takesReadied ? actions.readied : null;
  const used = withActions(combatant, { reactionUsed: true, reactionNote: readied ?? note, readied: null });
  const event: EncounterEvent =
    readied === null
      ? { kind: 'reaction-used', combatant: refOf(used), note, droppedReady: actions.readied }
      : { kind: 'readied-action-used', combatant: refOf(used), trigger: readied };
  const moved =
    readied === null
      ? { encounter: replaceCombatant(encounter, used), events: [] }
      : moveBeforeTrigger(replaceCombatant(encounter, used), ctx, used);
  return {
    encounter: moved.encounter,
    events: [event, ...moved.events],
    note:
      readied === null
        ? { kind: 'reaction', combatant: combatant.name, isPlayerCharacter, note }
        : { kind: 'readied-action-taken', combatant: combatant.name, isPlayerCharacter },
  };
}

/** The current combatant readies an action: held until the start of its next turn, used with `react … note:ready`. */
export function readyAction(encounter: Encounter, ctx: StepContext, trigger: string): Transition {
  const current = requireOwnTurn(encounter, ctx, 'ready an action');
  const text = requireText(trigger, 'trigger', ACTION_TEXT_MAX_LENGTH);
  const readied = withActions(current, { readied: text });
  return {
    encounter: replaceCombatant(encounter, readied),
    events: [
      {
        kind: 'action-readied',
        combatant: refOf(readied),
        trigger: text,
        ...(current.actions.readied === null || current.actions.readied === text ? {} : { replaced: current.actions.readied }),
      },
    ],
    note: { kind: 'readied', combatant: current.name, trigger: text },
  };
}
