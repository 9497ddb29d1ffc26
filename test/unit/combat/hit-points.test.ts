import { concentrationChecks, dropConcentration, pressConcentrationSave, startConcentration } from '../../../src/combat/concentration';
import { attack, type AttackInput } from '../../../src/combat/attacks';
import { addCondition } from '../../../src/combat/conditions';
import { dealDamage, grantTempHp, heal, setHp, setMaxHp } from '../../../src/combat/hit-points';
import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import { replaceCombatant } from '../../../src/combat/transition';
import type { Encounter } from '../../../src/combat/types';
import type { RuleSetId } from '../../../src/rules/ids';
import { alice, bob, ctx, fresh, gm, kinds, named, noDice, scripted, refusalOf, detailOf } from './support';
import { containing } from '../../support/matchers';

/** Alice (12 HP, Con save +3, 18) and a Goblin resistant to fire (7 HP, 12). */
function table(ruleSet: RuleSetId = 'dnd2024', options: { autoConcentrationSaves?: boolean } = {}): Encounter {
  let encounter = fresh(ruleSet, options);
  encounter = joinEncounter(encounter, ctx(alice, noDice, ruleSet), { hp: 12, conSave: 3, initiative: 18 }).encounter;
  return addMonsters(encounter, ctx(gm, noDice, ruleSet), { name: 'Goblin', hp: 7, initiative: 12, resist: ['fire'] }).encounter;
}

describe('damage', () => {
  it('rolls a dice amount, takes its type from the annotation and lets the rules halve it', () => {
    const hit = dealDamage(table(), ctx(bob, scripted(4, 5)), { target: 'goblin', amount: '2d6+3 [fire]' });
    expect(hit.events).toEqual([
      {
        kind: 'amount-rolled',
        combatant: containing({ name: 'Goblin' }),
        roll: containing({ expression: '2d6+3 [fire]', total: 12 }),
      },
      { kind: 'damage-taken', combatant: containing({ name: 'Goblin' }), source: null, amount: 12, damageType: 'fire', critical: null },
      {
        kind: 'rules',
        combatant: containing({ name: 'Goblin' }),
        event: { kind: 'damage-modified', reason: 'resistance', before: 12, after: 6 },
      },
      { kind: 'rules', combatant: containing({ name: 'Goblin' }), event: { kind: 'hp-lost', amount: 6, hp: 1 } },
    ]);
    expect(named(hit.encounter, 'Goblin').rules.hp).toBe(1);
    expect(detailOf(hit)).toBe('Goblin: 12 fire damage, 6 taken');
  });

  it('lets the type option type only the parts that name none', () => {
    const typed = dealDamage(table(), ctx(bob, scripted(4, 5)), { target: 'Goblin', amount: '2d6+3 [fire]', type: 'cold' });
    expect(named(typed.encounter, 'Goblin').rules.hp).toBe(1);
    const untyped = dealDamage(table(), ctx(bob, scripted(2, 2)), { target: 'Goblin', amount: '2d6', type: 'fire' });
    expect(named(untyped.encounter, 'Goblin').rules.hp).toBe(5);
  });

  describe('mixed damage types', () => {
    /** An ogre (59 HP) resistant to fire and one immune to it. */
    function ogre(defence: 'resist' | 'immune'): Encounter {
      return addMonsters(fresh(), ctx(gm), { name: 'Ogre', hp: 59, initiative: 8, [defence]: ['fire'] }).encounter;
    }

    it('halves only the fire part of 1d8+3 [slashing] + 2d6 [fire] against fire resistance: 8 + 3 = 11', () => {
      const hit = dealDamage(ogre('resist'), ctx(gm, scripted(5, 3, 4)), { target: 'Ogre', amount: '1d8+3 [slashing] + 2d6 [fire]' });
      expect(hit.events.find((e) => e.kind === 'rules')?.event).toEqual({
        kind: 'damage-part',
        damageType: 'slashing',
        before: 8,
        after: 8,
        immune: false,
        reasons: [],
      });
      expect(named(hit.encounter, 'Ogre').rules.hp).toBe(59 - 11);
      expect(detailOf(hit)).toBe('Ogre: 8 slashing + 7 fire damage, 11 taken');
    });

    it('halves only the fire part with the parts swapped: 3 + 8 = 11', () => {
      const hit = dealDamage(ogre('resist'), ctx(gm, scripted(3, 4, 5)), { target: 'Ogre', amount: '2d6 [fire] + 1d8+3 [slashing]' });
      expect(named(hit.encounter, 'Ogre').rules.hp).toBe(59 - 11);
    });

    it('lets a fire-immune target take the slashing part of 2d6 [fire] + 1d8 [slashing]', () => {
      const hit = dealDamage(ogre('immune'), ctx(gm, scripted(3, 4, 5)), { target: 'Ogre', amount: '2d6 [fire] + 1d8 [slashing]' });
      expect(named(hit.encounter, 'Ogre').rules.hp).toBe(59 - 5);
      expect(detailOf(hit)).toBe('Ogre: 7 fire + 5 slashing damage, 5 taken');
    });

    it('types a trailing untyped part with the type option', () => {
      const hit = dealDamage(ogre('resist'), ctx(gm, scripted(6)), { target: 'Ogre', amount: '1d8 [slashing] + 4', type: 'fire' });
      expect(named(hit.encounter, 'Ogre').rules.hp).toBe(59 - 8);
    });

    it('doubles each part of a 2024 critical hit', () => {
      const hit = dealDamage(ogre('resist'), ctx(gm, scripted(5, 1, 3, 4, 2, 2)), {
        target: 'Ogre',
        amount: '1d8+3 [slashing] + 2d6 [fire]',
        critical: true,
      });
      expect(named(hit.encounter, 'Ogre').rules.hp).toBe(59 - (5 + 1 + 3) - Math.floor((3 + 4 + 2 + 2) / 2));
    });
  });

  it.each(['[fier]', '[magical slashing fire]', '[banana]'])('refuses the unknown damage type %s with the list', (annotation) => {
    expect(refusalOf(() => dealDamage(table(), ctx(gm, scripted(3)), { target: 'Goblin', amount: `1d6 ${annotation}` }))).toMatch(
      /is not a damage type\. Use one of: acid, bludgeoning, .*slashing, thunder \(magical, nonmagical, silvered, adamantine may come with it\)\.$/,
    );
  });

  it('accepts the qualifiers magical and silvered, which change nothing', () => {
    const hit = dealDamage(table(), ctx(gm, scripted(3)), { target: 'Goblin', amount: '1d6 [magical fire]' });
    expect(named(hit.encounter, 'Goblin').rules.hp).toBe(6);
    const silvered = dealDamage(table(), ctx(gm, scripted(3)), { target: 'Goblin', amount: '1d6 [silvered piercing]' });
    expect(named(silvered.encounter, 'Goblin').rules.hp).toBe(4);
  });

  it.each([
    ['dnd2024', [3, 5], 10],
    ['dnd2014', [3, 5], 10],
    ['crown-misery', [3], 10],
    ['dnd-next', [4], 14],
    ['a5e', [3], 10],
  ] as const)('rolls a critical hit as the %s rules do: 1d8+2 with faces %j is %i', (ruleSet, faces, total) => {
    const encounter = addMonsters(fresh(ruleSet), ctx(gm, noDice, ruleSet), { name: 'Ogre', hp: 59, initiative: 8 }).encounter;
    const hit = dealDamage(encounter, ctx(gm, scripted(...faces), ruleSet), { target: 'Ogre', amount: '1d8+2', critical: true });
    expect(hit.events.find((e) => e.kind === 'damage-taken')).toMatchObject({ amount: total, critical: 'rolled' });
    expect(named(hit.encounter, 'Ogre').rules.hp).toBe(59 - total);
  });

  it.each([
    ['crown-misery', 18, 'doubled'],
    ['a5e', 18, 'doubled'],
    ['dnd2024', 9, 'no-dice'],
    ['dnd2014', 9, 'no-dice'],
    ['dnd-next', 9, 'no-dice'],
  ] as const)('a critical hit given as the number 9 under %s comes to %i (%s)', (ruleSet, total, critical) => {
    const encounter = addMonsters(fresh(ruleSet), ctx(gm, noDice, ruleSet), { name: 'Ogre', hp: 59, initiative: 8 }).encounter;
    const hit = dealDamage(encounter, ctx(gm, noDice, ruleSet), { target: 'Ogre', amount: '9', critical: true });
    expect(hit.events.find((e) => e.kind === 'damage-taken')).toMatchObject({ amount: total, critical });
    expect(named(hit.encounter, 'Ogre').rules.hp).toBe(59 - total);
    expect(detailOf(hit)).toBe(`Ogre: ${total} damage (critical)`);
  });

  it('takes a plain number as already rolled when it is not a critical', () => {
    const hit = dealDamage(table(), ctx(gm), { target: 'Alice', amount: '9' });
    expect(kinds(hit)).toEqual(['damage-taken', 'rules:hp-lost']);
    expect(named(hit.encounter, 'Alice').rules.hp).toBe(3);
  });

  it('logs the whole hit that drops a combatant to 0 HP, not "0 taken"', () => {
    const hit = dealDamage(table(), ctx(gm), { target: 'Alice', amount: '20' });
    expect(named(hit.encounter, 'Alice').rules.hp).toBe(0);
    expect(detailOf(hit)).toBe('Alice: 20 damage');
  });

  it('logs an immune hit as none taken', () => {
    const encounter = addMonsters(fresh(), ctx(gm), { name: 'Imp', hp: 10, initiative: 5, immune: ['fire'] }).encounter;
    const hit = dealDamage(encounter, ctx(gm), { target: 'Imp', amount: '6', type: 'fire' });
    expect(detailOf(hit)).toBe('Imp: 6 fire damage, 0 taken');
  });

  it('kills a monster at 0 HP', () => {
    const hit = dealDamage(table(), ctx(alice), { target: 'Goblin', amount: '9' });
    expect(kinds(hit)).toEqual(['damage-taken', 'rules:dropped-to-zero', 'rules:died']);
    expect(named(hit.encounter, 'Goblin').rules).toMatchObject({ hp: 0, dead: true });
  });

  it('refuses an amount that is not dice', () => {
    expect(refusalOf(() => dealDamage(table(), ctx(gm), { target: 'Goblin', amount: 'fireball' }))).toMatch(
      /^Damage must be a number or dice such as `2d6\+3`: /,
    );
  });

  it('needs hit points to take damage', () => {
    const encounter = joinEncounter(fresh(), ctx(bob, scripted(10)), {}).encounter;
    expect(refusalOf(() => dealDamage(encounter, ctx(gm), { target: 'Bob', amount: '3' }))).toContain(
      'Bob has no hit points yet: the game master can give it some with `/hp max`.',
    );
  });

  it('names the target it could not find, and asks when a name fits several', () => {
    const encounter = addMonsters(table(), ctx(gm), { name: 'Gnoll', count: 2, hp: 22, initiative: 5 }).encounter;
    expect(refusalOf(() => dealDamage(encounter, ctx(gm), { target: 'troll', amount: '3' }))).toContain(
      'There is no combatant called "troll" here. The combatants are Alice, Goblin, Gnoll 1, Gnoll 2.',
    );
    expect(refusalOf(() => dealDamage(encounter, ctx(gm), { target: 'gnoll', amount: '3' }))).toContain(
      '"gnoll" could be Gnoll 1, Gnoll 2: which one?',
    );
    expect(named(dealDamage(encounter, ctx(gm), { target: 'gnoll 2', amount: '3' }).encounter, 'Gnoll 2').rules.hp).toBe(19);
  });
});

describe('concentration checks from damage', () => {
  function concentrating(ruleSet: RuleSetId = 'dnd2024', options: { autoConcentrationSaves?: boolean } = {}): Encounter {
    const encounter = joinEncounter(fresh(ruleSet, options), ctx(alice, noDice, ruleSet), {
      hp: 100,
      conSave: 3,
      initiative: 18,
    }).encounter;
    return startConcentration(encounter, ctx(alice, noDice, ruleSet), { target: 'Alice', effect: 'Bless' }).encounter;
  }

  it.each([
    ['dnd2024', 25, 12],
    ['dnd2024', 70, 30],
    ['dnd2014', 70, 35],
    ['dnd2014', 9, 10],
  ] as const)('%s: %i damage asks for a DC %i Constitution save, by button', (ruleSet, amount, dc) => {
    const hit = dealDamage(concentrating(ruleSet), ctx(gm, noDice, ruleSet), { target: 'Alice', amount: String(amount) });
    expect(hit.events[hit.events.length - 1]).toEqual({
      kind: 'concentration-check',
      combatant: containing({ name: 'Alice' }),
      effect: 'Bless',
      dc,
      bonus: 3,
    });
    expect(named(hit.encounter, 'Alice').pendingConcentrationDcs).toEqual([dc]);
  });

  it('D&D Next: damage asks for no concentration save', () => {
    const hit = dealDamage(concentrating('dnd-next'), ctx(gm, noDice, 'dnd-next'), { target: 'Alice', amount: '25' });
    expect(kinds(hit)).toEqual(['damage-taken', 'rules:hp-lost']);
  });

  it.each([
    [9, 12, true],
    [8, 11, false],
  ])('the button rolls d20 %i + 3 = %i against DC 12: kept %s', (face, total, kept) => {
    const hit = dealDamage(concentrating(), ctx(gm), { target: 'Alice', amount: '25' });
    const pressed = pressConcentrationSave(hit.encounter, ctx(alice, scripted(face)), 'Alice');
    expect(pressed.events[0]).toEqual({
      kind: 'concentration-save',
      combatant: containing({ name: 'Alice' }),
      effect: 'Bless',
      dc: 12,
      rolls: [face],
      natural: face,
      parts: [{ value: 3, reason: 'save bonus', dice: null }],
      total,
      autoFail: null,
      success: kept,
    });
    expect(named(pressed.encounter, 'Alice').rules.concentration).toBe(kept ? 'Bless' : null);
    expect(pressed.encounter.effects.map((e) => e.name)).toEqual(kept ? ['Bless'] : []);
    expect(kinds(pressed)).toEqual(kept ? ['concentration-save'] : ['concentration-save', 'effect-ended']);
    expect(detailOf(pressed)).toBe(`Alice rolled DC 12 and ${kept ? 'kept' : 'lost'} concentration`);
  });

  it('queues one save per source of damage and rolls the oldest first', () => {
    let encounter = dealDamage(concentrating(), ctx(gm), { target: 'Alice', amount: '4' }).encounter;
    encounter = dealDamage(encounter, ctx(gm), { target: 'Alice', amount: '26' }).encounter;
    expect(named(encounter, 'Alice').pendingConcentrationDcs).toEqual([10, 13]);
    const first = pressConcentrationSave(encounter, ctx(alice, scripted(7)), 'Alice');
    expect(first.events[0]).toMatchObject({ dc: 10, total: 10, success: true });
    expect(named(first.encounter, 'Alice').pendingConcentrationDcs).toEqual([13]);
    const second = pressConcentrationSave(first.encounter, ctx(alice, scripted(2)), 'Alice');
    expect(named(second.encounter, 'Alice').pendingConcentrationDcs).toEqual([]);
    expect(refusalOf(() => pressConcentrationSave(second.encounter, ctx(alice, scripted(2)), 'Alice'))).toContain(
      'Alice has no concentration save to roll.',
    );
  });

  it('rolls the save at once when the encounter says so', () => {
    const hit = dealDamage(concentrating('dnd2024', { autoConcentrationSaves: true }), ctx(gm, scripted(6)), {
      target: 'Alice',
      amount: '25',
    });
    expect(kinds(hit)).toEqual(['damage-taken', 'rules:hp-lost', 'rules:concentration-save', 'concentration-save', 'effect-ended']);
    expect(hit.events[4]).toMatchObject({ reason: 'save-failed', effect: { name: 'Bless' } });
  });

  it('ends concentration, with no save, when the damage drops the caster', () => {
    const hit = dealDamage(concentrating(), ctx(gm), { target: 'Alice', amount: '100' });
    expect(kinds(hit)).not.toContain('concentration-check');
    expect(hit.events.find((e) => e.kind === 'effect-ended')).toMatchObject({ reason: 'broken', effect: { name: 'Bless' } });
    expect(named(hit.encounter, 'Alice').rules).toMatchObject({ hp: 0, concentration: null });
  });

  it('concentration checks stop once concentration is gone', () => {
    const encounter = dropConcentration(concentrating(), ctx(alice), 'Alice').encounter;
    expect(concentrationChecks(encounter, ctx(gm), named(encounter, 'Alice').id, [12]).events).toEqual([]);
  });
});

describe('starting and dropping concentration', () => {
  it('replaces the effect concentrated on before', () => {
    let encounter = startConcentration(table(), ctx(alice), { target: 'Alice', effect: 'Bless' }).encounter;
    const switched = startConcentration(encounter, ctx(alice), { target: 'Alice', effect: 'Web' });
    expect(kinds(switched)).toEqual(['effect-ended', 'concentration-started']);
    expect(switched.events[0]).toMatchObject({ reason: 'replaced', effect: { name: 'Bless' } });
    encounter = switched.encounter;
    expect(encounter.effects.map((e) => [e.kind, e.name, e.sourceId])).toEqual([['concentration', 'Web', named(encounter, 'Alice').id]]);
    expect(named(encounter, 'Alice').rules.concentration).toBe('Web');
  });

  it('ends the effects the concentration kept up when it is dropped', () => {
    const started = startConcentration(table(), ctx(alice), { target: 'Alice', effect: 'Hold Person' }).encounter;
    const goblin = named(started, 'Goblin').id;
    const held: Encounter = {
      ...started,
      effects: [
        ...started.effects,
        {
          id: 'e99',
          kind: 'concentration',
          name: 'Paralyzed',
          sourceId: null,
          targetId: goblin,
          startedRound: 0,
          expiry: null,
          concentrationId: started.effects[0]?.id ?? '',
          appliedBy: null,
          note: null,
          save: null,
          modifiers: [],
          shownToPlayers: true,
          savePending: false,
        },
      ],
    };
    const dropped = dropConcentration(held, ctx(alice), 'Alice');
    expect(dropped.events.map((e) => (e.kind === 'effect-ended' ? [e.effect.name, e.reason, e.combatant?.name] : e.kind))).toEqual([
      ['Hold Person', 'dropped', 'Alice'],
      ['Paralyzed', 'concentration-ended', 'Goblin'],
    ]);
    expect(dropped.encounter.effects).toEqual([]);
  });

  it('refuses what cannot be done, saying why', () => {
    expect(refusalOf(() => dropConcentration(table(), ctx(alice), 'Alice'))).toContain('Alice is not concentrating on anything.');
    expect(refusalOf(() => startConcentration(table(), ctx(bob), { target: 'Alice', effect: 'Bless' }))).toContain(
      "Only Alice's player, the game master (Gina) or a member with Manage Channels can start concentration for Alice.",
    );
    const dead = dealDamage(table(), ctx(gm), { target: 'Goblin', amount: '7' }).encounter;
    expect(refusalOf(() => startConcentration(dead, ctx(gm), { target: 'Goblin', effect: 'Bless' }))).toContain(
      'Goblin is dead and cannot concentrate.',
    );
  });
});

describe('healing, temporary HP and corrections', () => {
  it('heals from 0 HP and wakes the dying', () => {
    const down = dealDamage(table(), ctx(gm), { target: 'Alice', amount: '12' }).encounter;
    const healed = heal(down, ctx(bob, scripted(1, 3)), { target: 'Alice', amount: '2d4+2' });
    expect(named(healed.encounter, 'Alice').rules).toMatchObject({ hp: 6, deathSaves: { successes: 0, failures: 0 } });
    expect(kinds(healed)).toContain('rules:revived');
    expect(detailOf(healed)).toBe('Alice: healed 6');
  });

  it('gives temporary HP to anyone, keeping the larger pool unless the recipient takes the new ones', () => {
    const granted = grantTempHp(table(), ctx(alice), { target: 'Alice', amount: '8' });
    expect(named(granted.encounter, 'Alice').rules.tempHp).toBe(8);
    const smaller = grantTempHp(granted.encounter, ctx(alice), { target: 'Alice', amount: '5' });
    expect(smaller.events[0]).toMatchObject({ event: { kind: 'temp-hp-kept', tempHp: 8, offered: 5 } });
    expect(
      named(grantTempHp(granted.encounter, ctx(alice), { target: 'Alice', amount: '5', replace: true }).encounter, 'Alice').rules.tempHp,
    ).toBe(5);
    expect(named(grantTempHp(table(), ctx(bob), { target: 'Alice', amount: '5' }).encounter, 'Alice').rules.tempHp).toBe(5);
    expect(refusalOf(() => grantTempHp(granted.encounter, ctx(bob), { target: 'Alice', amount: '5', replace: true }))).toContain(
      "Only Alice's player, the game master (Gina) or a member with Manage Channels can replace Alice's temporary HP.",
    );
  });

  it('sets HP up to the maximum, bringing a dead monster back', () => {
    const dead = dealDamage(table(), ctx(gm), { target: 'Goblin', amount: '7' }).encounter;
    const back = setHp(dead, ctx(gm), { target: 'Goblin', amount: '5' });
    expect(named(back.encounter, 'Goblin').rules).toMatchObject({ hp: 5, dead: false });
    expect(back.events).toEqual([
      containing({ kind: 'hp-set', hp: 5, previous: 0 }),
      containing({ kind: 'rules', event: { kind: 'returned-to-life' } }),
    ]);
    expect(refusalOf(() => setHp(table(), ctx(alice), { target: 'Alice', amount: '13' }))).toContain(
      "Alice's HP can be at most 12; raise the maximum with `/hp max` first.",
    );
  });

  it('sets the maximum: full HP for a combatant that had none, HP capped for the others', () => {
    const joined = joinEncounter(fresh(), ctx(bob, scripted(10)), {}).encounter;
    const given = setMaxHp(joined, ctx(bob), { target: 'Bob', amount: '20' });
    expect(named(given.encounter, 'Bob')).toMatchObject({ hpKnown: true, rules: { hp: 20, maxHp: 20 } });
    const lowered = setMaxHp(table(), ctx(gm), { target: 'Alice', amount: '10' });
    expect(named(lowered.encounter, 'Alice').rules).toMatchObject({ hp: 10, maxHp: 10 });
    expect(detailOf(lowered)).toBe('Alice: maximum HP 12 → 10');
  });

  describe('2014 exhaustion level 4 halves the maximum the corrections allow', () => {
    /** Alice (12 HP maximum) at exhaustion 4, so at most 6 HP. */
    function exhausted(): Encounter {
      const encounter = table('dnd2014');
      const before = named(encounter, 'Alice');
      return replaceCombatant(encounter, {
        ...before,
        rules: { ...before.rules, hp: 6, tracks: { ...before.rules.tracks, exhaustion: 4 } },
      });
    }

    it('refuses HP above the halved maximum', () => {
      expect(refusalOf(() => setHp(exhausted(), ctx(gm, noDice, 'dnd2014'), { target: 'Alice', amount: '7' }))).toContain(
        "Alice's HP can be at most 6; raise the maximum with `/hp max` first.",
      );
    });

    it('caps HP at half the new maximum', () => {
      const lowered = setMaxHp(exhausted(), ctx(gm, noDice, 'dnd2014'), { target: 'Alice', amount: '10' });
      expect(named(lowered.encounter, 'Alice').rules).toMatchObject({ hp: 5, maxHp: 10 });
    });

    it('heals no further than the halved maximum', () => {
      const hurt = dealDamage(exhausted(), ctx(gm, noDice, 'dnd2014'), { target: 'Alice', amount: '4' }).encounter;
      const healed = heal(hurt, ctx(gm, noDice, 'dnd2014'), { target: 'Alice', amount: '10' });
      expect(named(healed.encounter, 'Alice').rules.hp).toBe(6);
    });
  });
});

describe("who may harm whom (issue 23 item 4): a player harms their own combatants and the game master's, another player's only where the server allows", () => {
  const withBram = (): Encounter => joinEncounter(table(), ctx(bob, noDice), { name: 'Bram', hp: 10, initiative: 5 }).encounter;
  const refusal =
    "Only Alice's player, the game master (Gina) or a member with Manage Channels can damage Alice: in this server players harm only their own combatants and the game master's (a server admin lets them harm anyone's with `/config harm players:anyone`).";

  it('Bob cannot damage Alice, nor put exhaustion on her with his own Bram as source, nor attack her; he may damage the Goblin and Bram', () => {
    const encounter = withBram();
    expect(refusalOf(() => dealDamage(encounter, ctx(bob), { target: 'Alice', amount: '100' }))).toBe(refusal);
    expect(refusalOf(() => addCondition(encounter, ctx(bob), { target: 'Alice', condition: 'Exhaustion', level: 6, source: 'Bram' }))).toBe(
      refusal.replace('can damage Alice', 'can put Exhaustion on Alice'),
    );
    const sword: AttackInput = {
      target: 'Alice',
      bonus: { parts: [{ bonus: 5, reason: 'attack bonus' }] },
      damage: '100',
      weapon: true,
      reach: 'melee',
    };
    expect(refusalOf(() => attack(encounter, ctx(bob, scripted(20)), sword))).toBe(refusal.replace('can damage Alice', 'can attack Alice'));
    expect(named(dealDamage(encounter, ctx(bob), { target: 'Goblin', amount: '3' }).encounter, 'Goblin').rules.hp).toBe(4);
    expect(named(dealDamage(encounter, ctx(bob), { target: 'Bram', amount: '3' }).encounter, 'Bram').rules.hp).toBe(7);
  });

  it('the game master harms anyone, and with `/config harm players:anyone` so does Bob; the rules of death are unchanged', () => {
    const encounter = withBram();
    expect(named(dealDamage(encounter, ctx(gm), { target: 'Alice', amount: '5' }).encounter, 'Alice').rules.hp).toBe(7);
    const killed = dealDamage(encounter, ctx(bob), { target: 'Alice', amount: '100', anyoneMayHarm: true });
    expect(named(killed.encounter, 'Alice').rules.dead).toBe(true);
  });
});
