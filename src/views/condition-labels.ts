import type { Combatant, Encounter, EncounterEffect } from '../combat/types';
import { getRuleSet } from '../rules';
import { shown } from './markdown';

/** One thing on a combatant as players may read it, before it is put into a label. */
export interface ConditionState {
  name: string;
  /** Rounds left, counting the one in progress; null: until something ends it. */
  roundsLeft: number | null;
  /** The DC of the save that ends it at the end of each of the target's turns. */
  saveDc: number | null;
  /** Kept up by someone's concentration: it ends when that does. */
  concentration: boolean;
  /** A reached level of an exhaustion-type track (`Exhaustion 3`), counted rather than timed. */
  level: number | null;
}

/** Rounds left, counting the one in progress; the round it ends in counts as one. */
function roundsLeft(effect: EncounterEffect, encounter: Pick<Encounter, 'round'>): number | null {
  return effect.expiry === null ? null : effect.expiry.round - Math.max(encounter.round, 1) + 1;
}

function effectState(effect: EncounterEffect, encounter: Pick<Encounter, 'round'>): ConditionState {
  return {
    name: effect.name,
    roundsLeft: roundsLeft(effect, encounter),
    saveDc: effect.save?.dc ?? null,
    concentration: effect.concentrationId !== null,
    level: null,
  };
}

const plain = (name: string, level: number | null = null): ConditionState => ({
  name,
  roundsLeft: null,
  saveDc: null,
  concentration: false,
  level,
});

/**
 * What is on a combatant: catalogue conditions from its rules state (the rules engine adds some
 * itself), with the timing of the effect that put each on; named effects and reached track levels
 * follow. `shownOnly`: what players may read about a hidden monster, the effects the game master
 * showed them and nothing else.
 */
export function conditionStates(
  combatant: Combatant,
  encounter: Pick<Encounter, 'ruleSet' | 'round' | 'effects'>,
  shownOnly = false,
): ConditionState[] {
  const ruleSet = getRuleSet(encounter.ruleSet);
  const effects = encounter.effects.filter(
    (e) => e.targetId === combatant.id && e.kind !== 'concentration' && (!shownOnly || e.shownToPlayers),
  );
  if (shownOnly) return effects.map((e) => effectState(e, encounter));
  // In the order they came, so the cause (Unconscious) reads before what it brought.
  const conditions = combatant.rules.conditions.map((key) => {
    const name = ruleSet.condition(key)?.name ?? key;
    const effect = effects.find((e) => e.kind === 'condition' && e.name === name);
    return effect === undefined ? plain(name) : effectState(effect, encounter);
  });
  const named = effects.filter((e) => e.kind === 'effect').map((e) => effectState(e, encounter));
  const tracks = ruleSet.tracks.filter((t) => combatant.rules.tracks[t.key] > 0).map((t) => plain(t.name, combatant.rules.tracks[t.key]));
  return [...conditions, ...named, ...tracks];
}

function label(state: ConditionState): string {
  if (state.level !== null) return `${state.name} ${state.level}`;
  const marks = [
    state.roundsLeft === null ? '' : ` (${state.roundsLeft})`,
    state.saveDc === null ? '' : ` save DC ${state.saveDc}`,
    state.concentration ? ' ⟲' : '',
  ];
  return `${shown(state.name)}${marks.join('')}`;
}

/** `conditionStates` compactly, for Discord: `Poisoned (2)`, `Exhaustion 3`, `Bless ⟲`. */
export function conditionLabels(
  combatant: Combatant,
  encounter: Pick<Encounter, 'ruleSet' | 'round' | 'effects'>,
  shownOnly = false,
): string[] {
  return conditionStates(combatant, encounter, shownOnly).map(label);
}

/**
 * Labels joined with commas within `budget` characters; those that do not fit are counted
 * ("and 12 more"), so a combatant carrying many effects never pushes a message past Discord's limits.
 */
export function compactLabels(labels: readonly string[], budget: number): string {
  let text = '';
  for (const [index, label] of labels.entries()) {
    const next = text === '' ? label : `${text}, ${label}`;
    const rest = labels.length - index - 1;
    const tail = rest > 0 ? `, and ${rest} more` : '';
    if (next.length + tail.length > budget) return `${text === '' ? '' : `${text}, `}and ${labels.length - index} more`;
    text = next;
  }
  return text;
}
