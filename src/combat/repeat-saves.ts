import { endEffects, isPrivateEffect } from './effects';
import { requireControl } from './permissions';
import { CombatRefusal } from './refusals';
import { rollCombatantSave } from './saves';
import { findById, refOf } from './targets';
import type { Part, StepContext, Transition } from './transition';
import type { Combatant, Encounter, EncounterEffect, EncounterEvent } from './types';

function withEffect(encounter: Encounter, effect: EncounterEffect): Encounter {
  return { ...encounter, effects: encounter.effects.map((e) => (e.id === effect.id ? effect : e)) };
}

/** Rolls one repeat save with the target's conditions, tracks and effects; a success ends the effect. */
function rollRepeatSave(encounter: Encounter, ctx: StepContext, effect: EncounterEffect, target: Combatant): Part {
  if (effect.save === null) return { encounter, events: [] };
  const save = rollCombatantSave(encounter, ctx, target, effect.save.ability, effect.save.dc);
  const rolled = effect.savePending ? withEffect(encounter, { ...effect, savePending: false }) : encounter;
  const event: EncounterEvent = {
    kind: 'repeat-save',
    combatant: refOf(target),
    effect: effect.name,
    save: effect.save,
    ...save,
    private: isPrivateEffect(encounter, effect),
  };
  if (!save.success) return { encounter: rolled, events: [event] };
  const ended = endEffects(rolled, [effect.id], 'saved');
  return { encounter: ended.encounter, events: [event, ...ended.events] };
}

/**
 * "Save ends" effects whose target's turn just ended: rolled at once, or, when the encounter rolls
 * turn saves by button, left waiting for the target's controller to press it.
 */
export function repeatSaves(encounter: Encounter, ctx: StepContext, effectIds: readonly string[]): Part {
  let next = encounter;
  const events: EncounterEvent[] = [];
  for (const id of effectIds) {
    const effect = next.effects.find((e) => e.id === id);
    const target = effect?.targetId == null ? undefined : findById(next, effect.targetId);
    if (effect?.save == null || target === undefined || target.rules.dead) continue;
    if (!next.options.autoDeathSaves) {
      next = withEffect(next, { ...effect, savePending: true });
      events.push({
        kind: 'repeat-save-due',
        combatant: refOf(target),
        effectId: effect.id,
        effect: effect.name,
        save: effect.save,
        private: isPrivateEffect(next, effect),
      });
      continue;
    }
    const rolled = rollRepeatSave(next, ctx, effect, target);
    next = rolled.encounter;
    events.push(...rolled.events);
  }
  return { encounter: next, events };
}

/** The button: the repeat save a "save ends" effect left waiting. */
export function pressRepeatSave(encounter: Encounter, ctx: StepContext, effectId: string): Transition {
  const effect = encounter.effects.find((e) => e.id === effectId);
  const target = effect?.targetId == null ? undefined : findById(encounter, effect.targetId);
  if (effect === undefined || target === undefined) throw new CombatRefusal({ kind: 'no-repeat-save-due', combatant: null });
  requireControl(ctx.actor, encounter, target, `roll ${target.name}'s save against ${effect.name}`);
  if (!effect.savePending || effect.save === null) throw new CombatRefusal({ kind: 'no-repeat-save-due', combatant: target.name });
  const rolled = rollRepeatSave(encounter, ctx, effect, target);
  const ended = rolled.events.some((e) => e.kind === 'repeat-save' && e.success);
  const against = isPrivateEffect(encounter, effect) ? null : effect.name;
  return { ...rolled, note: { kind: 'repeat-save', combatant: target.name, effect: against, ended } };
}
