import { addCondition } from '../../../src/combat/conditions';
import { dealDamage } from '../../../src/combat/hit-points';
import { addMonsters, joinEncounter, setInitiative } from '../../../src/combat/roster';
import { useReaction } from '../../../src/combat/turn-actions';
import { actNow, delayTurn, moveTurn, nextTurn, previousTurn } from '../../../src/combat/turns';
import type { Encounter } from '../../../src/combat/types';
import { deltaOf } from '../../../src/combat/delta';
import { describeEvents } from '../../../src/views/encounter-text';
import { RED_DRAGON_BREATH_SPENT } from '../../support/monsters';
import { alice, ctx, current, detailOf, fresh, gm, kinds, named, noDice, scripted } from './support';

/** Alice (18, 12 HP) and a Dragon (8, 50 HP) whose Fire Breath (recharge 5–6) is spent, before round 1. */
function duel(): Encounter {
  let encounter = joinEncounter(fresh('dnd2024'), ctx(alice), { hp: 12, initiative: 18 }).encounter;
  encounter = addMonsters(encounter, ctx(gm), {
    name: 'Dragon',
    hp: 50,
    initiative: 8,
    monster: RED_DRAGON_BREATH_SPENT,
  }).encounter;
  return encounter;
}

describe('going back a turn and on again starts no turn twice', () => {
  /** Round 1: Alice, then the Dragon (a 4: Fire Breath still spent), which drops Alice to 0. */
  function aliceDown(): Encounter {
    let encounter = nextTurn(duel(), ctx(gm)).encounter;
    encounter = nextTurn(encounter, ctx(gm, scripted(4))).encounter;
    return dealDamage(encounter, ctx(gm), { target: 'Alice', amount: '12' }).encounter;
  }

  it("rolls a dying character's death save once for her turn: prev then next leaves one failure", () => {
    const saved = nextTurn(aliceDown(), ctx(gm, scripted(9)));
    expect(kinds(saved)).toContain('death-save');
    expect(named(saved.encounter, 'Alice').rules.deathSaves).toEqual({ successes: 0, failures: 1 });

    const back = previousTurn(saved.encounter, ctx(gm));
    expect([back.encounter.round, current(back.encounter)]).toEqual([1, 'Dragon']);
    // No die is rolled: a death save here would throw.
    const again = nextTurn(back.encounter, ctx(gm, noDice));
    expect([again.encounter.round, current(again.encounter)]).toEqual([2, 'Alice']);
    expect(kinds(again)).not.toContain('death-save');
    expect(named(again.encounter, 'Alice').rules.deathSaves).toEqual({ successes: 0, failures: 1 });
  });

  it("rolls a monster's recharge and gives its reaction back once for its turn", () => {
    let encounter = nextTurn(aliceDown(), ctx(gm, scripted(15))).encounter;
    // Round 2, the Dragon's turn: a 4 leaves Fire Breath spent; then it spends its reaction.
    const dragonTurn = nextTurn(encounter, ctx(gm, scripted(4)));
    expect(kinds(dragonTurn)).toEqual(['turn-started', 'recharge-rolled']);
    encounter = useReaction(dragonTurn.encounter, ctx(gm), { target: 'Dragon' }).encounter;

    encounter = previousTurn(encounter, ctx(gm)).encounter;
    expect([encounter.round, current(encounter)]).toEqual([2, 'Alice']);
    const again = nextTurn(encounter, ctx(gm, noDice));
    expect([again.encounter.round, current(again.encounter)]).toEqual([2, 'Dragon']);
    expect(kinds(again)).toEqual(['turn-started']);
    expect(named(again.encounter, 'Dragon').actions.reactionUsed).toBe(true);
    expect(named(again.encounter, 'Dragon').monster?.recharging).toEqual([{ action: 'Fire Breath', recharge: 5 }]);

    // Its next turn, in round 3, starts as a turn does: a 5 recharges Fire Breath, the reaction is back.
    const round3 = nextTurn(nextTurn(again.encounter, ctx(gm, scripted(15))).encounter, ctx(gm, scripted(5)));
    expect([round3.encounter.round, current(round3.encounter)]).toEqual([3, 'Dragon']);
    expect(named(round3.encounter, 'Dragon').monster?.recharging).toEqual([]);
    expect(named(round3.encounter, 'Dragon').actions.reactionUsed).toBe(false);
  });
});

describe('what a turn writes', () => {
  it('a plain /init next changes no combatant: only /init prev and a delay note a turn as reached', () => {
    let encounter = nextTurn(party(), ctx(gm)).encounter;
    for (const step of [1, 2, 3, 4, 5]) {
      const next = nextTurn(encounter, ctx(gm));
      expect([step, deltaOf(encounter, next.encounter).after.combatants]).toEqual([step, []]);
      encounter = next.encounter;
    }
    const back = previousTurn(encounter, ctx(gm));
    expect(deltaOf(encounter, back.encounter).after.combatants.map((placed) => placed.combatant.name)).toEqual([current(encounter)]);
  });
});

describe('a delayer brought back in the round it delayed', () => {
  it('rolls its recharge once for the turn it delayed: /init act starts none of it again (2014)', () => {
    const rules = (random = noDice) => ctx(gm, random, 'dnd2014');
    let encounter = joinEncounter(fresh('dnd2014'), ctx(alice, noDice, 'dnd2014'), { hp: 12, initiative: 18 }).encounter;
    encounter = addMonsters(encounter, rules(), { name: 'Dragon', hp: 50, initiative: 8, monster: RED_DRAGON_BREATH_SPENT }).encounter;
    encounter = addMonsters(encounter, rules(), { name: 'Goblin', hp: 7, initiative: 5 }).encounter;
    // Round 1: Alice, the Dragon (a 4: Fire Breath still spent), the Goblin; round 2: Alice.
    encounter = nextTurn(nextTurn(encounter, rules()).encounter, rules(scripted(4))).encounter;
    encounter = nextTurn(nextTurn(encounter, rules()).encounter, rules()).encounter;
    const dragonTurn = nextTurn(encounter, rules(scripted(4)));
    expect([dragonTurn.encounter.round, current(dragonTurn.encounter)]).toEqual([2, 'Dragon']);
    expect(kinds(dragonTurn)).toEqual(['turn-started', 'recharge-rolled']);

    const delayed = delayTurn(dragonTurn.encounter, rules());
    expect(current(delayed.encounter)).toBe('Goblin');
    // No die is rolled: a recharge roll here would throw.
    const acted = actNow(delayed.encounter, rules());
    expect([acted.encounter.round, current(acted.encounter)]).toEqual([2, 'Dragon']);
    expect(kinds(acted)).not.toContain('recharge-rolled');
    expect(named(acted.encounter, 'Dragon').monster?.recharging).toEqual([{ action: 'Fire Breath', recharge: 5 }]);
  });
});

/** Alice (18, 12 HP), Goblin 1 and 2 (12, 7 HP), Orc (8, 15 HP), before round 1. */
function party(): Encounter {
  let encounter = joinEncounter(fresh('dnd2024'), ctx(alice), { hp: 12, initiative: 18 }).encounter;
  encounter = addMonsters(encounter, ctx(gm), { name: 'Goblin', count: 2, hp: 7, initiative: 12 }).encounter;
  return addMonsters(encounter, ctx(gm), { name: 'Orc', hp: 15, initiative: 8 }).encounter;
}

/** Passes `count` turns; the round, whose turn it is and what the table was told on each. */
function pass(encounter: Encounter, count: number): { encounter: Encounter; turns: [number, string | null, string[]][] } {
  let next = encounter;
  const turns: [number, string | null, string[]][] = [];
  for (let i = 0; i < count; i += 1) {
    const turn = nextTurn(next, ctx(gm));
    next = turn.encounter;
    turns.push([next.round, current(next), describeEvents(turn)]);
  }
  return { encounter: next, turns };
}

describe('going back across a round boundary and on again', () => {
  it('tells the round reached again as resumed, writing no combatant, and the round after it as begun', () => {
    const round2 = pass(party(), 5).encounter;
    expect([round2.round, current(round2)]).toEqual([2, 'Alice']);
    const back = previousTurn(round2, ctx(gm)).encounter;
    expect([back.round, current(back)]).toEqual([1, 'Orc']);

    const again = nextTurn(back, ctx(gm));
    expect(describeEvents(again)).toEqual(['**Round 2** resumes.', "It's **Alice**'s turn."]);
    expect([again.encounter.round, current(again.encounter)]).toEqual([2, 'Alice']);
    expect(deltaOf(back, again.encounter).after.combatants).toEqual([]);

    const { turns } = pass(again.encounter, 4);
    expect(turns.at(-1)).toEqual([3, 'Alice', ['**Round 3** begins.', "It's **Alice**'s turn."]]);
  });
});

describe('going back a turn and on again rolls no repeat save twice', () => {
  it("the Goblin's save against Paralyzed (DC 15), failed on a 9 as its turn ended, is not rolled again", () => {
    let encounter = nextTurn(party(), ctx(gm)).encounter;
    encounter = addCondition(encounter, ctx(gm), { target: 'Goblin 1', condition: 'Paralyzed', save: 'wis', dc: 15 }).encounter;
    encounter = nextTurn(encounter, ctx(gm)).encounter;
    const failed = nextTurn(encounter, ctx(gm, scripted(9)));
    expect(describeEvents(failed)).toEqual([
      'Goblin 1 repeats its Wisdom save against Paralyzed (DC 15): 9, the effect continues.',
      "It's **Goblin 2**'s turn.",
    ]);

    const back = previousTurn(failed.encounter, ctx(gm)).encounter;
    expect([back.round, current(back)]).toEqual([1, 'Goblin 1']);
    const again = nextTurn(back, ctx(gm, noDice));
    expect(describeEvents(again)).toEqual(["It's **Goblin 2**'s turn."]);
    expect(named(again.encounter, 'Goblin 1').rules.conditions).toContain('paralyzed');

    // Its next turn's end, in round 2, rolls as a turn's end does: a 17 ends it.
    const round2 = pass(again.encounter, 3).encounter;
    expect([round2.round, current(round2)]).toEqual([2, 'Goblin 1']);
    expect(describeEvents(nextTurn(round2, ctx(gm, scripted(17))))).toContain(
      'Goblin 1 repeats its Wisdom save against Paralyzed (DC 15): 17, the effect ends.',
    );
  });
});

describe('an effect whose end point a correction moved the turn past ends when that point next comes', () => {
  it.each([
    ['start' as const, 2, 'Goblin 2'],
    ['end' as const, 2, 'Orc'],
  ])(
    "/init move: Frightened for 1 round to the %s of Goblin 2's turn, skipped in round 1, ends as round %i's turn of %s begins",
    (ends, round, whose) => {
      const aliceTurn = pass(party(), 1).encounter;
      const frightened = addCondition(aliceTurn, ctx(gm), {
        target: 'Alice',
        condition: 'Frightened',
        source: 'Goblin 2',
        duration: 1,
        ends,
      });
      const moved = moveTurn(frightened.encounter, ctx(gm), 'Orc').encounter;
      expect([moved.round, current(moved)]).toEqual([1, 'Orc']);
      const { encounter, turns } = pass(moved, 4);
      const ending = turns.filter(([, , said]) => said.includes('Frightened on Alice ends.'));
      expect(ending.map(([r, name]) => [r, name])).toEqual([[round, whose]]);
      expect(encounter.effects).toEqual([]);
      expect(named(encounter, 'Alice').rules.conditions).not.toContain('frightened');
    },
  );
});

describe('the lair turn at initiative count 20 after a correction', () => {
  /** Alice (18), Goblin (12) and a Dragon (8) with a lair, before round 1. */
  function lair(): Encounter {
    let encounter = joinEncounter(fresh('dnd2024'), ctx(alice), { hp: 12, initiative: 18 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Goblin', hp: 7, initiative: 12 }).encounter;
    return addMonsters(encounter, ctx(gm), { name: 'Dragon', hp: 40, initiative: 8, lair: true }).encounter;
  }

  it('a fight opened by /init move past count 20 has its first lair turn in round 2, which counts as round 2', () => {
    const moved = moveTurn(lair(), ctx(gm), 'Goblin').encounter;
    const dragonTurn = nextTurn(moved, ctx(gm));
    expect(describeEvents(dragonTurn)).toEqual(["It's **Dragon**'s turn."]);
    expect([dragonTurn.encounter.round, current(dragonTurn.encounter)]).toEqual([1, 'Dragon']);

    const lairTurn = nextTurn(dragonTurn.encounter, ctx(gm));
    expect(describeEvents(lairTurn)).toEqual(['**Round 2** begins.', "Initiative count 20: it's **Dragon**'s lair turn."]);
    expect(lairTurn.encounter.round).toBe(2);
    // Put on during the lair turn, 1 round lasts to the end of Alice's turn in round 2.
    const frightened = addCondition(lairTurn.encounter, ctx(gm), { target: 'Alice', condition: 'Frightened', duration: 1 });
    const { turns } = pass(frightened.encounter, 2);
    expect(turns.map(([r, name, said]) => [r, name, said.includes('Frightened on Alice ends.')])).toEqual([
      [2, 'Alice', false],
      [2, 'Goblin', true],
    ]);

    const back = previousTurn(lairTurn.encounter, ctx(gm));
    expect(describeEvents(back)).toEqual(["Back to **Dragon**'s turn (round 1)."]);
    expect([back.encounter.round, current(back.encounter)]).toEqual([1, 'Dragon']);
  });

  it('/init prev out of the lair turn an Orc began by delaying goes back to the turn before it, and the Orc still waits (2014)', () => {
    const rules = ctx(gm, noDice, 'dnd2014');
    let encounter = joinEncounter(fresh('dnd2014'), ctx(alice, noDice, 'dnd2014'), { hp: 12, initiative: 18 }).encounter;
    encounter = addMonsters(encounter, rules, { name: 'Goblin', hp: 7, initiative: 12 }).encounter;
    encounter = addMonsters(encounter, rules, { name: 'Dragon', hp: 40, initiative: 10, lair: true }).encounter;
    encounter = addMonsters(encounter, rules, { name: 'Orc', hp: 15, initiative: 5 }).encounter;
    // Round 1: the lair turn, Alice, the Goblin, the Dragon, the Orc.
    for (let i = 0; i < 5; i += 1) encounter = nextTurn(encounter, rules).encounter;
    expect([encounter.round, current(encounter)]).toEqual([1, 'Orc']);
    const delayed = delayTurn(encounter, rules);
    expect(describeEvents(delayed)).toEqual([
      'Orc delays: out of the order until `/init act`.',
      '**Round 2** begins.',
      "Initiative count 20: it's **Dragon**'s lair turn.",
    ]);

    const back = previousTurn(delayed.encounter, rules);
    expect(describeEvents(back)).toEqual(["Back to **Dragon**'s turn (round 1)."]);
    expect([back.encounter.round, current(back.encounter)]).toEqual([1, 'Dragon']);
    expect(named(back.encounter, 'Orc').actions.delayed).toBe(true);
    // The Orc waiting, the lair turn of round 2 comes again as the Dragon's turn ends.
    const again = nextTurn(back.encounter, rules);
    expect(describeEvents(again)).toEqual(['**Round 2** begins.', "Initiative count 20: it's **Dragon**'s lair turn."]);
    expect(again.encounter.round).toBe(2);
  });
});

describe('/init prev back over a lair turn reaches it', () => {
  /** Alice (21), a Dragon (15) with a lair, Bram (12): round 1 from its start to the Dragon's turn. */
  function dragonTurn(): Encounter {
    let encounter = joinEncounter(fresh('dnd2024'), ctx(alice), { hp: 20, initiative: 21 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Dragon', hp: 200, initiative: 15, lair: true, legendary: 3 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Bram', hp: 25, initiative: 12 }).encounter;
    return pass(encounter, 3).encounter;
  }

  it('from the turn after it, and on again the turn after it starts once', () => {
    const start = dragonTurn();
    expect([start.round, current(start)]).toEqual([1, 'Dragon']);
    const back = previousTurn(start, ctx(gm));
    expect(describeEvents(back)).toEqual(["Back to **Dragon**'s lair turn (round 1)."]);
    expect(detailOf(back)).toBe("back to round 1, Dragon's lair turn");
    const again = nextTurn(back.encounter, ctx(gm));
    expect(describeEvents(again)).toEqual(["It's **Dragon**'s turn."]);
    // Back twice: the lair turn, then Alice's turn before it.
    const twice = previousTurn(back.encounter, ctx(gm));
    expect(describeEvents(twice)).toEqual(["Back to **Alice**'s turn (round 1)."]);
    expect(pass(twice.encounter, 2).turns.map(([round, name, said]) => [round, name, said.join(' ')])).toEqual([
      [1, 'Alice', "Initiative count 20: it's **Dragon**'s lair turn."],
      [1, 'Dragon', "It's **Dragon**'s turn."],
    ]);
  });

  it('a lair creature that joined after count 20 had no lair turn there to go back to', () => {
    let encounter = joinEncounter(fresh('dnd2024'), ctx(alice), { hp: 20, initiative: 21 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Bram', hp: 25, initiative: 12 }).encounter;
    encounter = pass(encounter, 2).encounter;
    expect(current(encounter)).toBe('Bram');
    encounter = addMonsters(encounter, ctx(gm), { name: 'Dragon', hp: 200, initiative: 5, lair: true }).encounter;
    const back = previousTurn(encounter, ctx(gm));
    expect(describeEvents(back)).toEqual(["Back to **Alice**'s turn (round 1)."]);
    // On again past count 20, the Dragon, in the fight now, takes its lair turn there.
    expect(pass(back.encounter, 3).turns.map(([round, , said]) => [round, said.join(' ')])).toEqual([
      [1, "Initiative count 20: it's **Dragon**'s lair turn."],
      [1, "It's **Bram**'s turn."],
      [1, "It's **Dragon**'s turn."],
    ]);
  });

  it('with two lair creatures, reaches each lair turn in turn, the last taken first', () => {
    let encounter = joinEncounter(fresh('dnd2024'), ctx(alice), { hp: 20, initiative: 21 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Dragon', hp: 200, initiative: 15, lair: true }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Kraken', hp: 200, initiative: 10, lair: true }).encounter;
    // Alice, the Dragon's lair turn, the Kraken's, then the Dragon's turn.
    encounter = pass(encounter, 4).encounter;
    expect(current(encounter)).toBe('Dragon');
    const back = previousTurn(encounter, ctx(gm));
    expect(describeEvents(back)).toEqual(["Back to **Kraken**'s lair turn (round 1)."]);
    const twice = previousTurn(back.encounter, ctx(gm));
    expect(describeEvents(twice)).toEqual(["Back to **Dragon**'s lair turn (round 1)."]);
    const thrice = previousTurn(twice.encounter, ctx(gm));
    expect(describeEvents(thrice)).toEqual(["Back to **Alice**'s turn (round 1)."]);
    expect(pass(thrice.encounter, 3).turns.map(([, , said]) => said.join(' '))).toEqual([
      "Initiative count 20: it's **Dragon**'s lair turn.",
      "Initiative count 20: it's **Kraken**'s lair turn.",
      "It's **Dragon**'s turn.",
    ]);
  });

  it("that opened the round, from the round's first turn", () => {
    let encounter = joinEncounter(fresh('dnd2024'), ctx(alice), { hp: 20, initiative: 18 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Dragon', hp: 200, initiative: 8, lair: true }).encounter;
    // The lair turn opens round 1, then Alice, the Dragon, round 2's lair turn and Alice.
    encounter = pass(encounter, 5).encounter;
    expect([encounter.round, current(encounter)]).toEqual([2, 'Alice']);
    const back = previousTurn(encounter, ctx(gm));
    expect(describeEvents(back)).toEqual(["Back to **Dragon**'s lair turn (round 2)."]);
    expect(describeEvents(nextTurn(back.encounter, ctx(gm)))).toEqual(["It's **Alice**'s turn."]);
    const twice = previousTurn(back.encounter, ctx(gm));
    expect(describeEvents(twice)).toEqual(["Back to **Dragon**'s turn (round 1)."]);
  });
});

describe('/init set-initiative during the turn it changes', () => {
  it("Alice, Paralyzed (save ends) and moved from 18 to 5: her save is rolled once, as her turn ends, and the Orc's Frightened to her next turn ends there", () => {
    let encounter = pass(party(), 1).encounter;
    encounter = addCondition(encounter, ctx(gm), { target: 'Alice', condition: 'Paralyzed', save: 'wis', dc: 30 }).encounter;
    encounter = addCondition(encounter, ctx(gm), {
      target: 'Orc',
      condition: 'Frightened',
      source: 'Alice',
      duration: 1,
      ends: 'start',
    }).encounter;
    encounter = setInitiative(encounter, ctx(gm), { target: 'Alice', value: 5 }).encounter;
    const ended = nextTurn(encounter, ctx(gm, scripted(20)));
    expect(describeEvents(ended)).toEqual([
      'Alice repeats their Wisdom save against Paralyzed (DC 30): 20, the effect continues.',
      "It's **Goblin 1**'s turn.",
    ]);
    // No die is rolled as round 1 ends: a second save there would throw.
    const { encounter: after, turns } = pass(ended.encounter, 6);
    expect(turns.map(([r, name, said]) => [r, name, said.includes('Frightened on Orc ends.')])).toEqual([
      [1, 'Goblin 2', false],
      [1, 'Orc', false],
      [2, 'Goblin 1', false],
      [2, 'Goblin 2', false],
      [2, 'Orc', false],
      [2, 'Alice', true],
    ]);
    expect(after.combatants.map((c) => [c.name, c.actions.heldPlace])).toEqual([
      ['Goblin 1', null],
      ['Goblin 2', null],
      ['Orc', null],
      ['Alice', null],
    ]);
  });

  it("the Dragon set to Bravo's 12 on its own turn: the roll-off as the lair turn opens round 2 is the one its place keeps as the lair turn ends", () => {
    let encounter = joinEncounter(fresh('dnd2024'), ctx(alice), { hp: 12, initiative: 15 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Bravo', hp: 7, initiative: 12 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Dragon', hp: 40, initiative: 8, lair: true }).encounter;
    encounter = pass(encounter, 4).encounter;
    expect([encounter.round, current(encounter)]).toEqual([1, 'Dragon']);
    encounter = setInitiative(encounter, ctx(gm), { target: 'Dragon', value: 12 }).encounter;
    // The roll-off: Bravo 5, the Dragon 15.
    const lairTurn = nextTurn(encounter, ctx(gm, scripted(5, 15)));
    expect(describeEvents(lairTurn)).toEqual(['**Round 2** begins.', "Initiative count 20: it's **Dragon**'s lair turn."]);
    // No die is rolled as the lair turn ends: a second roll-off would throw.
    const { encounter: after, turns } = pass(lairTurn.encounter, 2);
    expect(turns.map(([r, name]) => [r, name])).toEqual([
      [2, 'Alice'],
      [2, 'Dragon'],
    ]);
    expect(after.combatants.map((c) => c.name)).toEqual(['Alice', 'Dragon', 'Bravo']);
    expect(named(after, 'Dragon').initiative.tiebreak).toEqual([15]);
  });

  it('a lair creature moved up on the last turn of round 1: the lair turn opens round 2, then the round goes in the new order', () => {
    let encounter = joinEncounter(fresh('dnd2024'), ctx(alice), { hp: 12, initiative: 18 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Goblin', hp: 7, initiative: 12 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Dragon', hp: 40, initiative: 8, lair: true }).encounter;
    encounter = pass(encounter, 4).encounter;
    expect([encounter.round, current(encounter)]).toEqual([1, 'Dragon']);
    encounter = setInitiative(encounter, ctx(gm), { target: 'Dragon', value: 15 }).encounter;
    const { turns } = pass(encounter, 4);
    expect(turns).toEqual([
      [2, 'Dragon', ['**Round 2** begins.', "Initiative count 20: it's **Dragon**'s lair turn."]],
      [2, 'Alice', ["It's **Alice**'s turn."]],
      [2, 'Dragon', ["It's **Dragon**'s turn."]],
      [2, 'Goblin', ["It's **Goblin**'s turn."]],
    ]);
  });
});

describe('/init set-initiative on another combatant, across the turn being taken', () => {
  it('the Orc moved up to 20 before its turn keeps that turn, and its Frightened, to end with it, ends there', () => {
    const goblinTurn = pass(party(), 2).encounter;
    const frightened = addCondition(goblinTurn, ctx(gm), { target: 'Alice', condition: 'Frightened', source: 'Orc', duration: 1 });
    const set = setInitiative(frightened.encounter, ctx(gm), { target: 'Orc', value: 20 });
    expect(describeEvents(set)).toEqual(["Orc's initiative is now 20 (was 8); it takes its new place as **Round 2** begins."]);
    expect(set.encounter.combatants.map((c) => c.name)).toEqual(['Alice', 'Goblin 1', 'Goblin 2', 'Orc']);
    // Goblin 2 and the Orc in round 1, then round 2: the Orc first, then Alice.
    const { encounter, turns } = pass(set.encounter, 4);
    expect(turns.map(([r, name, said]) => [r, name, said.includes('Frightened on Alice ends.')])).toEqual([
      [1, 'Goblin 2', false],
      [1, 'Orc', false],
      [2, 'Orc', true],
      [2, 'Alice', false],
    ]);
    expect(encounter.effects).toEqual([]);
  });

  it("Goblin 2 moved up to 20 on Goblin 1's turn keeps its place in its group until round 2, then leaves it", () => {
    const goblinTurn = pass(party(), 2).encounter;
    const set = setInitiative(goblinTurn, ctx(gm), { target: 'Goblin 2', value: 20 }).encounter;
    const group = named(set, 'Goblin 1').groupId;
    expect(set.combatants.map((c) => [c.name, c.groupId === group])).toEqual([
      ['Alice', false],
      ['Goblin 1', true],
      ['Goblin 2', true],
      ['Orc', false],
    ]);
    const { encounter, turns } = pass(set, 3);
    expect(turns.map(([r, name]) => [r, name])).toEqual([
      [1, 'Goblin 2'],
      [1, 'Orc'],
      [2, 'Goblin 2'],
    ]);
    expect(encounter.combatants.map((c) => [c.name, c.groupId, c.actions.heldPlace])).toEqual([
      ['Goblin 2', null, null],
      ['Alice', null, null],
      ['Goblin 1', group, null],
      ['Orc', null, null],
    ]);
  });

  it('/init prev over the start of round 2 puts Goblin 2 back in its place in its group, and next moves it out again', () => {
    const goblinTurn = pass(party(), 2).encounter;
    const set = setInitiative(goblinTurn, ctx(gm), { target: 'Goblin 2', value: 20 }).encounter;
    const group = named(set, 'Goblin 1').groupId;
    const round2 = pass(set, 3).encounter;
    expect([round2.round, current(round2)]).toEqual([2, 'Goblin 2']);

    const back = previousTurn(round2, ctx(gm));
    expect(describeEvents(back)).toEqual(["Back to **Orc**'s turn (round 1)."]);
    expect(back.encounter.combatants.map((c) => [c.name, c.groupId === group, c.actions.heldPlace])).toEqual([
      ['Alice', false, null],
      ['Goblin 1', true, null],
      ['Goblin 2', true, 12],
      ['Orc', false, null],
    ]);
    const { encounter, turns } = pass(back.encounter, 2);
    expect(turns).toEqual([
      [2, 'Goblin 2', ['**Round 2** resumes.', "It's **Goblin 2**'s turn."]],
      [2, 'Alice', ["It's **Alice**'s turn."]],
    ]);
    expect(encounter.combatants.map((c) => [c.name, c.groupId === group, c.actions.heldPlace])).toEqual([
      ['Goblin 2', false, null],
      ['Alice', false, null],
      ['Goblin 1', true, null],
      ['Orc', false, null],
    ]);
  });

  it("the Orc moved to the Goblins' 12 and placed before them by a roll-off keeps that place as round 1 ends: no second roll", () => {
    const goblinTurn = pass(party(), 2).encounter;
    // The roll-off: the Goblins 5, the Orc 15.
    const set = setInitiative(goblinTurn, ctx(gm, scripted(5, 15)), { target: 'Orc', value: 12 });
    expect(describeEvents(set)).toEqual(["Orc's initiative is now 12 (was 8); it takes its new place as **Round 2** begins."]);
    const orcTurn = pass(set.encounter, 2).encounter;
    expect([orcTurn.round, current(orcTurn)]).toEqual([1, 'Orc']);
    // Dice that would put the Orc after the Goblins, were the tie rolled again as round 1 ends.
    const round2 = nextTurn(orcTurn, ctx(gm, scripted(15, 5))).encounter;
    expect(round2.combatants.map((c) => c.name)).toEqual(['Alice', 'Orc', 'Goblin 1', 'Goblin 2']);
    expect(named(round2, 'Orc').initiative.tiebreak).toEqual([15]);

    // Back over round 2's start and on again: the same order, and still no die rolled.
    const again = nextTurn(previousTurn(round2, ctx(gm)).encounter, ctx(gm));
    expect(again.encounter.combatants.map((c) => c.name)).toEqual(['Alice', 'Orc', 'Goblin 1', 'Goblin 2']);
  });

  it('set again to a count on the side of the turn it holds its place on, it takes that place at once', () => {
    const goblinTurn = pass(party(), 2).encounter;
    const held = setInitiative(goblinTurn, ctx(gm), { target: 'Orc', value: 20 }).encounter;
    const set = setInitiative(held, ctx(gm), { target: 'Orc', value: 3 });
    expect(describeEvents(set)).toEqual(["Orc's initiative is now 3 (was 20)."]);
    expect(set.encounter.combatants.map((c) => [c.name, c.initiative.total, c.actions.heldPlace])).toEqual([
      ['Alice', 18, null],
      ['Goblin 1', 12, null],
      ['Goblin 2', 12, null],
      ['Orc', 3, null],
    ]);
  });
});
