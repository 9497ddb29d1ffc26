import { rulesRefusalText } from '../../../src/views/refusals';
import { createRulesState, getRuleSet, RULESET_IDS, type CombatantRulesState } from '../../../src/rules';
import { noDice, perRuleSet, refused, scripted } from './support';

const pc = (overrides: Partial<CombatantRulesState> = {}): CombatantRulesState =>
  createRulesState({ isPlayerCharacter: true, maxHp: 40, level: 4, hitDice: [{ sides: 10, total: 4, remaining: 4 }], ...overrides });
const tracks = (t: Partial<CombatantRulesState['tracks']>): CombatantRulesState['tracks'] => ({
  exhaustion: 0,
  fatigue: 0,
  strife: 0,
  ...t,
});

describe('RULES.md §23 who may rest', () => {
  it.each(RULESET_IDS)('%s: a long rest needs at least 1 HP, and life', (id) => {
    const rules = getRuleSet(id);
    expect(rules.canRest(pc({ hp: 1 }))).toEqual({ ok: true, value: true });
    expect(refused(rules.longRest(pc({ hp: 0 }), {}))).toBe('A creature needs at least 1 hit point to rest.');
    expect(refused(rules.longRest(pc({ hp: 0, dead: true }), {}))).toBe("The dead can't rest.");
    expect(refused(rules.shortRest(pc({ hp: 0, dead: true }), { spend: [] }, noDice))).toBe("The dead can't rest.");
  });

  it.each(['dnd2024', 'crown-misery'] as const)('%s: a short rest needs at least 1 HP too', (id) => {
    expect(refused(getRuleSet(id).shortRest(pc({ hp: 0 }), { spend: [] }, noDice))).toBe('A creature needs at least 1 hit point to rest.');
  });

  it.each(['dnd2014', 'a5e', 'dnd-next'] as const)('%s: the short rest text asks for no hit points', (id) => {
    expect(getRuleSet(id).shortRest(pc({ hp: 0 }), { spend: [] }, noDice)).toMatchObject({ ok: true });
  });

  it('Next experimental rule 1 asks for 1 HP', () => {
    expect(refused(getRuleSet('dnd-next').shortRest(pc({ hp: 0 }), { spend: [], variant: 'experimental-1' }, noDice))).toBe(
      'A creature needs at least 1 hit point to rest.',
    );
  });
});

describe('RULES.md §23d the Next rest variants belong to Next', () => {
  it('another rule set refuses them in words', () => {
    const reason = 'The optional and experimental rest rules belong to the D&D Next playtest, not the 5e 2024 rules.';
    expect(refused(getRuleSet('dnd2024').shortRest(pc({ hp: 5 }), { spend: [], variant: 'experimental-1' }, noDice))).toBe(reason);
    expect(refused(getRuleSet('dnd2024').longRest(pc({ hp: 5 }), { variant: 'slower-hp' }))).toBe(reason);
  });
});

describe('RULES.md §23 short rest: spending Hit Dice', () => {
  it.each(['dnd2014', 'dnd2024', 'crown-misery', 'a5e'] as const)(
    '%s: each die rolls plus the Con modifier (Con 14: 6+2 and 3+2)',
    (id) => {
      const result = getRuleSet(id).shortRest(pc({ hp: 10, conScore: 14 }), { spend: [{ sides: 10, count: 2 }] }, scripted(6, 3));
      expect(result.ok && result.value).toMatchObject({ healed: 13, state: { hp: 23, hitDice: [{ sides: 10, total: 4, remaining: 2 }] } });
      expect(result.ok && result.value.events).toEqual([
        { kind: 'hit-dice-spent', sides: 10, roll: 6, gain: 8, healed: 8 },
        { kind: 'hit-dice-spent', sides: 10, roll: 3, gain: 5, healed: 5 },
      ]);
    },
  );

  it.each(perRuleSet({ dnd2014: 0, dnd2024: 1, 'crown-misery': 1, 'dnd-next': 0, a5e: 0 }))(
    '%s: a 1 with Con 6 (−2) heals %i (§27.24)',
    (id, healed) => {
      const result = getRuleSet(id).shortRest(
        pc({ hp: 10, conScore: 6 }),
        { spend: [{ sides: 10, count: 1 }], healersKit: true },
        scripted(1),
      );
      expect(result.ok && result.value.healed).toBe(healed);
    },
  );

  it('healing stops at the maximum', () => {
    const result = getRuleSet('dnd2024').shortRest(pc({ hp: 38 }), { spend: [{ sides: 10, count: 1 }] }, scripted(9));
    expect(result.ok && [result.value.healed, result.value.state.hp]).toEqual([2, 40]);
  });

  it.each(RULESET_IDS)('%s: at the maximum no Hit Die is spent: refused with the reason, nothing rolled', (id) => {
    expect(refused(getRuleSet(id).shortRest(pc({ hp: 40 }), { spend: [{ sides: 10, count: 2 }], healersKit: true }, noDice))).toBe(
      'HP are at the maximum (40/40), so Hit Dice would heal nothing: none was spent.',
    );
  });

  it('dice asked for after HP reach the maximum stay unspent; the last one spent says what it healed of what it gave', () => {
    const result = getRuleSet('dnd2024').shortRest(pc({ hp: 33, conScore: 14 }), { spend: [{ sides: 10, count: 3 }] }, scripted(3, 6));
    expect(result.ok && result.value.events).toEqual([
      { kind: 'hit-dice-spent', sides: 10, roll: 3, gain: 5, healed: 5 },
      { kind: 'hit-dice-spent', sides: 10, roll: 6, gain: 8, healed: 2 },
      { kind: 'hit-dice-unspent', sides: 10, count: 1 },
    ]);
    expect(result.ok && result.value.state).toMatchObject({ hp: 40, hitDice: [{ sides: 10, total: 4, remaining: 2 }] });
  });

  it('only dice you have: refused in words, nothing rolled', () => {
    const rules = getRuleSet('dnd2024');
    expect(refused(rules.shortRest(pc({ hp: 5 }), { spend: [{ sides: 10, count: 5 }] }, noDice))).toBe(
      'Only 4 d10 Hit Dice are available.',
    );
    expect(refused(rules.shortRest(pc({ hp: 5 }), { spend: [{ sides: 8, count: 1 }] }, noDice))).toBe('Only 0 d8 Hit Dice are available.');
    expect(refused(rules.shortRest(pc({ hp: 5 }), { spend: [{ sides: 10, count: -1 }] }, noDice))).toBe(
      'Spend a whole number of Hit Dice.',
    );
  });

  it('A5E fatigue 5: only half the remaining Hit Dice can be spent', () => {
    const tired = pc({ hp: 5, tracks: tracks({ fatigue: 5 }), hitDice: [{ sides: 8, total: 3, remaining: 3 }] });
    expect(refused(getRuleSet('a5e').shortRest(tired, { spend: [{ sides: 8, count: 2 }] }, noDice))).toBe(
      'Only 1 d8 Hit Die is available (fatigue 5 halves them).',
    );
  });

  it("dnd-next standard rule: Hit Dice need a healer's kit; the slower-HP variant lets you spend them freely", () => {
    const rules = getRuleSet('dnd-next');
    expect(refused(rules.shortRest(pc({ hp: 5 }), { spend: [{ sides: 10, count: 1 }] }, noDice))).toBe(
      "In the D&D Next playtest, spending Hit Dice on a short rest needs a healer's kit or a feature that allows it.",
    );
    const kit = rules.shortRest(pc({ hp: 5 }), { spend: [{ sides: 10, count: 1 }], healersKit: true }, scripted(4));
    expect(kit.ok && kit.value.healed).toBe(4);
    const slower = rules.shortRest(pc({ hp: 5 }), { spend: [{ sides: 10, count: 1 }], variant: 'slower-hp' }, scripted(4));
    expect(slower.ok && slower.value.healed).toBe(4);
  });

  it('dnd-next experimental rule 1: each hour restores level + Con mod (level 4, Con 14: 6 an hour)', () => {
    const result = getRuleSet('dnd-next').shortRest(
      pc({ hp: 5, conScore: 14 }),
      { spend: [], variant: 'experimental-1', duration: { hours: 2 } },
      noDice,
    );
    expect(result.ok && result.value.state.hp).toBe(17);
  });

  it('dnd-next experimental rule 2: 1 + level + Con mod per 5 minutes, capped at the bloodied value while bloodied', () => {
    const rules = getRuleSet('dnd-next');
    const bloodied = rules.shortRest(
      pc({ hp: 5, conScore: 14 }),
      { spend: [], variant: 'experimental-2', duration: { fiveMinuteSteps: 4 } },
      noDice,
    );
    expect(bloodied.ok && bloodied.value.state.hp).toBe(20);
    const healthy = rules.shortRest(
      pc({ hp: 25, conScore: 14 }),
      { spend: [], variant: 'experimental-2', duration: { fiveMinuteSteps: 1 } },
      noDice,
    );
    expect(healthy.ok && healthy.value.state.hp).toBe(32);
    const frail = rules.shortRest(pc({ hp: 25, conScore: 3 }), { spend: [], variant: 'experimental-2' }, noDice);
    expect(frail.ok && frail.value.state.hp).toBe(29);
  });
});

describe('RULES.md §23 long rest', () => {
  const worn = (overrides: Partial<CombatantRulesState> = {}): CombatantRulesState =>
    pc({
      hp: 12,
      tempHp: 6,
      hpMaxReduction: 5,
      deathSaves: { successes: 1, failures: 1 },
      hitDice: [
        { sides: 10, total: 4, remaining: 0 },
        { sides: 6, total: 3, remaining: 1 },
      ],
      ...overrides,
    });

  it.each(
    perRuleSet({
      dnd2014: { hp: 35, reduction: 5, d10: 3, d6: 1 },
      dnd2024: { hp: 40, reduction: 0, d10: 4, d6: 3 },
      'crown-misery': { hp: 40, reduction: 0, d10: 4, d6: 3 },
      'dnd-next': { hp: 35, reduction: 5, d10: 4, d6: 3 },
      a5e: { hp: 35, reduction: 5, d10: 3, d6: 1 },
    }),
  )('%s: HP, max-HP reduction and Hit Dice (half of 7 is 3, largest first): %j', (id, expected) => {
    const result = getRuleSet(id).longRest(worn(), {});
    if (!result.ok) throw new Error(rulesRefusalText(result.reason));
    const { hp, hpMaxReduction, hitDice, tempHp, deathSaves } = result.value.state;
    expect({ hp, reduction: hpMaxReduction, d10: hitDice[0]!.remaining, d6: hitDice[1]!.remaining }).toEqual(expected);
    expect([tempHp, deathSaves]).toEqual([0, { successes: 0, failures: 0 }]);
  });

  it('half the Hit Dice is at least 1', () => {
    const result = getRuleSet('dnd2014').longRest(pc({ hitDice: [{ sides: 8, total: 1, remaining: 0 }] }), {});
    expect(result.ok && result.value.state.hitDice[0]!.remaining).toBe(1);
  });

  it('reports what it gave back', () => {
    const result = getRuleSet('dnd2024').longRest(worn(), {});
    expect(result.ok && result.value.events).toEqual([
      { kind: 'healed', amount: 28, hp: 40 },
      { kind: 'max-hp-restored' },
      { kind: 'temp-hp-ended' },
      { kind: 'hit-dice-regained', sides: 10, count: 4 },
      { kind: 'hit-dice-regained', sides: 6, count: 2 },
    ]);
  });

  it.each([
    ['dnd2024', {}, 2],
    ['crown-misery', {}, 2],
    ['dnd2014', {}, 2],
    ['dnd2014', { ateAndDrank: false }, 3],
  ] as const)('%s %j: exhaustion 3 becomes %i', (id, options, level) => {
    const result = getRuleSet(id).longRest(pc({ tracks: tracks({ exhaustion: 3 }) }), options);
    expect(result.ok && result.value.state.tracks.exhaustion).toBe(level);
  });

  it.each([
    [{ fatigue: 1, strife: 1 }, {}, { fatigue: 0, strife: 0 }],
    [{ fatigue: 3, strife: 2 }, {}, { fatigue: 3, strife: 2 }],
    [{ fatigue: 3, strife: 2 }, { haven: true }, { fatigue: 2, strife: 1 }],
    [{ fatigue: 1, strife: 1 }, { roughingIt: true }, { fatigue: 1, strife: 1 }],
    [{ fatigue: 0, strife: 0 }, { supply: false }, { fatigue: 1, strife: 0 }],
  ] as const)('A5E %j after a long rest with %j: %j', (before, options, after) => {
    const result = getRuleSet('a5e').longRest(pc({ tracks: tracks(before) }), options);
    expect(result.ok && { fatigue: result.value.state.tracks.fatigue, strife: result.value.state.tracks.strife }).toEqual(after);
  });

  it('A5E roughing it: only half the usual Hit Dice (8 spent: 4 usual, 2 roughing it)', () => {
    const result = getRuleSet('a5e').longRest(pc({ hitDice: [{ sides: 8, total: 8, remaining: 0 }] }), { roughingIt: true });
    expect(result.ok && result.value.state.hitDice[0]!.remaining).toBe(2);
  });

  it.each([
    ['slower-hp', 12, 4],
    ['slower-hit-dice', 40, 3],
    ['slower-all', 12, 3],
  ] as const)('dnd-next %s (Con 14): HP %i and %i Hit Dice back', (variant, hp, dice) => {
    const result = getRuleSet('dnd-next').longRest(pc({ hp: 12, conScore: 14, hitDice: [{ sides: 10, total: 4, remaining: 0 }] }), {
      variant,
    });
    expect(result.ok && [result.value.state.hp, result.value.state.hitDice[0]!.remaining]).toEqual([hp, dice]);
  });

  it('dnd-next experimental rule 1: 8 hours of level + Con mod, plus the Con score unless strenuous', () => {
    const rules = getRuleSet('dnd-next');
    const calm = rules.longRest(pc({ maxHp: 100, hp: 10, level: 2, conScore: 12 }), { variant: 'experimental-1' });
    expect(calm.ok && calm.value.state.hp).toBe(10 + 8 * 3 + 12);
    const busy = rules.longRest(pc({ maxHp: 100, hp: 10, level: 2, conScore: 12 }), {
      variant: 'experimental-1',
      hours: 6,
      strenuous: true,
    });
    expect(busy.ok && busy.value.state.hp).toBe(10 + 6 * 3);
  });

  it('dnd-next experimental rule 2: a long rest still stops at the bloodied value while bloodied', () => {
    const result = getRuleSet('dnd-next').longRest(pc({ hp: 5 }), { variant: 'experimental-2' });
    expect(result.ok && result.value.state.hp).toBe(20);
  });
});
