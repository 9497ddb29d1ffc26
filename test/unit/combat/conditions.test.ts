import { addCondition, removeCondition } from '../../../src/combat/conditions';
import { dropConcentration, startConcentration } from '../../../src/combat/concentration';
import { dealDamage, heal } from '../../../src/combat/hit-points';
import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import { nextTurn } from '../../../src/combat/turns';
import type { Encounter } from '../../../src/combat/types';
import type { RuleSetId } from '../../../src/rules/ids';
import { describeEvents } from '../../../src/views/encounter-text';
import { conditionListReply } from '../../../src/views/condition-list';
import { resultReply } from '../../../src/views/encounter-replies';
import { combatantLine } from '../../../src/views/tracker';
import { alice, bob, ctx, fresh, gm, named, noDice, refusalOf, scripted, detailOf } from './support';
import { perRuleSet } from '../rules/support';

/** Alice (18, 12 HP), Goblin 1 and 2 (12, 7 HP), before round 1. */
function party(ruleSet: RuleSetId = 'dnd2024'): Encounter {
  let encounter = fresh(ruleSet, { autoConcentrationSaves: true });
  encounter = joinEncounter(encounter, ctx(alice, noDice, ruleSet), { hp: 12, initiative: 18 }).encounter;
  return addMonsters(encounter, ctx(gm, noDice, ruleSet), { name: 'Goblin', count: 2, hp: 7, initiative: 12 }).encounter;
}

function nexts(encounter: Encounter, count: number, ruleSet: RuleSetId = 'dnd2024'): { encounter: Encounter; said: string[] } {
  let next = encounter;
  let said: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const turn = nextTurn(next, ctx(gm, noDice, ruleSet));
    next = turn.encounter;
    said = describeEvents(turn);
  }
  return { encounter: next, said };
}

function line(encounter: Encounter, name: string): string {
  return combatantLine(named(encounter, name), encounter, 'game-master');
}

describe('/condition add puts the catalogue condition and what it implies on the target', () => {
  it.each(
    perRuleSet<string[]>({
      dnd2024: ['unconscious', 'incapacitated', 'prone'],
      dnd2014: ['unconscious', 'incapacitated', 'prone'],
      'crown-misery': ['unconscious', 'incapacitated', 'prone'],
      'dnd-next': ['unconscious', 'prone'],
      a5e: ['unconscious', 'incapacitated', 'prone'],
    }),
  )('%s: Unconscious brings %j', (ruleSet, expected) => {
    const added = addCondition(party(ruleSet), ctx(gm, noDice, ruleSet), { target: 'Goblin 1', condition: 'unconscious' });
    expect(named(added.encounter, 'Goblin 1').rules.conditions).toEqual(expected);
    expect(describeEvents(added)[0]).toBe('Goblin 1 is now **Unconscious**.');
  });

  it('removing Unconscious takes Incapacitated with it, but Prone stays until removed', () => {
    const added = addCondition(party(), ctx(gm), { target: 'Alice', condition: 'Unconscious' }).encounter;
    const woken = removeCondition(added, ctx(gm), { target: 'Alice', condition: 'Unconscious' });
    expect(named(woken.encounter, 'Alice').rules.conditions).toEqual(['prone']);
    expect(describeEvents(woken)).toEqual(['Unconscious on Alice ends.', 'Alice is no longer Incapacitated.']);
    const stood = removeCondition(woken.encounter, ctx(alice), { target: 'Alice', condition: 'prone' });
    expect(named(stood.encounter, 'Alice').rules.conditions).toEqual([]);
  });

  it('Petrified makes a creature immune to Poisoned, and says so', () => {
    const stone = addCondition(party(), ctx(gm), { target: 'Goblin 1', condition: 'Petrified' }).encounter;
    const poisoned = addCondition(stone, ctx(gm), { target: 'Goblin 1', condition: 'Poisoned' });
    expect(named(poisoned.encounter, 'Goblin 1').rules.conditions).toEqual(['petrified', 'incapacitated']);
    expect(poisoned.encounter.effects.filter((e) => e.name === 'Poisoned')).toEqual([]);
  });

  it('an unknown name is a custom effect, shown with its markdown escaped', () => {
    const added = addCondition(party(), ctx(gm), { target: 'Alice', condition: 'Bless *blessed*' });
    expect(added.encounter.effects).toEqual([
      expect.objectContaining({ kind: 'effect', name: 'Bless *blessed*', targetId: named(added.encounter, 'Alice').id }),
    ]);
    expect(named(added.encounter, 'Alice').rules.conditions).toEqual([]);
    expect(describeEvents(added)).toEqual(['Alice is now **Bless \\*blessed\\***.']);
  });
});

describe('level tracks', () => {
  it.each([
    ['dnd2024', 'Exhaustion', 6],
    ['dnd2014', 'Exhaustion', 6],
    ['a5e', 'Fatigue', 7],
    ['a5e', 'Strife', 7],
  ] as const)('%s: %s goes up to %i; one more is refused and nothing changes', (ruleSet, track, max) => {
    const encounter = party(ruleSet);
    const raised = addCondition(encounter, ctx(gm, noDice, ruleSet), { target: 'Alice', condition: track, level: max - 1 });
    expect(line(raised.encounter, 'Alice')).toContain(`${track} ${max - 1}`);
    expect(refusalOf(() => addCondition(encounter, ctx(gm, noDice, ruleSet), { target: 'Alice', condition: track, level: max + 1 }))).toBe(
      `${track} goes from 1 to ${max} levels.`,
    );
  });

  it('2024: exhaustion 2 takes 4 off a concentration save (RULES.md §16b)', () => {
    let encounter = addCondition(party(), ctx(gm), { target: 'Alice', condition: 'Exhaustion', level: 2 }).encounter;
    encounter = startConcentration(encounter, ctx(alice), { target: 'Alice', effect: 'Bless' }).encounter;
    // d20 10 − 4 = 6 against DC 10: concentration is lost (10 would have kept it).
    const hit = dealDamage(encounter, ctx(gm, scripted(10)), { target: 'Alice', amount: '3' });
    expect(hit.events).toContainEqual(expect.objectContaining({ kind: 'concentration-save', rolls: [10], total: 6, success: false }));
  });

  it('2024 and 2014: exhaustion 6 kills', () => {
    for (const ruleSet of ['dnd2024', 'dnd2014'] as const) {
      const dead = addCondition(party(ruleSet), ctx(gm, noDice, ruleSet), { target: 'Alice', condition: 'Exhaustion', level: 6 });
      expect(named(dead.encounter, 'Alice').rules.dead).toBe(true);
    }
  });

  it('A5E: fatigue 7 dooms', () => {
    const doomed = addCondition(party('a5e'), ctx(gm, noDice, 'a5e'), { target: 'Alice', condition: 'Fatigue', level: 7 });
    expect(named(doomed.encounter, 'Alice').rules.conditions).toContain('doomed');
  });

  it('remove lowers a track by `levels`, or clears it', () => {
    const tired = addCondition(party(), ctx(gm), { target: 'Alice', condition: 'Exhaustion', level: 3 }).encounter;
    const rested = removeCondition(tired, ctx(gm), { target: 'Alice', condition: 'Exhaustion', levels: 1 }).encounter;
    expect(named(rested, 'Alice').rules.tracks.exhaustion).toBe(2);
    expect(
      named(removeCondition(rested, ctx(gm), { target: 'Alice', condition: 'Exhaustion' }).encounter, 'Alice').rules.tracks.exhaustion,
    ).toBe(0);
  });
});

describe('bad input is refused and nothing is applied', () => {
  const encounter = party();
  it.each([
    [{ condition: 'Poisoned', level: 2 }, 'Poisoned has no levels: leave out `level`.'],
    [
      { condition: 'Poisoned', duration: 0 },
      '`duration` counts rounds, from 1 to 1000; leave it out for an effect that lasts until removed.',
    ],
    [
      { condition: 'Poisoned', duration: 1001 },
      '`duration` counts rounds, from 1 to 1000; leave it out for an effect that lasts until removed.',
    ],
    [{ condition: 'Hold Person', save: 'wis' as const }, 'A "save ends" effect needs both `save` (the ability) and `dc`.'],
    [
      { condition: 'Exhaustion', duration: 2 },
      'Exhaustion has no duration or repeat save: it lasts until `/condition remove` or a rest lowers it.',
    ],
  ])('%j', (input, message) => {
    expect(refusalOf(() => addCondition(encounter, ctx(gm), { target: 'Goblin 1', ...input }))).toBe(message);
  });

  it('2014 has no Doomed: the refusal names the catalogue', () => {
    expect(refusalOf(() => addCondition(party('dnd2014'), ctx(gm, noDice, 'dnd2014'), { target: 'Alice', condition: 'Doomed' }))).toBe(
      'Doomed is not a condition in the 5e 2014 rules. Their conditions are Blinded, Charmed, Deafened, Frightened, Grappled, Incapacitated, Invisible, Paralyzed, Petrified, Poisoned, Prone, Restrained, Stunned, Unconscious, Exhaustion.',
    );
  });

  it('removing what is not there is refused', () => {
    expect(refusalOf(() => removeCondition(encounter, ctx(gm), { target: 'Alice', condition: 'Poisoned' }))).toBe(
      'Alice has no Poisoned to remove.',
    );
  });
});

describe('permissions', () => {
  it('a player may not put conditions on a monster, but may add an effect they cause', () => {
    const encounter = party();
    expect(refusalOf(() => addCondition(encounter, ctx(alice), { target: 'Goblin 1', condition: 'Poisoned' }))).toBe(
      'Only the game master (Gina) or a member with Manage Channels can put Poisoned on Goblin 1.',
    );
    const caused = addCondition(encounter, ctx(alice), { target: 'Goblin 1', condition: 'Frightened', source: 'Alice' }).encounter;
    expect(named(caused, 'Goblin 1').rules.conditions).toEqual(['frightened']);
    expect(
      named(removeCondition(caused, ctx(alice), { target: 'Goblin 1', condition: 'Frightened' }).encounter, 'Goblin 1').rules.conditions,
    ).toEqual([]);
  });

  it("a player cannot lift what the game master put on a monster, nor touch another player's combatant", () => {
    let encounter = addCondition(party(), ctx(gm), { target: 'Goblin 1', condition: 'Restrained' }).encounter;
    encounter = joinEncounter(encounter, ctx(bob), { name: 'Bram', hp: 10, initiative: 5 }).encounter;
    expect(refusalOf(() => removeCondition(encounter, ctx(alice), { target: 'Goblin 1', condition: 'Restrained' }))).toBe(
      'Only the game master (Gina) or a member with Manage Channels can remove Restrained from Goblin 1.',
    );
    expect(refusalOf(() => addCondition(encounter, ctx(alice), { target: 'Bram', condition: 'Prone' }))).toBe(
      "Only Bram's player, the game master (Gina) or a member with Manage Channels can put Prone on Bram.",
    );
  });
});

describe('damage an effect deals as it runs out', () => {
  it("is harm: a player may not put it on another player's combatant, though they may on a monster", () => {
    const encounter = joinEncounter(party(), ctx(bob), { name: 'Bram', hp: 10, initiative: 5 }).encounter;
    const curse = { condition: 'Curse', source: 'Alice', duration: 1, modifiers: 'expiry-damage:+10d10 [necrotic]' };
    expect(refusalOf(() => addCondition(encounter, ctx(alice), { ...curse, target: 'Bram' }))).toBe(
      "Only Bram's player, the game master (Gina) or a member with Manage Channels can put Curse on Bram: in this server players harm only their own combatants and the game master's (a server admin lets them harm anyone's with `/config harm players:anyone`).",
    );
    const cursed = addCondition(encounter, ctx(alice), { ...curse, target: 'Goblin 1' }).encounter;
    expect(cursed.effects.map((e) => e.name)).toEqual(['Curse']);
  });

  it("counts toward the dice an effect's modifiers may stack to on one combatant", () => {
    // Three terms of the most dice one term takes: 30 on the first effect, 60 with the second, past 40.
    const heavy = {
      condition: 'Curse',
      source: 'Alice',
      duration: 1,
      modifiers: 'expiry-damage:+10d10, expiry-damage:+10d10, expiry-damage:+10d10',
    };
    const once = addCondition(party(), ctx(alice), { ...heavy, target: 'Goblin 1' }).encounter;
    expect(refusalOf(() => addCondition(once, ctx(alice), { ...heavy, condition: 'Hex', target: 'Goblin 1' }))).toBe(
      'Together, the effects on Goblin 1 would roll 60 dice of bonuses and damage, past 40: that is more than any table needs, so it is refused.',
    );
  });
});

describe('a player lifts only what they put on (issue 23 item 6)', () => {
  it("Alice's own Incapacitated on a Paralyzed goblin ends, but the goblin stays Incapacitated by the game master's Paralyzed", () => {
    const paralyzed = addCondition(party(), ctx(gm), { target: 'Goblin 1', condition: 'Paralyzed' }).encounter;
    const doubled = addCondition(paralyzed, ctx(alice), { target: 'Goblin 1', condition: 'Incapacitated', source: 'Alice' }).encounter;
    const lifted = removeCondition(doubled, ctx(alice), { target: 'Goblin 1', condition: 'Incapacitated' });
    expect(named(lifted.encounter, 'Goblin 1').rules.conditions).toEqual(['paralyzed', 'incapacitated']);
    expect(describeEvents(lifted)).toEqual(['Incapacitated on Goblin 1 ends.']);
  });

  it("the game master's own Incapacitated stays when Alice lifts the one she added", () => {
    const held = addCondition(party(), ctx(gm), { target: 'Goblin 1', condition: 'Incapacitated' }).encounter;
    const doubled = addCondition(held, ctx(alice), { target: 'Goblin 1', condition: 'Incapacitated', source: 'Alice' }).encounter;
    const lifted = removeCondition(doubled, ctx(alice), { target: 'Goblin 1', condition: 'Incapacitated' }).encounter;
    expect(named(lifted, 'Goblin 1').rules.conditions).toEqual(['incapacitated']);
    expect(lifted.effects.map((e) => e.appliedBy)).toEqual(['gm']);
  });
});

describe("a hidden monster's private conditions are no oracle (issue 23 item 2)", () => {
  it('a player asking to remove Blinded gets one refusal whether the hidden Ogre has it or not', () => {
    const ogre = addMonsters(party(), ctx(gm), { name: 'Ogre', hp: 59, initiative: 8, hidden: true }).encounter;
    const blinded = addCondition(ogre, ctx(gm), { target: 'Ogre', condition: 'Blinded' }).encounter;
    const lacking = refusalOf(() => removeCondition(ogre, ctx(alice), { target: 'Ogre', condition: 'Blinded' }));
    const having = refusalOf(() => removeCondition(blinded, ctx(alice), { target: 'Ogre', condition: 'Blinded' }));
    expect(having).toBe('Only the game master (Gina) or a member with Manage Channels can remove Blinded from Ogre.');
    expect(lacking).toBe(having);
  });

  it("a player's Poisoned on a privately Petrified hidden Ogre is told it does nothing, not why; the game master reads why", () => {
    const ogre = addMonsters(party(), ctx(gm), { name: 'Ogre', hp: 59, initiative: 8, hidden: true }).encounter;
    const petrified = addCondition(ogre, ctx(gm), { target: 'Ogre', condition: 'Petrified' }).encounter;
    const poisoned = addCondition(petrified, ctx(alice), { target: 'Ogre', condition: 'Poisoned', source: 'Alice' });
    expect(describeEvents(poisoned)).toEqual(['Ogre is immune to Poisoned.']);
    expect(describeEvents(poisoned, true)).toEqual(['Ogre is immune to Poisoned while Petrified.']);
  });
});

describe('caps on effects and on what they add up to (issue 23 item 1)', () => {
  const bless = (encounter: Encounter, name: string, modifiers: string): Encounter =>
    addCondition(encounter, ctx(alice), { target: 'Alice', condition: name, modifiers, source: 'Alice' }).encounter;

  it('AC from stacked effects stops at +20: a third ac:+10 is refused', () => {
    const twice = bless(bless(party(), 'Shield 1', 'ac:+10'), 'Shield 2', 'ac:+10');
    expect(refusalOf(() => bless(twice, 'Shield 3', 'ac:+10'))).toBe(
      'Together, the effects on Alice would change AC by 30, past ±20: that is more than any table needs, so it is refused.',
    );
  });

  it('dice rolled with one roll from every effect stop at 40: a fifth save:+10d100 is refused', () => {
    let encounter = party();
    for (let i = 1; i <= 4; i += 1) encounter = bless(encounter, `Boon ${i}`, 'save:+10d100');
    expect(refusalOf(() => bless(encounter, 'Boon 5', 'save:+10d100'))).toBe(
      'Together, the effects on Alice would roll 50 dice of bonuses and damage, past 40: that is more than any table needs, so it is refused.',
    );
  });

  it("a player's refusal tells nothing of a hidden monster's private effects: they count what they can see", () => {
    let ogre = addMonsters(party(), ctx(gm), { name: 'Ogre', hp: 59, initiative: 8, hidden: true }).encounter;
    for (let i = 1; i <= 20; i += 1)
      ogre = addCondition(ogre, ctx(gm), { target: 'Ogre', condition: `Secret ${i}`, modifiers: 'ac:+1' }).encounter;
    expect(refusalOf(() => addCondition(ogre, ctx(gm), { target: 'Ogre', condition: 'Secret 21' }))).toBe(
      'Ogre already carries 20 conditions and effects, the most one combatant may: remove one first (`/condition remove`).',
    );
    for (let i = 1; i <= 20; i += 1) {
      ogre = addCondition(ogre, ctx(alice), { target: 'Ogre', condition: `Hex ${i}`, source: 'Alice', modifiers: 'ac:-1' }).encounter;
    }
    expect(refusalOf(() => addCondition(ogre, ctx(alice), { target: 'Ogre', condition: 'Hex 21', source: 'Alice' }))).toBe(
      'Ogre already carries 20 conditions and effects, the most one combatant may: remove one first (`/condition remove`).',
    );
  });

  it("the game master's Exhaustion on a hidden monster is theirs alone, added or lowered: a private reply, 'an effect' in the log", () => {
    const ogre = addMonsters(party(), ctx(gm), { name: 'Ogre', hp: 59, initiative: 8, hidden: true }).encounter;
    const tired = addCondition(ogre, ctx(gm), { target: 'Ogre', condition: 'Exhaustion', level: 2 });
    const reply = resultReply(tired);
    expect([reply.ephemeral, reply.embeds?.[0]?.description]).toEqual([true, 'Ogre gains 2 levels of Exhaustion (now 2).']);
    expect(detailOf(tired)).toBe('an effect on Ogre');
    const rested = removeCondition(tired.encounter, ctx(gm), { target: 'Ogre', condition: 'Exhaustion', levels: 1 });
    expect([resultReply(rested).ephemeral, detailOf(rested)]).toEqual([true, 'an effect off Ogre']);
    // A visible monster's stays the table's.
    const goblin = addMonsters(party(), ctx(gm), { name: 'Goblin', hp: 7, initiative: 8 }).encounter;
    const shown = addCondition(goblin, ctx(gm), { target: 'Goblin', condition: 'Exhaustion', level: 2 });
    expect([resultReply(shown).ephemeral, detailOf(shown)]).toEqual([undefined, 'Goblin: Exhaustion 2']);
  });

  it('a combatant carries at most 20 conditions and effects', () => {
    let encounter = party();
    for (let i = 1; i <= 20; i += 1) encounter = bless(encounter, `Mark ${i}`, 'speed:+1');
    expect(refusalOf(() => bless(encounter, 'Mark 21', 'speed:+1'))).toBe(
      'Alice already carries 20 conditions and effects, the most one combatant may: remove one first (`/condition remove`).',
    );
  });
});

describe('durations', () => {
  it('Poisoned for 1 round on Goblin 1 ends at the end of its next turn, and leaves the tracker', () => {
    // Round 1: Alice's turn; Poisoned goes on Goblin 1, whose turn is next.
    const started = nexts(party(), 1).encounter;
    const poisoned = addCondition(started, ctx(gm), { target: 'Goblin 1', condition: 'Poisoned', duration: 1 });
    expect(describeEvents(poisoned)).toEqual(["Goblin 1 is now **Poisoned** for 1 round, until the end of Goblin 1's turn."]);
    expect(line(poisoned.encounter, 'Goblin 1')).toContain('Poisoned (1)');
    const goblinsTurn = nexts(poisoned.encounter, 1);
    expect(line(goblinsTurn.encounter, 'Goblin 1')).toContain('Poisoned (1)');
    const after = nexts(goblinsTurn.encounter, 1);
    expect(after.said).toEqual(['Poisoned on Goblin 1 ends.', "It's **Goblin 2**'s turn."]);
    expect(named(after.encounter, 'Goblin 1').rules.conditions).toEqual([]);
    expect(line(after.encounter, 'Goblin 1')).not.toContain('Poisoned');
  });

  it.each(['end', 'start'] as const)(
    '2 rounds ending at the %s of the source (Alice), put on in her own turn, count her next two turns',
    (ends) => {
      const started = nexts(party(), 1).encounter;
      const blessed = addCondition(started, ctx(gm), {
        target: 'Goblin 2',
        condition: 'Bane',
        duration: 2,
        ends,
        source: 'Alice',
      }).encounter;
      // Rounds have three turns: Alice, Goblin 1, Goblin 2.
      const beforeEnd = nexts(blessed, ends === 'end' ? 6 : 5).encounter;
      expect(beforeEnd.effects.map((e) => e.name)).toEqual(['Bane']);
      const ended = nexts(beforeEnd, 1);
      expect(ended.encounter.effects).toEqual([]);
      expect(ended.said).toContain('Bane on Goblin 2 ends.');
    },
  );
});

describe('rounds left: one count in the reply, the tracker and /condition list', () => {
  /** The label the tracker gives `name` on Goblin 1 at each turn from now until it is gone (null). */
  function countdown(encounter: Encounter, name: string, ruleSet: RuleSetId): (string | null)[] {
    const labels: (string | null)[] = [];
    let next = encounter;
    for (let turn = 0; turn < 8; turn += 1) {
      const found = line(next, 'Goblin 1').match(new RegExp(`${name}( \\(\\d+\\))?`));
      labels.push(found === null ? null : found[0]);
      next = nexts(next, 1, ruleSet).encounter;
    }
    return labels;
  }

  it.each(
    perRuleSet<(string | null)[]>({
      // Until the end of Alice's turn in round 3: her own turn in round 1 does not count.
      dnd2024: [
        'Frightened (2)',
        'Frightened (2)',
        'Frightened (2)',
        'Frightened (1)',
        'Frightened (1)',
        'Frightened (1)',
        'Frightened (1)',
        null,
      ],
      dnd2014: [
        'Frightened (2)',
        'Frightened (2)',
        'Frightened (2)',
        'Frightened (1)',
        'Frightened (1)',
        'Frightened (1)',
        'Frightened (1)',
        null,
      ],
      'crown-misery': [
        'Frightened (2)',
        'Frightened (2)',
        'Frightened (2)',
        'Frightened (1)',
        'Frightened (1)',
        'Frightened (1)',
        'Frightened (1)',
        null,
      ],
      a5e: [
        'Frightened (2)',
        'Frightened (2)',
        'Frightened (2)',
        'Frightened (1)',
        'Frightened (1)',
        'Frightened (1)',
        'Frightened (1)',
        null,
      ],
      // Next: from the turn it began (Alice's) to the start of that turn two rounds on.
      'dnd-next': ['Frightened (2)', 'Frightened (2)', 'Frightened (2)', 'Frightened (1)', 'Frightened (1)', 'Frightened (1)', null, null],
    }),
  )('%s: duration:2 from Alice on her own turn counts down %j, turn by turn', (ruleSet, expected) => {
    const started = nexts(party(ruleSet), 1, ruleSet).encounter;
    const frightened = addCondition(started, ctx(alice, noDice, ruleSet), {
      target: 'Goblin 1',
      condition: 'Frightened',
      duration: 2,
      source: 'Alice',
    });
    expect(describeEvents(frightened)[0]).toMatch(/^Goblin 1 is now \*\*Frightened\*\* \(from Alice\) for 2 rounds, until the /);
    expect(countdown(frightened.encounter, 'Frightened', ruleSet)).toEqual(expected);
  });

  it('duration:1 says "for 1 round", and the tracker and /condition list show (1)', () => {
    const started = nexts(party(), 1).encounter;
    const frightened = addCondition(started, ctx(alice), { target: 'Goblin 2', condition: 'Frightened', duration: 1, source: 'Alice' });
    expect(describeEvents(frightened)).toEqual(["Goblin 2 is now **Frightened** (from Alice) for 1 round, until the end of Alice's turn."]);
    expect(line(frightened.encounter, 'Goblin 2')).toContain('Frightened (1)');
    expect(conditionListReply(frightened.encounter, 'Goblin 2', 'alice').embeds?.[0]?.description).toBe('**Goblin 2**: Frightened (1)');
  });

  it('Bless duration:10 from the Cleric shows (10) right after it is applied, and (9) from her next turn', () => {
    let encounter = joinEncounter(party(), ctx(bob), { name: 'Cleric', hp: 9, initiative: 20 }).encounter;
    encounter = nexts(encounter, 1).encounter;
    encounter = startConcentration(encounter, ctx(bob), { target: 'Cleric', effect: 'Bless' }).encounter;
    const blessed = addCondition(encounter, ctx(bob), { target: 'Alice', condition: 'Bless', duration: 10, source: 'Cleric' });
    expect(describeEvents(blessed)[0]).toBe(
      "Alice is now **Bless** (from Cleric) for 10 rounds, until the end of Cleric's turn; it ends with Cleric's concentration on Bless.",
    );
    expect(line(blessed.encounter, 'Alice')).toContain('Bless (10) ⟲');
    expect(line(nexts(blessed.encounter, 3).encounter, 'Alice')).toContain('Bless (10) ⟲');
    expect(line(nexts(blessed.encounter, 4).encounter, 'Alice')).toContain('Bless (9) ⟲');
  });

  it('put on during a lair turn, it counts from the turn the lair turn follows: duration:1 ends with the next turn', () => {
    let encounter = fresh('dnd2024');
    encounter = joinEncounter(encounter, ctx(alice), { hp: 12, initiative: 18 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Dragon', hp: 40, initiative: 10, lair: true }).encounter;
    // Round 1: the lair turn, Alice, the Dragon; then round 2's lair turn.
    const lairTurn = nexts(encounter, 4);
    expect(lairTurn.said).toContain("Initiative count 20: it's **Dragon**'s lair turn.");
    const frightened = addCondition(lairTurn.encounter, ctx(gm), { target: 'Alice', condition: 'Frightened', duration: 1 });
    expect(describeEvents(frightened)).toEqual(["Alice is now **Frightened** for 1 round, until the end of Alice's turn."]);
    expect(line(frightened.encounter, 'Alice')).toContain('Frightened (1)');
    expect(nexts(frightened.encounter, 2).said).toContain('Frightened on Alice ends.');
  });

  it('a duration put on before the fight counts from round 1', () => {
    const frightened = addCondition(party(), ctx(gm), { target: 'Goblin 1', condition: 'Frightened', duration: 3 }).encounter;
    expect(line(frightened, 'Goblin 1')).toContain('Frightened (3)');
  });
});

describe('save ends', () => {
  it('Goblin 2 repeats its Wisdom save at the end of its turn; a success ends Hold Person', () => {
    const started = nexts(party(), 1).encounter;
    const held = addCondition(started, ctx(gm), { target: 'Goblin 2', condition: 'Paralyzed', save: 'wis', dc: 15 }).encounter;
    expect(line(held, 'Goblin 2')).toContain('Paralyzed save DC 15');
    const goblin2 = nexts(held, 2).encounter;
    const failed = nextTurn(goblin2, ctx(gm, scripted(9)));
    expect(describeEvents(failed)).toContain('Goblin 2 repeats its Wisdom save against Paralyzed (DC 15): 9, the effect continues.');
    const again = nexts(failed.encounter, 2).encounter;
    const saved = nextTurn(again, ctx(gm, scripted(17)));
    expect(describeEvents(saved)).toContain('Goblin 2 repeats its Wisdom save against Paralyzed (DC 15): 17, the effect ends.');
    expect(named(saved.encounter, 'Goblin 2').rules.conditions).toEqual([]);
  });

  it("the ending turn's repeat save is told before the dead turns skipped after it", () => {
    let encounter = fresh('dnd2024', { autoConcentrationSaves: true });
    encounter = addMonsters(encounter, ctx(gm), { name: 'Ogre', hp: 59, initiative: 15 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Goblin', count: 3, hp: 7, initiative: 12 }).encounter;
    encounter = nexts(encounter, 1).encounter;
    encounter = dealDamage(encounter, ctx(gm), { target: 'Goblin 1', amount: '9' }).encounter;
    encounter = dealDamage(encounter, ctx(gm), { target: 'Goblin 2', amount: '9' }).encounter;
    encounter = addCondition(encounter, ctx(gm), { target: 'Ogre', condition: 'Frightened', save: 'wis', dc: 15 }).encounter;
    expect(describeEvents(nextTurn(encounter, ctx(gm, scripted(9))))).toEqual([
      'Ogre repeats its Wisdom save against Frightened (DC 15): 9, the effect continues.',
      'Goblin 1 is dead and skipped.',
      'Goblin 2 is dead and skipped.',
      "It's **Goblin 3**'s turn.",
    ]);
  });
});

describe('repeat saves read the save bonuses given with the monster', () => {
  it('an Ogre added with saves:wis+4 repeats its Wisdom save at +4, not +0', () => {
    let encounter = fresh('dnd2024', { autoConcentrationSaves: true });
    encounter = joinEncounter(encounter, ctx(alice), { hp: 12, initiative: 18 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Ogre', hp: 59, initiative: 8, saves: { wis: 4, con: 3 } }).encounter;
    encounter = nexts(encounter, 1).encounter;
    const held = addCondition(encounter, ctx(gm), { target: 'Ogre', condition: 'Paralyzed', save: 'wis', dc: 15 }).encounter;
    const ogre = nexts(held, 1).encounter;
    const saved = nextTurn(ogre, ctx(gm, scripted(11)));
    expect(describeEvents(saved)).toContain(
      'Ogre repeats its Wisdom save against Paralyzed (DC 15): d20 11 + 4 (save bonus) = 15, the effect ends.',
    );
  });
});

describe('concentration links', () => {
  function blessed(): Encounter {
    let encounter = nexts(party(), 1).encounter;
    encounter = startConcentration(encounter, ctx(alice), { target: 'Alice', effect: 'Hold Person' }).encounter;
    return addCondition(encounter, ctx(alice), { target: 'Goblin 1', condition: 'Paralyzed', source: 'Alice' }).encounter;
  }

  it('the tracker marks the linked effect', () => {
    expect(line(blessed(), 'Goblin 1')).toContain('Paralyzed ⟲');
  });

  it('a failed concentration save ends the linked condition in the same reply', () => {
    const hit = dealDamage(blessed(), ctx(gm, scripted(3)), { target: 'Alice', amount: '4' });
    expect(describeEvents(hit)).toContain("Paralyzed on Goblin 1 ends (Alice's concentration ended).");
    expect(named(hit.encounter, 'Goblin 1').rules.conditions).toEqual([]);
  });

  /** Alice concentrates on Hold Person, which paralyses both goblins (save ends); round 1, Alice's turn. */
  function holding(): Encounter {
    let encounter = nexts(party(), 1).encounter;
    encounter = startConcentration(encounter, ctx(alice), { target: 'Alice', effect: 'Hold Person' }).encounter;
    for (const target of ['Goblin 1', 'Goblin 2']) {
      encounter = addCondition(encounter, ctx(alice), { target, condition: 'Paralyzed', source: 'Alice', save: 'wis', dc: 15 }).encounter;
    }
    return encounter;
  }

  const idle =
    "Nothing is left of what Alice's concentration on Hold Person kept up: drop it (the button, or `/init drop-concentration`), or keep it if the spell does more.";

  it('when the targets save out of every effect it kept up, the reply says so and offers to drop the concentration', () => {
    const goblin1Saves = nextTurn(nexts(holding(), 1).encounter, ctx(gm, scripted(17)));
    expect(describeEvents(goblin1Saves)).not.toContain(idle);
    const goblin2Saves = nextTurn(goblin1Saves.encounter, ctx(gm, scripted(16)));
    expect(describeEvents(goblin2Saves)).toEqual([
      'Goblin 2 repeats its Wisdom save against Hold Person (DC 15): 16, the effect ends.',
      'Goblin 2 is no longer Incapacitated.',
      idle,
      '**Round 2** begins.',
      "It's **Alice**'s turn.",
    ]);
    expect(goblin2Saves.encounter.effects.map((e) => e.name)).toEqual(['Hold Person']);
    const buttons = resultReply(goblin2Saves).components?.flatMap((row) => row.buttons) ?? [];
    const drop = buttons.find((b) => b.label === "Drop Alice's concentration");
    expect(drop?.customId).toBe(`init:dropconc:${goblin2Saves.encounter.id}:${named(goblin2Saves.encounter, 'Alice').id}`);
  });

  it('removing the last effect by hand says so too; the concentration ending with it does not', () => {
    const one = removeCondition(holding(), ctx(gm), { target: 'Goblin 1', condition: 'Paralyzed' });
    expect(describeEvents(one)).not.toContain(idle);
    expect(describeEvents(removeCondition(one.encounter, ctx(gm), { target: 'Goblin 2', condition: 'Paralyzed' }))).toContain(idle);
    const dropped = dropConcentration(holding(), ctx(alice), 'Alice');
    expect(describeEvents(dropped)).not.toContain(idle);
  });

  it('knocking the source unconscious ends it too', () => {
    const down = addCondition(blessed(), ctx(gm), { target: 'Alice', condition: 'Unconscious' });
    expect(describeEvents(down)).toContain("Paralyzed on Goblin 1 ends (Alice's concentration ended).");
    expect(down.encounter.effects.map((e) => e.name)).toEqual(['Unconscious']);
  });
});

describe('waking and concentrating', () => {
  it('healing a dying character ends Unconscious; Prone stays until removed', () => {
    const started = nexts(party(), 1).encounter;
    const down = dealDamage(started, ctx(gm), { target: 'Alice', amount: '12' }).encounter;
    expect(named(down, 'Alice').rules.conditions).toEqual(['unconscious', 'incapacitated', 'prone']);
    const healed = heal(down, ctx(gm), { target: 'Alice', amount: '3' }).encounter;
    expect(named(healed, 'Alice').rules.conditions).toEqual(['prone']);
    expect(line(healed, 'Alice')).toContain('3/12 HP · Prone');
    const stood = removeCondition(healed, ctx(alice), { target: 'Alice', condition: 'Prone' }).encounter;
    expect(line(stood, 'Alice')).not.toContain('Prone');
  });

  it('a revived creature whose Unconscious came from /condition loses that too', () => {
    const started = nexts(party(), 1).encounter;
    const knocked = addCondition(started, ctx(gm), { target: 'Alice', condition: 'Unconscious', duration: 5 }).encounter;
    const down = dealDamage(knocked, ctx(gm), { target: 'Alice', amount: '12' }).encounter;
    const healed = heal(down, ctx(gm), { target: 'Alice', amount: '3' }).encounter;
    expect(healed.effects).toEqual([]);
    expect(line(healed, 'Alice')).not.toContain('Unconscious');
  });

  it('Incapacitated ends concentration at once and refuses to start it', () => {
    const concentrating = startConcentration(party(), ctx(alice), { target: 'Alice', effect: 'Bless' }).encounter;
    const stunned = addCondition(concentrating, ctx(gm), { target: 'Alice', condition: 'Stunned' });
    expect(describeEvents(stunned)).toContain('Alice loses concentration on Bless.');
    expect(refusalOf(() => startConcentration(stunned.encounter, ctx(alice), { target: 'Alice', effect: 'Bless' }))).toBe(
      'Alice is Incapacitated and cannot concentrate.',
    );
  });
});

describe('conditions read in one order, whatever order they came in', () => {
  it('Unconscious reads before what it brings, also when Prone stayed from an earlier fall', () => {
    const started = nexts(party(), 1).encounter;
    const down = dealDamage(started, ctx(gm), { target: 'Alice', amount: '12' }).encounter;
    expect(line(down, 'Alice')).toContain('Unconscious, Incapacitated, Prone');
    const up = heal(down, ctx(gm), { target: 'Alice', amount: '3' }).encounter;
    expect(line(up, 'Alice')).toContain('3/12 HP · Prone');
    const downAgain = dealDamage(up, ctx(gm), { target: 'Alice', amount: '3' }).encounter;
    expect(named(downAgain, 'Alice').rules.conditions).toEqual(['prone', 'unconscious', 'incapacitated']);
    expect(line(downAgain, 'Alice')).toContain('0/12 HP · Unconscious, Incapacitated, Prone');
    expect(conditionListReply(downAgain, 'Alice', 'gm').embeds?.[0]?.description).toBe('**Alice**: Unconscious, Incapacitated, Prone');
  });

  it("players read a hidden monster's shown conditions in the game master's order", () => {
    let encounter = addMonsters(party(), ctx(gm), { name: 'Shade', hp: 9, initiative: 5, hidden: true }).encounter;
    encounter = addCondition(encounter, ctx(gm), { target: 'Shade', condition: 'Prone', public: true }).encounter;
    encounter = addCondition(encounter, ctx(gm), { target: 'Shade', condition: 'Blinded', public: true }).encounter;
    expect(combatantLine(named(encounter, 'Shade'), encounter, 'game-master')).toContain('Blinded, Prone');
    expect(combatantLine(named(encounter, 'Shade'), encounter, 'players')).toContain('Blinded, Prone');
  });

  it('what was put on by itself reads in the catalogue order, before what it brings', () => {
    let encounter = addCondition(party(), ctx(gm), { target: 'Goblin 1', condition: 'Prone' }).encounter;
    encounter = addCondition(encounter, ctx(gm), { target: 'Goblin 1', condition: 'Poisoned' }).encounter;
    encounter = addCondition(encounter, ctx(gm), { target: 'Goblin 1', condition: 'Paralyzed' }).encounter;
    encounter = addCondition(encounter, ctx(gm), { target: 'Goblin 1', condition: 'Blinded' }).encounter;
    expect(line(encounter, 'Goblin 1')).toContain('Blinded, Paralyzed, Poisoned, Prone, Incapacitated');
  });
});

describe('undo-able steps', () => {
  it('each change carries its log line', () => {
    const added = addCondition(party(), ctx(gm), { target: 'Goblin 1', condition: 'Poisoned', duration: 3 });
    expect(detailOf(added)).toBe('Poisoned on Goblin 1');
    const removed = removeCondition(added.encounter, ctx(gm), { target: 'Goblin 1', condition: 'poisoned' });
    expect(detailOf(removed)).toBe('Poisoned off Goblin 1');
  });
});
