import { attack } from '../../../src/combat/attacks';
import { dealDamage } from '../../../src/combat/hit-points';
import { addMonsters, joinEncounter } from '../../../src/combat/roster';
import { nextTurn } from '../../../src/combat/turns';
import type { Encounter, EncounterEvent } from '../../../src/combat/types';
import { describeEvents } from '../../../src/views/encounter-text';
import { alice, bob, ctx, fresh, gm, scripted } from './support';

/** Alice (21), a Dragon (15) with a lair, Bram (12): round 1, the Dragon's lair turn after Alice's turn. */
function lairTurn(): Encounter {
  let encounter = joinEncounter(fresh(), ctx(alice), { hp: 20, ac: 14, initiative: 21 }).encounter;
  encounter = addMonsters(encounter, ctx(gm), { name: 'Dragon', hp: 200, ac: 19, initiative: 15, lair: true }).encounter;
  encounter = joinEncounter(encounter, ctx(bob), { name: 'Bram', hp: 25, ac: 16, initiative: 12 }).encounter;
  encounter = nextTurn(nextTurn(encounter, ctx(gm)).encounter, ctx(gm)).encounter;
  return encounter;
}

function dealers(events: readonly EncounterEvent[]): (string | null)[] {
  return events.flatMap((e) => (e.kind === 'damage-taken' ? [e.source?.name ?? null] : []));
}

describe("what the game master does during a lair turn is the lair creature's", () => {
  it('damage the game master reports is credited to the lair creature, not to Alice whose turn came before', () => {
    const hit = dealDamage(lairTurn(), ctx(gm), { target: 'Bram', amount: '12' });
    expect(dealers(hit.events)).toEqual(['Dragon']);
  });

  it("the game master's attack without an attacker is the lair creature's, not Alice's on herself", () => {
    const struck = attack(lairTurn(), ctx(gm, scripted(15, 4)), {
      target: 'Alice',
      bonus: { parts: [{ bonus: 5, reason: 'attack bonus' }] },
      damage: '1d6',
      weapon: true,
      reach: 'melee',
    });
    expect(describeEvents(struck)[0]).toMatch(/^\*\*Dragon\*\* makes a melee weapon attack on \*\*Alice\*\*/);
    expect(dealers(struck.events)).toEqual(['Dragon']);
  });
});
