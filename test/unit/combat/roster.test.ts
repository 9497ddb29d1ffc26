import { addMonsters, joinEncounter, removeCombatant, setInitiative } from '../../../src/combat/roster';
import { startConcentration } from '../../../src/combat/concentration';
import { addCondition } from '../../../src/combat/conditions';
import { delayTurn, nextTurn } from '../../../src/combat/turns';
import type { Encounter } from '../../../src/combat/types';
import { alice, bob, ctx, current, fresh, gm, kinds, moderator, named, names, noDice, scripted, refusalOf, detailOf } from './support';
import { containing } from '../../support/matchers';
import { describeEvents } from '../../../src/views/encounter-text';

describe('adding monsters', () => {
  it('numbers `count:4` Goblin 1 to Goblin 4, sharing one initiative roll', () => {
    const added = addMonsters(fresh(), ctx(gm, scripted(14)), { name: 'Goblin', count: 4, initMod: 2, hp: 7, ac: 15 });
    expect(names(added.encounter)).toEqual(['Goblin 1', 'Goblin 2', 'Goblin 3', 'Goblin 4']);
    expect(added.encounter.combatants.map((c) => c.initiative.total)).toEqual([16, 16, 16, 16]);
    expect(added.encounter.combatants[0]?.initiative).toEqual({
      total: 16,
      modifier: 2,
      mode: 'normal',
      rolls: [14],
      given: false,
      tiebreak: [],
    });
    expect(new Set(added.encounter.combatants.map((c) => c.groupId)).size).toBe(1);
    expect(added.encounter.combatants.every((c) => c.rules.hp === 7 && c.rules.maxHp === 7 && c.armourClass === 15)).toBe(true);
    expect(kinds(added)).toEqual(['combatant-added', 'combatant-added', 'combatant-added', 'combatant-added']);
    expect(detailOf(added)).toBe('added Goblin 1–4 (initiative 16)');
  });

  it('continues the numbering of a second group after the highest number there', () => {
    const first = addMonsters(fresh(), ctx(gm, scripted(10)), { name: 'Goblin', count: 2 });
    const second = addMonsters(first.encounter, ctx(gm, scripted(5)), { name: 'goblin', count: 2 });
    expect(names(second.encounter)).toEqual(['Goblin 1', 'Goblin 2', 'goblin 3', 'goblin 4']);
  });

  it('rolls with advantage when asked, keeping the higher d20', () => {
    const added = addMonsters(fresh(), ctx(gm, scripted(6, 17)), { name: 'Wolf', initMod: 2, mode: 'advantage' });
    expect(named(added.encounter, 'Wolf').initiative).toMatchObject({ total: 19, rolls: [6, 17], mode: 'advantage' });
  });

  it('takes a given initiative without rolling', () => {
    const added = addMonsters(fresh(), ctx(gm), { name: 'Lich', initiative: 21, initMod: 3 });
    expect(named(added.encounter, 'Lich').initiative).toEqual({
      total: 21,
      modifier: 3,
      mode: 'normal',
      rolls: [],
      given: true,
      tiebreak: [],
    });
  });

  it.each([
    [{ name: 'Goblin', count: 21 }, 'Count must be a whole number from 1 to 20.'],
    [{ name: 'Goblin', hp: 0 }, 'HP must be a whole number from 1 to 100000.'],
    [{ name: 'Goblin', ac: 51 }, 'AC must be a whole number from 0 to 50.'],
    [{ name: '   ' }, 'The name cannot be empty.'],
    [{ name: 'x'.repeat(49) }, 'The name can be at most 48 characters long.'],
  ])('refuses %o', (input, message) => {
    expect(refusalOf(() => addMonsters(fresh(), ctx(gm, scripted(10)), input))).toContain(message);
  });

  it('is for the game master and members with Manage Channels', () => {
    expect(refusalOf(() => addMonsters(fresh(), ctx(alice), { name: 'Goblin' }))).toContain(
      'Only the game master (Gina) or a member with Manage Channels can add monsters.',
    );
    expect(names(addMonsters(fresh(), ctx(moderator, scripted(3)), { name: 'Goblin' }).encounter)).toEqual(['Goblin']);
  });
});

describe('a full encounter', () => {
  const crowd = (): Encounter => {
    let encounter = addMonsters(fresh(), ctx(gm), { name: 'Goblin', count: 20, hp: 7, initiative: 12 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Kobold', count: 20, hp: 5, initiative: 10 }).encounter;
    return encounter;
  };

  it('says how many more fit when a count: group is too large', () => {
    expect(refusalOf(() => addMonsters(crowd(), ctx(gm), { name: 'Orc', count: 20, hp: 15, initiative: 8 }))).toBe(
      'An encounter holds at most 50 combatants; it has 40, so 10 more can join (`count:10` at most).',
    );
  });

  it('says how to make room once it is full', () => {
    const full = addMonsters(crowd(), ctx(gm), { name: 'Orc', count: 10, hp: 15, initiative: 8 }).encounter;
    expect(refusalOf(() => joinEncounter(full, ctx(alice), { hp: 12, initiative: 15 }))).toBe(
      'An encounter holds at most 50 combatants, and this one is full: `/init remove` the dead to make room.',
    );
  });
});

describe('surprise with a given initiative (2024)', () => {
  it('says a given total keeps no disadvantage, so the surprise asked for is not lost unsaid', () => {
    const added = addMonsters(fresh(), ctx(gm), { name: 'Goblin', count: 2, hp: 7, initiative: 15, surprised: true });
    expect(describeEvents(added)).toEqual([
      'Goblin 1 and Goblin 2 join the fight with initiative 15 (given).',
      'Surprise is disadvantage on the initiative roll in these rules: a total given with `initiative:` is taken as it is, so roll it with disadvantage first.',
    ]);
  });

  it("keeps the advice to the game master's copy when the monster is hidden", () => {
    const added = addMonsters(fresh(), ctx(gm), { name: 'Goblin', hp: 7, initiative: 15, surprised: true, hidden: true });
    expect(describeEvents(added)).toEqual(['Goblin joins the fight with initiative 15.']);
    expect(describeEvents(added, true)).toEqual([
      'Goblin joins the fight with initiative 15 (given).',
      'Surprise is disadvantage on the initiative roll in these rules: a total given with `initiative:` is taken as it is, so roll it with disadvantage first.',
    ]);
  });

  it('says nothing more where the roll took the disadvantage, or where surprise costs the first turn', () => {
    const rolled = addMonsters(fresh(), ctx(gm, scripted(12, 4)), { name: 'Goblin', hp: 7, initMod: 2, surprised: true });
    expect(describeEvents(rolled)).toEqual(['Goblin joins the fight with initiative 6 (d20 12, 4 with disadvantage + 2).']);
    const old = addMonsters(fresh('dnd2014'), ctx(gm, noDice, 'dnd2014'), { name: 'Goblin', hp: 7, initiative: 15, surprised: true });
    expect(describeEvents(old)).toEqual(['Goblin joins the fight with initiative 15 (given).']);
  });
});

describe('joining', () => {
  it("adds the caller's own player character under their name, controlled by them", () => {
    const joined = joinEncounter(fresh(), ctx(alice, scripted(12)), { initMod: 3, hp: 12, ac: 14, conSave: 2 });
    const pc = named(joined.encounter, 'Alice');
    expect(pc).toMatchObject({ controllerId: 'alice', hidden: false, hpKnown: true, armourClass: 14 });
    expect(pc.rules).toMatchObject({ isPlayerCharacter: true, hp: 12, conSaveBonus: 2 });
    expect(pc.initiative.total).toBe(15);
    expect(detailOf(joined)).toBe('Alice joined (initiative 15)');
  });

  it('refuses a name already in the encounter, whatever its case', () => {
    const joined = joinEncounter(fresh(), ctx(alice, scripted(12)), {});
    expect(refusalOf(() => joinEncounter(joined.encounter, ctx(bob, scripted(3)), { name: ' ALICE ' }))).toContain(
      'There is already a combatant called Alice: choose another name.',
    );
  });

  it('keeps hit points unknown until someone gives them', () => {
    const joined = joinEncounter(fresh(), ctx(alice, scripted(12)), {});
    expect(named(joined.encounter, 'Alice').hpKnown).toBe(false);
  });
});

/** Monsters with given initiatives, added in order. */
function withMonsters(ruleSet: 'dnd2024' | 'a5e', monsters: [string, number, number][]): Encounter {
  return monsters.reduce(
    (encounter, [name, initiative, initMod]) => addMonsters(encounter, ctx(gm, noDice, ruleSet), { name, initiative, initMod }).encounter,
    fresh(ruleSet),
  );
}

describe('initiative order and its tie-breaks, decided by the rules engine', () => {
  it('puts higher totals first', () => {
    expect(
      names(
        withMonsters('dnd2024', [
          ['Orc', 12, 0],
          ['Wolf', 18, 0],
          ['Rat', 3, 0],
          ['Bat', 15, 0],
        ]),
      ),
    ).toEqual(['Wolf', 'Bat', 'Orc', 'Rat']);
  });

  it('2024: an equal total goes to the higher modifier, with no roll', () => {
    const encounter = withMonsters('dnd2024', [
      ['Orc', 15, 1],
      ['Bugbear', 15, 3],
    ]);
    expect(names(encounter)).toEqual(['Bugbear', 'Orc']);
  });

  it('2024: equal totals and modifiers roll off, and the newcomer keeps its roll-offs', () => {
    const orc = withMonsters('dnd2024', [['Orc', 15, 1]]);
    const added = addMonsters(orc, ctx(gm, scripted(8, 12)), { name: 'Wolf', initiative: 15, initMod: 1 });
    expect(names(added.encounter)).toEqual(['Wolf', 'Orc']);
    expect(named(added.encounter, 'Wolf').initiative.tiebreak).toEqual([12]);
  });

  it('A5E: equal totals roll off whatever the modifiers', () => {
    const orc = withMonsters('a5e', [['Orc', 15, 1]]);
    const added = addMonsters(orc, ctx(gm, scripted(17, 4), 'a5e'), { name: 'Bugbear', initiative: 15, initMod: 3 });
    expect(names(added.encounter)).toEqual(['Orc', 'Bugbear']);
  });

  it.each([
    // Roll-offs in order Ant, Bee, then the newcomer Cat.
    [
      [10, 5, 12],
      ['Cat', 'Ant', 'Bee'],
    ],
    [
      [3, 18, 11],
      ['Ant', 'Cat', 'Bee'],
    ],
    [
      [9, 7, 2],
      ['Ant', 'Bee', 'Cat'],
    ],
  ])('A5E: a newcomer tied with two (roll-offs %j) goes where the engine ranks it; the others keep their order', (faces, order) => {
    const tied = withMonsters('a5e', [['Ant', 15, 0]]);
    const two = addMonsters(tied, ctx(gm, scripted(9, 4), 'a5e'), { name: 'Bee', initiative: 15 }).encounter;
    expect(names(two)).toEqual(['Ant', 'Bee']);
    const three = addMonsters(two, ctx(gm, scripted(...faces), 'a5e'), { name: 'Cat', initiative: 15 });
    expect(names(three.encounter)).toEqual(order);
  });

  it('keeps a `count:` group together when it ties with another monster: one roll-off for the group', () => {
    const orc = withMonsters('dnd2024', [['Orc', 14, 2]]);
    // d20 12 + 2 ties the Orc at 14 with the same modifier; roll-offs: Orc 9, the Goblins 16.
    const added = addMonsters(orc, ctx(gm, scripted(12, 9, 16)), { name: 'Goblin', count: 3, initMod: 2 });
    expect(names(added.encounter)).toEqual(['Goblin 1', 'Goblin 2', 'Goblin 3', 'Orc']);
    expect(added.encounter.combatants.map((c) => c.initiative.tiebreak)).toEqual([[16], [16], [16], []]);
  });

  it('set-initiative moves a combatant to its new place and out of its group', () => {
    const encounter = addMonsters(withMonsters('dnd2024', [['Orc', 12, 0]]), ctx(gm, scripted(10)), { name: 'Goblin', count: 2 }).encounter;
    expect(names(encounter)).toEqual(['Orc', 'Goblin 1', 'Goblin 2']);
    const moved = setInitiative(encounter, ctx(gm), { target: 'goblin 2', value: 20 });
    expect(names(moved.encounter)).toEqual(['Goblin 2', 'Orc', 'Goblin 1']);
    expect(named(moved.encounter, 'Goblin 2')).toMatchObject({ groupId: null, initiative: { total: 20, given: true, rolls: [] } });
    expect(moved.events).toEqual([containing({ kind: 'initiative-set', total: 20, previous: 10 })]);
    expect(refusalOf(() => setInitiative(encounter, ctx(alice), { target: 'Orc', value: 3 }))).toContain(
      'Only the game master (Gina) or a member with Manage Channels can set initiative.',
    );
  });
});

describe('set-initiative on a delaying combatant', () => {
  it('is refused with what to do: /init act decides where it comes back in', () => {
    const ctx14 = (actor = gm) => ctx(actor, noDice, 'dnd2014');
    let encounter = joinEncounter(fresh('dnd2014'), ctx14(alice), { hp: 20, initiative: 23 }).encounter;
    encounter = addMonsters(encounter, ctx14(), { name: 'Kobold', hp: 5, initiative: 22 }).encounter;
    encounter = nextTurn(encounter, ctx14()).encounter;
    encounter = delayTurn(encounter, ctx14(alice)).encounter;
    expect(refusalOf(() => setInitiative(encounter, ctx14(), { target: 'Alice', value: 5 }))).toBe(
      'Alice is delaying, out of the order: `/init act` brings Alice back in right after the turn being taken, at that initiative count; set-initiative works once Alice is back.',
    );
  });
});

describe('removing a combatant', () => {
  it('passes the turn on when the current one leaves, and ends its concentration', () => {
    let encounter = withMonsters('dnd2024', [
      ['Mage', 18, 0],
      ['Orc', 12, 0],
    ]);
    encounter = nextTurn(encounter, ctx(gm)).encounter;
    encounter = startConcentration(encounter, ctx(gm), { target: 'Mage', effect: 'Web' }).encounter;
    const removed = removeCombatant(encounter, ctx(gm), 'mage');
    expect(names(removed.encounter)).toEqual(['Orc']);
    expect(current(removed.encounter)).toBe('Orc');
    expect(removed.encounter.effects).toEqual([]);
    expect(kinds(removed)).toEqual(['effect-ended', 'combatant-removed', 'turn-started']);
  });

  /** 2024: Kobold 1–3 (22), Alice (21), a Dragon (15) with a lair at count 20, Bram (12); round 1 at `who`'s turn. */
  function hall(who: string): Encounter {
    let encounter = addMonsters(fresh(), ctx(gm), { name: 'Kobold', count: 3, hp: 5, initiative: 22 }).encounter;
    encounter = joinEncounter(encounter, ctx(alice), { hp: 20, initiative: 21 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Dragon', hp: 200, initiative: 15, lair: true }).encounter;
    encounter = joinEncounter(encounter, ctx(bob), { name: 'Bram', hp: 25, initiative: 12 }).encounter;
    let turn = nextTurn(encounter, ctx(gm));
    while ((turn.note.kind === 'turn' ? turn.note.turn.combatant : '') !== who) turn = nextTurn(turn.encounter, ctx(gm));
    return turn.encounter;
  }

  /** Who takes the turns as Next turn is pressed `times` times. */
  function turnsAfter(encounter: Encounter, times: number): string[] {
    const taken: string[] = [];
    let at = encounter;
    for (let i = 0; i < times; i += 1) {
      const passed = nextTurn(at, ctx(gm));
      at = passed.encounter;
      if (passed.note.kind === 'turn') taken.push(`${passed.note.turn.combatant}${passed.note.turn.lair ? ' (lair)' : ''}`);
    }
    return taken;
  }

  it('starts the next turn when the current one leaves, so the next one in the order is not passed over', () => {
    const removed = removeCombatant(hall('Kobold 2'), ctx(gm), 'Kobold 2');
    expect(describeEvents(removed)).toEqual(['Kobold 2 leaves the encounter.', "It's **Kobold 3**'s turn."]);
    expect(current(removed.encounter)).toBe('Kobold 3');
    expect(turnsAfter(removed.encounter, 3)).toEqual(['Alice', 'Dragon (lair)', 'Dragon']);
  });

  it('gives the lair turn at count 20 when the one who leaves was the last before it', () => {
    const removed = removeCombatant(hall('Alice'), ctx(gm), 'Alice');
    expect(describeEvents(removed)).toEqual(['Alice leaves the encounter.', "Initiative count 20: it's **Dragon**'s lair turn."]);
    expect(turnsAfter(removed.encounter, 2)).toEqual(['Dragon', 'Bram']);
  });

  it('during a lair turn, the turn after it is still the next one in the order', () => {
    const lairTurn = nextTurn(hall('Alice'), ctx(gm)).encounter;
    const removed = removeCombatant(lairTurn, ctx(gm), 'Alice');
    expect(describeEvents(removed)).toEqual(['Alice leaves the encounter.']);
    expect(turnsAfter(removed.encounter, 2)).toEqual(['Dragon', 'Bram']);
  });

  /** 2024: Fast (25), a Dragon (15) with a lair at count 20, Slow (5): the first in the order leaves, in round `round`. */
  function firstLeaves(round: number, during: 'its turn' | 'the lair turn after it'): Encounter {
    let encounter = addMonsters(fresh(), ctx(gm), { name: 'Fast', hp: 5, initiative: 25 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Dragon', hp: 200, initiative: 15, lair: true }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Slow', hp: 5, initiative: 5 }).encounter;
    // Round `round`'s first turn: Fast's.
    for (let pressed = 0; pressed < 1 + (round - 1) * 4; pressed += 1) encounter = nextTurn(encounter, ctx(gm)).encounter;
    if (during === 'the lair turn after it') encounter = nextTurn(encounter, ctx(gm)).encounter;
    return removeCombatant(encounter, ctx(gm), 'Fast').encounter;
  }

  it.each([
    [1, 'its turn'],
    [1, 'the lair turn after it'],
    [2, 'its turn'],
    [2, 'the lair turn after it'],
  ] as const)('the first in the order leaving in round %i, on %s, leaves the rest of the round to be taken', (round, during) => {
    const removed = firstLeaves(round, during);
    expect(removed.round).toBe(round);
    expect(turnsAfter(removed, 3)).toEqual(['Dragon', 'Slow', 'Dragon (lair)']);
  });

  it('the lair creature leaving during its lair turn ends the lair turn, and the turn before it is not ended again', () => {
    let encounter = addCondition(hall('Alice'), ctx(gm), { target: 'Alice', condition: 'Restrained', save: 'str', dc: 30 }).encounter;
    // Alice's turn ends with her save against Restrained: a 19 fails.
    encounter = nextTurn(encounter, ctx(gm, scripted(19))).encounter;
    // No die: a second save for her turn would throw.
    const removed = removeCombatant(encounter, ctx(gm, noDice), 'Dragon');
    expect(describeEvents(removed)).toEqual(['Dragon leaves the encounter.', "It's **Bram**'s turn."]);
    expect(turnsAfter(removed.encounter, 1)).toEqual(['Kobold 1']);
  });

  it.each([
    [15, '**Round 2** begins.', "It's **Alice**'s turn.", ['Alice', 'Alice']],
    [22, "It's **Alice**'s turn.", null, ['Alice']],
  ])('a lair creature at %i leaving on its own turn takes no lair turn after it has gone', (initiative, first, second, after) => {
    let encounter = joinEncounter(fresh(), ctx(alice), { hp: 20, initiative: 18 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Dragon', hp: 200, initiative, lair: true }).encounter;
    let turn = nextTurn(encounter, ctx(gm));
    while (turn.note.kind !== 'turn' || turn.note.turn.combatant !== 'Dragon' || turn.note.turn.lair)
      turn = nextTurn(turn.encounter, ctx(gm));
    const removed = removeCombatant(turn.encounter, ctx(gm), 'Dragon');
    expect(describeEvents(removed)).toEqual(['Dragon leaves the encounter.', first, ...(second === null ? [] : [second])]);
    expect(current(removed.encounter)).toBe('Alice');
    expect(turnsAfter(removed.encounter, after.length)).toEqual(after);
  });

  it('is for the game master', () => {
    const encounter = joinEncounter(fresh(), ctx(alice, scripted(5)), {}).encounter;
    expect(refusalOf(() => removeCombatant(encounter, ctx(alice), 'Alice'))).toContain(
      'Only the game master (Gina) or a member with Manage Channels can remove combatants.',
    );
  });
});
