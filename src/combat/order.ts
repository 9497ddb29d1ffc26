import type { RandomSource } from '../dice/random';
import type { InitiativeEntry, RuleSet } from '../rules/types';
import type { Combatant } from './types';

/** Combatants that take their place in the order together: one, or a `count:` group sharing a roll. */
type Unit = readonly Combatant[];

function unitKey(combatant: Combatant): string {
  return combatant.groupId ?? combatant.id;
}

/** Splits an order into its units; members of a group stand next to each other. */
function unitsOf(order: readonly Combatant[]): Combatant[][] {
  const units: Combatant[][] = [];
  for (const combatant of order) {
    const last = units[units.length - 1];
    const lastKey = last?.[0] === undefined ? null : unitKey(last[0]);
    if (last !== undefined && lastKey === unitKey(combatant) && combatant.groupId !== null) last.push(combatant);
    else units.push([combatant]);
  }
  return units;
}

/** The initiative count a combatant's place in the order stands for this round: a held place's, or its initiative. */
export function countOf(combatant: Combatant): number {
  return combatant.actions.heldPlace ?? combatant.initiative.total;
}

function entryOf(unit: Unit): InitiativeEntry {
  const first = unit[0];
  if (first === undefined) throw new Error('an initiative unit is never empty');
  return {
    id: unitKey(first),
    total: countOf(first),
    modifier: first.initiative.modifier,
    isPlayerCharacter: first.rules.isPlayerCharacter,
  };
}

/**
 * Puts a newcomer (a combatant or a group sharing one roll) into an order sorted by initiative.
 * Those already placed keep their order; among equal totals, the rules engine's tie-break decides
 * how many of them go before the newcomer, and the roll-offs it used are kept on the newcomer.
 */
export function placeInOrder(order: readonly Combatant[], newcomer: Unit, ruleSet: RuleSet, random: RandomSource): Combatant[] {
  const units = unitsOf(order);
  const entry = entryOf(newcomer);
  const tied = units.filter((unit) => entryOf(unit).total === entry.total);
  let placed: Unit = newcomer;
  let index: number;
  if (tied.length === 0) {
    index = units.findIndex((unit) => entryOf(unit).total < entry.total);
    if (index < 0) index = units.length;
  } else {
    const ranked = ruleSet.orderInitiative([...tied.map(entryOf), entry], random);
    const rank = ranked.findIndex((e) => e.id === entry.id);
    const tiebreak = ranked[rank]?.tiebreak ?? [];
    placed = newcomer.map((c) => ({ ...c, initiative: { ...c.initiative, tiebreak } }));
    // Equal totals stand together, so the newcomer goes `rank` places into their block.
    index = units.indexOf(tied[0] ?? []) + rank;
  }
  return [...units.slice(0, index), [...placed], ...units.slice(index)].flat();
}

/**
 * As a round ends, combatants that held their place through it (their initiative set where moving
 * at once would have carried them across the turn being taken) move to the place their initiative
 * gives, out of the group whose place they kept. The same order when none held one.
 */
export function settleHeldPlaces(order: readonly Combatant[], ruleSet: RuleSet, random: RandomSource): readonly Combatant[] {
  const held = order.filter((c) => c.actions.heldPlace !== null);
  if (held.length === 0) return order;
  let settled = order.filter((c) => c.actions.heldPlace === null);
  for (const combatant of held) {
    settled = placeInOrder(settled, [{ ...combatant, groupId: null, actions: { ...combatant.actions, heldPlace: null } }], ruleSet, random);
  }
  return settled;
}
