import type { StateChange } from '../rules/types';
import { findById, refOf } from './targets';
import { replaceCombatant } from './transition';
import type { Combatant, EffectEndReason, Encounter, EncounterEffect, EncounterEvent } from './types';

export interface Step {
  encounter: Encounter;
  events: EncounterEvent[];
}

export function concentrationOf(encounter: Encounter, combatantId: string): EncounterEffect | undefined {
  return encounter.effects.find((e) => e.kind === 'concentration' && e.sourceId === combatantId);
}

/**
 * Ends effects, and with them every effect their concentration kept up. A combatant whose
 * concentration ends stops concentrating and has no concentration save left to roll.
 */
export function endEffects(encounter: Encounter, ids: readonly string[], reason: EffectEndReason): Step {
  const reasons = new Map<string, EffectEndReason>(ids.map((id) => [id, reason]));
  let grew = true;
  while (grew) {
    grew = false;
    for (const effect of encounter.effects) {
      if (!reasons.has(effect.id) && effect.concentrationId !== null && reasons.has(effect.concentrationId)) {
        reasons.set(effect.id, 'concentration-ended');
        grew = true;
      }
    }
  }
  const ending = encounter.effects.filter((e) => reasons.has(e.id));
  let next: Encounter = { ...encounter, effects: encounter.effects.filter((e) => !reasons.has(e.id)) };
  const events: EncounterEvent[] = [];
  for (const effect of ending) {
    const holderId = effect.targetId ?? effect.sourceId;
    const holder = holderId === null ? undefined : findById(next, holderId);
    if (effect.kind === 'concentration' && effect.sourceId !== null) {
      const source = findById(next, effect.sourceId);
      if (source !== undefined) next = replaceCombatant(next, stopConcentrating(source));
    }
    events.push({
      kind: 'effect-ended',
      effect: { id: effect.id, kind: effect.kind, name: effect.name },
      combatant: holder === undefined ? null : refOf(holder),
      reason: reasons.get(effect.id) ?? reason,
    });
  }
  return { encounter: next, events };
}

function stopConcentrating(combatant: Combatant): Combatant {
  return { ...combatant, pendingConcentrationDcs: [], rules: { ...combatant.rules, concentration: null } };
}

/**
 * Stores what the rules engine decided for a combatant and reports it; when the engine ended the
 * combatant's concentration (death, incapacitation), the concentration effect ends too.
 */
export function applyRulesChange(encounter: Encounter, combatant: Combatant, change: StateChange): Step {
  const updated: Combatant = { ...combatant, rules: change.state };
  const ref = refOf(updated);
  const events: EncounterEvent[] = change.events.map((event) => ({ kind: 'rules', combatant: ref, event }));
  let next = replaceCombatant(encounter, updated);
  const effect = concentrationOf(next, combatant.id);
  if (effect !== undefined && change.state.concentration === null) {
    const ended = endEffects(next, [effect.id], 'broken');
    next = ended.encounter;
    events.push(...ended.events);
  }
  if (!isDying(updated) && updated.deathSavePending) {
    next = replaceCombatant(next, { ...(findById(next, combatant.id) ?? updated), deathSavePending: false });
  }
  return { encounter: next, events };
}

/** At 0 HP (or below, where the rule set allows it), neither dead nor stable: death saves are due. */
export function isDying(combatant: Combatant): boolean {
  const { rules } = combatant;
  return combatant.hpKnown && rules.hp <= 0 && !rules.dead && !rules.stable;
}
