import { createSeededRandom } from '../../../src/dice';
import { createRulesState, getRuleSet, RULESET_IDS, type CombatantRulesState, type RuleSetId } from '../../../src/rules';
import {
  checkWith,
  proficiencyBonus,
  rollAbilityTest,
  rollExtraBonus,
  sheetBonuses,
  type AbilityTest,
  type AbilityTestRequest,
  type TestProficiencies,
} from '../../../src/rules/ability-tests';
import { skillKey, skillsOf } from '../../../src/rules/skills';
import { d20InWords } from '../../../src/views/condition-text';
import { noDice, perRuleSet, refused, scripted } from './support';

/** Level 3 rogue: Dex 16, Wis 12; proficient in Dex saves and Stealth, expertise in Perception. */
const ROGUE: TestProficiencies = {
  level: 3,
  abilities: { str: 8, dex: 16, con: 12, int: 10, wis: 12, cha: 14 },
  saves: ['dex', 'int'],
  skills: ['stealth', 'perception'],
  expertise: ['perception'],
};

const DEX_SAVE: AbilityTest = { kind: 'save', ability: 'dex' };
const STR_CHECK: AbilityTest = { kind: 'check', ability: 'str', skill: null };

function state(fields: Partial<CombatantRulesState> = {}): CombatantRulesState {
  return createRulesState(fields);
}

function tracks(values: Partial<CombatantRulesState['tracks']>): Partial<CombatantRulesState> {
  return { tracks: { exhaustion: 0, fatigue: 0, strife: 0, ...values } };
}

function request(test: AbilityTest, fields: Partial<AbilityTestRequest> = {}): AbilityTestRequest {
  return { test, own: sheetBonuses(ROGUE, test), mode: 'normal', extra: null, effects: [], dc: null, ...fields };
}

describe('what a sheet adds to a check or save', () => {
  it.each([
    [1, 2],
    [4, 2],
    [5, 3],
    [8, 3],
    [9, 4],
    [13, 5],
    [17, 6],
    [20, 6],
  ])('proficiency bonus at level %i is +%i', (level, bonus) => {
    expect(proficiencyBonus(level)).toBe(bonus);
  });

  it('a proficient skill adds the ability modifier and the proficiency bonus; expertise doubles it', () => {
    expect(sheetBonuses(ROGUE, checkWith('stealth'))).toEqual([
      { bonus: 3, reason: 'Dex' },
      { bonus: 2, reason: 'proficiency' },
    ]);
    expect(sheetBonuses(ROGUE, checkWith('perception'))).toEqual([
      { bonus: 1, reason: 'Wis' },
      { bonus: 4, reason: 'expertise' },
    ]);
    expect(sheetBonuses(ROGUE, checkWith('athletics'))).toEqual([{ bonus: -1, reason: 'Str' }]);
  });

  it('a save adds proficiency only where the sheet has it; a plain ability check never does', () => {
    expect(sheetBonuses(ROGUE, DEX_SAVE)).toEqual([
      { bonus: 3, reason: 'Dex' },
      { bonus: 2, reason: 'proficiency' },
    ]);
    expect(sheetBonuses(ROGUE, { kind: 'save', ability: 'cha' })).toEqual([{ bonus: 2, reason: 'Cha' }]);
    expect(sheetBonuses(ROGUE, { kind: 'check', ability: 'dex', skill: null })).toEqual([{ bonus: 3, reason: 'Dex' }]);
  });
});

describe('the skill list of each rule set', () => {
  it.each(perRuleSet<number>({ dnd2024: 18, dnd2014: 18, 'crown-misery': 18, 'dnd-next': 18, a5e: 20 }))(
    '%s knows %i skills',
    (id, count) => {
      expect(skillsOf(id)).toHaveLength(count);
      expect(skillsOf(id)).toContain('sleight-of-hand');
      expect(skillsOf(id).includes('culture')).toBe(id === 'a5e');
      expect(skillsOf(id).includes('engineering')).toBe(id === 'a5e');
    },
  );

  it('skills are typed in any case, with spaces, hyphens or underscores', () => {
    expect(['Sleight of Hand', 'sleight-of-hand', 'SLEIGHT_OF_HAND', ' sleight  of hand '].map(skillKey)).toEqual(
      Array(4).fill('sleight-of-hand'),
    );
  });
});

describe('RULES.md §2, §15, §16: a check or save through the one d20 function', () => {
  it('2024 exhaustion 2: d20 14 + 3 Dex + 2 prof − 4 exhaustion = 15, shown part by part', () => {
    const result = rollAbilityTest(getRuleSet('dnd2024'), state(tracks({ exhaustion: 2 })), request(checkWith('stealth')), scripted(14));
    expect(d20InWords(result.roll)).toBe('d20 14 + 3 (Dex) + 2 (proficiency) − 4 (Exhaustion 2) = 15');
    expect(result.roll.mode).toBe('normal');
  });

  it.each(['dnd2024', 'crown-misery'] as const)('%s: exhaustion 3 is −6 on saves too, with no disadvantage', (id) => {
    const result = rollAbilityTest(getRuleSet(id), state(tracks({ exhaustion: 3 })), request(DEX_SAVE, { dc: 15 }), scripted(15));
    expect(d20InWords(result.roll)).toBe('d20 15 + 3 (Dex) + 2 (proficiency) − 6 (Exhaustion 3) = 14');
    expect(result.success).toBe(false);
  });

  it('2014 exhaustion 1: checks at disadvantage with no penalty, saves unchanged; at 3, saves at disadvantage', () => {
    const rules = getRuleSet('dnd2014');
    const check = rollAbilityTest(rules, state(tracks({ exhaustion: 1 })), request(checkWith('stealth')), scripted(14, 6));
    expect(d20InWords(check.roll)).toBe('d20 6 (of 14, 6) + 3 (Dex) + 2 (proficiency) = 11');
    expect(check.roll.disadvantage).toEqual(['Exhaustion 1']);
    const save1 = rollAbilityTest(rules, state(tracks({ exhaustion: 1 })), request(DEX_SAVE), scripted(14));
    expect(d20InWords(save1.roll)).toBe('d20 14 + 3 (Dex) + 2 (proficiency) = 19');
    const save3 = rollAbilityTest(rules, state(tracks({ exhaustion: 3 })), request(DEX_SAVE), scripted(14, 6));
    expect([save3.roll.mode, save3.roll.total]).toEqual(['disadvantage', 11]);
  });

  it('D&D Next has no exhaustion track: nothing changes the roll', () => {
    const result = rollAbilityTest(getRuleSet('dnd-next'), state(tracks({ exhaustion: 3 })), request(DEX_SAVE), scripted(14));
    expect(d20InWords(result.roll)).toBe('d20 14 + 3 (Dex) + 2 (proficiency) = 19');
  });

  it.each([
    [{ fatigue: 2 }, STR_CHECK, 'disadvantage'],
    [{ fatigue: 2 }, { kind: 'check', ability: 'int', skill: null }, 'normal'],
    [{ fatigue: 3 }, { kind: 'save', ability: 'con' }, 'normal'],
    [{ fatigue: 4 }, { kind: 'save', ability: 'con' }, 'disadvantage'],
    [{ strife: 1 }, checkWith('perception'), 'disadvantage'],
    [{ strife: 1 }, checkWith('stealth'), 'normal'],
    [{ strife: 4 }, { kind: 'save', ability: 'wis' }, 'disadvantage'],
  ] as const)('A5E %j: %j rolls %s, with no flat penalty', (levels, test, mode) => {
    const result = rollAbilityTest(getRuleSet('a5e'), state(tracks(levels)), request(test), scripted(10, 10));
    expect(result.roll.mode).toBe(mode);
    expect(result.roll.parts.map((p) => p.reason)).not.toContain(expect.stringMatching(/Fatigue|Strife/));
  });

  it.each(RULESET_IDS.filter((id) => id !== 'dnd-next'))('%s: a Poisoned character rolls its checks at disadvantage', (id) => {
    const result = rollAbilityTest(getRuleSet(id), state({ conditions: ['poisoned'] }), request(checkWith('stealth')), scripted(17, 4));
    expect(d20InWords(result.roll)).toBe('d20 4 (of 17, 4) + 3 (Dex) + 2 (proficiency) = 9');
    expect(result.roll.disadvantage).toEqual(['Poisoned']);
  });

  it.each(RULESET_IDS)('%s: Paralyzed fails Str and Dex saves automatically, not Wis saves', (id) => {
    const paralyzed = state({ conditions: ['paralyzed'] });
    const rules = getRuleSet(id);
    const dex = rollAbilityTest(rules, paralyzed, request(DEX_SAVE, { dc: 5 }), scripted(20));
    expect([dex.roll.autoFail, dex.success]).toEqual(['Paralyzed', false]);
    const wis = rollAbilityTest(rules, paralyzed, request({ kind: 'save', ability: 'wis' }, { dc: 5 }), scripted(20));
    expect([wis.roll.autoFail, wis.success]).toEqual([null, true]);
  });

  it.each(RULESET_IDS)('%s: Restrained gives disadvantage on Dex saves only', (id) => {
    const restrained = state({ conditions: ['restrained'] });
    const rules = getRuleSet(id);
    expect(rollAbilityTest(rules, restrained, request(DEX_SAVE), scripted(10, 10)).roll.disadvantage).toEqual(['Restrained']);
    expect(rollAbilityTest(rules, restrained, request({ kind: 'save', ability: 'con' }), scripted(10)).roll.mode).toBe('normal');
  });

  it.each(
    perRuleSet<string>({
      dnd2024: 'normal',
      dnd2014: 'normal',
      'crown-misery': 'normal',
      'dnd-next': 'advantage',
      a5e: 'normal',
    }),
  )('%s: mode:advantage on a Poisoned check cancels into one d20 (Next has no Poisoned)', (id: RuleSetId, mode) => {
    const result = rollAbilityTest(
      getRuleSet(id),
      state({ conditions: ['poisoned'] }),
      request(checkWith('stealth'), { mode: 'advantage' }),
      scripted(8, 8),
    );
    expect(result.roll.mode).toBe(mode);
    expect(result.roll.advantage).toEqual(['asked for']);
  });

  it('mode:disadvantage with nothing else rolls two d20 and keeps the lower', () => {
    const result = rollAbilityTest(getRuleSet('dnd2024'), state(), request(STR_CHECK, { mode: 'disadvantage' }), scripted(12, 5));
    expect(d20InWords(result.roll)).toBe('d20 5 (of 12, 5) − 1 (Str) = 4');
  });

  it("an extra bonus follows the sheet's parts, and an effect's die (Bless) comes after, rolled with the d20", () => {
    const bless = {
      name: 'Bless',
      modifiers: [{ kind: 'bonus' as const, on: 'save' as const, ability: null, term: { sign: 1 as const, count: 1, sides: 4 } }],
    };
    const extra = { expression: '+1', rendered: null, total: 1, label: null };
    const result = rollAbilityTest(getRuleSet('dnd2024'), state(), request(DEX_SAVE, { extra, effects: [bless], dc: 20 }), scripted(12, 3));
    expect(d20InWords(result.roll)).toBe('d20 12 + 3 (Dex) + 2 (proficiency) + 1 (bonus) + 3 (Bless 1d4) = 21');
    expect(result.success).toBe(true);
  });
});

describe('the `bonus` option: a number or dice within the dice limits', () => {
  it('a number is taken as it is, signed or not', () => {
    expect(rollExtraBonus('+2', noDice)).toEqual({ ok: true, value: { expression: '+2', rendered: null, total: 2, label: null } });
    expect(rollExtraBonus('-1', noDice)).toMatchObject({ ok: true, value: { total: -1 } });
  });

  it('dice are rolled and rendered, and a comment names the part', () => {
    expect(rollExtraBonus('1d4 Guidance', scripted(3))).toEqual({
      ok: true,
      value: { expression: '1d4 Guidance', rendered: '1d4 (3) = `3`', total: 3, label: 'Guidance' },
    });
    expect(rollExtraBonus('+1d6+1', scripted(6))).toMatchObject({ ok: true, value: { total: 7, label: null } });
  });

  it('bad dice, too many dice, too much work and totals past ±100 are refused with the reason', () => {
    expect(refused(rollExtraBonus('2d6kh', noDice))).toBe('`k` needs a number after it, such as `kh1` or `k1`.');
    expect(refused(rollExtraBonus('1001d6', noDice))).toBe('At most 1000 dice can be rolled at once.');
    expect(refused(rollExtraBonus('1000d2e2', createSeededRandom(1)))).toBe(
      'That rolls more than 1000 dice (counting rerolls and explosions).',
    );
    expect(refused(rollExtraBonus('1000d20kh999kl998kh997kl996kh995kl994kh993kl992kh991kl990', createSeededRandom(1)))).toBe(
      'That roll takes too much work (over 50,000 steps of rolling and selecting dice); use fewer dice or operators.',
    );
    expect(refused(rollExtraBonus('101', noDice))).toBe('A bonus goes from -100 to +100.');
    expect(refused(rollExtraBonus('30d6', scripted(...Array<number>(30).fill(4))))).toBe(
      'That bonus came to 120; a bonus goes from -100 to +100.',
    );
  });
});
