import { createRulesState, getRuleSet, RULESET_IDS } from '../../../src/rules';
import { perRuleSet } from './support';

describe('RULES.md §14 concentration', () => {
  it.each(
    perRuleSet({
      dnd2014: [null, 10, 10, 10, 11, 30, 50],
      dnd2024: [null, 10, 10, 10, 11, 30, 30],
      'crown-misery': [null, 10, 10, 10, 11, 30, 30],
      'dnd-next': [null, null, null, null, null, null, null],
      a5e: [null, 10, 10, 10, 11, 30, 50],
    }),
  )('%s: DC for 0, 1, 20, 21, 22, 60 and 100 damage: %j', (id, dcs) => {
    const rules = getRuleSet(id);
    expect([0, 1, 20, 21, 22, 60, 100].map((d) => rules.concentrationDc(d))).toEqual(dcs);
  });

  it.each(perRuleSet({ dnd2014: null, dnd2024: null, 'crown-misery': null, 'dnd-next': 3, a5e: null }))(
    '%s: a long casting hit for 7 damage needs DC %s (Next: half, no minimum, §27.10)',
    (id, dc) => {
      expect(getRuleSet(id).castingInterruptionDc(7)).toBe(dc);
      expect(getRuleSet(id).castingInterruptionDc(0)).toBeNull();
    },
  );

  it.each(RULESET_IDS)('%s: starting another concentration effect ends the first', (id) => {
    const rules = getRuleSet(id);
    expect(rules.startConcentration(createRulesState(), 'bless')).toEqual({
      state: createRulesState({ concentration: 'bless' }),
      events: [],
    });
    expect(rules.startConcentration(createRulesState({ concentration: 'bless' }), 'haste')).toEqual({
      state: createRulesState({ concentration: 'haste' }),
      events: [{ kind: 'concentration-ended', reason: 'new-effect' }],
    });
  });

  it.each(perRuleSet({ dnd2014: true, dnd2024: true, 'crown-misery': true, 'dnd-next': true, a5e: true }))(
    '%s: being stunned ends concentration: %s',
    (id, ends) => {
      const result = getRuleSet(id).addCondition(createRulesState({ concentration: 'bless' }), 'stunned');
      expect(result.ok && result.value.state.concentration === null).toBe(ends);
    },
  );

  it.each(perRuleSet({ dnd2014: true, dnd2024: true, 'crown-misery': true, 'dnd-next': false, a5e: true }))(
    '%s: being paralyzed ends concentration: %s (Next names only stunned and unconscious)',
    (id, ends) => {
      const result = getRuleSet(id).addCondition(createRulesState({ concentration: 'bless' }), 'paralyzed');
      expect(result.ok && result.value.state.concentration === null).toBe(ends);
    },
  );

  it('dying ends concentration', () => {
    const result = getRuleSet('dnd2024').applyDamage(
      createRulesState({ hp: 3, concentration: 'bless' }),
      { amount: 5, type: 'fire' },
      { die: () => 1 },
    );
    expect(result.state.concentration).toBeNull();
    expect(result.events).toContainEqual({ kind: 'concentration-ended', reason: 'died' });
  });
});
