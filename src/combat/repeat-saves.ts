import { endEffects, type Step } from './effects';
import { findById, refOf } from './targets';
import type { StepContext } from './transition';
import type { Combatant, Encounter, EncounterEvent, RepeatSave } from './types';

/** The save bonus the encounter knows for an ability: only Constitution's is recorded. */
function saveBonus(combatant: Combatant, save: RepeatSave): number {
  return save.ability === 'con' ? combatant.rules.conSaveBonus : 0;
}

/**
 * "Save ends" effects whose target's turn just ended: the save is rolled with the target's
 * conditions and tracks applied, and a success ends the effect.
 */
export function repeatSaves(encounter: Encounter, ctx: StepContext, effectIds: readonly string[]): Step {
  let next = encounter;
  const events: EncounterEvent[] = [];
  for (const id of effectIds) {
    const effect = next.effects.find((e) => e.id === id);
    const target = effect?.targetId == null ? undefined : findById(next, effect.targetId);
    if (effect?.save == null || target === undefined || target.rules.dead) continue;
    const modifiers = ctx.ruleSet.d20Test(target.rules, { kind: 'save', ability: effect.save.ability });
    const roll = ctx.ruleSet.rollD20(ctx.random, modifiers.mode, saveBonus(target, effect.save) + modifiers.bonus);
    const success = modifiers.autoFail === null && roll.total >= effect.save.dc;
    events.push({
      kind: 'repeat-save',
      combatant: refOf(target),
      effect: effect.name,
      save: effect.save,
      rolls: roll.rolls,
      total: roll.total,
      success,
    });
    if (!success) continue;
    const ended = endEffects(next, [effect.id], 'saved');
    next = ended.encounter;
    events.push(...ended.events);
  }
  return { encounter: next, events };
}
