import type { Ability } from '../rules/types';
import { MAX_SAVE_DC } from './conditions';
import type { DamageAmount } from './damage-amount';
import { landDamage } from './hit-points';
import { CombatRefusal } from './refusals';
import { rollCombatantSave } from './saves';
import { findTarget, refOf } from './targets';
import type { StepContext, Transition } from './transition';
import type { Encounter } from './types';

/**
 * A saving throw a change calls for (a breath weapon, a spell), rolled with the combatant's bonus,
 * conditions, tracks and effects. Chained with what follows from it (`then` in `./compose`), the
 * outcome is read on the state the save was rolled on, inside the one `apply`.
 */
export function savingThrow(
  encounter: Encounter,
  ctx: StepContext,
  input: { target: string; ability: Ability; dc: number; dcPrivate?: boolean },
): Transition {
  const combatant = findTarget(encounter, input.target);
  if (!Number.isInteger(input.dc) || input.dc < 1 || input.dc > MAX_SAVE_DC) {
    throw new CombatRefusal({ kind: 'dc-out-of-range', max: MAX_SAVE_DC });
  }
  const save = rollCombatantSave(encounter, ctx, combatant, input.ability, input.dc);
  return {
    encounter,
    events: [
      {
        kind: 'save-rolled',
        combatant: refOf(combatant),
        ability: input.ability,
        dc: input.dc,
        ...(input.dcPrivate === true ? { dcPrivate: true } : {}),
        ...save,
      },
    ],
    note: { kind: 'save', combatant: combatant.name, ability: input.ability, dc: input.dc, success: save.success },
  };
}

/** Whether the saving throw a transition rolled was made. */
export function saveMade(done: Transition): boolean {
  return done.events.some((event) => event.kind === 'save-rolled' && event.success);
}

/**
 * Damage rolled once for several targets (`rollDamage`, `halved` for a save for half) landing on
 * one of them, as reported damage does: defences, temporary HP, 0 HP, the concentration save it
 * calls for. `source` names who dealt it, for the recap; `showRoll` false keeps a hidden source's dice to the game master.
 */
export function takeDamage(
  encounter: Encounter,
  ctx: StepContext,
  input: { target: string; amount: DamageAmount; source: string | null; showRoll?: boolean },
): Transition {
  const combatant = findTarget(encounter, input.target);
  const source = input.source === null ? null : findTarget(encounter, input.source);
  const landed = landDamage(encounter, ctx, combatant, input.amount, {
    critical: false,
    source,
    sourceNamed: source !== null,
    ...(input.showRoll === undefined ? {} : { showRoll: input.showRoll }),
  });
  return { encounter: landed.encounter, events: landed.events, note: { kind: 'damage', combatant: combatant.name, damage: landed.damage } };
}
