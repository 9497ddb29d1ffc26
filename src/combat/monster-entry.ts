import type { FoundMonster } from '../compendium/bestiary';
import { parseDice } from '../compendium/dice';
import type { Monster, QualifiedDefence } from '../compendium/types';
import { abilityModifier } from '../rules/state';
import { ABILITIES, type DamageType } from '../rules/types';
import type { AddInput } from './inputs';
import type { SaveBonuses } from './types';

/** `hp:` with a stat block: the block's average, or its Hit Dice rolled for each creature. */
export type BlockHp = 'average' | 'roll';

/**
 * Which of a 5.1 block's qualified defences the bot applies: those against nonmagical attacks (silvered
 * or adamantine ones too), as plain resistances and immunities. The bot cannot tell a magic weapon's hit
 * from a mundane one, and the common case at the levels these creatures are met is a party without
 * magic weapons; the reply lists them, and `resist:`/`immune:` replace them for a table that has some.
 * Those against spells or good creatures' magic weapons hold against one source alone, so they are left
 * to the game master (docs/encounters.md).
 */
const APPLIED_QUALIFIERS: ReadonlySet<QualifiedDefence['against']> = new Set([
  'nonmagical',
  'nonmagical-unsilvered',
  'nonmagical-not-adamantine',
]);

function defences(monster: Monster, kind: QualifiedDefence['kind'], plain: readonly DamageType[] | undefined): DamageType[] {
  const qualified = (monster.qualifiedDefences ?? []).filter((d) => d.kind === kind && APPLIED_QUALIFIERS.has(d.against));
  return [...new Set([...(plain ?? []), ...qualified.flatMap((d) => d.types)])];
}

/** Every ability's saving throw bonus: the block's own where it lists one, else the ability modifier. */
export function blockSaves(monster: Monster): SaveBonuses {
  return Object.fromEntries(ABILITIES.map((ability) => [ability, monster.saves?.[ability] ?? abilityModifier(monster.abilities[ability])]));
}

/** The number of Hit Dice, which rules that read a level read (a flat homebrew "5" counts as 1). */
export function hitDiceCount(monster: Monster): number {
  return Math.max(1, parseDice(monster.hitDice)?.count ?? 1);
}

/** What a monster added from a stat block takes from it, before the options given override it. */
export function addInputOfBlock(found: FoundMonster, hp: BlockHp): AddInput {
  const { monster, source } = found;
  const legendary = monster.legendary?.perRound ?? 0;
  return {
    name: monster.name,
    ac: monster.ac,
    hp: hp === 'average' ? monster.hp : monster.hitDice,
    initMod: monster.initiative,
    saves: blockSaves(monster),
    level: hitDiceCount(monster),
    conScore: monster.abilities.con,
    resist: defences(monster, 'resistance', monster.resistances),
    immune: defences(monster, 'immunity', monster.immunities),
    vulnerable: defences(monster, 'vulnerability', monster.vulnerabilities),
    ...(legendary > 0 ? { legendary } : {}),
    monster: {
      source,
      block: monster.name,
      skills: monster.skills ?? {},
      conditionImmunities: monster.conditionImmunities ?? [],
      creatureType: monster.type.toLowerCase(),
      recharging: [],
      usesLeft: {},
    },
  };
}

/**
 * The block's input with every option the game master gave in its place; saves are replaced one
 * ability at a time (`saves:dex+5` leaves the other five as the block has them).
 */
export function overriddenBy(block: AddInput, given: Partial<AddInput>): AddInput {
  return { ...block, ...given, saves: { ...block.saves, ...given.saves } };
}
