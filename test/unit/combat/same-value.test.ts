import { sameValue } from '../../../src/combat/same-value';

describe('sameValue: equal as JSON', () => {
  it.each([
    [1, 1],
    ['Goblin', 'Goblin'],
    [null, null],
    [
      { hp: 7, conditions: ['Prone'] },
      { conditions: ['Prone'], hp: 7 },
    ],
    [{ hp: 7, note: undefined }, { hp: 7 }],
    [[{ level: 1, left: 2 }], [{ left: 2, level: 1 }]],
  ])('%j equals %j', (a, b) => {
    expect(sameValue(a, b)).toBe(true);
    expect(sameValue(b, a)).toBe(true);
  });

  it.each([
    [1, 2],
    [0, null],
    ['1', 1],
    [{ hp: 7 }, { hp: 8 }],
    [{ hp: 7 }, { hp: 7, tempHp: 0 }],
    [
      { hp: 7, note: undefined },
      { hp: 7, note: null },
    ],
    [['Prone'], ['Prone', 'Poisoned']],
    [
      ['Prone', 'Poisoned'],
      ['Poisoned', 'Prone'],
    ],
    [[], {}],
    [{ rules: { hp: 7 } }, { rules: null }],
  ])('%j differs from %j', (a, b) => {
    expect(sameValue(a, b)).toBe(false);
    expect(sameValue(b, a)).toBe(false);
  });
});
