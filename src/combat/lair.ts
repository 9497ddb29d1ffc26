import type { TurnPoint } from '../rules/types';
import { countOf } from './order';
import { findById } from './targets';
import type { Combatant, Encounter } from './types';

/** The initiative count of a lair turn; it loses ties, so combatants on 20 act before it. */
export const LAIR_INITIATIVE = 20;

/** Its turn this round comes before count 20: judged from the place it holds, where its initiative was set during that turn. */
export function actsBeforeLair(combatant: Combatant): boolean {
  return countOf(combatant) >= LAIR_INITIATIVE;
}

/** The lair creature whose lair turn is being taken, if one is. */
export function lairActing(encounter: Encounter): Combatant | undefined {
  return encounter.combatants.find((c) => c.actions.lair?.acting === true);
}

/**
 * Whose turn is being taken: during a lair turn its lair creature, not the combatant whose turn came
 * before it (and stays current until the turn after it starts).
 */
export function turnTaker(encounter: Encounter): Combatant | undefined {
  return lairActing(encounter) ?? (encounter.currentId === null ? undefined : findById(encounter, encounter.currentId));
}

/**
 * A lair turn taken between two turns of one round, not one that opened a round: the turn being
 * taken is then at count 20, with the turns before that count behind it and the rest ahead.
 */
export function lairTurnMidRound(encounter: Encounter): boolean {
  return lairActing(encounter) !== undefined && roundOfCurrent(encounter) === encounter.round;
}

/**
 * A lair turn that comes before `next`'s turn in `round`, once per round: the lair creature (alive)
 * that has not yet taken its lair turn of the round the slot at count 20 falls in, and that round.
 * Only a turn passing from before that slot (`from`, null at the fight's start) comes to it: a slot
 * that a correction moved the turn past is passed over, as the turns before it were.
 */
export function lairDue(
  encounter: Encounter,
  from: TurnPoint | null,
  next: Combatant,
  round: number,
): { lair: Combatant; round: number } | null {
  return lairBetween(encounter, from, next, round, (taken, slot) => taken < slot);
}

/**
 * The lair turn taken between `back` (null: the fight's start) and `left`'s turn in `round`, which
 * going back a turn leaves: the turn before `left`'s, as `lairDue` found it on the way forward.
 */
export function lairTakenBefore(
  encounter: Encounter,
  back: TurnPoint | null,
  left: Combatant,
  round: number,
): { lair: Combatant; round: number } | null {
  return lairBetween(encounter, back, left, round, (taken, slot) => taken === slot, 'last');
}

/**
 * Another lair turn taken in `round`'s slot before `lair`'s (lair turns come in the order's order),
 * the last of them: going back from `lair`'s lair turn reaches it first.
 */
export function lairTakenEarlier(encounter: Encounter, lair: Combatant, round: number): Combatant | undefined {
  const before = encounter.combatants.slice(0, encounter.combatants.indexOf(lair));
  return before.findLast((c) => c.actions.lair?.round === round && !c.rules.dead);
}

/** The slot at count 20 between `from` and `next`'s turn in `round`, with the lair creature whose lair round `at` the slot accepts. */
function lairBetween(
  encounter: Encounter,
  from: TurnPoint | null,
  next: Combatant,
  round: number,
  at: (taken: number, slot: number) => boolean,
  which: 'first' | 'last' = 'first',
): { lair: Combatant; round: number } | null {
  const slot = actsBeforeLair(next) ? round - 1 : round;
  if (slot < 1) return null;
  const current = from === null ? undefined : findById(encounter, from.combatantId);
  if (from !== null && (from.round > slot || (from.round === slot && current !== undefined && !actsBeforeLair(current)))) return null;
  const fits = (c: Combatant): boolean => c.actions.lair !== null && !c.rules.dead && at(c.actions.lair.round, slot);
  const lair = which === 'first' ? encounter.combatants.find(fits) : encounter.combatants.findLast(fits);
  return lair === undefined ? null : { lair, round: slot };
}

/**
 * The round a lair creature counts as having taken its last lair turn in when it arrives: the round
 * before this one, so the next walk past count 20 gives it its lair turn (this round's, when the turn
 * is still on 20 or more, or a correction goes back before it; else the next round's), and going back
 * finds none it never took. During another's lair turn, this round's counts as taken: lair turns at
 * count 20 come in the order's order, and that one has begun.
 */
export function lairRoundOnArrival(encounter: Encounter): number {
  return lairActing(encounter) === undefined ? Math.max(encounter.round - 1, 0) : encounter.round;
}

/** The round the current (or last, during a lair turn) combatant's turn belongs to. */
export function roundOfCurrent(encounter: Encounter): number {
  const current = encounter.combatants.find((c) => c.id === encounter.currentId);
  const lair = lairActing(encounter);
  // A lair turn comes only as the turn passes count 20 (`lairDue`): after a turn below 20, it opened a round.
  if (lair !== undefined && current !== undefined && !actsBeforeLair(current)) return encounter.round - 1;
  return encounter.round;
}

/** Where the encounter stands: the current (or, during a lair turn, last) combatant's turn, or null before the first. */
export function currentPoint(encounter: Encounter): TurnPoint | null {
  return encounter.currentId === null ? null : { round: roundOfCurrent(encounter), combatantId: encounter.currentId };
}
