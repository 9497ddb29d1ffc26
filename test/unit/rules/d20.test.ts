import { createRulesState, getRuleSet, resolveMode, RULESET_IDS, type CombatantRulesState } from '../../../src/rules';
import { noDice, refused, scripted } from './support';
import { containing } from '../../support/matchers';

describe('RULES.md §2 advantage and disadvantage from any number of sources', () => {
  it.each([
    [0, 0, 'normal'],
    [1, 0, 'advantage'],
    [3, 0, 'advantage'],
    [0, 2, 'disadvantage'],
    [1, 1, 'normal'],
    [3, 1, 'normal'], // 2014: three advantages and one disadvantage is a straight roll
    [2, 1, 'normal'], // Next's example
  ] as const)('%i advantage and %i disadvantage sources roll %s', (adv, dis, mode) => {
    expect(resolveMode(adv, dis)).toBe(mode);
  });

  it.each(RULESET_IDS)('%s: Poisoned plus a situational advantage cancel into a straight roll', (id) => {
    const rules = getRuleSet(id);
    const state = createRulesState({ conditions: id === 'dnd-next' ? ['intoxicated'] : ['poisoned'] });
    const mods = rules.d20Test(state, { kind: 'attack', ability: 'str', range: 'melee', advantage: ['Help'] });
    expect([mods.mode, mods.advantage.length, mods.disadvantage.length]).toEqual(['normal', 1, 1]);
  });

  it('two sources of the same kind still roll only one extra d20', () => {
    const rules = getRuleSet('dnd2014');
    const state = createRulesState({ conditions: ['poisoned', 'frightened'] });
    const mods = rules.d20Test(state, { kind: 'check', ability: 'str' });
    expect(mods).toMatchObject({ mode: 'disadvantage', disadvantage: ['Frightened', 'Poisoned'] });
    expect(rules.rollD20(scripted(12, 4), mods.mode, 2)).toEqual({ rolls: [12, 4], natural: 4, total: 6, mode: 'disadvantage' });
  });

  it('advantage keeps the higher d20, a straight roll uses one', () => {
    const rules = getRuleSet('dnd2024');
    expect(rules.rollD20(scripted(3, 17), 'advantage', 5)).toEqual({ rolls: [3, 17], natural: 17, total: 22, mode: 'advantage' });
    expect(rules.rollD20(scripted(9), 'normal', -1)).toEqual({ rolls: [9], natural: 9, total: 8, mode: 'normal' });
  });
});

describe('RULES.md §2, §16 penalties from tracks on D20 tests', () => {
  const withTrack = (tracks: Partial<CombatantRulesState['tracks']>): CombatantRulesState =>
    createRulesState({ tracks: { exhaustion: 0, fatigue: 0, strife: 0, ...tracks } });

  it.each([1, 3, 5])('2024 exhaustion %i takes 2 per level off every D20 test', (level) => {
    const rules = getRuleSet('dnd2024');
    for (const kind of ['attack', 'check', 'save'] as const) {
      expect(rules.d20Test(withTrack({ exhaustion: level }), { kind, ability: 'dex' })).toMatchObject({
        bonus: -2 * level,
        bonusReasons: [`Exhaustion ${level}`],
        mode: 'normal',
      });
    }
  });

  it.each([
    [1, 'normal', 'disadvantage', 'normal'],
    [3, 'disadvantage', 'disadvantage', 'disadvantage'],
  ] as const)('2014 exhaustion %i: attack %s, check %s, save %s', (level, attack, check, save) => {
    const rules = getRuleSet('dnd2014');
    const state = withTrack({ exhaustion: level });
    expect(rules.d20Test(state, { kind: 'attack', ability: 'str' }).mode).toBe(attack);
    expect(rules.d20Test(state, { kind: 'check', ability: 'int' }).mode).toBe(check);
    expect(rules.d20Test(state, { kind: 'save', ability: 'wis' }).mode).toBe(save);
    expect(rules.d20Test(state, { kind: 'save', ability: 'wis' }).bonus).toBe(0);
  });

  it.each([
    [{ fatigue: 2 }, 'check', 'con', 'disadvantage'],
    [{ fatigue: 2 }, 'check', 'wis', 'normal'],
    [{ fatigue: 4 }, 'save', 'dex', 'disadvantage'],
    [{ fatigue: 4 }, 'save', 'wis', 'normal'],
    [{ strife: 1 }, 'check', 'cha', 'disadvantage'],
    [{ strife: 1 }, 'check', 'str', 'normal'],
    [{ strife: 4 }, 'attack', 'int', 'disadvantage'],
    [{ strife: 4 }, 'save', 'con', 'normal'],
  ] as const)('A5E %j: %s with %s rolls %s', (tracks, kind, ability, mode) => {
    expect(getRuleSet('a5e').d20Test(withTrack(tracks), { kind, ability }).mode).toBe(mode);
  });

  it('A5E strife 2: disadvantage on concentration checks only', () => {
    const rules = getRuleSet('a5e');
    const state = withTrack({ strife: 2 });
    expect(rules.d20Test(state, { kind: 'save', ability: 'con', concentration: true }).mode).toBe('disadvantage');
    expect(rules.d20Test(state, { kind: 'save', ability: 'con' }).mode).toBe('normal');
  });

  it('dnd-next Intoxicated: disadvantage on attacks and ability checks, not saves', () => {
    const rules = getRuleSet('dnd-next');
    const state = createRulesState({ conditions: ['intoxicated'] });
    expect(rules.d20Test(state, { kind: 'attack', ability: 'str' }).mode).toBe('disadvantage');
    expect(rules.d20Test(state, { kind: 'check', ability: 'wis' }).mode).toBe('disadvantage');
    expect(rules.d20Test(state, { kind: 'save', ability: 'con' }).mode).toBe('normal');
  });
});

describe('RULES.md §2, §15 automatic failures', () => {
  it.each(['paralyzed', 'stunned', 'unconscious', 'petrified'] as const)(
    '2024 %s fails Strength and Dexterity saves, not Constitution',
    (key) => {
      const rules = getRuleSet('dnd2024');
      const state = createRulesState({ conditions: [key] });
      expect(rules.d20Test(state, { kind: 'save', ability: 'str' }).autoFail).toBe(key[0]!.toUpperCase() + key.slice(1));
      expect(rules.d20Test(state, { kind: 'save', ability: 'dex' }).autoFail).not.toBeNull();
      expect(rules.d20Test(state, { kind: 'save', ability: 'con' }).autoFail).toBeNull();
    },
  );
});

describe('RULES.md §3 natural 1 and natural 20 on attack rolls', () => {
  it.each(RULESET_IDS)('%s: 20 always crits, 1 always misses, the total must reach AC', (id) => {
    const rules = getRuleSet(id);
    expect(rules.attackOutcome(20, 21, 30, false)).toBe('critical');
    expect(rules.attackOutcome(1, 25, 10, false)).toBe('fumble');
    expect(rules.attackOutcome(12, 15, 15, false)).toBe('hit');
    expect(rules.attackOutcome(12, 14, 15, false)).toBe('miss');
    // A widened critical range: a natural 19 crits and hits whatever the AC; a natural 1 still misses.
    expect(rules.attackOutcome(19, 20, 30, false, 19)).toBe('critical');
    expect(rules.attackOutcome(18, 20, 30, false, 19)).toBe('miss');
    expect(rules.attackOutcome(1, 25, 10, false, 2)).toBe('fumble');
  });

  it.each([
    ['dnd2024', 'critical'],
    ['dnd2014', 'critical'],
    ['crown-misery', 'critical'],
    ['a5e', 'critical'],
    ['dnd-next', 'hit'],
  ] as const)('§4: %s: a hit from 5 ft on a Paralyzed creature is a %s', (id, outcome) => {
    const rules = getRuleSet(id);
    const target = createRulesState({ conditions: ['paralyzed'] });
    const near = rules.attackAgainst(target, { range: 'melee', distance: 5 });
    expect(rules.attackOutcome(11, 16, 15, near.autoCritical !== null)).toBe(outcome);
    expect(rules.attackAgainst(target, { range: 'ranged', distance: 10 }).autoCritical).toBeNull();
  });
});

describe('the reasons an attack against a creature names come in one order, whatever order its conditions came in', () => {
  it.each(RULESET_IDS)('%s', (id) => {
    const rules = getRuleSet(id);
    const request = { range: 'melee', distance: 5 } as const;
    const fell = rules.attackAgainst(createRulesState({ conditions: ['unconscious', 'incapacitated', 'prone', 'paralyzed'] }), request);
    const again = rules.attackAgainst(createRulesState({ conditions: ['prone', 'paralyzed', 'unconscious', 'incapacitated'] }), request);
    expect(again).toEqual(fell);
  });
});

describe('RULES.md §17 Heroic Inspiration', () => {
  it.each(['dnd2024', 'crown-misery'] as const)('%s: reroll one die and keep the new result; it is spent', (id) => {
    const result = getRuleSet(id).useHeroicInspiration(createRulesState({ heroicInspiration: true }), 20, scripted(7));
    expect(result).toEqual({ ok: true, value: { state: containing({ heroicInspiration: false }), roll: 7 } });
  });

  it('without Heroic Inspiration to spend, nothing is rolled', () => {
    expect(refused(getRuleSet('dnd2024').useHeroicInspiration(createRulesState(), 20, noDice))).toBe('No Heroic Inspiration to spend.');
  });

  it.each(['dnd2014', 'dnd-next', 'a5e'] as const)('%s has no Heroic Inspiration', (id) => {
    const result = getRuleSet(id).useHeroicInspiration(createRulesState({ heroicInspiration: true }), 20, noDice);
    expect(result.ok).toBe(false);
  });
});
