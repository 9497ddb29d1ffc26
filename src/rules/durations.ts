import type { Duration, EndingEffects, Expiry, RuleSetFacts, TimedEffect, TurnPoint } from './types';

const ROUNDS_PER_MINUTE = 10;

/** Rounds in each unit a duration is written in: a minute is 10 rounds of 6 seconds. */
export const ROUNDS_PER_UNIT = {
  round: 1,
  minute: ROUNDS_PER_MINUTE,
  hour: 60 * ROUNDS_PER_MINUTE,
  day: 24 * 60 * ROUNDS_PER_MINUTE,
} as const;

/**
 * When an effect that starts now ends (RULES.md §19). N rounds end as the same creature's turn starts
 * N rounds later (Next: "until that same point of the following round"); a minute is 10 rounds;
 * "until the start/end of X's next turn" is X's first turn after now. Save-ends and indefinite
 * effects have no fixed end.
 */
export function expiryOf(duration: Duration, at: TurnPoint, order: readonly string[]): Expiry | null {
  switch (duration.kind) {
    case 'rounds':
      return { round: at.round + duration.count, combatantId: at.combatantId, boundary: 'start' };
    case 'minutes':
      return { round: at.round + duration.count * ROUNDS_PER_MINUTE, combatantId: at.combatantId, boundary: 'start' };
    case 'turn-boundary': {
      const anchor = order.indexOf(duration.anchorId);
      if (anchor < 0) return null;
      const laterThisRound = anchor > order.indexOf(at.combatantId);
      return { round: laterThisRound ? at.round : at.round + 1, combatantId: duration.anchorId, boundary: duration.boundary };
    }
    case 'save-ends':
    case 'indefinite':
      return null;
  }
}

/**
 * "For N rounds, until the start/end of X's turn": the Nth time that boundary of X's turn comes
 * after the current turn. The current turn itself never counts, so an effect begun on X's own turn
 * lasts through its next one; before the fight starts (`now` null) round 1 is the first.
 */
export function expiryAfterRounds(
  count: number,
  anchorId: string,
  boundary: 'start' | 'end',
  now: TurnPoint | null,
  order: readonly string[],
): Expiry {
  if (now === null) return { round: count, combatantId: anchorId, boundary };
  const current = position(order, now.round, now.combatantId, 'end');
  const first = position(order, now.round, anchorId, boundary) > current ? now.round : now.round + 1;
  return { round: first + count - 1, combatantId: anchorId, boundary };
}

/**
 * "For N rounds" as the rule set counts it when the effect says no more (RULES.md §19): until the end
 * of the source's turn (the target's without a source), or in Next from the turn on which it began to
 * the start of that turn N rounds on ("unless specified otherwise", 002). `ends` says otherwise.
 */
export function roundsExpiry(
  facts: Pick<RuleSetFacts, 'roundsLast'>,
  count: number,
  who: { sourceId: string | null; targetId: string },
  ends: 'start' | 'end' | undefined,
  now: TurnPoint | null,
  order: readonly string[],
): Expiry {
  const ownTurn = who.sourceId ?? who.targetId;
  if (facts.roundsLast === 'to-end-of-source-turn') return expiryAfterRounds(count, ownTurn, ends ?? 'end', now, order);
  return expiryAfterRounds(count, now?.combatantId ?? ownTurn, ends ?? 'start', now, order);
}

/**
 * Rounds left of an effect that ends at `expiry`, counted as "for N rounds" was: how many times its
 * boundary still comes after the current turn, the one that ends it included, so that an effect put
 * on for N rounds shows N. On the turn at whose end it ends, 1; before the fight (`now` null),
 * round 1 is the first.
 */
export function roundsLeft(expiry: Expiry, now: TurnPoint | null, order: readonly string[]): number {
  if (now === null) return Math.max(expiry.round, 1);
  const current = position(order, now.round, now.combatantId, 'end');
  const next = position(order, now.round, expiry.combatantId, expiry.boundary) > current ? now.round : now.round + 1;
  return Math.max(expiry.round - next + 1, 1);
}

/**
 * An end point the turn has already passed without crossing it (the turn moved, or the order was
 * re-sorted, past it) comes the next time that boundary of that turn comes after `now`'s start; one
 * still ahead stays as it is.
 */
export function nextUnpassed(expiry: Expiry, now: TurnPoint, order: readonly string[]): Expiry {
  const started = position(order, now.round, now.combatantId, 'start');
  if (position(order, expiry.round, expiry.combatantId, expiry.boundary) > started) return expiry;
  const thisRound = position(order, now.round, expiry.combatantId, expiry.boundary) > started;
  return { ...expiry, round: thisRound ? now.round : now.round + 1 };
}

/** A position on the encounter's time line: every turn has a start and an end. */
function position(order: readonly string[], round: number, combatantId: string, boundary: 'start' | 'end'): number {
  const index = order.indexOf(combatantId);
  // A combatant no longer in the order counts as the top of its round, so its effects still end.
  if (index < 0) return round * order.length * 2;
  return (round * order.length + index) * 2 + (boundary === 'end' ? 1 : 0);
}

/**
 * Which effects end, and which "save ends" effects prompt a save, when the turn passes from `from` to
 * `to`. Passing a turn crosses the end of `from` and the start of `to`, plus every turn skipped between;
 * going back (undo, or a turn taken back) ends nothing.
 */
export function endingEffects(effects: readonly TimedEffect[], order: readonly string[], from: TurnPoint, to: TurnPoint): EndingEffects {
  const start = position(order, from.round, from.combatantId, 'start');
  const finish = position(order, to.round, to.combatantId, 'start');
  if (finish <= start || order.length === 0) return { ended: [], savesDue: [] };
  const crossed = (p: number): boolean => p > start && p <= finish;
  const turnsEnded = new Set<string>();
  for (let p = start + 1; crossed(p); p += 1) {
    if (p % 2 === 1) turnsEnded.add(order[Math.floor(p / 2) % order.length]!);
  }
  const ended = effects
    .filter((e) => e.expiry !== null && crossed(position(order, e.expiry.round, e.expiry.combatantId, e.expiry.boundary)))
    .map((e) => e.id);
  const savesDue = effects
    .filter((e) => e.saveEndsFor !== undefined && turnsEnded.has(e.saveEndsFor) && !ended.includes(e.id))
    .map((e) => e.id);
  return { ended, savesDue };
}
