import { dealDamage } from '../../../src/combat/hit-points';
import { changeOptions } from '../../../src/combat/lifecycle';
import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import { moveTurn, nextTurn, pressDeathSave, previousTurn } from '../../../src/combat/turns';
import type { Encounter } from '../../../src/combat/types';
import { alice, bob, ctx, current, fresh, gm, kinds, named, noDice, scripted, refusalOf, detailOf } from './support';
import { containing } from '../../support/matchers';

/** Alice (18, 12 HP), Goblin 1 and 2 (12, 7 HP), Orc (8, 15 HP), before round 1. */
function party(options: { autoDeathSaves?: boolean } = {}): Encounter {
  let encounter = fresh('dnd2024', options);
  encounter = joinEncounter(encounter, ctx(alice), { hp: 12, initiative: 18 }).encounter;
  encounter = addMonsters(encounter, ctx(gm), { name: 'Goblin', count: 2, hp: 7, initiative: 12 }).encounter;
  return addMonsters(encounter, ctx(gm), { name: 'Orc', hp: 15, initiative: 8 }).encounter;
}

function nexts(encounter: Encounter, count: number): Encounter {
  let next = encounter;
  for (let i = 0; i < count; i += 1) next = nextTurn(next, ctx(gm)).encounter;
  return next;
}

describe('turns and rounds', () => {
  it('starts round 1 with the highest initiative', () => {
    const started = nextTurn(party(), ctx(gm));
    expect(kinds(started)).toEqual(['round-started', 'turn-started']);
    expect(started.encounter.round).toBe(1);
    expect(current(started.encounter)).toBe('Alice');
    expect(started.events[1]).toMatchObject({
      kind: 'turn-started',
      round: 1,
      moved: false,
      combatant: { name: 'Alice', controllerId: 'alice' },
    });
    expect(detailOf(started)).toBe("round 1, Alice's turn");
  });

  it.each([
    [1, 1, 'Alice'],
    [2, 1, 'Goblin 1'],
    [4, 1, 'Orc'],
    [5, 2, 'Alice'],
    [13, 4, 'Alice'],
    [20, 5, 'Orc'],
  ])('after %i turns it is round %i, %s', (turns, round, name) => {
    const encounter = nexts(party(), turns);
    expect(encounter.round).toBe(round);
    expect(current(encounter)).toBe(name);
  });

  it('announces the new round when the order wraps around', () => {
    expect(kinds(nextTurn(nexts(party(), 4), ctx(gm)))).toEqual(['round-started', 'turn-started']);
  });

  it("lets the current combatant's player end the turn, and nobody else but the game master", () => {
    const aliceTurn = nexts(party(), 1);
    expect(current(nextTurn(aliceTurn, ctx(alice)).encounter)).toBe('Goblin 1');
    expect(refusalOf(() => nextTurn(aliceTurn, ctx(bob)))).toContain(
      "Only Alice's player, the game master (Gina) or a member with Manage Channels can end this turn.",
    );
    expect(refusalOf(() => nextTurn(nexts(party(), 2), ctx(alice)))).toContain(
      'Only the game master (Gina) or a member with Manage Channels can end this turn.',
    );
    expect(refusalOf(() => nextTurn(party(), ctx(alice)))).toContain(
      'Only the game master (Gina) or a member with Manage Channels can start the fight.',
    );
  });

  it('skips dead monsters', () => {
    const aliceTurn = nexts(party(), 1);
    const killed = dealDamage(aliceTurn, ctx(alice), { target: 'Goblin 1', amount: '9' }).encounter;
    expect(named(killed, 'Goblin 1').rules).toMatchObject({ hp: 0, dead: true });
    const turn = nextTurn(killed, ctx(alice));
    expect(kinds(turn)).toEqual(['turn-skipped', 'turn-started']);
    expect(current(turn.encounter)).toBe('Goblin 2');
  });

  it('refuses to start a turn when every combatant is a dead monster', () => {
    let encounter = addMonsters(fresh(), ctx(gm), { name: 'Rat', hp: 1, initiative: 5 }).encounter;
    encounter = dealDamage(encounter, ctx(gm), { target: 'Rat', amount: '1' }).encounter;
    expect(refusalOf(() => nextTurn(encounter, ctx(gm)))).toContain(
      'Every combatant is dead, so no turn can start. End the fight with `/init end`, or add combatants.',
    );
  });

  it('refuses an empty order', () => {
    expect(refusalOf(() => nextTurn(fresh(), ctx(gm)))).toContain(
      'Nobody is in the order yet: add monsters with `/init add` and players join with `/init join`.',
    );
  });
});

describe("a dying player character's turn", () => {
  /** Alice dropped to 0 by the Orc in round 1; the next turn is hers. */
  function dying(options: { autoDeathSaves?: boolean } = {}): Encounter {
    const orcTurn = nexts(party(options), 4);
    return dealDamage(orcTurn, ctx(gm), { target: 'Alice', amount: '12' }).encounter;
  }

  it.each([
    [15, 'success', { successes: 1, failures: 0 }, 0],
    [9, 'failure', { successes: 0, failures: 1 }, 0],
    [1, 'failure', { successes: 0, failures: 2 }, 0],
    [20, 'revived', { successes: 0, failures: 0 }, 1],
  ])('rolls her death save as it starts: d20 %i is a %s', (face, outcome, deathSaves, hp) => {
    const turn = nextTurn(dying(), ctx(gm, scripted(face)));
    expect(kinds(turn).slice(0, 3)).toEqual(['round-started', 'turn-started', 'death-save']);
    expect(turn.events[2]).toMatchObject({ kind: 'death-save', roll: face, total: face, outcome, damage: null });
    expect(named(turn.encounter, 'Alice').rules).toMatchObject({ hp, deathSaves });
  });

  it('dies on a third failure', () => {
    let encounter = dying();
    encounter = nextTurn(encounter, ctx(gm, scripted(1))).encounter;
    encounter = nexts(encounter, 3);
    const turn = nextTurn(encounter, ctx(gm, scripted(4)));
    expect(turn.events.find((e) => e.kind === 'death-save')).toMatchObject({ outcome: 'dead' });
    expect(named(turn.encounter, 'Alice').rules.dead).toBe(true);
  });

  it('waits for her button when the encounter rolls death saves by button', () => {
    const turn = nextTurn(dying({ autoDeathSaves: false }), ctx(gm));
    expect(kinds(turn)).toEqual(['round-started', 'turn-started', 'death-save-due']);
    expect(named(turn.encounter, 'Alice').deathSavePending).toBe(true);
    expect(refusalOf(() => pressDeathSave(turn.encounter, ctx(bob, scripted(20)), 'Alice'))).toContain(
      "Only Alice's player, the game master (Gina) or a member with Manage Channels can roll Alice's death save.",
    );
    const pressed = pressDeathSave(turn.encounter, ctx(alice, scripted(20)), 'Alice');
    expect(pressed.events[0]).toMatchObject({ kind: 'death-save', roll: 20, outcome: 'revived' });
    expect(kinds(pressed)).toContain('rules:revived');
    expect(named(pressed.encounter, 'Alice')).toMatchObject({ deathSavePending: false, rules: { hp: 1 } });
    expect(refusalOf(() => pressDeathSave(pressed.encounter, ctx(alice, scripted(20)), 'Alice'))).toContain(
      'Alice has no death save to roll now: Alice is not dying.',
    );
  });

  it('switching the option to buttons applies from the next turn', () => {
    const switched = changeOptions(dying(), ctx(gm), { autoDeathSaves: false });
    expect(detailOf(switched)).toBe('death saves by button, concentration saves by button');
    expect(kinds(nextTurn(switched.encounter, ctx(gm, noDice)))).toContain('death-save-due');
  });
});

describe('going back and moving the turn', () => {
  it('goes back one turn, and across the round boundary', () => {
    const back = previousTurn(nexts(party(), 5), ctx(gm));
    expect(back.encounter.round).toBe(1);
    expect(current(back.encounter)).toBe('Orc');
    expect(kinds(back)).toEqual(['turn-went-back']);
  });

  it('has nothing before the first turn', () => {
    expect(refusalOf(() => previousTurn(nexts(party(), 1), ctx(gm)))).toContain(
      'This is the first turn of the fight: there is no turn before it.',
    );
    expect(refusalOf(() => previousTurn(party(), ctx(gm)))).toContain('The fight has not started yet: `/init next` starts round 1.');
  });

  it('lets the game master make anyone current, without turn-start effects', () => {
    const moved = moveTurn(nexts(party(), 1), ctx(gm), 'orc');
    expect(current(moved.encounter)).toBe('Orc');
    expect(moved.events).toEqual([containing({ kind: 'turn-started', moved: true, round: 1 })]);
    expect(refusalOf(() => moveTurn(party(), ctx(alice), 'Orc'))).toContain(
      'Only the game master (Gina) or a member with Manage Channels can move the turn.',
    );
    const opening = moveTurn(party(), ctx(gm), 'Goblin 2');
    expect(kinds(opening)).toEqual(['turn-started']);
    expect([opening.encounter.round, current(opening.encounter)]).toEqual([1, 'Goblin 2']);
  });
});

describe('effects that end with a turn', () => {
  it('ends an effect when the turn it expires on starts, as the rules engine decides', () => {
    const goblinTurn = nexts(party(), 2);
    const goblin2 = named(goblinTurn, 'Goblin 2').id;
    const withEffect: Encounter = {
      ...goblinTurn,
      effects: [
        {
          id: 'e9',
          kind: 'concentration',
          name: 'Hex',
          sourceId: goblin2,
          targetId: goblin2,
          startedRound: 1,
          expiry: { round: 1, combatantId: goblin2, boundary: 'start' },
          concentrationId: null,
          appliedBy: null,
          note: null,
          save: null,
          modifiers: [],
          shownToPlayers: true,
          savePending: false,
        },
      ],
    };
    const turn = nextTurn(withEffect, ctx(gm));
    expect(kinds(turn)).toEqual(['effect-ended', 'turn-started']);
    expect(turn.events[0]).toMatchObject({ effect: { name: 'Hex' }, reason: 'expired', combatant: { name: 'Goblin 2' } });
    expect(turn.encounter.effects).toEqual([]);
  });
});
