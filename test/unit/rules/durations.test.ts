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
