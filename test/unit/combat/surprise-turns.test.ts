import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import { nextTurn, previousTurn } from '../../../src/combat/turns';
import type { Encounter } from '../../../src/combat/types';
import { alice, ctx, current, fresh, gm, refusalOf } from './support';

/**
 * 2014 rules: Alice (20) and a Ghoul (19), both surprised, a Lich (17) and Bram's stand-in, an Orc
 * (14); the Lich has a lair when `lair` is set. Before round 1.
 */
function ambush(lair: boolean): Encounter {
  const gm14 = ctx(gm, undefined, 'dnd2014');
  let encounter = joinEncounter(fresh('dnd2014'), ctx(alice, undefined, 'dnd2014'), {
    hp: 20,
    initiative: 20,
    surprised: true,
  }).encounter;
  encounter = addMonsters(encounter, gm14, { name: 'Ghoul', hp: 22, initiative: 19, surprised: true }).encounter;
  encounter = addMonsters(encounter, gm14, { name: 'Lich', hp: 135, initiative: 17, lair }).encounter;
  return addMonsters(encounter, gm14, { name: 'Orc', hp: 15, initiative: 14 }).encounter;
}

/** Who takes each turn as the game master presses Next turn `times` times (`Lich (lair)` for a lair turn). */
function turns(encounter: Encounter, times: number): { turns: string[]; encounter: Encounter } {
  const taken: string[] = [];
  let at = encounter;
  for (let i = 0; i < times; i += 1) {
    const passed = nextTurn(at, ctx(gm, undefined, 'dnd2014'));
    at = passed.encounter;
    const note = passed.note;
    if (note.kind !== 'turn') throw new Error(`unexpected note ${note.kind}`);
    taken.push(`${note.turn.round}: ${note.turn.combatant}${note.turn.lair ? ' (lair)' : ''}`);
  }
  return { turns: taken, encounter: at };
}

describe('a first turn lost to surprise stays lost', () => {
  it('without a lair, round 1 goes Lich, Orc, and round 2 starts with Alice', () => {
    expect(turns(ambush(false), 3).turns).toEqual(['1: Lich', '1: Orc', '2: Alice']);
  });

  it('with a lair, the lair turn at count 20 comes after Alice lost hers, and the Ghoul does not get its turn back after it', () => {
    expect(turns(ambush(true), 5).turns).toEqual(['1: Lich (lair)', '1: Lich', '1: Orc', '2: Alice', '2: Lich (lair)']);
  });

  it('/init prev from the first turn taken does not reach a turn lost to surprise', () => {
    const { encounter } = turns(ambush(false), 1);
    expect(current(encounter)).toBe('Lich');
    expect(refusalOf(() => previousTurn(encounter, ctx(gm, undefined, 'dnd2014')))).toMatch(/first turn/);
  });

  it('/init prev back over round 2 reaches the Orc, then the Lich, never the lost turns of round 1', () => {
    let { encounter } = turns(ambush(false), 3);
    encounter = previousTurn(encounter, ctx(gm, undefined, 'dnd2014')).encounter;
    expect([encounter.round, current(encounter)]).toEqual([1, 'Orc']);
    encounter = previousTurn(encounter, ctx(gm, undefined, 'dnd2014')).encounter;
    expect([encounter.round, current(encounter)]).toEqual([1, 'Lich']);
    // And on again: the lost turns are passed over as before, round 2 resumes with Alice.
    expect(turns(encounter, 2).turns).toEqual(['1: Orc', '2: Alice']);
  });
});
