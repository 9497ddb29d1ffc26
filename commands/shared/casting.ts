import { spellcastingOf } from '../../src/characters/spellcasting';
import type { CastCost, CastInput } from '../../src/combat/spells';
import type { Combatant } from '../../src/combat/types';
import { hitDiceCount } from '../../src/combat/monster-entry';
import type { Monster, MonsterAction, Spell, SpellRef, Spellcasting } from '../../src/compendium/types';
import { bookOf } from '../../src/compendium/books';
import { spellsOf } from '../../src/compendium/load';
import { nameKey } from '../../src/compendium/lookup';
import { UserError, type InvocationContext } from '../../src/framework/command';
import type { RuleSetId } from '../../src/rules/ids';
import { abilityModifier } from '../../src/rules/state';
import { blockGone } from '../../src/views/monster-action-text';
import { noSlotsOfLevelText, noSpellcastingText, notInBlockText } from '../../src/views/spell-text';

/** The caster's numbers and what a cast of `spell` costs it: `CastInput` less the spell, targets and rolls. */
export type CasterNumbers = Pick<CastInput, 'attackBonus' | 'dc' | 'modifier' | 'casterLevel' | 'cost'> & {
  /** The level a stat block casts this spell at ("Fireball (level 5 version)"), when it says. */
  fixedLevel?: number;
};

/** A stored character's numbers, from its sheet as the fight's rule set reads it; slots pay for leveled spells. */
async function sheetNumbers(ctx: InvocationContext, caster: Combatant, characterId: string, ruleSet: RuleSetId): Promise<CasterNumbers> {
  const character = await ctx.services.characters.get(characterId);
  const casting = character === null ? null : spellcastingOf(character, ruleSet);
  if (character === null || casting === null) throw new UserError(noSpellcastingText(caster.name, 'sheet'));
  return {
    attackBonus: casting.attackBonus,
    dc: casting.saveDc,
    modifier: abilityModifier(character.abilities[casting.ability]),
    casterLevel: character.level,
    cost: { kind: 'slot' },
  };
}

/** The ref among `refs` whose name has the key `spellKey`. */
function refers(refs: readonly SpellRef[] | undefined, spellKey: string): SpellRef | undefined {
  return refs?.find((ref) => nameKey(ref.name) === spellKey);
}

/**
 * Where the block lists the spell, and what casting it costs: at will, a use of N a day, or a slot
 * (5.1 spellcasters), of the level it is cast at (`level`, for an upcast) when the block has one.
 */
function blockCost(
  entry: Spellcasting,
  spell: Spell,
  caster: Combatant,
  level: number | undefined,
): { cost: CastCost; ref: SpellRef } | null {
  const spellKey = nameKey(spell.name);
  const atWill = refers(entry.atWill, spellKey);
  if (atWill !== undefined) return { cost: { kind: 'none' }, ref: atWill };
  for (const group of entry.perDay ?? []) {
    const ref = refers(group.spells, spellKey);
    if (ref !== undefined) return { cost: { kind: 'uses', key: `spell:${spell.name}`, max: group.uses }, ref };
  }
  for (const group of entry.slots ?? []) {
    const ref = refers(group.spells, spellKey);
    if (ref === undefined) continue;
    const castAt = level ?? ref.level ?? group.level;
    const paying = entry.slots?.find((slots) => slots.level === castAt);
    if (paying === undefined) throw new UserError(noSlotsOfLevelText(caster.name, castAt));
    return { cost: { kind: 'uses', key: `slot:${castAt}`, max: paying.slots }, ref: { ...ref, level: ref.level ?? group.level } };
  }
  return null;
}

/** The spells a block casts, for suggestions: its spellcasting entries' lists. */
export function blockSpells(block: Monster): string[] {
  return (block.spellcasting ?? [])
    .flatMap((entry) => [
      ...(entry.atWill ?? []),
      ...(entry.perDay ?? []).flatMap((group) => group.spells),
      ...(entry.slots ?? []).flatMap((group) => group.spells),
    ])
    .map((ref) => ref.name);
}

/** The numbers a block's spellcasting entry gives its spells. */
function entryNumbers(block: Monster, entry: Spellcasting): Pick<CastInput, 'attackBonus' | 'dc' | 'modifier' | 'casterLevel'> {
  const modifier = abilityModifier(block.abilities[entry.ability]);
  const dc = entry.dc ?? 8 + block.proficiencyBonus + modifier;
  return {
    attackBonus: entry.attackBonus ?? dc - 8,
    dc,
    modifier,
    // A block without a caster level: its Hit Dice stand in for the level cantrips grow with.
    casterLevel: entry.casterLevel ?? hitDiceCount(block),
  };
}

/** A monster's numbers, from its block's spellcasting entry that lists the spell; `asked`, the level asked for. */
function blockNumbers(caster: Combatant, block: Monster, spell: Spell, asked: number | undefined): CasterNumbers {
  for (const entry of block.spellcasting ?? []) {
    const found = blockCost(entry, spell, caster, asked);
    if (found === null) continue;
    const level = found.ref.level;
    return { cost: found.cost, ...entryNumbers(block, entry), ...(level === undefined ? {} : { fixedLevel: level }) };
  }
  throw new UserError(notInBlockText(caster.name, block.name, spell.name, blockSpells(block)));
}

/** The caster's numbers for `spell` (cast at `level` when asked): its sheet's for a stored character, its block's for a monster. */
export async function casterNumbers(
  ctx: InvocationContext,
  caster: Combatant,
  spell: Spell,
  ruleSet: RuleSetId,
  level?: number,
): Promise<CasterNumbers> {
  if (caster.characterId !== null) return sheetNumbers(ctx, caster, caster.characterId, ruleSet);
  if (caster.monster !== null) {
    const block = await ctx.services.bestiary.blockOf(ctx.guildId, caster.monster);
    if (block === undefined) throw new UserError(blockGone(caster.name, caster.monster.block));
    return blockNumbers(caster, block, spell, level);
  }
  throw new UserError(noSpellcastingText(caster.name, 'none'));
}

/**
 * The spell an action of the block casts ("The dragon casts Scorching Ray"), as a cast with the
 * numbers of the block's spellcasting entry of the action's name, else its first; what the action
 * costs (a legendary action, its uses a day) is the action's, so the cast itself costs nothing.
 * Undefined when the action casts none, or offers a choice of spells (`/cast` takes those).
 */
export async function actionCast(
  block: Monster,
  action: MonsterAction,
  ruleSet: RuleSetId,
  base: Pick<CastInput, 'caster' | 'targets' | 'bonusReason'>,
): Promise<CastInput | undefined> {
  const [ref, ...others] = action.casts ?? [];
  const entries = block.spellcasting ?? [];
  const entry = entries.find((e) => nameKey(e.name) === nameKey(action.name)) ?? entries[0];
  if (ref === undefined || others.length > 0 || entry === undefined) return undefined;
  const spell = (await spellsOf(bookOf(ruleSet))).find(ref.name);
  if (spell === undefined) return undefined;
  // The spreads after the keys they lack: see src/framework/extended.ts.
  return {
    spell,
    cost: { kind: 'none' },
    ...base,
    ...entryNumbers(block, entry),
    ...(ref.level === undefined ? {} : { level: ref.level }),
  };
}
