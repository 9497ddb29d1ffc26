import { attack, type AttackInput } from '../../../src/combat/attacks';
import { dealDamage } from '../../../src/combat/hit-points';
import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import { replaceCombatant } from '../../../src/combat/transition';
import type { AttackRoll, Encounter, EncounterEffect } from '../../../src/combat/types';
import type { RuleSetId } from '../../../src/rules/ids';
import type { ConditionKey, RollMode, TrackKey } from '../../../src/rules/types';
import { describeEvents } from '../../../src/views/encounter-text';
import { gameMasterAccount } from '../../../src/views/encounter-replies';
import { alice, bob, ctx, fresh, gm, named, noDice, refusalOf, scripted, detailOf } from './support';
import { perRuleSet } from '../rules/support';

/** Alice (a player, AC 14), a Goblin (30 HP, AC 13, resistant to slashing) and a hidden Bugbear (40 HP, AC 16). */
function table(ruleSet: RuleSetId = 'dnd2024'): Encounter {
  let encounter = fresh(ruleSet);
  encounter = joinEncounter(encounter, ctx(alice, noDice, ruleSet), { hp: 20, ac: 14, initiative: 18 }).encounter;
  encounter = addMonsters(encounter, ctx(gm, noDice, ruleSet), {
    name: 'Goblin',
    hp: 30,
    ac: 13,
    initiative: 12,
    resist: ['slashing'],
  }).encounter;
  return addMonsters(encounter, ctx(gm, noDice, ruleSet), { name: 'Bugbear', hp: 40, ac: 16, initiative: 5, hidden: true }).encounter;
}

function withState(
  encounter: Encounter,
  name: string,
  conditions: ConditionKey[],
  tracks: Partial<Record<TrackKey, number>> = {},
): Encounter {
  const combatant = named(encounter, name);
  return replaceCombatant(encounter, {
    ...combatant,
    rules: { ...combatant.rules, conditions, tracks: { ...combatant.rules.tracks, ...tracks } },
  });
}

function withEffect(encounter: Encounter, name: string, on: string, modifiers: EncounterEffect['modifiers'] = []): Encounter {
  const effect: EncounterEffect = {
    id: `e${encounter.nextSeq}`,
    kind: 'effect',
    name,
    sourceId: null,
    targetId: named(encounter, on).id,
    startedRound: 0,
    expiry: null,
    concentrationId: null,
    appliedBy: gm.userId,
    note: null,
    save: null,
    modifiers,
    shownToPlayers: true,
    savePending: false,
  };
  return { ...encounter, effects: [...encounter.effects, effect], nextSeq: encounter.nextSeq + 1 };
}

const SWORD: AttackInput = {
  target: 'Goblin',
  bonus: { parts: [{ bonus: 5, reason: 'attack bonus' }] },
  damage: '1d8+3',
  weapon: true,
  reach: 'melee',
};

function rolled(transition: ReturnType<typeof attack>): AttackRoll {
  const event = transition.events[0];
  if (event?.kind !== 'attack-rolled') throw new Error('no attack was rolled');
  return event;
}

describe('advantage and disadvantage on an attack, from both sides', () => {
  // Each row: rule set, attacker state, target state, reach, the mode, and the d20s it rolls (then 1d8 damage).
  const rows: [string, RuleSetId, ConditionKey[], ConditionKey[], 'melee' | 'ranged', RollMode][] = [
    ['2024: a Prone target in melee', 'dnd2024', [], ['prone'], 'melee', 'advantage'],
    ['2024: a Prone target at range', 'dnd2024', [], ['prone'], 'ranged', 'disadvantage'],
    ['2014: a Prone target in melee', 'dnd2014', [], ['prone'], 'melee', 'advantage'],
    ['2014: a Prone target at range', 'dnd2014', [], ['prone'], 'ranged', 'disadvantage'],
    ['Next: a Prone target at range (beyond 10 ft)', 'dnd-next', [], ['prone'], 'ranged', 'disadvantage'],
    ['A5E: a Prone target in melee', 'a5e', [], ['prone'], 'melee', 'advantage'],
    ['2024: a Blinded target', 'dnd2024', [], ['blinded'], 'ranged', 'advantage'],
    ['2024: an Invisible target', 'dnd2024', [], ['invisible'], 'melee', 'disadvantage'],
    ['2024: a Paralyzed target', 'dnd2024', [], ['paralyzed', 'incapacitated'], 'ranged', 'advantage'],
    ['2024: a Petrified target', 'dnd2024', [], ['petrified', 'incapacitated'], 'melee', 'advantage'],
    ['2024: a Restrained target', 'dnd2024', [], ['restrained'], 'melee', 'advantage'],
    ['2024: a Stunned target', 'dnd2024', [], ['stunned', 'incapacitated'], 'melee', 'advantage'],
    ['2024: an Unconscious target in melee', 'dnd2024', [], ['unconscious', 'incapacitated', 'prone'], 'melee', 'advantage'],
    // Unconscious gives advantage, the Prone it implies disadvantage beyond 5 ft: they cancel.
    ['2024: an Unconscious target at range', 'dnd2024', [], ['unconscious', 'incapacitated', 'prone'], 'ranged', 'normal'],
    ['2024: a Blinded attacker', 'dnd2024', ['blinded'], [], 'melee', 'disadvantage'],
    ['2024: a Poisoned attacker', 'dnd2024', ['poisoned'], [], 'melee', 'disadvantage'],
    ['2024: a Prone attacker', 'dnd2024', ['prone'], [], 'melee', 'disadvantage'],
    ['2024: a Restrained attacker', 'dnd2024', ['restrained'], [], 'melee', 'disadvantage'],
    ['2024: a Frightened attacker', 'dnd2024', ['frightened'], [], 'melee', 'disadvantage'],
    ['2024: an Invisible attacker', 'dnd2024', ['invisible'], [], 'melee', 'advantage'],
    ['2024: Poisoned attacker and Prone target in melee cancel', 'dnd2024', ['poisoned'], ['prone'], 'melee', 'normal'],
    ['2014: Invisible attacker and Invisible target cancel', 'dnd2014', ['invisible'], ['invisible'], 'melee', 'normal'],
  ];

  it.each(rows)('%s', (_label, ruleSet, attackerState, targetState, reach, mode) => {
    const encounter = withState(withState(table(ruleSet), 'Alice', attackerState), 'Goblin', targetState);
    const faces = mode === 'normal' ? [2] : [2, 3];
    const event = rolled(attack(encounter, ctx(alice, scripted(...faces), ruleSet), { ...SWORD, reach }));
    expect(event.mode).toBe(mode);
    expect(event.rolls).toEqual(faces);
  });

  it('names whose state each source is, and the one asked for', () => {
    const encounter = withState(withState(table(), 'Alice', ['poisoned']), 'Goblin', ['prone']);
    const event = rolled(attack(encounter, ctx(alice, scripted(15, 4), 'dnd2024'), { ...SWORD, mode: 'advantage' }));
    expect(event.advantage).toEqual([
      { reason: 'Prone', side: 'target', private: false },
      { reason: 'asked for', side: 'asked', private: false },
    ]);
    expect(event.disadvantage).toEqual([{ reason: 'Poisoned', side: 'attacker', private: false }]);
    expect(describeEvents({ encounter, events: [{ kind: 'attack-rolled', ...event }] })).toEqual([
      '**Alice** makes a melee weapon attack on **Goblin** (advantage from asked for; Goblin: Prone and disadvantage from Alice: Poisoned cancel): d20 15 + 5 (attack bonus) = 20 against AC 13. **Hit.**',
    ]);
  });

  it('2024 exhaustion takes 2 a level off the roll; 2014 exhaustion 3 gives disadvantage and 2 does nothing', () => {
    const tired = (ruleSet: RuleSetId, level: number) => withState(table(ruleSet), 'Alice', [], { exhaustion: level });
    const modern = rolled(attack(tired('dnd2024', 2), ctx(alice, scripted(10), 'dnd2024'), SWORD));
    expect(modern.parts).toEqual([
      { value: 5, reason: 'attack bonus', dice: null },
      { value: -4, reason: 'Exhaustion 2', dice: null },
    ]);
    expect(modern.total).toBe(11);
    expect(rolled(attack(tired('dnd2014', 3), ctx(alice, scripted(10, 12, 1), 'dnd2014'), SWORD)).mode).toBe('disadvantage');
    const two = rolled(attack(tired('dnd2014', 2), ctx(alice, scripted(10, 1), 'dnd2014'), SWORD));
    expect([two.mode, two.total]).toEqual(['normal', 15]);
  });

  it("Next's Prone attacker takes −2 instead of disadvantage", () => {
    const event = rolled(attack(withState(table('dnd-next'), 'Alice', ['prone']), ctx(alice, scripted(10, 1), 'dnd-next'), SWORD));
    expect([event.mode, event.total]).toEqual(['normal', 13]);
  });

  it("an attacker's Bless adds its 1d4 and adv:attack counts as a source", () => {
    const blessed = withEffect(table(), 'Bless', 'Alice', [
      { kind: 'bonus', on: 'attack', ability: null, term: { sign: 1, count: 1, sides: 4 } },
    ]);
    const event = rolled(attack(blessed, ctx(alice, scripted(7, 3, 6), 'dnd2024'), SWORD));
    expect(event.total).toBe(15);
    const inspired = withEffect(table(), 'Inspired', 'Alice', [{ kind: 'advantage', on: 'attack', ability: null }]);
    expect(rolled(attack(inspired, ctx(alice, scripted(7, 3), 'dnd2024'), SWORD)).advantage).toEqual([
      { reason: 'Inspired', side: 'attacker', private: false },
    ]);
  });

  it('a Dodging target: attackers at disadvantage (2024), +4 AC in Next; none while it is Incapacitated', () => {
    const dodging = (ruleSet: RuleSetId) => withEffect(table(ruleSet), 'Dodge', 'Goblin');
    expect(rolled(attack(dodging('dnd2024'), ctx(alice, scripted(10, 12, 1), 'dnd2024'), SWORD)).mode).toBe('disadvantage');
    const next = rolled(attack(dodging('dnd-next'), ctx(alice, scripted(10), 'dnd-next'), SWORD));
    expect([next.mode, next.armourClass, next.outcome]).toEqual(['normal', 17, 'miss']);
    const stunned = withState(dodging('dnd2024'), 'Goblin', ['stunned', 'incapacitated']);
    expect(rolled(attack(stunned, ctx(alice, scripted(10, 12, 1), 'dnd2024'), SWORD)).disadvantage).toEqual([]);
  });
});

describe('hits, misses and criticals', () => {
  it('a natural 1 misses whatever the total; a total at the AC hits; crit-range 19 crits on a 19', () => {
    expect(
      rolled(attack(table(), ctx(alice, scripted(1), 'dnd2024'), { ...SWORD, bonus: { parts: [{ bonus: 30, reason: 'x' }] } })).outcome,
    ).toBe('fumble');
    expect(rolled(attack(table(), ctx(alice, scripted(8, 1), 'dnd2024'), SWORD)).outcome).toBe('hit');
    expect(rolled(attack(table(), ctx(alice, scripted(7), 'dnd2024'), SWORD)).outcome).toBe('miss');
    expect(rolled(attack(table(), ctx(alice, scripted(19, 1, 1), 'dnd2024'), { ...SWORD, critRange: 19 })).outcome).toBe('critical');
  });

  // 1d8+3 on a natural 20, the d8s showing 5 then 6: the Goblin (30 HP, no resistance to piercing) loses exactly this much.
  it.each(
    perRuleSet<{ faces: number[]; damage: number; spell: number }>({
      dnd2014: { faces: [5, 6], damage: 14, spell: 14 },
      dnd2024: { faces: [5, 6], damage: 14, spell: 14 },
      'crown-misery': { faces: [5], damage: 16, spell: 16 },
      'dnd-next': { faces: [5], damage: 16, spell: 11 },
      a5e: { faces: [5], damage: 16, spell: 16 },
    }),
  )('%s: a critical 1d8+3 [piercing] deals %j', (ruleSet, { faces, damage, spell }) => {
    const weapon = attack(table(ruleSet), ctx(alice, scripted(20, ...faces), ruleSet), { ...SWORD, damage: '1d8+3 [piercing]' });
    expect(30 - named(weapon.encounter, 'Goblin').rules.hp).toBe(damage);
    // Next: a spell's critical is its dice at their maximum, no extra weapon die (8 + 3).
    const spellFaces = ruleSet === 'dnd-next' ? [] : faces;
    const cast = attack(table(ruleSet), ctx(alice, scripted(20, ...spellFaces), ruleSet), {
      ...SWORD,
      damage: '1d8+3 [piercing]',
      weapon: false,
    });
    expect(30 - named(cast.encounter, 'Goblin').rules.hp).toBe(spell);
  });

  it.each(perRuleSet<boolean>({ dnd2014: true, dnd2024: true, 'crown-misery': true, 'dnd-next': false, a5e: true }))(
    '%s: a melee hit on a Paralyzed target is critical: %s (never at range)',
    (ruleSet, critical) => {
      const encounter = withState(table(ruleSet), 'Goblin', ['paralyzed', 'incapacitated']);
      const melee = rolled(attack(encounter, ctx(alice, scripted(9, 4, 5, 5), ruleSet), SWORD));
      expect(melee.outcome).toBe(critical ? 'critical' : 'hit');
      expect(melee.autoCritical).toEqual(critical ? { reason: 'Paralyzed', private: false } : null);
      expect(rolled(attack(encounter, ctx(alice, scripted(9, 4, 5, 5), ruleSet), { ...SWORD, reach: 'ranged' })).outcome).toBe('hit');
    },
  );

  it('a hit lands exactly as /hp damage does: the same events after the roll, resistance halving 11 to 5', () => {
    const hit = attack(table(), ctx(alice, scripted(15, 8), 'dnd2024'), { ...SWORD, damage: '1d8+3 [slashing]' });
    const same = dealDamage(table(), ctx(alice, scripted(8)), { target: 'Goblin', amount: '1d8+3 [slashing]' });
    expect(hit.events.slice(1)).toEqual(same.events);
    expect(named(hit.encounter, 'Goblin').rules.hp).toBe(25);
    expect(detailOf(hit)).toBe('Alice → Goblin: hit, 11 slashing damage, 5 taken');
  });

  it("adds the attacker's damage modifiers, an untyped one of the attack's own type", () => {
    const raging = withEffect(table(), 'Rage', 'Alice', [{ kind: 'damage', term: { sign: 1, count: 2, sides: null }, damageType: null }]);
    const hit = attack(raging, ctx(alice, scripted(15, 8), 'dnd2024'), { ...SWORD, target: 'Bugbear', damage: '1d8+3 [slashing]' });
    expect(detailOf(hit)).toBe('Alice → Bugbear: hit, 13 slashing damage');
  });

  it('a miss changes nothing but the log', () => {
    const encounter = table();
    const miss = attack(encounter, ctx(alice, scripted(3), 'dnd2024'), SWORD);
    expect(miss.encounter).toBe(encounter);
    expect(miss.events.map((e) => e.kind)).toEqual(['attack-rolled']);
    expect(detailOf(miss)).toBe('Alice → Goblin: miss');
  });
});

describe('hidden monsters', () => {
  it("a hidden target's AC and HP stay out of the reply; its damage is worded as /hp damage words it", () => {
    const hit = attack(table(), ctx(alice, scripted(15, 8), 'dnd2024'), { ...SWORD, target: 'Bugbear' });
    const words = describeEvents(hit).join('\n');
    expect(words).toBe(
      '**Alice** makes a melee weapon attack on **Bugbear**: d20 15 + 5 (attack bonus) = 20. **Hit.**\n🎲 1d8 (**8**) + 3 = `11`\nBugbear is dealt 11 damage.',
    );
    expect(describeEvents(hit, true).join('\n')).toContain('= 20 against AC 16. **Hit.**');
  });

  it("a hidden attacker's bonus and dice stay out of the channel's reply, and its secret roll shows them to the game master alone", () => {
    const input: AttackInput = { ...SWORD, target: 'Alice', attacker: 'Bugbear', bonus: { parts: [{ bonus: 6, reason: 'attack bonus' }] } };
    const open = attack(table(), ctx(gm, scripted(12, 4), 'dnd2024'), input);
    expect(describeEvents(open)).toEqual([
      '**Bugbear** makes a melee weapon attack on **Alice**. **Hit.**',
      'Alice takes 7 damage and is at 13 HP.',
    ]);
    const secret = attack(table(), ctx(gm, scripted(12, 4), 'dnd2024'), { ...input, secret: true });
    expect(rolled(secret).private).toBe(true);
    expect(describeEvents(secret)[0]).toBe(
      '**Bugbear** makes a melee weapon attack on **Alice**: d20 12 + 6 (attack bonus) = 18 against AC 14. **Hit.**',
    );
    // A player's secret roll is not the game master's: it reveals nothing more.
    expect(rolled(attack(table(), ctx(alice, scripted(3), 'dnd2024'), { ...SWORD, target: 'Bugbear', secret: true })).private).toBe(false);
  });
});

describe('hidden monsters’ secrets', () => {
  it('a condition the game master keeps secret on a hidden target is not named to players, only to the game master', () => {
    const paralyzed = withState(table(), 'Bugbear', ['paralyzed', 'incapacitated']);
    const secret: EncounterEffect = {
      ...withEffect(paralyzed, 'Paralyzed', 'Bugbear').effects[0]!,
      kind: 'condition',
      shownToPlayers: false,
    };
    const encounter = { ...paralyzed, effects: [secret] };
    const hit = attack(encounter, ctx(alice, scripted(3, 12, 4, 5), 'dnd2024'), { ...SWORD, target: 'Bugbear' });
    // No "with advantage", and no d20 that would show a critical on 12: both came from the game master's secret alone (issue 23 item 2).
    expect(describeEvents(hit)[0]).toBe('**Alice** makes a melee weapon attack on **Bugbear**. **Critical hit.**');
    expect(describeEvents(hit, true)[0]).toBe(
      '**Alice** makes a melee weapon attack on **Bugbear** with advantage (Bugbear: Paralyzed): d20 12 (of 3, 12) + 5 (attack bonus) = 17 against AC 16. **Critical hit** (Bugbear is Paralyzed and within 5 ft).',
    );
  });
});

describe("the channel reads a hidden monster's attack as its outcome; the game master gets the whole roll (issue 23 item 2, issue 24 item 3)", () => {
  it("a hidden Poisoned attacker's disadvantage is not told to the channel; the game master's account has the d20s, the total, the AC and the damage dice", () => {
    const poisoned = withState(table(), 'Bugbear', ['poisoned']);
    const secret: EncounterEffect = {
      ...withEffect(poisoned, 'Poisoned', 'Bugbear').effects[0]!,
      kind: 'condition',
      shownToPlayers: false,
    };
    const input: AttackInput = { ...SWORD, target: 'Alice', attacker: 'Bugbear', bonus: { parts: [{ bonus: 6, reason: 'attack bonus' }] } };
    const hit = attack({ ...poisoned, effects: [secret] }, ctx(gm, scripted(15, 12, 4), 'dnd2024'), input);
    expect(describeEvents(hit)).toEqual([
      '**Bugbear** makes a melee weapon attack on **Alice**. **Hit.**',
      'Alice takes 7 damage and is at 13 HP.',
    ]);
    expect(gameMasterAccount(hit)?.description?.split('\n')).toEqual([
      '**Bugbear** makes a melee weapon attack on **Alice** with disadvantage (Bugbear: Poisoned): d20 12 (of 15, 12) + 6 (attack bonus) = 18 against AC 14. **Hit.**',
      '🎲 1d8 (4) + 3 = `7`',
      'Alice takes 7 damage and is at 13 HP.',
    ]);
  });

  it("a player's hit on a hidden Ogre: the channel reads what was dealt, the game master what its resistance made of it", () => {
    const ogre = addMonsters(table(), ctx(gm), { name: 'Ogre', hp: 59, ac: 11, initiative: 8, hidden: true, resist: ['fire'] }).encounter;
    const hit = attack(ogre, ctx(alice, scripted(15, 6), 'dnd2024'), { ...SWORD, target: 'Ogre', damage: '1d8+3 [fire]' });
    expect(describeEvents(hit).slice(1)).toEqual(['🎲 1d8 (6) + 3 [fire] = `9`', 'Ogre is dealt 9 fire damage.']);
    expect(gameMasterAccount(hit)?.description?.split('\n').slice(1)).toEqual([
      '🎲 1d8 (6) + 3 [fire] = `9`',
      'Ogre takes 4 fire damage (halved: resistant) and is at 55 HP.',
    ]);
  });

  it('an attack with nothing hidden has no account for the game master', () => {
    expect(gameMasterAccount(attack(table(), ctx(alice, scripted(15, 6), 'dnd2024'), SWORD))).toBeNull();
  });
});

describe('who attacks, and refusals', () => {
  it("a player attacks with their own combatant, never as someone else's", () => {
    expect(rolled(attack(table(), ctx(alice, scripted(3), 'dnd2024'), SWORD)).attacker.name).toBe('Alice');
    expect(refusalOf(() => attack(table(), ctx(alice, noDice), { ...SWORD, attacker: 'Bugbear' }))).toBe(
      'Only the game master (Gina) or a member with Manage Channels can attack as Bugbear.',
    );
    expect(refusalOf(() => attack(table(), ctx(bob, noDice), SWORD))).toBe(
      'You have no combatant in this encounter: join with `/init join` first.',
    );
    expect(refusalOf(() => attack(table(), ctx(gm, noDice), SWORD))).toBe(
      'Say who attacks with `attacker:` (before the first turn there is no current combatant to attack with).',
    );
  });

  it('refuses an unknown target, bad damage before any roll, and an attacker who cannot act', () => {
    expect(refusalOf(() => attack(table(), ctx(alice, noDice), { ...SWORD, target: 'Ogre' }))).toContain(
      'There is no combatant called "Ogre" here.',
    );
    expect(refusalOf(() => attack(table(), ctx(alice, noDice), { ...SWORD, damage: '1d8+' }))).toMatch(/^Damage must be a number or dice/);
    expect(refusalOf(() => attack(table(), ctx(alice, noDice), { ...SWORD, damage: '1d8 [fier]' }))).toMatch(
      /^\[fier\] is not a damage type/,
    );
    expect(refusalOf(() => attack(table(), ctx(alice, noDice), { ...SWORD, damage: '1001d6' }))).toContain('At most 1000 dice');
    // Each piece parses, but the whole rolls more dice than one roll may: refused before the d20, as a hit would be.
    // Twice: the second time from what the first rehearsal remembered.
    for (let time = 0; time < 2; time += 1) {
      expect(refusalOf(() => attack(table(), ctx(alice, noDice), { ...SWORD, damage: '600d6 [fire] + 600d6 [cold]' }))).toBe(
        'Damage: That rolls more than 1000 dice (counting rerolls and explosions).',
      );
    }
    expect(refusalOf(() => attack(table(), ctx(alice, noDice), { ...SWORD, damage: `1000d6${'kh1000ph0'.repeat(54)}` }))).toMatch(
      /^Damage: That roll takes too much work/,
    );
    const stunned = withState(table(), 'Alice', ['stunned', 'incapacitated']);
    expect(refusalOf(() => attack(stunned, ctx(alice, noDice), SWORD))).toBe('Alice is Incapacitated and cannot attack.');
  });

  it('refuses an attacker that cannot act in D&D Next, which has no Incapacitated: Stunned, Paralyzed, Unconscious', () => {
    for (const condition of ['stunned', 'paralyzed', 'unconscious'] as const) {
      const held = withState(table('dnd-next'), 'Alice', [condition]);
      const name = condition[0]?.toUpperCase() + condition.slice(1);
      expect(refusalOf(() => attack(held, ctx(alice, noDice, 'dnd-next'), SWORD))).toBe(`Alice is ${name} and cannot attack.`);
    }
    // Prone or Restrained still attack, with their penalties.
    const prone = withState(table('dnd-next'), 'Alice', ['prone']);
    expect(() => attack(prone, ctx(alice, scripted(15, 4), 'dnd-next'), SWORD)).not.toThrow();
  });
});
