import { createRulesState, getRuleSet, RULESET_IDS, type CombatantRulesState } from '../../../src/rules';
import { rulesRefusalText } from '../../../src/views/refusals';
import { noDice, perRuleSet, refused, scripted } from './support';

const dying = (overrides: Partial<CombatantRulesState> = {}): CombatantRulesState =>
  createRulesState({ isPlayerCharacter: true, maxHp: 20, hp: 0, conditions: ['unconscious', 'incapacitated', 'prone'], ...overrides });
const d20Rules = ['dnd2014', 'dnd2024', 'crown-misery', 'a5e'] as const;

describe('RULES.md §10 death saving throws', () => {
  it.each(d20Rules)('%s: 10 or higher succeeds, 9 fails; the third success stabilises and clears the counters', (id) => {
    const rules = getRuleSet(id);
    const success = rules.rollDeathSave(dying(), scripted(10));
    expect(success.ok && [success.value.outcome, success.value.state.deathSaves]).toEqual(['success', { successes: 1, failures: 0 }]);
    const failure = rules.rollDeathSave(dying(), scripted(9));
    expect(failure.ok && [failure.value.outcome, failure.value.state.deathSaves]).toEqual(['failure', { successes: 0, failures: 1 }]);
    const third = rules.rollDeathSave(dying({ deathSaves: { successes: 2, failures: 2 } }), scripted(15));
    expect(third.ok && third.value).toMatchObject({
      outcome: 'stable',
      state: { stable: true, deathSaves: { successes: 0, failures: 0 } },
    });
  });

  it.each(d20Rules)('%s: the third failure kills', (id) => {
    const result = getRuleSet(id).rollDeathSave(dying({ deathSaves: { successes: 2, failures: 2 } }), scripted(5));
    expect(result.ok && [result.value.outcome, result.value.state.dead]).toEqual(['dead', true]);
  });

  it.each(RULESET_IDS)('%s: a natural 20 regains 1 HP and wakes the creature', (id) => {
    const next = id === 'dnd-next';
    const state = dying({
      hp: next ? -7 : 0,
      deathSaves: { successes: 0, failures: 2 },
      conditions: next ? ['unconscious', 'prone'] : ['unconscious', 'incapacitated', 'prone'],
    });
    const result = getRuleSet(id).rollDeathSave(state, scripted(20));
    expect(result.ok && result.value.outcome).toBe('revived');
    expect(result.ok && result.value.state).toMatchObject({ hp: 1, deathSaves: { successes: 0, failures: 0 }, conditions: ['prone'] });
  });

  it.each(
    perRuleSet({
      dnd2014: { failures: 2, fatigue: 0, strife: 0 },
      dnd2024: { failures: 2, fatigue: 0, strife: 0 },
      'crown-misery': { failures: 2, fatigue: 0, strife: 0 },
      'dnd-next': { failures: 0, fatigue: 0, strife: 0 },
      a5e: { failures: 1, fatigue: 1, strife: 1 },
    }),
  )('%s: a natural 1 gives %j', (id, expected) => {
    const random = id === 'dnd-next' ? scripted(1, 2) : scripted(1);
    const result = getRuleSet(id).rollDeathSave(dying(), random);
    if (!result.ok) throw new Error(rulesRefusalText(result.reason));
    const { deathSaves, tracks, pendingFatigue } = result.value.state;
    expect({ failures: deathSaves.failures, fatigue: tracks.fatigue + pendingFatigue, strife: tracks.strife }).toEqual(expected);
  });

  it.each(d20Rules)('%s: a natural 1 keeps its outcome when bonuses (an aura, Bless) lift the total to 10 or more', (id) => {
    const blessed = [
      { name: 'Aura of Protection', modifiers: [{ kind: 'bonus', on: 'save', ability: null, term: { sign: 1, count: 5, sides: null } }] },
      { name: 'Bless', modifiers: [{ kind: 'bonus', on: 'save', ability: null, term: { sign: 1, count: 4, sides: null } }] },
    ] as const;
    const result = getRuleSet(id).rollDeathSave(dying(), scripted(1), [...blessed]);
    if (!result.ok) throw new Error(rulesRefusalText(result.reason));
    const { deathSaves, tracks, pendingFatigue } = result.value.state;
    expect([result.value.total, result.value.outcome]).toEqual([10, 'failure']);
    expect({ failures: deathSaves.failures, fatigue: tracks.fatigue + pendingFatigue, strife: tracks.strife }).toEqual(
      id === 'a5e' ? { failures: 1, fatigue: 1, strife: 1 } : { failures: 2, fatigue: 0, strife: 0 },
    );
  });

  it('2024: exhaustion counts against death saves (decision §27.6): 11 with exhaustion 1 fails', () => {
    const tired = dying({ tracks: { exhaustion: 1, fatigue: 0, strife: 0 } });
    const result = getRuleSet('dnd2024').rollDeathSave(tired, scripted(11));
    expect(result.ok && [result.value.total, result.value.outcome]).toEqual([9, 'failure']);
  });

  it('2014: exhaustion 3 gives disadvantage on death saves (decision §27.6)', () => {
    const tired = dying({ tracks: { exhaustion: 3, fatigue: 0, strife: 0 } });
    const result = getRuleSet('dnd2014').rollDeathSave(tired, scripted(15, 4));
    expect(result.ok && [result.value.roll, result.value.outcome]).toEqual([4, 'failure']);
  });

  it('dnd-next: a Constitution save with the save bonus; a failure deals 1d6 that resistance cannot reduce', () => {
    const rules = getRuleSet('dnd-next');
    const tough = dying({ hp: -3, conSaveBonus: 3 });
    const passed = rules.rollDeathSave(tough, scripted(7));
    expect(passed.ok && [passed.value.total, passed.value.outcome]).toEqual([10, 'success']);
    const hurt = rules.rollDeathSave(
      dying({ hp: -3, resistances: ['necrotic'], conditions: ['unconscious', 'intoxicated'] }),
      scripted(4, 6),
    );
    expect(hurt.ok && hurt.value).toMatchObject({ outcome: 'failure', damage: 6, state: { hp: -9 } });
    // Nor temporary hit points: "cannot be reduced in any way".
    const shielded = rules.rollDeathSave(dying({ hp: -3, tempHp: 8 }), scripted(4, 6));
    expect(shielded.ok && shielded.value).toMatchObject({ outcome: 'failure', damage: 6, state: { hp: -9, tempHp: 8 } });
  });

  it('dnd-next: failures kill only at −(Con + level); three successes (not consecutive) stabilise', () => {
    const rules = getRuleSet('dnd-next');
    const brink = dying({ hp: -12, conScore: 10, level: 3 });
    const dead = rules.rollDeathSave(brink, scripted(2, 1));
    expect(dead.ok && [dead.value.outcome, dead.value.state.hp]).toEqual(['dead', -13]);
    const stable = rules.rollDeathSave(dying({ hp: -4, deathSaves: { successes: 2, failures: 0 } }), scripted(12));
    expect(stable.ok && stable.value.outcome).toBe('stable');
  });

  it.each([
    [dying({ dead: true }), 'The dead make no death saves.'],
    [dying({ hp: 3 }), 'Death saves are only for a creature at 0 hit points.'],
    [dying({ stable: true }), 'A stable creature makes no death saves.'],
    [
      dying({ isPlayerCharacter: false }),
      'In the 5e 2024 rules only player characters, and creatures the GM marks important, make death saves.',
    ],
  ])('refused in words: %#', (state, reason) => {
    expect(refused(getRuleSet('dnd2024').rollDeathSave(state, noDice))).toBe(reason);
  });

  it('§27.4: C&M monsters make death saves too, as the entry names no one [001]', () => {
    const rules = getRuleSet('crown-misery');
    expect(rules.rollDeathSave(dying({ isPlayerCharacter: false }), scripted(12)).ok).toBe(true);
    expect(getRuleSet('dnd2024').rollDeathSave(dying({ isPlayerCharacter: false }), noDice).ok).toBe(false);
  });
});

describe('RULES.md §11 stabilising', () => {
  it('stabilising a dying creature clears its death saves', () => {
    const result = getRuleSet('dnd2024').stabilise(dying({ deathSaves: { successes: 1, failures: 2 } }));
    expect(result.ok && result.value).toEqual({
      state: dying({ stable: true }),
      events: [{ kind: 'stabilised' }],
    });
  });

  it.each([
    [dying({ dead: true }), "The dead can't be stabilised."],
    [dying({ hp: 5 }), 'Only a creature at 0 hit points needs stabilising.'],
    [dying({ stable: true }), 'That creature is already stable.'],
  ])('refused in words: %#', (state, reason) => {
    expect(refused(getRuleSet('a5e').stabilise(state))).toBe(reason);
  });

  it('a stable creature wakes with 1 HP, still prone; a dying one does not recover on its own', () => {
    const rules = getRuleSet('dnd2014');
    const result = rules.recoverFromStable(dying({ stable: true }), scripted(3));
    expect(result.ok && result.value).toMatchObject({ hours: 3, state: { hp: 1, stable: false, conditions: ['prone'] } });
    expect(refused(rules.recoverFromStable(dying(), noDice))).toBe('Only a stable creature at 0 hit points recovers on its own.');
  });

  it('dnd-next: a stable creature below 0 regains 1 HP after 1d8 hours', () => {
    const result = getRuleSet('dnd-next').recoverFromStable(dying({ hp: -6, stable: true }), scripted(7));
    expect(result.ok && [result.value.hours, result.value.state.hp]).toEqual([7, 1]);
  });
});
