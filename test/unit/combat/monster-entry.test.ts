import { addConditionToEach } from '../../../src/combat/conditions';
import { addInputOfBlock, overriddenBy } from '../../../src/combat/monster-entry';
import { addMonsters } from '../../../src/combat/roster';
import type { Encounter } from '../../../src/combat/types';
import { monstersOf } from '../../../src/compendium/load';
import type { BookId } from '../../../src/compendium/books';
import type { FoundMonster } from '../../../src/compendium/bestiary';
import { describeEvents } from '../../../src/views/encounter-text';
import { alice, ctx, detailOf, fresh, gm, named, noDice, refusalOf } from './support';

async function block(book: BookId, name: string): Promise<FoundMonster> {
  const monster = (await monstersOf(book)).find(name);
  if (monster === undefined) throw new Error(`${name} is not in the ${book}`);
  return { monster, source: book };
}

describe('what /init add monster: takes from a stat block', () => {
  it('a 2024 Adult Red Dragon: its numbers, every save, Hit Dice as level, Con, legendary actions and the link', async () => {
    const input = addInputOfBlock(await block('srd-5.2', 'Adult Red Dragon'), 'average');
    expect(input).toEqual({
      name: 'Adult Red Dragon',
      ac: 19,
      hp: 256,
      initMod: 12,
      saves: { str: 8, dex: 6, con: 7, int: 3, wis: 7, cha: 6 },
      level: 19,
      conScore: 25,
      resist: [],
      immune: ['fire'],
      vulnerable: [],
      legendary: 3,
      monster: {
        source: 'srd-5.2',
        block: 'Adult Red Dragon',
        skills: { perception: 13, stealth: 6 },
        conditionImmunities: [],
        creatureType: 'dragon',
        recharging: [],
        usesLeft: {},
      },
    });
    expect(addInputOfBlock(await block('srd-5.2', 'Adult Red Dragon'), 'roll').hp).toBe('19d12+133');
  });

  it("a 5.1 block's defences against nonmagical attacks are plain ones; those against one source alone are left out", async () => {
    expect(addInputOfBlock(await block('srd-5.1', 'Gargoyle'), 'average')).toMatchObject({
      resist: ['bludgeoning', 'piercing', 'slashing'],
      immune: ['poison'],
    });
    const rakshasa = addInputOfBlock(await block('srd-5.1', 'Rakshasa'), 'average');
    expect(rakshasa).toMatchObject({ immune: ['bludgeoning', 'piercing', 'slashing'], vulnerable: [] });
  });

  it('options given replace the block, saves one ability at a time', async () => {
    const input = overriddenBy(addInputOfBlock(await block('srd-5.2', 'Goblin Warrior'), 'average'), {
      name: 'Scout',
      ac: 17,
      saves: { dex: 5 },
      resist: [],
    });
    expect(input).toMatchObject({
      name: 'Scout',
      ac: 17,
      hp: 10,
      saves: { str: -1, dex: 5, con: 0, int: 0, wis: -1, cha: -1 },
      resist: [],
    });
  });

  it('the added creature carries level and Con for the rules that read them (Next, A5E)', async () => {
    const added = addMonsters(fresh('dnd-next'), ctx(gm, noDice, 'dnd-next'), {
      ...addInputOfBlock(await block('srd-5.1', 'Ogre'), 'average'),
      initiative: 5,
    });
    const ogre = named(added.encounter, 'Ogre');
    expect([ogre.rules.level, ogre.rules.conScore, ogre.rules.conSaveBonus, ogre.rules.maxHp, ogre.armourClass]).toEqual([
      7, 16, 3, 59, 11,
    ]);
  });
});

describe("a group's condition and its members' condition immunities", () => {
  /** Skeleton 1 and 2 from the 2024 block, and Skeleton 3 typed by hand. */
  async function skeletons(): Promise<Encounter> {
    const fromBlock = addInputOfBlock(await block('srd-5.2', 'Skeleton'), 'average');
    let encounter = addMonsters(fresh(), ctx(gm), { ...fromBlock, count: 2, initiative: 10 }).encounter;
    encounter = addMonsters(encounter, ctx(gm), { name: 'Skeleton 3', hp: 13, initiative: 10 }).encounter;
    return encounter;
  }

  it('passes over the immune members and says so; the others get it, in one change', async () => {
    const encounter = await skeletons();
    const ids = encounter.combatants.map((c) => c.id);
    const done = addConditionToEach(encounter, ctx(gm), { targets: ids, condition: 'Poisoned' });
    expect(describeEvents(done)).toEqual([
      'Skeleton 3 is now **Poisoned**.',
      'Skeleton 1 is immune to Poisoned.',
      'Skeleton 2 is immune to Poisoned.',
    ]);
    expect(detailOf(done)).toBe('Poisoned on Skeleton 3; Skeleton 1 is immune to Poisoned; Skeleton 2 is immune to Poisoned');
    expect(named(done.encounter, 'Skeleton 1').rules.conditions).toEqual([]);
  });

  it('tells a player who may not affect them why, not which of them their blocks make immune', async () => {
    const encounter = await skeletons();
    const immune = encounter.combatants.filter((c) => c.monster !== null).map((c) => c.id);
    expect(refusalOf(() => addConditionToEach(encounter, ctx(alice), { targets: immune, condition: 'Poisoned' }))).toMatch(
      /^Only the game master/,
    );
  });

  it('is refused when every member is immune', async () => {
    const encounter = await skeletons();
    const ids = encounter.combatants.filter((c) => c.monster !== null).map((c) => c.id);
    expect(refusalOf(() => addConditionToEach(encounter, ctx(gm), { targets: ids, condition: 'Exhaustion' }))).toBe(
      'Skeleton 1 and Skeleton 2 are immune to Exhaustion.',
    );
  });
});
