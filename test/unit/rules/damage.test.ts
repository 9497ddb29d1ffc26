import { createRulesState, getRuleSet, RULESET_IDS, type CombatantRulesState, type RulesEvent } from '../../../src/rules';
import { noDice, perRuleSet, refused, scripted } from './support';

const pc = (overrides: Partial<CombatantRulesState> = {}): CombatantRulesState =>
  createRulesState({ isPlayerCharacter: true, maxHp: 30, ...overrides });
const monster = (overrides: Partial<CombatantRulesState> = {}): CombatantRulesState => createRulesState({ maxHp: 30, ...overrides });
const kinds = (events: RulesEvent[]): string[] => events.map((e) => e.kind);

describe('RULES.md §6 resistance, vulnerability, immunity and threshold', () => {
  it.each(RULESET_IDS)('%s: resistance halves rounding down, once however many sources', (id) => {
    const target = monster({ resistances: ['cold'], conditions: id === 'dnd-next' ? [] : ['petrified'] });
    const result = getRuleSet(id).applyDamage(target, { amount: 25, type: 'cold' }, noDice);
    expect(result.state.hp).toBe(18);
    expect(result.events[0]).toEqual({ kind: 'damage-modified', reason: 'resistance', before: 25, after: 12 });
  });

  it.each(RULESET_IDS)('%s: vulnerability doubles; with resistance, resistance first (11 → 5 → 10)', (id) => {
    const rules = getRuleSet(id);
    expect(rules.applyDamage(monster({ vulnerabilities: ['fire'] }), { amount: 7, type: 'fire' }, noDice).state.hp).toBe(16);
    const both = rules.applyDamage(monster({ vulnerabilities: ['fire'], resistances: ['fire'] }), { amount: 11, type: 'fire' }, noDice);
    expect(both.state.hp).toBe(20);
  });

  it.each(RULESET_IDS)('%s: immunity means no damage at all', (id) => {
    const result = getRuleSet(id).applyDamage(
      monster({ immunities: ['poison'], concentration: 'x' }),
      { amount: 40, type: 'poison' },
      noDice,
    );
    expect(result).toEqual({
      state: monster({ immunities: ['poison'], concentration: 'x' }),
      events: [{ kind: 'immune', damageType: 'poison' }],
    });
  });

  it('2024: a damage threshold stops any single instance below it; at or above, it applies in full', () => {
    const rules = getRuleSet('dnd2024');
    const wall = monster({ damageThreshold: 10 });
    expect(rules.applyDamage(wall, { amount: 9, type: 'bludgeoning' }, noDice).events).toEqual([
      { kind: 'below-threshold', amount: 9, threshold: 10 },
    ]);
    expect(rules.applyDamage(wall, { amount: 10, type: 'bludgeoning' }, noDice).state.hp).toBe(20);
  });

  it('§5 A5E: untyped ongoing damage ignores resistance and vulnerability', () => {
    const result = getRuleSet('a5e').applyDamage(
      monster({ resistances: ['fire'], vulnerabilities: ['fire'] }),
      { amount: 6, type: null },
      noDice,
    );
    expect(result.state.hp).toBe(24);
  });

  it('§6d/§27.13 dnd-next: Intoxicated takes 1d6 off first, then Ethereal halves', () => {
    const drunkGhost = monster({ conditions: ['intoxicated', 'ethereal'], resistances: ['slashing'] });
    const result = getRuleSet('dnd-next').applyDamage(drunkGhost, { amount: 20, type: 'slashing' }, scripted(4));
    expect(result.events.slice(0, 3)).toEqual([
      { kind: 'damage-modified', reason: 'intoxicated', before: 20, after: 16 },
      { kind: 'damage-modified', reason: 'ethereal', before: 16, after: 8 },
      { kind: 'damage-modified', reason: 'resistance', before: 8, after: 4 },
    ]);
    expect(result.state.hp).toBe(26);
  });

  it('§15d dnd-next: Ethereal does not halve force, necrotic, psychic or radiant, nor damage from the ethereal', () => {
    const rules = getRuleSet('dnd-next');
    const ghost = monster({ conditions: ['ethereal'] });
    expect(rules.applyDamage(ghost, { amount: 10, type: 'radiant' }, noDice).state.hp).toBe(20);
    expect(rules.applyDamage(ghost, { amount: 10, type: 'fire', sourceConditions: ['ethereal'] }, noDice).state.hp).toBe(20);
    expect(rules.applyDamage(ghost, { amount: 10, type: 'fire' }, noDice).state.hp).toBe(25);
  });

  it('§15a 2014 Petrified: immune to poison damage', () => {
    const statue = monster({ conditions: ['petrified', 'incapacitated'] });
    expect(getRuleSet('dnd2014').applyDamage(statue, { amount: 10, type: 'poison' }, noDice).events).toEqual([
      { kind: 'immune', damageType: 'poison' },
    ]);
    expect(getRuleSet('dnd2024').applyDamage(statue, { amount: 10, type: 'poison' }, noDice).state.hp).toBe(25);
  });
});

describe('RULES.md §7 temporary hit points', () => {
  it.each(perRuleSet({ dnd2014: true, dnd2024: true, 'crown-misery': true, 'dnd-next': true, a5e: true }))(
    '%s has temporary HP: %s',
    (id, has) => {
      expect(getRuleSet(id).setTempHp(pc(), 5).ok).toBe(has);
    },
  );

  it('5 temporary HP and 8 damage leave 3 real damage (A5E example)', () => {
    const result = getRuleSet('a5e').applyDamage(pc({ tempHp: 5 }), { amount: 8, type: 'slashing' }, noDice);
    expect([result.state.tempHp, result.state.hp]).toEqual([0, 27]);
    expect(result.events).toEqual([
      { kind: 'temp-hp-absorbed', amount: 5, tempHpLeft: 0 },
      { kind: 'hp-lost', amount: 3, hp: 27 },
    ]);
  });

  it('they never stack: 10 then 5 keeps 10; 5 then 10 takes 10; the player may take the smaller', () => {
    const rules = getRuleSet('dnd2024');
    const ten = pc({ tempHp: 10 });
    expect(rules.setTempHp(ten, 5)).toEqual({
      ok: true,
      value: { state: ten, events: [{ kind: 'temp-hp-kept', tempHp: 10, offered: 5 }] },
    });
    const five = rules.setTempHp(pc({ tempHp: 5 }), 10);
    expect(five.ok && five.value.state.tempHp).toBe(10);
    const chosen = rules.setTempHp(ten, 5, { replace: true });
    expect(chosen.ok && chosen.value.events).toEqual([{ kind: 'temp-hp-set', tempHp: 5, previous: 10 }]);
  });

  it('bad amounts and the dead are refused in words', () => {
    const rules = getRuleSet('dnd2024');
    expect(refused(rules.setTempHp(pc(), -1))).toBe('Temporary hit points must be a whole number, 0 or more.');
    expect(rules.setTempHp(pc(), 2.5).ok).toBe(false);
    expect(refused(rules.setTempHp(pc({ dead: true }), 5))).toBe("The dead can't gain temporary hit points.");
  });

  it('dnd-next: the seed is silent, so the 2014 rule applies: 10 then 5 keeps 10', () => {
    const ten = pc({ tempHp: 10 });
    expect(getRuleSet('dnd-next').setTempHp(ten, 5)).toEqual({
      ok: true,
      value: { state: ten, events: [{ kind: 'temp-hp-kept', tempHp: 10, offered: 5 }] },
    });
  });

  it('at 0 HP they absorb damage but do not wake or stabilise', () => {
    const rules = getRuleSet('dnd2014');
    const dying = pc({ hp: 0, tempHp: 4, conditions: ['unconscious', 'incapacitated', 'prone'] });
    const result = rules.applyDamage(dying, { amount: 4, type: 'fire' }, noDice);
    expect(result.state.deathSaves.failures).toBe(0);
    expect(result.state.conditions).toContain('unconscious');
  });
});

describe('RULES.md §8 healing and maximum HP', () => {
  it.each(RULESET_IDS)('%s: healing stops at the maximum', (id) => {
    const result = getRuleSet(id).applyHealing(pc({ maxHp: 13, hp: 10 }), 6);
    expect(result).toEqual({ state: pc({ maxHp: 13, hp: 13 }), events: [{ kind: 'healed', amount: 3, hp: 13 }] });
  });

  it('dnd-next: healing below 0 first resets to 0 (−5 healed for 8 ends at 8)', () => {
    const result = getRuleSet('dnd-next').applyHealing(pc({ hp: -5, conditions: ['unconscious', 'prone'] }), 8);
    expect(result.state.hp).toBe(8);
    expect(result.state.conditions).toEqual(['prone']);
    expect(kinds(result.events)).toEqual(['healed', 'condition-removed', 'revived']);
  });

  it.each(RULESET_IDS)('%s: healing from 0 ends dying and resets the death saves', (id) => {
    const dying = pc({ hp: 0, deathSaves: { successes: 2, failures: 2 }, conditions: ['unconscious', 'prone'] });
    const result = getRuleSet(id).applyHealing(dying, 1);
    expect(result.state).toMatchObject({ hp: 1, deathSaves: { successes: 0, failures: 0 }, stable: false });
    expect(result.state.conditions).not.toContain('unconscious');
  });

  it('the dead cannot be healed', () => {
    const dead = pc({ hp: 0, dead: true });
    expect(getRuleSet('a5e').applyHealing(dead, 10)).toEqual({ state: dead, events: [{ kind: 'cannot-heal-dead' }] });
  });

  it('a maximum-HP reduction lowers the ceiling and drops excess HP', () => {
    const rules = getRuleSet('dnd2024');
    const result = rules.reduceMaxHp(pc({ hp: 28 }), 5);
    expect([result.state.hp, rules.maxHp(result.state)]).toEqual([25, 25]);
    expect(result.events).toEqual([{ kind: 'max-hp-reduced', reduction: 5, maxHp: 25 }]);
    expect(rules.applyHealing(result.state, 10).state.hp).toBe(25);
  });

  // Next's Bloodied belongs to Experimental Rule 2's rests only [002], so the tracker shows no band.
  it.each(perRuleSet({ dnd2014: false, dnd2024: true, 'crown-misery': true, 'dnd-next': false, a5e: true }))(
    '§17 %s: bloodied at 15/30 and at 8/17 (half rounded down), never at 9/17 or 16/30: %s',
    (id, bloodied) => {
      const rules = getRuleSet(id);
      expect(rules.isBloodied(pc({ hp: 15 }))).toBe(bloodied);
      expect(rules.isBloodied(pc({ maxHp: 17, hp: 8 }))).toBe(bloodied);
      expect(rules.isBloodied(pc({ maxHp: 17, hp: 9 }))).toBe(false);
      expect(rules.isBloodied(pc({ hp: 16 }))).toBe(false);
    },
  );
});

describe('RULES.md §9, §13 reaching 0 HP', () => {
  it.each(RULESET_IDS.filter((id) => id !== 'crown-misery'))('%s: a monster at 0 HP dies', (id) => {
    const result = getRuleSet(id).applyDamage(monster({ hp: 5 }), { amount: 9, type: 'fire' }, noDice);
    expect(result.state).toMatchObject({ hp: 0, dead: true });
    expect(result.events).toEqual([
      { kind: 'dropped-to-zero', hp: 0 },
      { kind: 'died', cause: 'monster-at-zero' },
    ]);
  });

  it.each(RULESET_IDS)('%s: an important monster falls unconscious and is dying like a PC', (id) => {
    const result = getRuleSet(id).applyDamage(monster({ hp: 5, important: true }), { amount: 5, type: 'fire' }, noDice);
    expect(result.state).toMatchObject({ hp: 0, dead: false, stable: false });
    expect(result.state.conditions).toContain('unconscious');
    expect(result.state.conditions).toContain('prone');
  });

  it('2024: a PC dropped to 0 falls Unconscious (and so Incapacitated and Prone) and is dying', () => {
    const result = getRuleSet('dnd2024').applyDamage(pc({ hp: 6, concentration: 'bless' }), { amount: 10, type: 'fire' }, noDice);
    expect(result.events).toEqual([
      { kind: 'dropped-to-zero', hp: 0 },
      { kind: 'dying' },
      { kind: 'condition-added', condition: 'unconscious', impliedBy: null },
      { kind: 'condition-added', condition: 'incapacitated', impliedBy: 'unconscious' },
      { kind: 'condition-added', condition: 'prone', impliedBy: 'unconscious' },
      { kind: 'concentration-ended', reason: 'incapacitated' },
    ]);
  });

  it('2014: leftover damage one short of the maximum leaves the PC dying', () => {
    const result = getRuleSet('dnd2014').applyDamage(pc({ maxHp: 12, hp: 6 }), { amount: 17, type: 'fire' }, noDice);
    expect(result.state.dead).toBe(false);
  });

  it('A5E: a survived massive-damage save costs 1 fatigue (after the encounter) and 1 strife', () => {
    const result = getRuleSet('a5e').applyDamage(
      pc({ maxHp: 24, hp: 24, level: 3, conSaveBonus: 2 }),
      { amount: 54, type: 'acid', inEncounter: true },
      scripted(13),
    );
    expect(result.state).toMatchObject({ dead: false, hp: 0, pendingFatigue: 2, tracks: { fatigue: 0, strife: 1, exhaustion: 0 } });
    expect(result.events[1]).toEqual({ kind: 'massive-damage-save', dc: 15, roll: 13, total: 15, success: true });
  });

  it('A5E: 27 damage (halved by resistance from 54) is not massive for a 3rd-level character', () => {
    const result = getRuleSet('a5e').applyDamage(
      pc({ maxHp: 24, hp: 24, level: 3, resistances: ['acid'] }),
      { amount: 54, type: 'acid' },
      noDice,
    );
    expect(result.state).toMatchObject({ dead: false, hp: 0, pendingFatigue: 0 });
  });

  it('A5E: falling unconscious from damage during an encounter costs a fatigue level', () => {
    const result = getRuleSet('a5e').applyDamage(pc({ hp: 3 }), { amount: 3, type: 'fire', inEncounter: true }, noDice);
    expect(result.events).toContainEqual({ kind: 'track-gained', track: 'fatigue', levels: 1, level: 1, pending: true });
  });
});

describe('RULES.md §10 damage while at 0 HP', () => {
  const dying = (overrides: Partial<CombatantRulesState> = {}): CombatantRulesState =>
    pc({ hp: 0, conditions: ['unconscious', 'incapacitated', 'prone'], ...overrides });

  it.each(['dnd2014', 'dnd2024', 'crown-misery'] as const)('%s: one failure, two from a critical hit, three kill', (id) => {
    const rules = getRuleSet(id);
    expect(rules.applyDamage(dying(), { amount: 3, type: 'fire' }, noDice).events).toEqual([
      { kind: 'death-save-failures', added: 1, failures: 1 },
    ]);
    const crit = rules.applyDamage(
      dying({ deathSaves: { successes: 0, failures: 1 } }),
      { amount: 3, type: 'fire', critical: true },
      noDice,
    );
    expect(crit.state).toMatchObject({ dead: true, deathSaves: { failures: 3 } });
    expect(kinds(crit.events)).toEqual(['death-save-failures', 'died']);
  });

  it('crown-misery: a monster at 0 HP is dying, as the Death Saving Throws entry names no one [001]', () => {
    const rules = getRuleSet('crown-misery');
    const result = rules.applyDamage(monster({ hp: 5 }), { amount: 9, type: 'fire' }, noDice);
    expect(result.state).toMatchObject({ hp: 0, dead: false, stable: false });
    expect(kinds(result.events)).toContain('dying');
    const hit = rules.applyDamage(result.state, { amount: 30, type: 'fire' }, noDice);
    expect(hit.state).toMatchObject({ dead: false, deathSaves: { successes: 0, failures: 1 } });
  });

  it('2014: damage at 0 equal to the maximum kills outright', () => {
    const result = getRuleSet('dnd2014').applyDamage(dying(), { amount: 30, type: 'fire' }, noDice);
    expect(result.events).toEqual([{ kind: 'died', cause: 'instant-death' }]);
  });

  it('damage to a stable creature makes it start dying again', () => {
    const result = getRuleSet('dnd2024').applyDamage(dying({ stable: true }), { amount: 1, type: 'fire' }, noDice);
    expect(result.state.stable).toBe(false);
    expect(kinds(result.events)).toEqual(['stability-lost', 'death-save-failures']);
  });

  it('dnd-next: damage pushes HP further below 0 until −(Con + level)', () => {
    const rules = getRuleSet('dnd-next');
    const low = dying({ hp: -10, level: 5, conScore: 14 });
    expect(rules.applyDamage(low, { amount: 8, type: 'fire' }, noDice).state).toMatchObject({ hp: -18, dead: false });
    expect(rules.applyDamage(low, { amount: 9, type: 'fire' }, noDice).events).toEqual([
      { kind: 'hp-lost', amount: 9, hp: -19 },
      { kind: 'died', cause: 'death-threshold' },
    ]);
  });

  it('dnd-next: HP stop at the threshold, however great the blow, from 0 or from above it', () => {
    const rules = getRuleSet('dnd-next');
    const past = rules.applyDamage(dying({ hp: -10, level: 5, conScore: 14 }), { amount: 1_000, type: 'fire' }, noDice);
    expect([past.state.hp, past.state.dead, past.events[0]]).toEqual([-19, true, { kind: 'hp-lost', amount: 1_000, hp: -19 }]);
    const up = { ...dying({ level: 5, conScore: 14 }), hp: 40, maxHp: 40 };
    expect(rules.applyDamage(up, { amount: 1_000_000, type: 'fire' }, noDice).state).toMatchObject({ hp: -19, dead: true });
  });

  it.each([
    ['failure', { failures: 1, fatigue: 0, strife: 0 }],
    ['fatigue', { failures: 0, fatigue: 1, strife: 0 }],
    ['strife', { failures: 0, fatigue: 0, strife: 1 }],
  ] as const)('A5E: an attacker hitting a creature at 0 HP chooses %s', (choice, expected) => {
    const result = getRuleSet('a5e').applyDamage(dying(), { amount: 4, type: 'slashing', fromAttack: true, atZeroChoice: choice }, noDice);
    const { deathSaves, tracks } = result.state;
    expect({ failures: deathSaves.failures, fatigue: tracks.fatigue, strife: tracks.strife }).toEqual(expected);
  });

  it('A5E: other damage at 0 HP is one failure; a critical hit adds a fatigue level (§27.17)', () => {
    const rules = getRuleSet('a5e');
    expect(rules.applyDamage(dying(), { amount: 4, type: 'fire', atZeroChoice: 'strife' }, noDice).state.deathSaves.failures).toBe(1);
    const crit = rules.applyDamage(dying(), { amount: 4, type: 'slashing', fromAttack: true, critical: true, inEncounter: true }, noDice);
    expect(crit.state).toMatchObject({ deathSaves: { failures: 1 }, pendingFatigue: 1 });
  });

  it('A5E: massive damage while at 0 HP is 20 + level [004] (level 5: 25) and risks instant death', () => {
    const rules = getRuleSet('a5e');
    expect(rules.applyDamage(dying({ level: 5 }), { amount: 25, type: 'fire' }, scripted(3)).events).toEqual([
      { kind: 'massive-damage-save', dc: 15, roll: 3, total: 3, success: false },
      { kind: 'died', cause: 'massive-damage' },
    ]);
    expect(rules.applyDamage(dying({ level: 5 }), { amount: 24, type: 'fire' }, noDice).state.dead).toBe(false);
  });

  it('a monster somehow at 0 HP dies from any further damage; the dead take none', () => {
    const rules = getRuleSet('dnd2024');
    expect(rules.applyDamage(monster({ hp: 0 }), { amount: 1, type: 'fire' }, noDice).state.dead).toBe(true);
    const dead = pc({ hp: 0, dead: true });
    expect(rules.applyDamage(dead, { amount: 5, type: 'fire' }, noDice)).toEqual({ state: dead, events: [] });
  });
});

describe('RULES.md §12 knocking out', () => {
  it('a knock-out needs a melee attack: a ranged one drops the target normally', () => {
    const result = getRuleSet('dnd2024').applyDamage(pc({ hp: 4 }), { amount: 10, type: 'piercing', knockOut: true }, noDice);
    expect(result.state).toMatchObject({ hp: 0, stable: false });
  });

  it('2024: the knocked-out creature is left at 1 HP, Unconscious and Prone', () => {
    const result = getRuleSet('dnd2024').applyDamage(
      monster({ hp: 4 }),
      { amount: 10, type: 'bludgeoning', melee: true, knockOut: true },
      noDice,
    );
    expect(result.state).toMatchObject({ hp: 1, dead: false, conditions: ['unconscious', 'incapacitated', 'prone'] });
    expect(result.events[0]).toEqual({ kind: 'knocked-out', hp: 1 });
  });

  it('dnd-next: a creature already below 0 can be knocked out to exactly 0 and stable', () => {
    const result = getRuleSet('dnd-next').applyDamage(
      pc({ hp: 3 }),
      { amount: 12, type: 'bludgeoning', melee: true, knockOut: true },
      noDice,
    );
    expect(result.state).toMatchObject({ hp: 0, stable: true });
  });
});

describe('RULES.md §14 concentration save from damage', () => {
  it.each(perRuleSet({ dnd2014: 11, dnd2024: 11, 'crown-misery': 11, 'dnd-next': null, a5e: 11 }))(
    '%s: 22 damage to a concentrating creature asks for DC %s',
    (id, dc) => {
      const result = getRuleSet(id).applyDamage(pc({ concentration: 'bless' }), { amount: 22, type: 'fire' }, noDice);
      const asked = result.events.filter((e) => e.kind === 'concentration-save');
      expect(asked).toEqual(dc === null ? [] : [{ kind: 'concentration-save', dc }]);
    },
  );

  it('damage fully absorbed by temporary HP still asks for a save; none is asked without concentration', () => {
    const rules = getRuleSet('dnd2024');
    expect(rules.applyDamage(pc({ tempHp: 30, concentration: 'bless' }), { amount: 8, type: 'fire' }, noDice).events).toContainEqual({
      kind: 'concentration-save',
      dc: 10,
    });
    expect(kinds(rules.applyDamage(pc(), { amount: 8, type: 'fire' }, noDice).events)).toEqual(['hp-lost']);
  });
});
