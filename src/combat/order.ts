import type { RandomSource } from '../dice/random';
import type { InitiativeEntry, RuleSet } from '../rules/types';
import type { Combatant, LeftPlace } from './types';

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

/** Inserts `place` into `places` sorted by count, after `rank` of those on its count (all of them when fewer are). */
function insertAtRank<Place>(places: readonly Place[], place: Place, countOfPlace: (of: Place) => number, rank: number): Place[] {
  const count = countOfPlace(place);
  const onCount = places.filter((p) => countOfPlace(p) === count);
  const [first] = onCount;
  // Equal counts stand together, so it goes `rank` places into their block.
  let index =
    first === undefined ? places.findIndex((p) => countOfPlace(p) < count) : places.indexOf(first) + Math.min(rank, onCount.length);
  if (index < 0) index = places.length;
  return [...places.slice(0, index), place, ...places.slice(index)];
}

function placeAtRank(order: readonly Combatant[], newcomer: Unit, rank: number): Combatant[] {
  return insertAtRank<Unit>(unitsOf(order), newcomer, (unit) => entryOf(unit).total, rank).flat();
}

/**
 * Puts a newcomer (a combatant or a group sharing one roll) into an order sorted by initiative.
 * Those already placed keep their order; among equal totals, the rules engine's tie-break decides
 * how many of them go before the newcomer, and the roll-offs it used are kept on the newcomer.
 */
export function placeInOrder(order: readonly Combatant[], newcomer: Unit, ruleSet: RuleSet, random: RandomSource): Combatant[] {
  const entry = entryOf(newcomer);
  const tied = unitsOf(order).filter((unit) => entryOf(unit).total === entry.total);
  if (tied.length === 0) return placeAtRank(order, newcomer, 0);
  const ranked = ruleSet.orderInitiative([...tied.map(entryOf), entry], random);
  const rank = ranked.findIndex((e) => e.id === entry.id);
  const tiebreak = ranked[rank]?.tiebreak ?? [];
  return placeAtRank(
    order,
    newcomer.map((c) => ({ ...c, initiative: { ...c.initiative, tiebreak } })),
    rank,
  );
}

/**
 * How many units on its initiative go before the one combatant `id` stands in, in `order`: the
 * tie-break's answer, which a later sort keeps. Null where no other unit shares its initiative.
 */
export function rankInOrder(order: readonly Combatant[], id: string): number | null {
  const units = unitsOf(order);
  const at = units.findIndex((unit) => unit.some((c) => c.id === id));
  const unit = units[at];
  if (unit === undefined) return null;
  const { total } = entryOf(unit);
  const tied = units.filter((u) => entryOf(u).total === total);
  return tied.length < 2 ? null : tied.indexOf(unit);
}

/**
 * As a round ends, combatants that held their place through it (their initiative set where moving
 * at once would have carried them across the turn being taken) move to the place their initiative
 * gives, out of the group whose place they kept: among equal totals, after as many as was decided
 * when the initiative was set, or as the rules engine's tie-break decides now. Each keeps the place
 * it left, for `round`, the round it moves in. A place held until a later round's end (reached
 * again by going back a turn) stays. The same order when none moves.
 */
export function settleHeldPlaces(order: readonly Combatant[], round: number, ruleSet: RuleSet, random: RandomSource): readonly Combatant[] {
  const held = order.filter(({ actions }) => actions.heldPlace !== null && (actions.heldRound === null || actions.heldRound < round));
  if (held.length === 0) return order;
  let settled = order.filter((c) => !held.includes(c));
  for (const combatant of held) {
    const count = countOf(combatant);
    const rank = order.slice(0, order.indexOf(combatant)).filter((c) => countOf(c) === count).length;
    const leftPlace: LeftPlace = { round, count, rank, groupId: combatant.groupId };
    const { heldRank } = combatant.actions;
    const moved = [
      { ...combatant, groupId: null, actions: { ...combatant.actions, heldPlace: null, heldRank: null, heldRound: null, leftPlace } },
    ];
    settled = heldRank === null ? placeInOrder(settled, moved, ruleSet, random) : placeAtRank(settled, moved, heldRank);
  }
  return settled;
}

/**
 * The order the round before `round` was walked in, from the order of `round`: combatants whose
 * held places that round's end settled go back to them, in their groups, each to move again to the
 * place it has now as the round ends again. The same order when that round's end moved nobody.
 */
export function unsettleHeldPlaces(order: readonly Combatant[], round: number): readonly Combatant[] {
  const moved = order.flatMap((combatant) => {
    const left = combatant.actions.leftPlace;
    return left?.round === round ? [{ combatant, left }] : [];
  });
  if (moved.length === 0) return order;
  let walked = order.filter((c) => c.actions.leftPlace?.round !== round);
  // Those on one count go back in the order they stood in, so each finds as many before it as it had.
  for (const { combatant, left } of moved.sort((a, b) => a.left.rank - b.left.rank)) {
    const heldRank = rankInOrder(order, combatant.id);
    const back = {
      ...combatant,
      groupId: left.groupId,
      actions: { ...combatant.actions, heldPlace: left.count, heldRank, heldRound: round - 1, leftPlace: null },
    };
    walked = insertAtRank(walked, back, countOf, left.rank);
  }
  return walked;
}
