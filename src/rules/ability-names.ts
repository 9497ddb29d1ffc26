import type { Ability } from './types';

/** Abilities by their full names too: "dexterity" is `dex`. */
export const ABILITY_NAMES: Readonly<Record<string, Ability>> = {
  strength: 'str',
  dexterity: 'dex',
  constitution: 'con',
  intelligence: 'int',
  wisdom: 'wis',
  charisma: 'cha',
};
