import { isDcPrivate } from '../combat/effects';
import { currentPoint } from '../combat/lair';
import type { Combatant, Encounter, EncounterEffect } from '../combat/types';
import { getRuleSet } from '../rules';
import type { ConditionKey, RuleSet } from '../rules/types';
import { laterDamageWords } from './condition-text';
import { shown } from './markdown';

/** One thing on a combatant as players may read it, before it is put into a label. */
export interface ConditionState {
  name: string;
  /** How many times the turn boundary it ends at still comes, the last included; null: until something ends it. */
  roundsLeft: number | null;
  /** The DC of the save that ends it at the end of each of the target's turns. */
  saveDc: number | null;
  /** Kept up by someone's concentration: it ends when that does. */
  concentration: boolean;
  /** A reached level of an exhaustion-type track (`Exhaustion 3`), counted rather than timed. */
  level: number | null;
  /** What it deals as it runs out, when that is all it does: Acid Arrow's `2d4 acid`. */
  laterDamage: string | null;
  /** The turn it runs out at, when `laterDamage` is dealt then. */
  at: 'start' | 'end' | null;
}

/** Rounds left as the rule set counts them: `duration:N` shows N right after it is put on. */
function roundsLeft(effect: EncounterEffect, encounter: Encounter): number | null {
  if (effect.expiry === null) return null;
  const order = encounter.combatants.map((c) => c.id);
  return getRuleSet(encounter.ruleSet).roundsLeft(effect.expiry, currentPoint(encounter), order);
}

function effectState(effect: EncounterEffect, encounter: Encounter, seesHidden: boolean): ConditionState {
  // The later damage is the label only for an effect with nothing else to mark, as its first sentence says it.
  const marked = effect.save !== null || effect.concentrationId !== null;
  return {
    name: effect.name,
    roundsLeft: roundsLeft(effect, encounter),
    saveDc: seesHidden || !isDcPrivate(encounter, effect) ? (effect.save?.dc ?? null) : null,
    concentration: effect.concentrationId !== null,
    level: null,
    laterDamage: effect.expiry === null || marked ? null : laterDamageWords(effect.modifiers),
    at: effect.expiry?.boundary ?? null,
  };
}

const plain = (name: string, level: number | null = null): ConditionState => ({
  name,
  roundsLeft: null,
  saveDc: null,
  concentration: false,
  level,
  laterDamage: null,
  at: null,
});

/**
 * A creature's conditions in one order, whatever order they came in: each after what brought it
 * (Unconscious, then Incapacitated and Prone), and otherwise in the rule set's catalogue order.
 */
function readingOrder(ruleSet: RuleSet, keys: readonly ConditionKey[]): ConditionKey[] {
  const depths = new Map<ConditionKey, number>();
  const depth = (key: ConditionKey, seen: readonly ConditionKey[]): number => {
    const known = depths.get(key);
    if (known !== undefined) return known;
    const causes = keys.filter((c) => !seen.includes(c) && c !== key && ruleSet.condition(c)?.mechanics.implies.includes(key));
    const found = causes.reduce((deepest, c) => Math.max(deepest, depth(c, [...seen, key]) + 1), 0);
    depths.set(key, found);
    return found;
  };
  const catalogue = (key: ConditionKey): number => ruleSet.conditions.findIndex((c) => c.key === key);
  return [...keys].sort((a, b) => depth(a, []) - depth(b, []) || catalogue(a) - catalogue(b));
}

/**
 * What is on a combatant: catalogue conditions from its rules state (the rules engine adds some
 * itself) in reading order, with the timing of the effect that put each on; named effects and reached track levels
 * follow. `shownOnly`: what players may read about a hidden monster, the effects the game master
 * showed them and nothing else; `seesHidden`: the game master, who reads a hidden source's save DC.
 */
export function conditionStates(combatant: Combatant, encounter: Encounter, shownOnly = false, seesHidden = false): ConditionState[] {
  const ruleSet = getRuleSet(encounter.ruleSet);
  const effects = encounter.effects.filter(
    (e) => e.targetId === combatant.id && e.kind !== 'concentration' && (!shownOnly || e.shownToPlayers),
  );
  if (shownOnly) {
    const keyed = new Map(
      effects.flatMap((e) => {
        const key = e.kind === 'condition' ? ruleSet.conditions.find((c) => c.name === e.name)?.key : undefined;
        return key === undefined ? [] : [[key, e] as const];
      }),
    );
    const ordered = readingOrder(ruleSet, [...keyed.keys()]).flatMap((key) => keyed.get(key) ?? []);
    return [...ordered, ...effects.filter((e) => !ordered.includes(e))].map((e) => effectState(e, encounter, seesHidden));
  }
  const reached = ruleSet.tracks.filter((t) => combatant.rules.tracks[t.key] > 0);
  // Most combatants carry nothing: every tracker edit asks this of each line, so they cost no sorting.
  if (effects.length === 0 && combatant.rules.conditions.length === 0 && reached.length === 0) return [];
  const conditions = readingOrder(ruleSet, combatant.rules.conditions).map((key) => {
    const name = ruleSet.condition(key)?.name ?? key;
    const effect = effects.find((e) => e.kind === 'condition' && e.name === name);
    return effect === undefined ? plain(name) : effectState(effect, encounter, seesHidden);
  });
  const named = effects.filter((e) => e.kind === 'effect').map((e) => effectState(e, encounter, seesHidden));
  const tracks = reached.map((t) => plain(t.name, combatant.rules.tracks[t.key]));
  return [...conditions, ...named, ...tracks];
}

function label(state: ConditionState): string {
  if (state.level !== null) return `${state.name} ${state.level}`;
  if (state.laterDamage !== null) return `${shown(state.name)} (${state.laterDamage} at the ${state.at ?? 'end'} of its turn)`;
  const marks = [
    state.roundsLeft === null ? '' : ` (${state.roundsLeft})`,
    state.saveDc === null ? '' : ` save DC ${state.saveDc}`,
    state.concentration ? ' ⟲' : '',
  ];
  return `${shown(state.name)}${marks.join('')}`;
}

/** `conditionStates` compactly, for Discord: `Poisoned (2)`, `Exhaustion 3`, `Bless ⟲`. */
export function conditionLabels(combatant: Combatant, encounter: Encounter, shownOnly = false, seesHidden = false): string[] {
  return conditionStates(combatant, encounter, shownOnly, seesHidden).map(label);
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
