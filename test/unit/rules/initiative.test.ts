import { getRuleSet, type InitiativeEntry } from '../../../src/rules';
import { noDice, perRuleSet, scripted } from './support';

const entry = (id: string, total: number, modifier = 0): InitiativeEntry => ({ id, total, modifier, isPlayerCharacter: false });

describe('RULES.md §18 rolling initiative', () => {
  it('a Dexterity check: d20 + modifier', () => {
    expect(getRuleSet('dnd2014').rollInitiative({ modifier: 3 }, scripted(12))).toEqual({
      total: 15,
      modifier: 3,
      mode: 'normal',
      rolls: [12],
      natural: 12,
      score: false,
      advantage: [],
      disadvantage: [],
    });
  });

  it.each(perRuleSet({ dnd2014: 'normal', dnd2024: 'disadvantage', 'crown-misery': 'disadvantage', 'dnd-next': 'normal', a5e: 'normal' }))(
    '%s: surprise makes the roll %s',
    (id, mode) => {
      const random = mode === 'normal' ? scripted(8) : scripted(8, 15);
      expect(getRuleSet(id).rollInitiative({ modifier: 0, surprised: true }, random).mode).toBe(mode);
    },
  );

  it.each(perRuleSet({ dnd2014: 'normal', dnd2024: 'advantage', 'crown-misery': 'advantage', 'dnd-next': 'normal', a5e: 'normal' }))(
    '%s: being Invisible when rolling gives %s',
    (id, mode) => {
      const random = mode === 'normal' ? scripted(8) : scripted(8, 15);
      expect(getRuleSet(id).rollInitiative({ modifier: 0, conditions: ['invisible'] }, random).mode).toBe(mode);
    },
  );

  it('2024: Incapacitated when rolling gives disadvantage; Poisoned (an ability check) does too in every rule set', () => {
    expect(getRuleSet('dnd2024').rollInitiative({ modifier: 2, conditions: ['incapacitated'] }, scripted(18, 6))).toMatchObject({
      total: 8,
      disadvantage: ['Incapacitated'],
    });
    expect(getRuleSet('a5e').rollInitiative({ modifier: 0, conditions: ['poisoned'] }, scripted(18, 6)).total).toBe(6);
  });

  it('2024: exhaustion 2 takes 4 off initiative', () => {
    expect(getRuleSet('dnd2024').rollInitiative({ modifier: 1, tracks: { exhaustion: 2 } }, scripted(10)).total).toBe(7);
  });

  it('A5E: the GM may call for another ability; fatigue 2 then hinders a Constitution initiative, not Wisdom', () => {
    const rules = getRuleSet('a5e');
    expect(rules.rollInitiative({ modifier: 1, ability: 'wis', tracks: { fatigue: 2 } }, scripted(9)).mode).toBe('normal');
    expect(rules.rollInitiative({ modifier: 1, ability: 'con', tracks: { fatigue: 2 } }, scripted(9, 14)).mode).toBe('disadvantage');
  });

  it.each([
    [{}, 13],
    [{ advantage: ['Alert'] }, 18],
    [{ surprised: true }, 8],
    [{ surprised: true, advantage: ['Alert'] }, 13],
  ])('2024 Initiative score: 10 + Dex modifier 3, ±5: %j gives %i without a roll', (extra, total) => {
    const result = getRuleSet('dnd2024').rollInitiative({ modifier: 3, useScore: true, ...extra }, noDice);
    expect([result.total, result.score, result.rolls]).toEqual([total, true, []]);
  });

  it('rule sets without an Initiative score roll instead', () => {
    expect(getRuleSet('dnd2014').rollInitiative({ modifier: 3, useScore: true }, scripted(4))).toMatchObject({ total: 7, score: false });
  });
});

describe('RULES.md §18 initiative order and ties', () => {
  it('highest total first; no ties roll nothing', () => {
    const order = getRuleSet('dnd2024').orderInitiative([entry('a', 8), entry('b', 19), entry('c', 12)], noDice);
    expect(order.map((e) => [e.id, e.tiebreak])).toEqual([
      ['b', []],
      ['c', []],
      ['a', []],
    ]);
  });

  it.each(['dnd2014', 'dnd2024', 'crown-misery'] as const)('%s: ties go to the higher modifier, then to a d20 roll-off', (id) => {
    const order = getRuleSet(id).orderInitiative([entry('slow', 15, 1), entry('quick', 15, 4), entry('x', 15, 1)], scripted(6, 13));
    expect(order.map((e) => [e.id, e.tiebreak])).toEqual([
      ['quick', []],
      ['x', [13]],
      ['slow', [6]],
    ]);
  });

  it.each(['dnd-next', 'a5e'] as const)('%s: tied creatures roll a d20 each, re-rolling until every tie is broken', (id) => {
    const order = getRuleSet(id).orderInitiative([entry('a', 15, 5), entry('b', 15, 0), entry('c', 15, 0)], scripted(12, 12, 3, 9, 17));
    expect(order.map((e) => [e.id, e.tiebreak])).toEqual([
      ['b', [12, 17]],
      ['a', [12, 9]],
      ['c', [3]],
    ]);
  });

  it('a random source that never breaks the tie cannot hang the order', () => {
    const stuck = { die: (): number => 7 };
    const order = getRuleSet('a5e').orderInitiative([entry('a', 10), entry('b', 10)], stuck);
    expect(order.map((e) => e.id)).toEqual(['a', 'b']);
    expect(order[0]!.tiebreak).toHaveLength(100);
  });
});
