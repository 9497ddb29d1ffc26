import type { Ability, D20TestRequest } from '../rules/types';
import { customEffectsOn } from './effects';
import type { StepContext } from './transition';
import type { Combatant, Encounter, SaveOutcome } from './types';

/**
 * The one place a combatant's saving throw bonus is read. The encounter records only the
 * Constitution save (`con-save` on join); other abilities roll +0 until a combatant records them.
 */
export function saveBonus(combatant: Combatant, ability: Ability): number {
  return ability === 'con' ? combatant.rules.conSaveBonus : 0;
}

/** Rolls a combatant's save through the rules' one d20 function, with its conditions, tracks and effects. */
export function rollCombatantSave(
  encounter: Encounter,
  ctx: StepContext,
  combatant: Combatant,
  ability: Ability,
  dc: number,
  request: Omit<D20TestRequest, 'kind' | 'ability'> = {},
): SaveOutcome {
  const roll = ctx.ruleSet.rollD20Test(
    combatant.rules,
    { ...request, kind: 'save', ability, effects: customEffectsOn(encounter, combatant.id) },
    { bonus: saveBonus(combatant, ability), reason: 'save bonus' },
    ctx.random,
  );
  const { rolls, natural, parts, total, autoFail } = roll;
  return { rolls, natural, parts, total, autoFail, success: autoFail === null && total >= dc };
}
