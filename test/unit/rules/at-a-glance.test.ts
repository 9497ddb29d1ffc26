import { getRuleSet, createRulesState, type CombatantRulesState } from '../../../src/rules';
import { perRuleSet, refused, scripted, noDice } from './support';

// RULES.md §1: every row of the at-a-glance table, for every rule set.
const pc = (overrides: Partial<CombatantRulesState> = {}): CombatantRulesState =>
  createRulesState({ isPlayerCharacter: true, maxHp: 20, ...overrides });

describe('RULES.md §1 crit damage', () => {
  it.each(
    perRuleSet({
      dnd2014: 'double-dice',
      dnd2024: 'double-dice',
      'crown-misery': 'double-total',
      'dnd-next': 'max-dice-plus-weapon-die',
      a5e: 'double-everything',
    }),
  )('%s crits by %s', (id, kind) => {
    expect(getRuleSet(id).facts.critical.kind).toBe(kind);
  });
});

describe('RULES.md §1 lowest HP', () => {
  it.each(perRuleSet({ dnd2014: 0, dnd2024: 0, 'crown-misery': 0, 'dnd-next': -5, a5e: 0 }))(
    '%s: a PC at 5 HP taking 10 ends at %i HP',
    (id, hp) => {
      const result = getRuleSet(id).applyDamage(pc({ hp: 5, conScore: 14, level: 5 }), { amount: 10, type: 'slashing' }, noDice);
      expect(result.state.hp).toBe(hp);
      expect(result.state.dead).toBe(false);
    },
  );
});

describe('RULES.md §1 death save', () => {
  it.each(perRuleSet({ dnd2014: 'success', dnd2024: 'success', 'crown-misery': 'success', 'dnd-next': 'failure', a5e: 'success' }))(
    '%s: a natural 10 with Con save bonus −1 is a %s',
    (id, outcome) => {
      const rolls = id === 'dnd-next' ? scripted(10, 3) : scripted(10);
      const result = getRuleSet(id).rollDeathSave(pc({ hp: 0, conSaveBonus: -1, conditions: ['unconscious'] }), rolls);
      expect(result.ok && result.value.outcome).toBe(outcome);
    },
  );

  it('dnd-next: a failed Constitution death save deals 1d6 damage (§10)', () => {
    const result = getRuleSet('dnd-next').rollDeathSave(pc({ hp: -2, conSaveBonus: 0 }), scripted(9, 4));
    expect(result.ok && [result.value.damage, result.value.state.hp]).toEqual([4, -6]);
  });
});

describe('RULES.md §1 instant death', () => {
  // max 12 at 6 HP: 18 damage leaves 12 over (2014 example in §9a); C&M [001] has no instant-death clause.
  it.each(perRuleSet({ dnd2014: true, dnd2024: true, 'crown-misery': false, 'dnd-next': false, a5e: false }))(
    '%s: 18 damage to 6/12 HP kills outright: %s',
    (id, dies) => {
      const result = getRuleSet(id).applyDamage(pc({ maxHp: 12, hp: 6, level: 3, conScore: 14 }), { amount: 18, type: 'fire' }, noDice);
      expect(result.state.dead).toBe(dies);
    },
  );

  it('dnd-next: death at −(Con score + level): level 5, Con 14 dies at −19 (§9d)', () => {
    const rules = getRuleSet('dnd-next');
    const state = pc({ maxHp: 40, hp: 10, level: 5, conScore: 14 });
    expect(rules.applyDamage(state, { amount: 28, type: 'fire' }, noDice).state.dead).toBe(false);
    expect(rules.applyDamage(state, { amount: 29, type: 'fire' }, noDice).state.dead).toBe(true);
  });

  it('a5e: massive damage 20 + 3 × level: level 3 takes 29 and fails the DC 15 Con save (§9e)', () => {
    const result = getRuleSet('a5e').applyDamage(pc({ maxHp: 24, hp: 24, level: 3 }), { amount: 29, type: 'acid' }, scripted(14));
    expect(result.state.dead).toBe(true);
    expect(result.events).toContainEqual({ kind: 'massive-damage-save', dc: 15, roll: 14, total: 14, success: false });
  });
});

describe('RULES.md §1 stabilise DC', () => {
  it.each(perRuleSet({ dnd2014: 10, dnd2024: 10, 'crown-misery': 10, 'dnd-next': 15, a5e: 10 }))('%s: DC %i', (id, dc) => {
    expect(getRuleSet(id).facts.stabiliseDc).toBe(dc);
  });
});

describe('RULES.md §1 stable → 1 HP after', () => {
  it.each(perRuleSet({ dnd2014: 4, dnd2024: 4, 'crown-misery': 4, 'dnd-next': 8, a5e: 4 }))('%s: 1d%i hours', (id, sides) => {
    const result = getRuleSet(id).recoverFromStable(pc({ hp: 0, stable: true, conditions: ['unconscious'] }), scripted(sides));
    expect(result.ok && [result.value.hours, result.value.state.hp]).toEqual([sides, 1]);
  });
});

describe('RULES.md §1 concentration DC on damage', () => {
  it.each(
    perRuleSet({
      dnd2014: [10, 21, 35],
      dnd2024: [10, 21, 30],
      'crown-misery': [10, 21, 30],
      'dnd-next': [null, null, null],
      a5e: [10, 21, 35],
    }),
  )('%s: 19, 43 and 70 damage give DCs %j', (id, dcs) => {
    const rules = getRuleSet(id);
    expect([19, 43, 70].map((d) => rules.concentrationDc(d))).toEqual(dcs);
  });
});

describe('RULES.md §1 exhaustion-type track', () => {
  it.each(
    perRuleSet({
      dnd2014: ['exhaustion:6'],
      dnd2024: ['exhaustion:6'],
      'crown-misery': ['exhaustion:6'],
      'dnd-next': [],
      a5e: ['fatigue:7', 'strife:7'],
    }),
  )('%s tracks %j', (id, tracks) => {
    expect(getRuleSet(id).tracks.map((t) => `${t.key}:${t.maxLevel}`)).toEqual(tracks);
  });
});

describe('RULES.md §1 Dodge', () => {
  it.each(
    perRuleSet({
      dnd2014: { attackersDisadvantage: true, dexSaveAdvantage: true, acBonus: 0, dexSaveBonus: 0 },
      dnd2024: { attackersDisadvantage: true, dexSaveAdvantage: true, acBonus: 0, dexSaveBonus: 0 },
      'crown-misery': { attackersDisadvantage: true, dexSaveAdvantage: true, acBonus: 0, dexSaveBonus: 0 },
      'dnd-next': { attackersDisadvantage: false, dexSaveAdvantage: false, acBonus: 4, dexSaveBonus: 4 },
      a5e: { attackersDisadvantage: true, dexSaveAdvantage: true, acBonus: 0, dexSaveBonus: 0 },
    }),
  )('%s: %j', (id, effect) => {
    expect(getRuleSet(id).dodge(pc(), 30)).toEqual({ ok: true, value: effect });
  });
});

describe('RULES.md §1 cover', () => {
  it.each(
    perRuleSet({
      dnd2014: [2, 5, false, 0],
      dnd2024: [2, 5, false, 0],
      'crown-misery': [2, 5, false, 0],
      'dnd-next': [2, 5, false, 0],
      a5e: [2, 5, false, 5],
    }),
  )('%s: half, three-quarters, total targetable, hide bonus at ¾: %j', (id, [half, threeQuarters, targetable, hide]) => {
    const rules = getRuleSet(id);
    expect(rules.cover(['half']).acBonus).toBe(half);
    expect(rules.cover(['three-quarters']).dexSaveBonus).toBe(threeQuarters);
    expect(rules.cover(['total']).targetable).toBe(targetable);
    expect(rules.cover(['three-quarters']).hideBonus).toBe(hide);
  });

  it.each(perRuleSet({ dnd2014: 5, dnd2024: 5, 'crown-misery': 5, 'dnd-next': 0, a5e: 5 }))(
    '%s: ¾ cover seen from the near side gives %i',
    (id, bonus) => {
      expect(getRuleSet(id).cover(['three-quarters'], false).acBonus).toBe(bonus);
    },
  );
});

describe('RULES.md §1 short rest', () => {
  it.each(perRuleSet({ dnd2014: 60, dnd2024: 60, 'crown-misery': 60, 'dnd-next': 10, a5e: 60 }))('%s lasts %i minutes', (id, minutes) => {
    expect(getRuleSet(id).facts.shortRestMinutes).toBe(minutes);
  });
});

describe('RULES.md §1 long rest hit dice regained', () => {
  it.each(perRuleSet({ dnd2014: 2, dnd2024: 5, 'crown-misery': 5, 'dnd-next': 5, a5e: 2 }))(
    '%s: 5 spent of 5 d10 gives back %i',
    (id, back) => {
      const result = getRuleSet(id).longRest(pc({ hp: 3, hitDice: [{ sides: 10, total: 5, remaining: 0 }] }), {});
      expect(result.ok && result.value.state.hitDice[0]!.remaining).toBe(back);
    },
  );
});

describe('RULES.md §1 knock-out', () => {
  it.each(
    perRuleSet({
      dnd2014: { hp: 0, stable: true, fatigue: 0 },
      dnd2024: { hp: 1, stable: false, fatigue: 0 },
      'crown-misery': { hp: 1, stable: false, fatigue: 0 },
      'dnd-next': { hp: 0, stable: true, fatigue: 0 },
      a5e: { hp: 0, stable: true, fatigue: 1 },
    }),
  )('%s leaves the target at %j', (id, expected) => {
    const result = getRuleSet(id).applyDamage(pc({ hp: 8 }), { amount: 30, type: 'bludgeoning', melee: true, knockOut: true }, noDice);
    const { hp, stable, tracks, conditions } = result.state;
    expect({ hp, stable, fatigue: tracks.fatigue }).toEqual(expected);
    expect(conditions).toContain('unconscious');
    expect(result.state.dead).toBe(false);
  });
});

describe('RULES.md §20 Dodge needs a creature that can act and move', () => {
  it.each([
    ['dnd2024', { conditions: ['incapacitated'] }, 'Dodging does nothing while Incapacitated.'],
    ['dnd-next', { conditions: ['stunned'] }, 'Dodging does nothing while Stunned.'],
    ['a5e', { conditions: ['grappled'] }, 'Dodging does nothing at speed 0.'],
  ] as const)('%s %j: %s', (id, overrides, reason) => {
    expect(refused(getRuleSet(id).dodge(pc({ conditions: [...overrides.conditions] }), 30))).toBe(reason);
  });
});
