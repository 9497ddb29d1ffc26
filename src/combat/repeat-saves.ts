import { eachOf, type Link } from './compose';
import { endEffects, isDcPrivate, isPrivateEffect } from './effects';
import type { ChangeNote } from './notes';
import { requireControl } from './permissions';
import { CombatRefusal } from './refusals';
import { rollCombatantSave } from './saves';
import { findById, refOf } from './targets';
import type { Part, StepContext, Transition } from './transition';
import type { Combatant, Encounter, EncounterEffect, EncounterEvent, RepeatSave } from './types';

function withEffect(encounter: Encounter, effect: EncounterEffect): Encounter {
  return { ...encounter, effects: encounter.effects.map((e) => (e.id === effect.id ? effect : e)) };
}

/**
 * What a repeat save is against, as its words name it: the spell whose concentration keeps the
 * effect up (a save against Hold Person, not against the Paralyzed it brings), else the effect.
 */
function savedAgainst(encounter: Encounter, effect: EncounterEffect): string {
  const source = effect.concentrationId === null ? undefined : encounter.effects.find((e) => e.id === effect.concentrationId);
  return source?.name ?? effect.name;
}

/**
 * Rolls one repeat save with the target's conditions, tracks and effects; a success ends the effect.
 * The note names the effect unless only the game master may know of it.
 */
function rollRepeatSave(
  encounter: Encounter,
  ctx: StepContext,
  effect: EncounterEffect & { save: RepeatSave },
  target: Combatant,
): Transition {
  const save = rollCombatantSave(encounter, ctx, target, effect.save.ability, effect.save.dc);
  const rolled = effect.savePending ? withEffect(encounter, { ...effect, savePending: false }) : encounter;
  const hidden = isPrivateEffect(encounter, effect);
  const against = savedAgainst(encounter, effect);
  const event: EncounterEvent = {
    kind: 'repeat-save',
    combatant: refOf(target),
    effect: against,
    save: effect.save,
    ...save,
    private: hidden,
    ...(isDcPrivate(encounter, effect) ? { dcPrivate: true } : {}),
  };
  const note: ChangeNote = { kind: 'repeat-save', combatant: target.name, effect: hidden ? null : against, ended: save.success };
  if (!save.success) return { encounter: rolled, events: [event], note };
  const ended = endEffects(rolled, [effect.id], 'saved');
  return { encounter: ended.encounter, events: [event, ...ended.events], note };
}

/** Leaves a repeat save waiting for the target's controller to press its button. */
function leaveForButton(encounter: Encounter, effect: EncounterEffect & { save: RepeatSave }, target: Combatant): Transition {
  const next = withEffect(encounter, { ...effect, savePending: true });
  const hidden = isPrivateEffect(next, effect);
  const against = savedAgainst(next, effect);
  return {
    encounter: next,
    events: [
      {
        kind: 'repeat-save-due',
        combatant: refOf(target),
        effectId: effect.id,
        effect: against,
        save: effect.save,
        private: hidden,
        ...(isDcPrivate(next, effect) ? { dcPrivate: true } : {}),
      },
    ],
    note: { kind: 'repeat-save-due', combatant: target.name, effect: hidden ? null : against },
  };
}

/**
 * One "save ends" effect at the end of its target's turn, read on the state the saves before it
 * left (an earlier success may have ended it with its concentration): rolled at once, or, when the
 * encounter rolls turn saves by button, left waiting for the target's controller to press it.
 */
function repeatSaveOf(effectId: string): Link {
  return (encounter, ctx) => {
    const effect = encounter.effects.find((e) => e.id === effectId);
    const target = effect?.targetId == null ? undefined : findById(encounter, effect.targetId);
    if (effect === undefined || effect.save === null || target === undefined || target.rules.dead) return null;
    const timed = { ...effect, save: effect.save };
    return encounter.options.autoDeathSaves ? rollRepeatSave(encounter, ctx, timed, target) : leaveForButton(encounter, timed, target);
  };
}

/** The repeat saves of the effects whose target's turn just ended, one per effect; part of the turn passing. */
export function repeatSaves(encounter: Encounter, ctx: StepContext, effectIds: readonly string[]): Part {
  return eachOf(effectIds, repeatSaveOf)(encounter, ctx, []) ?? { encounter, events: [] };
}

/** The button: the repeat save a "save ends" effect left waiting. */
export function pressRepeatSave(encounter: Encounter, ctx: StepContext, effectId: string): Transition {
  const effect = encounter.effects.find((e) => e.id === effectId);
  const target = effect?.targetId == null ? undefined : findById(encounter, effect.targetId);
  if (effect === undefined || target === undefined)
    throw new CombatRefusal({ kind: 'no-repeat-save-due', combatant: null, isPlayerCharacter: false });
  requireControl(ctx.actor, encounter, target, `roll ${target.name}'s save against ${effect.name}`);
  if (!effect.savePending || effect.save === null)
    throw new CombatRefusal({ kind: 'no-repeat-save-due', combatant: target.name, isPlayerCharacter: target.rules.isPlayerCharacter });
  return rollRepeatSave(encounter, ctx, { ...effect, save: effect.save }, target);
}
