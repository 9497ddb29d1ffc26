import { getRuleSet, type TimedEffect } from '../../../src/rules';

// RULES.md §19: durations, for a three-creature order A, B, C.
const rules = getRuleSet('dnd2024');
const order = ['A', 'B', 'C'];
const at = (round: number, combatantId: string) => ({ round, combatantId });

describe('RULES.md §19 when an effect ends', () => {
  it.each([
    [{ kind: 'rounds', count: 1 }, at(1, 'B'), { round: 2, combatantId: 'B', boundary: 'start' }],
    [{ kind: 'minutes', count: 1 }, at(2, 'A'), { round: 12, combatantId: 'A', boundary: 'start' }],
    [{ kind: 'turn-boundary', anchorId: 'B', boundary: 'start' }, at(1, 'B'), { round: 2, combatantId: 'B', boundary: 'start' }],
    [{ kind: 'turn-boundary', anchorId: 'C', boundary: 'end' }, at(1, 'B'), { round: 1, combatantId: 'C', boundary: 'end' }],
    [{ kind: 'turn-boundary', anchorId: 'A', boundary: 'end' }, at(1, 'B'), { round: 2, combatantId: 'A', boundary: 'end' }],
    [{ kind: 'turn-boundary', anchorId: 'gone', boundary: 'end' }, at(1, 'B'), null],
    [{ kind: 'save-ends', saverId: 'C' }, at(1, 'B'), null],
    [{ kind: 'indefinite' }, at(1, 'B'), null],
  ] as const)('%j started at %j expires %j', (duration, now, expiry) => {
    expect(rules.expiryOf(duration, now, order)).toEqual(expiry);
  });
});

describe('RULES.md §19 which effects end as the turn passes', () => {
  const dodge: TimedEffect = {
    id: 'dodge',
    expiry: rules.expiryOf({ kind: 'turn-boundary', anchorId: 'B', boundary: 'start' }, at(1, 'B'), order),
  };
  const mud: TimedEffect = {
    id: 'mud',
    expiry: rules.expiryOf({ kind: 'turn-boundary', anchorId: 'C', boundary: 'end' }, at(1, 'B'), order),
  };
  const bless: TimedEffect = { id: 'bless', expiry: rules.expiryOf({ kind: 'minutes', count: 1 }, at(1, 'B'), order) };
  const hold: TimedEffect = { id: 'hold', expiry: null, saveEndsFor: 'C' };
  const effects = [dodge, mud, bless, hold];

  it.each([
    [at(1, 'B'), at(1, 'C'), [], []],
    [at(1, 'C'), at(2, 'A'), ['mud'], ['hold']],
    [at(2, 'A'), at(2, 'B'), ['dodge'], []],
    [at(1, 'B'), at(2, 'B'), ['dodge', 'mud'], ['hold']],
    [at(11, 'A'), at(11, 'B'), ['bless'], []], // the two short effects ended long ago and are not reported again
    [at(2, 'B'), at(1, 'C'), [], []],
  ] as const)('from %j to %j: %j end, %j save', (from, to, ended, saves) => {
    expect(rules.endingEffects(effects, order, from, to)).toEqual({ ended, savesDue: saves });
  });

  it('an effect anchored on a creature that left the order ends at the top of its round', () => {
    const orphan: TimedEffect = { id: 'orphan', expiry: { round: 2, combatantId: 'gone', boundary: 'end' } };
    expect(rules.endingEffects([orphan], order, at(1, 'C'), at(2, 'A')).ended).toEqual(['orphan']);
  });

  it('an empty order ends nothing', () => {
    expect(rules.endingEffects(effects, [], at(1, 'A'), at(2, 'A'))).toEqual({ ended: [], savesDue: [] });
  });
});

describe('RULES.md §19 rounds left: what the tracker shows counts as the duration did', () => {
  /** The turns from `now` on, one after another, as many as `count`. */
  function turnsFrom(now: { round: number; combatantId: string }, count: number): { round: number; combatantId: string }[] {
    const turns = [now];
    while (turns.length < count) {
      const last = turns[turns.length - 1]!;
      const index = order.indexOf(last.combatantId) + 1;
      turns.push(index === order.length ? at(last.round + 1, order[0]!) : at(last.round, order[index]!));
    }
    return turns;
  }

  it.each([
    // For 2 rounds from A's own turn (2024's default, the source's turn): A's turn of round 1 does not count.
    ['dnd2024', 'end', 'A', [2, 2, 2, 1, 1, 1, 1]],
    // Put on during A's turn with B as the anchor: B's turn later in round 1 is the first, and from
    // B's turn on one is left (the turn in progress is not counted, as `duration:` does not count it).
    ['dnd2024', 'end', 'B', [2, 1, 1, 1, 1]],
    // Next: from the turn it began (A's) to the start of that turn two rounds on.
    ['dnd-next', 'start', 'A', [2, 2, 2, 1, 1, 1]],
  ] as const)("%s: 2 rounds to the %s of %s's turn, put on in A's turn of round 1, count down %j", (ruleSet, ends, anchor, expected) => {
    const rulesOf = getRuleSet(ruleSet);
    const expiry = rulesOf.expiryAfterRounds(2, anchor, ends, at(1, 'A'), order);
    const shown = turnsFrom(at(1, 'A'), expected.length).map((turn) => rulesOf.roundsLeft(expiry, turn, order));
    expect(shown).toEqual(expected);
    // The turn after the last: it has ended.
    const after = turnsFrom(at(1, 'A'), expected.length + 1).pop()!;
    expect(rulesOf.endingEffects([{ id: 'x', expiry }], order, turnsFrom(at(1, 'A'), expected.length).pop()!, after).ended).toEqual(['x']);
  });

  it('before the fight, round 1 is the first', () => {
    expect(rules.roundsLeft(rules.expiryAfterRounds(3, 'B', 'end', null, order), null, order)).toBe(3);
  });
});
