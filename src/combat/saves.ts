import type { AbilityTest } from '../rules/ability-tests';
import type { Ability, D20TestRequest, OwnBonus } from '../rules/types';
import { customEffectsOn } from './effects';
import type { StepContext } from './transition';
import type { Combatant, Encounter, SaveOutcome } from './types';

/**
 * The one place a combatant's saving throw bonus is read: the Constitution one from its rules state
 * (`con-save`, or `con` in `saves`), the others as `saves:` gave them, +0 for one not given.
 */
export function saveBonus(combatant: Combatant, ability: Ability): number {
  return ability === 'con' ? combatant.rules.conSaveBonus : (combatant.saveBonuses[ability] ?? 0);
}

/**
 * What the encounter records of a combatant's own bonus to a check or save, as the parts of a
 * total; null when it records none (no ability modifiers at all, and saves not given), so the roll
 * is at +0 and the reply says why.
 */
export function recordedBonus(combatant: Combatant, test: AbilityTest): OwnBonus[] | null {
  if (test.kind === 'check') return null;
  const given = combatant.saveBonuses[test.ability] !== undefined || (test.ability === 'con' && combatant.rules.conSaveBonus !== 0);
  return given ? [{ bonus: saveBonus(combatant, test.ability), reason: 'save bonus' }] : null;
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
