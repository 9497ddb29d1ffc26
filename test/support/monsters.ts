import { monstersOf, type BookId } from '../../src/compendium';
import type { Monster } from '../../src/compendium/types';
import type { MonsterLink } from '../../src/combat/types';

/** A block of the SRD, or the test fails saying which one the book lacks. */
export async function srdMonster(book: BookId, name: string): Promise<Monster> {
  const monster = (await monstersOf(book)).find(name);
  if (monster === undefined) throw new Error(`no ${name} in ${book}`);
  return monster;
}

/** A small homebrew monster in the project's format, as a server's file would bring it; `overrides` replace its fields. */
export function caveLurker(overrides: Record<string, unknown> = {}): Monster {
  return {
    name: 'Cave Lurker',
    size: 'medium',
    type: 'monstrosity',
    ac: 13,
    hp: 22,
    hitDice: '4d8+4',
    speed: { walk: 30 },
    abilities: { str: 14, dex: 12, con: 12, int: 3, wis: 10, cha: 5 },
    senses: { passivePerception: 10 },
    cr: '1',
    xp: 200,
    proficiencyBonus: 2,
    initiative: 1,
    actions: [{ name: 'Claw', attack: { kind: 'melee', bonus: 4, reach: 5 }, damage: [{ dice: '1d6+2', type: 'slashing' }] }],
    ...overrides,
  };
}

/** An Adult Red Dragon's link in a fight, its Fire Breath (recharge 5–6) spent. */
export const RED_DRAGON_BREATH_SPENT: MonsterLink = {
  source: 'srd-5.2',
  block: 'Adult Red Dragon',
  skills: {},
  conditionImmunities: [],
  recharging: [{ action: 'Fire Breath', recharge: 5 }],
  usesLeft: {},
};
