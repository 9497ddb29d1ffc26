import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { unchanged } from '../../../src/combat/delta';

// `unchanged` decides what a save writes and what the log keeps: a difference it missed would be
// lost from the database and from undo, an equality it missed would only write more.
describe('unchanged: whether a change left a value as it was', () => {
  it.each([
    ['the same number', 3, 3, true],
    ['another number', 3, 4, false],
    ['zero and minus zero', 0, -0, false],
    ['not-a-number and itself', Number.NaN, Number.NaN, true],
    ['a number and its text', 3, '3', false],
    ['null and an empty object', null, {}, false],
    ['equal arrays, rebuilt', ['poisoned', 'prone'], ['poisoned', 'prone'], true],
    ['arrays in another order', ['poisoned', 'prone'], ['prone', 'poisoned'], false],
    ['a longer array', [1], [1, 2], false],
    ['an array and an object with its indices', [1], { 0: 1 }, false],
    [
      'equal nested objects, rebuilt',
      { rules: { hp: 7, tracks: { exhaustion: 1 } } },
      { rules: { hp: 7, tracks: { exhaustion: 1 } } },
      true,
    ],
    ['a nested field changed', { rules: { hp: 7, tracks: { exhaustion: 1 } } }, { rules: { hp: 7, tracks: { exhaustion: 2 } } }, false],
    ['a field set to undefined and a field missing', { readied: undefined }, {}, false],
    ['the same count of fields, named otherwise', { a: 1 }, { b: 1 }, false],
    ['a field added', { hp: 7 }, { hp: 7, tempHp: 0 }, false],
    ['two dates of another day', new Date('2026-11-27'), new Date('2026-11-28'), false],
    ['two dates of the same time', new Date('2026-11-28'), new Date('2026-11-28'), true],
    ['a field holding dates of another day', { at: new Date('2026-11-27') }, { at: new Date('2026-11-28') }, false],
  ])('%s', (_, was, now, same) => {
    expect(unchanged(was, now)).toBe(same);
    expect(unchanged(now, was)).toBe(same);
  });

  it('agrees with a deep strict comparison on any JSON values, and on a value and its copy', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.jsonValue(), (was, now) => {
        expect(unchanged(was, now)).toBe(isDeepStrictEqual(was, now));
        expect(unchanged(was, structuredClone(was))).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });
});
