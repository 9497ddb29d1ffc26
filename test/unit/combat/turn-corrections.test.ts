import { dealDamage } from '../../../src/combat/hit-points';
import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import { useReaction } from '../../../src/combat/turn-actions';
import { nextTurn, previousTurn } from '../../../src/combat/turns';
import type { Encounter } from '../../../src/combat/types';
import { alice, ctx, current, fresh, gm, kinds, named, noDice, scripted } from './support';

/** Alice (18, 12 HP) and a Dragon (8, 50 HP) whose Fire Breath (recharge 5–6) is spent, before round 1. */
function duel(): Encounter {
  let encounter = joinEncounter(fresh('dnd2024'), ctx(alice), { hp: 12, initiative: 18 }).encounter;
  encounter = addMonsters(encounter, ctx(gm), {
    name: 'Dragon',
    hp: 50,
    initiative: 8,
    monster: {
      source: 'srd-5.2',
      block: 'Adult Red Dragon',
      skills: {},
      conditionImmunities: [],
      recharging: [{ action: 'Fire Breath', recharge: 5 }],
      usesLeft: {},
    },
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
