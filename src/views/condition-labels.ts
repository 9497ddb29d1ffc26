import type { Combatant, Encounter, EncounterEffect } from '../combat/types';
import { getRuleSet } from '../rules';
import { shown } from './markdown';

/** Rounds left, counting the one in progress; the round it ends in counts as one. */
function roundsLeft(effect: EncounterEffect, encounter: Pick<Encounter, 'round'>): number | null {
  return effect.expiry === null ? null : effect.expiry.round - Math.max(encounter.round, 1) + 1;
}

function effectLabel(effect: EncounterEffect, encounter: Pick<Encounter, 'round'>): string {
  const left = roundsLeft(effect, encounter);
  const marks = [
    left === null ? '' : ` (${left})`,
    effect.save === null ? '' : ` save DC ${effect.save.dc}`,
    effect.concentrationId === null ? '' : ' ⟲',
  ];
  return `${shown(effect.name)}${marks.join('')}`;
}

/**
 * What is on a combatant, compactly: `Poisoned (2)`, `Exhaustion 3`, `Bless ⟲`. Catalogue conditions
 * come from its rules state (the rules engine adds some itself), with the timing of the effect that
 * put each on; named effects and reached track levels follow.
 */
export function conditionLabels(combatant: Combatant, encounter: Pick<Encounter, 'ruleSet' | 'round' | 'effects'>): string[] {
  const ruleSet = getRuleSet(encounter.ruleSet);
  const effects = encounter.effects.filter((e) => e.targetId === combatant.id && e.kind !== 'concentration');
  // In the order they came, so the cause (Unconscious) reads before what it brought.
  const conditions = combatant.rules.conditions.map((key) => {
    const name = ruleSet.condition(key)?.name ?? key;
    const effect = effects.find((e) => e.kind === 'condition' && e.name === name);
    return effect === undefined ? name : effectLabel(effect, encounter);
  });
  const named = effects.filter((e) => e.kind === 'effect').map((e) => effectLabel(e, encounter));
  const tracks = ruleSet.tracks.filter((t) => combatant.rules.tracks[t.key] > 0).map((t) => `${t.name} ${combatant.rules.tracks[t.key]}`);
  return [...conditions, ...named, ...tracks];
}
