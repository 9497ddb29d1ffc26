import { createRulesState, getRuleSet, type CombatantRulesState } from '../../../src/rules';
import { refused } from './support';

const withTracks = (tracks: Partial<CombatantRulesState['tracks']>, overrides: Partial<CombatantRulesState> = {}): CombatantRulesState =>
  createRulesState({ ...overrides, tracks: { exhaustion: 0, fatigue: 0, strife: 0, ...tracks } });

describe('RULES.md §16b 2024 exhaustion', () => {
  const rules = getRuleSet('dnd2024');

  it.each([
    [0, 30],
    [1, 25],
    [3, 15],
    [5, 5],
  ])('level %i: speed 30 becomes %i', (level, speed) => {
    expect(rules.speed(withTracks({ exhaustion: level }), 30)).toBe(speed);
  });

  it('level 6 kills', () => {
    const result = rules.setTrack(withTracks({ exhaustion: 5 }, { concentration: 'haste' }), 'exhaustion', 6);
    expect(result.ok && result.value.state.dead).toBe(true);
    expect(result.ok && result.value.events).toEqual([
      { kind: 'track-gained', track: 'exhaustion', levels: 1, level: 6, pending: false },
      { kind: 'died', cause: 'exhaustion' },
      { kind: 'concentration-ended', reason: 'died' },
    ]);
  });

  it('levels outside 0–6 and tracks the rule set lacks are refused in words', () => {
    expect(refused(rules.setTrack(createRulesState(), 'exhaustion', 7))).toBe('Exhaustion goes from 0 to 6.');
    expect(refused(rules.setTrack(createRulesState(), 'fatigue', 1))).toBe('The 5e 2024 rules have no fatigue track.');
    expect(getRuleSet('dnd-next').setTrack(createRulesState(), 'exhaustion', 1).ok).toBe(false);
  });

  it('lowering a level reports the reduction', () => {
    const result = rules.setTrack(withTracks({ exhaustion: 3 }), 'exhaustion', 1);
    expect(result.ok && result.value.events).toEqual([{ kind: 'track-reduced', track: 'exhaustion', levels: 2, level: 1 }]);
  });
});

describe('RULES.md §16a 2014 exhaustion table', () => {
  const rules = getRuleSet('dnd2014');

  it.each([
    [1, 30],
    [2, 15],
    [4, 15],
    [5, 0],
  ])('level %i: speed 30 becomes %i', (level, speed) => {
    expect(rules.speed(withTracks({ exhaustion: level }), 30)).toBe(speed);
  });

  it('level 4 halves the hit point maximum, and HP above it are lost', () => {
    const result = rules.setTrack(withTracks({ exhaustion: 3 }, { maxHp: 25, hp: 20 }), 'exhaustion', 4);
    expect(result.ok && [rules.maxHp(result.value.state), result.value.state.hp]).toEqual([12, 12]);
  });

  it('level 6 is death', () => {
    const result = rules.setTrack(withTracks({ exhaustion: 2 }), 'exhaustion', 6);
    expect(result.ok && result.value.state.dead).toBe(true);
  });

  it('the table names every level', () => {
    expect(rules.tracks[0]!.levels.map((l) => l.description)).toEqual([
      'Disadvantage on ability checks.',
      'Speed halved.',
      'Disadvantage on attack rolls and saving throws.',
      'Hit point maximum halved.',
      'Speed 0.',
      'Death.',
    ]);
  });
});

describe('RULES.md §16e A5E fatigue, strife and doomed', () => {
  const rules = getRuleSet('a5e');

  it.each([
    [2, 30],
    [3, 15],
    [6, 5],
  ])('fatigue %i: speed 30 becomes %i', (level, speed) => {
    expect(rules.speed(withTracks({ fatigue: level }), 30)).toBe(speed);
  });

  it('fatigue 7 is Doomed', () => {
    const result = rules.setTrack(withTracks({ fatigue: 6 }), 'fatigue', 7);
    expect(result.ok && result.value.state.conditions).toEqual(['doomed']);
    expect(result.ok && result.value.events.map((e) => e.kind)).toEqual(['track-gained', 'doomed']);
    expect(result.ok && result.value.state.dead).toBe(false);
  });

  it('strife 7 is a permanent effect, not death or doom', () => {
    const result = rules.setTrack(withTracks({ strife: 6 }), 'strife', 7);
    expect(result.ok && [result.value.state.dead, result.value.state.conditions]).toEqual([false, []]);
    expect(rules.tracks[1]!.levels[6]!.description).toMatch(/permanent/);
  });

  it('fatigue gained in combat waits for the end of the encounter', () => {
    const hit = rules.applyDamage(
      createRulesState({ isPlayerCharacter: true, hp: 4 }),
      { amount: 4, type: 'fire', inEncounter: true },
      { die: () => 1 },
    );
    expect([hit.state.tracks.fatigue, hit.state.pendingFatigue]).toEqual([0, 1]);
    const after = rules.endEncounter(hit.state);
    expect([after.state.tracks.fatigue, after.state.pendingFatigue]).toEqual([1, 0]);
    expect(rules.endEncounter(after.state)).toEqual({ state: after.state, events: [] });
  });
});

describe('RULES.md §15 speed from conditions', () => {
  it.each([
    ['dnd2024', ['grappled'], 0],
    ['dnd2024', ['prone'], 30],
    ['dnd-next', ['encumbered'], 20],
    ['a5e', ['slowed'], 15],
    ['a5e', ['encumbered'], 5],
    ['a5e', ['encumbered', 'restrained'], 0],
  ] as const)('%s %j: speed 30 becomes %i', (id, conditions, speed) => {
    expect(getRuleSet(id).speed(createRulesState({ conditions: [...conditions] }), 30)).toBe(speed);
  });
});
