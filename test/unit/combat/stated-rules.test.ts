import { rulesRefusalText } from '../../../src/views/refusals';
import { attack, type AttackInput } from '../../../src/combat/attacks';
import { addCondition, removeCondition } from '../../../src/combat/conditions';
import { dealDamage, heal, setHp } from '../../../src/combat/hit-points';
import { createRulesState, getRuleSet } from '../../../src/rules';
import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import { nextTurn } from '../../../src/combat/turns';
import type { CharacterEntry } from '../../../src/combat/inputs';
import type { Encounter } from '../../../src/combat/types';
import { RULESET_IDS, type RuleSetId } from '../../../src/rules/ids';
import { describeEvents } from '../../../src/views/encounter-text';
import { alice, bob, ctx, fresh, gm, named, noDice, refusalOf, scripted, detailOf } from './support';

// Issue 22: consequences the rule sets' catalogues and seeds state, applied by the commands they concern.

/** Alice (a player, 20 HP, AC 14, initiative 18) and a Goblin (30 HP, AC 13, initiative 12). */
function table(ruleSet: RuleSetId = 'dnd2024'): Encounter {
  const joined = joinEncounter(fresh(ruleSet), ctx(alice, noDice, ruleSet), { hp: 20, ac: 14, initiative: 18 }).encounter;
  return addMonsters(joined, ctx(gm, noDice, ruleSet), { name: 'Goblin', hp: 30, ac: 13, initiative: 12 }).encounter;
}

/** Alice's melee weapon attack at +5 (Str) on `target`. */
function swing(target: string, damage = '1d8+3'): AttackInput {
  return { target, bonus: { parts: [{ bonus: 5, reason: 'Str' }] }, damage, weapon: true, reach: 'melee' };
}

describe('damage reduced below 0 by a penalty deals 0, never a refusal (A5E [004])', () => {
  it.each(RULESET_IDS)('%s: /hp damage 1d4-3 rolling a 1 deals 0 damage', (ruleSet) => {
    const hit = dealDamage(table(ruleSet), ctx(gm, scripted(1), ruleSet), { target: 'Goblin', amount: '1d4-3' });
    expect(named(hit.encounter, 'Goblin').rules.hp).toBe(30);
    expect(describeEvents(hit)).toEqual(['🎲 1d4 (**1**) - 3 = `-2`', 'Goblin takes 0 damage.']);
  });

  it.each(RULESET_IDS)('%s: an /attack hit for 1d4-3 rolling a 1 deals 0 damage', (ruleSet) => {
    const hit = attack(table(ruleSet), ctx(alice, scripted(15, 1), ruleSet), swing('Goblin', '1d4-3'));
    expect(named(hit.encounter, 'Goblin').rules.hp).toBe(30);
    expect(detailOf(hit)).toBe('Alice → Goblin: hit, 0 damage');
  });

  it('a penalty on one typed part floors that part at 0 and leaves the other whole: 1d4-3 [slashing] + 1d6 [fire] rolling 1 and 4 deals 4', () => {
    const hit = dealDamage(table(), ctx(gm, scripted(1, 4)), { target: 'Goblin', amount: '1d4-3 [slashing] + 1d6 [fire]' });
    expect(named(hit.encounter, 'Goblin').rules.hp).toBe(26);
    expect(detailOf(hit)).toBe('Goblin: 0 slashing + 4 fire damage');
  });
});

describe('Petrified resists all damage, damage given without a type included (000 "Petrified")', () => {
  it.each(['dnd2024', 'crown-misery', 'dnd2014', 'a5e'] as const)('%s: a Petrified Goblin takes 5 of an untyped 11', (ruleSet) => {
    const stone = addCondition(table(ruleSet), ctx(gm, noDice, ruleSet), { target: 'Goblin', condition: 'Petrified' }).encounter;
    const hit = dealDamage(stone, ctx(gm, noDice, ruleSet), { target: 'Goblin', amount: '11' });
    expect(named(hit.encounter, 'Goblin').rules.hp).toBe(25);
    expect(describeEvents(hit)).toEqual(['Goblin takes 5 damage (halved: petrified) and is at 25 HP.']);
  });
});

describe('a condition implied by another and also given on its own stays when the implying one ends (the catalogues\' "includes")', () => {
  it.each(['dnd2024', 'crown-misery', 'dnd2014', 'a5e'] as const)(
    '%s: removing Stunned leaves the Incapacitated put on beside it, whichever came first',
    (ruleSet) => {
      const gmCtx = ctx(gm, noDice, ruleSet);
      for (const order of [
        ['Stunned', 'Incapacitated'],
        ['Incapacitated', 'Stunned'],
      ]) {
        const both = order.reduce((e, condition) => addCondition(e, gmCtx, { target: 'Goblin', condition }).encounter, table(ruleSet));
        const removed = removeCondition(both, gmCtx, { target: 'Goblin', condition: 'Stunned' });
        expect(named(removed.encounter, 'Goblin').rules.conditions).toEqual(['incapacitated']);
        expect(describeEvents(removed)).toEqual(['Stunned on Goblin ends.']);
      }
    },
  );

  it.each(['dnd2024', 'crown-misery', 'dnd2014', 'a5e'] as const)(
    '%s: waking from 0 HP ends Unconscious, and the Incapacitated given on its own stays with Prone',
    (ruleSet) => {
      const gmCtx = ctx(gm, noDice, ruleSet);
      const down = dealDamage(table(ruleSet), gmCtx, { target: 'Alice', amount: '20' }).encounter;
      const held = addCondition(down, gmCtx, { target: 'Alice', condition: 'Incapacitated' }).encounter;
      const healed = heal(held, gmCtx, { target: 'Alice', amount: '3' });
      expect(named(healed.encounter, 'Alice').rules.conditions).toEqual(['incapacitated', 'prone']);
      expect(healed.encounter.effects.map((e) => e.name)).toEqual(['Incapacitated']);
    },
  );

  it('dnd-next, which has no Incapacitated: Prone given on its own stays when Paralyzed ends', () => {
    const gmCtx = ctx(gm, noDice, 'dnd-next');
    const prone = addCondition(table('dnd-next'), gmCtx, { target: 'Goblin', condition: 'Prone' }).encounter;
    const both = addCondition(prone, gmCtx, { target: 'Goblin', condition: 'Paralyzed' }).encounter;
    const removed = removeCondition(both, gmCtx, { target: 'Goblin', condition: 'Paralyzed' });
    expect(named(removed.encounter, 'Goblin').rules.conditions).toEqual(['prone']);
  });
});

describe('regaining hit points by any command ends the unconsciousness of a creature at 0 HP; Prone stays (000 "Unconscious", 004)', () => {
  it.each(RULESET_IDS)('%s: /hp set 5 on Alice, dying at 0 HP, wakes her', (ruleSet) => {
    const gmCtx = ctx(gm, noDice, ruleSet);
    const down = dealDamage(table(ruleSet), gmCtx, { target: 'Alice', amount: '20' }).encounter;
    expect(named(down, 'Alice').rules.conditions).toContain('unconscious');
    const set = setHp(down, gmCtx, { target: 'Alice', amount: '5' });
    expect(named(set.encounter, 'Alice').rules).toMatchObject({ hp: 5, conditions: ['prone'], stable: false });
    const woken = ruleSet === 'dnd-next' ? 'Unconscious' : 'Unconscious or Incapacitated';
    expect(describeEvents(set)).toEqual(['Alice is now at 5 HP (was 0).', `Alice is conscious again. Alice is no longer ${woken}.`]);
  });

  it.each(['dnd2014', 'dnd-next', 'a5e'] as const)('%s: a short rest at 0 HP that rolls a Hit Die wakes the creature', (ruleSet) => {
    const rules = getRuleSet(ruleSet);
    const down = rules.addCondition(
      createRulesState({ hp: 0, maxHp: 20, isPlayerCharacter: true, conScore: 14, hitDice: [{ sides: 8, total: 3, remaining: 3 }] }),
      'unconscious',
    );
    if (!down.ok) throw new Error(rulesRefusalText(down.reason));
    const rested = rules.shortRest(down.value.state, { spend: [{ sides: 8, count: 1 }], healersKit: true }, scripted(5));
    if (!rested.ok) throw new Error(rulesRefusalText(rested.reason));
    expect(rested.value.state).toMatchObject({ hp: 7, conditions: ['prone'] });
    expect(rested.value.events.map((e) => e.kind)).toContain('revived');
  });
});

describe('a creature that died with exhaustion comes back with one level fewer (000 and 001 "Dead")', () => {
  /** Alice dropped to 0 HP, then hit three times more: three failed death saves. */
  function killed(encounter: Encounter, ruleSet: RuleSetId): Encounter {
    return ['20', '1', '1', '1'].reduce(
      (e, amount) => dealDamage(e, ctx(gm, noDice, ruleSet), { target: 'Alice', amount }).encounter,
      encounter,
    );
  }

  it.each(['dnd2024', 'crown-misery'] as const)('%s: /hp set 1 on Alice, dead at Exhaustion 3, leaves her at Exhaustion 2', (ruleSet) => {
    const gmCtx = ctx(gm, noDice, ruleSet);
    const tired = addCondition(table(ruleSet), gmCtx, { target: 'Alice', condition: 'Exhaustion', level: 3 }).encounter;
    const dead = killed(tired, ruleSet);
    expect(named(dead, 'Alice').rules.dead).toBe(true);
    const back = setHp(dead, gmCtx, { target: 'Alice', amount: '1' });
    expect(named(back.encounter, 'Alice').rules).toMatchObject({ hp: 1, dead: false, tracks: { exhaustion: 2 } });
    expect(describeEvents(back)).toEqual([
      'Alice is now at 1 HP (was 0).',
      'Alice is alive again. Alice loses 1 level of Exhaustion (now 2). Alice is no longer Unconscious or Incapacitated.',
    ]);
  });

  it('a5e, following the A5E SRD (RULES.md §16e): fatigue 2 and strife 1 come back as 1 and 0', () => {
    const gmCtx = ctx(gm, noDice, 'a5e');
    const worn = ['Fatigue', 'Fatigue', 'Strife'].reduce(
      (e, condition) => addCondition(e, gmCtx, { target: 'Alice', condition }).encounter,
      table('a5e'),
    );
    const back = setHp(killed(worn, 'a5e'), gmCtx, { target: 'Alice', amount: '1' });
    expect(named(back.encounter, 'Alice').rules.tracks).toEqual({ exhaustion: 0, fatigue: 1, strife: 0 });
  });

  it('dnd2014 has no such rule: Exhaustion 3 stays', () => {
    const gmCtx = ctx(gm, noDice, 'dnd2014');
    const tired = addCondition(table('dnd2014'), gmCtx, { target: 'Alice', condition: 'Exhaustion', level: 3 }).encounter;
    const dead = killed(tired, 'dnd2014');
    const back = setHp(dead, gmCtx, { target: 'Alice', amount: '1' });
    expect(named(back.encounter, 'Alice').rules).toMatchObject({ dead: false, tracks: { exhaustion: 3 } });
  });
});

describe('a stored character\'s lasting conditions and exhaustion are in force for its initiative roll at /init join (000 "Initiative", "Incapacitated")', () => {
  /** Bob's character, Initiative +2, arriving with what its sheet records. */
  function arriving(ruleSet: RuleSetId, dice: number[], carried: Pick<CharacterEntry, 'conditions'> & Partial<CharacterEntry>): number {
    const character: CharacterEntry = {
      characterId: 'char-bob',
      hp: 12,
      tempHp: 0,
      level: 3,
      conScore: 12,
      saves: {},
      tracks: { exhaustion: 0, fatigue: 0, strife: 0 },
      hitDice: [],
      dead: false,
      ...carried,
    };
    const joined = joinEncounter(fresh(ruleSet), ctx(bob, scripted(...dice), ruleSet), { name: 'Bram', hp: 12, initMod: 2, character });
    return named(joined.encounter, 'Bram').initiative.total;
  }

  it.each(['dnd2024', 'crown-misery'] as const)(
    '%s: Petrified (so Incapacitated) rolls 15 and 4 with disadvantage: 4 + 2 = 6',
    (ruleSet) => {
      expect(arriving(ruleSet, [15, 4], { conditions: ['petrified', 'incapacitated'] })).toBe(6);
    },
  );

  it.each(['dnd2024', 'crown-misery'] as const)('%s: Exhaustion 2 takes 4 off: 15 + 2 - 4 = 13', (ruleSet) => {
    expect(arriving(ruleSet, [15], { conditions: [], tracks: { exhaustion: 2, fatigue: 0, strife: 0 } })).toBe(13);
  });

  it('dnd2014: Exhaustion 1 (disadvantage on ability checks) rolls 15 and 4: 4 + 2 = 6', () => {
    expect(arriving('dnd2014', [15, 4], { conditions: [], tracks: { exhaustion: 1, fatigue: 0, strife: 0 } })).toBe(6);
  });

  it('a5e: Fatigue 2 (disadvantage on Dexterity checks) rolls 15 and 4: 4 + 2 = 6', () => {
    expect(arriving('a5e', [15, 4], { conditions: [], tracks: { exhaustion: 0, fatigue: 2, strife: 0 } })).toBe(6);
  });
});

describe('the Dodge on Dexterity saves the bot rolls: advantage (000 and 003 "Dodge", 004), +4 in Next (002 "Dodge")', () => {
  /** The Goblin dodging, under a Web it repeats a DC 12 Dexterity save against at the end of its turns, on its own turn in round 1. */
  function webbed(ruleSet: RuleSetId): Encounter {
    const gmCtx = ctx(gm, noDice, ruleSet);
    let encounter = addCondition(table(ruleSet), gmCtx, { target: 'Goblin', condition: 'Dodge' }).encounter;
    encounter = addCondition(encounter, gmCtx, { target: 'Goblin', condition: 'Web', save: 'dex', dc: 12 }).encounter;
    return nextTurn(nextTurn(encounter, gmCtx).encounter, gmCtx).encounter;
  }

  it.each(['dnd2024', 'crown-misery', 'dnd2014', 'a5e'] as const)(
    '%s: the repeat save rolls 4 and 15 with advantage and ends the Web',
    (ruleSet) => {
      const ended = nextTurn(webbed(ruleSet), ctx(gm, scripted(4, 15), ruleSet));
      expect(ended.events.find((e) => e.kind === 'repeat-save')).toMatchObject({ rolls: [4, 15], total: 15, success: true });
      expect(describeEvents(ended)).toContain(
        'Goblin repeats its Dexterity save against Web (DC 12): d20 15 (of 4, 15) = 15, the effect ends.',
      );
    },
  );

  it('dnd-next: the repeat save rolls 9 + 4 (Dodge) = 13 and ends the Web', () => {
    const ended = nextTurn(webbed('dnd-next'), ctx(gm, scripted(9), 'dnd-next'));
    expect(ended.events.find((e) => e.kind === 'repeat-save')).toMatchObject({ rolls: [9], total: 13, success: true });
  });

  it.each(RULESET_IDS)('%s: a Stunned dodger gains nothing, its Dexterity save failing outright', (ruleSet) => {
    const stunned = addCondition(webbed(ruleSet), ctx(gm, noDice, ruleSet), { target: 'Goblin', condition: 'Stunned' }).encounter;
    const ended = nextTurn(stunned, ctx(gm, scripted(18), ruleSet));
    expect(ended.events.find((e) => e.kind === 'repeat-save')).toMatchObject({ rolls: [18], autoFail: 'Stunned', success: false });
  });
});

describe('D&D Next: an effect lasting rounds ends at the start of the turn on which it began, unless it says otherwise (002)', () => {
  /** Alice (18), the Goblin (12) and a Wolf (5); round 1, Alice's turn. */
  function aliceTurn(ruleSet: RuleSetId): Encounter {
    const three = addMonsters(table(ruleSet), ctx(gm, noDice, ruleSet), { name: 'Wolf', hp: 11, initiative: 5 }).encounter;
    return nextTurn(three, ctx(gm, noDice, ruleSet)).encounter;
  }

  function blinded(encounter: Encounter): boolean {
    return named(encounter, 'Goblin').rules.conditions.includes('blinded');
  }

  it("Alice blinds the Goblin for 1 round on her turn: it lasts through the Wolf's turn and ends as her next turn starts", () => {
    const next = ctx(gm, noDice, 'dnd-next');
    const added = addCondition(aliceTurn('dnd-next'), next, { target: 'Goblin', condition: 'Blinded', duration: 1, source: 'Alice' });
    expect(describeEvents(added)[0]).toBe("Goblin is now **Blinded** (from Alice) for 1 round, until the start of Alice's turn.");
    const wolfTurn = nextTurn(nextTurn(added.encounter, next).encounter, next).encounter;
    expect(blinded(wolfTurn)).toBe(true);
    const round2 = nextTurn(wolfTurn, next);
    expect(blinded(round2.encounter)).toBe(false);
    expect(describeEvents(round2)).toContain('Blinded on Goblin ends.');
  });

  it("without a source it counts from the turn it began on, Alice's, not the Goblin's", () => {
    const next = ctx(gm, noDice, 'dnd-next');
    const added = addCondition(aliceTurn('dnd-next'), next, { target: 'Goblin', condition: 'Blinded', duration: 1 });
    expect(describeEvents(added)[0]).toBe("Goblin is now **Blinded** for 1 round, until the start of Alice's turn.");
    const wolfTurn = nextTurn(nextTurn(added.encounter, next).encounter, next).encounter;
    expect(blinded(wolfTurn)).toBe(true);
    expect(blinded(nextTurn(wolfTurn, next).encounter)).toBe(false);
  });

  it('ends:end keeps it through her next turn', () => {
    const next = ctx(gm, noDice, 'dnd-next');
    const added = addCondition(aliceTurn('dnd-next'), next, {
      target: 'Goblin',
      condition: 'Blinded',
      duration: 1,
      source: 'Alice',
      ends: 'end',
    });
    const round2 = nextTurn(nextTurn(nextTurn(added.encounter, next).encounter, next).encounter, next).encounter;
    expect(blinded(round2)).toBe(true);
    expect(blinded(nextTurn(round2, next).encounter)).toBe(false);
  });

  it.each(['dnd2024', 'crown-misery', 'dnd2014', 'a5e'] as const)("%s keeps its default: the end of the source's turn", (ruleSet) => {
    const rules = ctx(gm, noDice, ruleSet);
    const added = addCondition(aliceTurn(ruleSet), rules, { target: 'Goblin', condition: 'Blinded', duration: 1, source: 'Alice' });
    expect(describeEvents(added)[0]).toBe("Goblin is now **Blinded** (from Alice) for 1 round, until the end of Alice's turn.");
  });
});

describe('a charmed creature can\'t attack its charmer, the condition\'s source (000 "Charmed", 002)', () => {
  /** Alice charmed by the Goblin, a Wolf beside it. */
  function charmed(ruleSet: RuleSetId): Encounter {
    const three = addMonsters(table(ruleSet), ctx(gm, noDice, ruleSet), { name: 'Wolf', hp: 11, ac: 13, initiative: 5 }).encounter;
    return addCondition(three, ctx(gm, noDice, ruleSet), { target: 'Alice', condition: 'Charmed', source: 'Goblin' }).encounter;
  }

  it.each(RULESET_IDS)('%s: /attack on the Goblin is refused, saying why; the Wolf may be attacked', (ruleSet) => {
    expect(refusalOf(() => attack(charmed(ruleSet), ctx(alice, noDice, ruleSet), swing('Goblin')))).toBe(
      'Alice is Charmed by Goblin and cannot attack it.',
    );
    const hit = attack(charmed(ruleSet), ctx(alice, scripted(15, 4), ruleSet), swing('Wolf'));
    expect(detailOf(hit)).toBe('Alice → Wolf: hit, 7 damage');
  });
});

describe('a grappled creature has disadvantage on attacks against anyone but its grappler, the condition\'s source (000 "Grappled")', () => {
  /** Alice grappled by the Goblin, a Wolf beside it. */
  function grappled(ruleSet: RuleSetId, source: { source?: string } = { source: 'Goblin' }): Encounter {
    const three = addMonsters(table(ruleSet), ctx(gm, noDice, ruleSet), { name: 'Wolf', hp: 11, ac: 13, initiative: 5 }).encounter;
    return addCondition(three, ctx(gm, noDice, ruleSet), { target: 'Alice', condition: 'Grappled', ...source }).encounter;
  }

  function rolled(transition: ReturnType<typeof attack>): { rolls: number[]; disadvantage: string[] } {
    const event = transition.events[0];
    if (event?.kind !== 'attack-rolled') throw new Error('no attack was rolled');
    return { rolls: event.rolls, disadvantage: event.disadvantage.map((d) => d.reason) };
  }

  it.each(['dnd2024', 'crown-misery'] as const)(
    '%s: against the Wolf, 15 and 4 with disadvantage; against the Goblin, one d20',
    (ruleSet) => {
      expect(rolled(attack(grappled(ruleSet), ctx(alice, scripted(15, 4), ruleSet), swing('Wolf')))).toEqual({
        rolls: [15, 4],
        disadvantage: ['Grappled'],
      });
      expect(rolled(attack(grappled(ruleSet), ctx(alice, scripted(15, 4), ruleSet), swing('Goblin')))).toEqual({
        rolls: [15],
        disadvantage: [],
      });
    },
  );

  it('dnd2024: with no grappler named, every target is another than the grappler', () => {
    expect(rolled(attack(grappled('dnd2024', {}), ctx(alice, scripted(15, 4)), swing('Goblin')))).toEqual({
      rolls: [15, 4],
      disadvantage: ['Grappled'],
    });
  });

  it.each(['dnd2014', 'a5e'] as const)('%s Grappled has no such clause: one d20 against the Wolf', (ruleSet) => {
    expect(rolled(attack(grappled(ruleSet), ctx(alice, scripted(15, 4), ruleSet), swing('Wolf')))).toEqual({
      rolls: [15],
      disadvantage: [],
    });
  });
});

describe('D&D Next: Ethereal halves damage across the boundary, both ways (002 "Ethereal")', () => {
  function hitFor(ethereal: string[]): number {
    const next = ctx(gm, noDice, 'dnd-next');
    const encounter = ethereal.reduce((e, target) => addCondition(e, next, { target, condition: 'Ethereal' }).encounter, table('dnd-next'));
    const hit = attack(encounter, ctx(alice, scripted(15, 5), 'dnd-next'), swing('Goblin', '1d8+3 [slashing]'));
    return 30 - named(hit.encounter, 'Goblin').rules.hp;
  }

  it('an ethereal attacker deals half of 8 to a creature that is not: 4', () => {
    expect(hitFor(['Alice'])).toBe(4);
  });

  it('an attacker that is not ethereal deals half to an ethereal one: 4', () => {
    expect(hitFor(['Goblin'])).toBe(4);
  });

  it('two ethereal creatures deal each other full damage: 8', () => {
    expect(hitFor(['Alice', 'Goblin'])).toBe(8);
  });
});
