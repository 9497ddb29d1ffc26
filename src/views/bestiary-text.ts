import type { BookId, MonsterSource } from '../compendium/books';
import type { FoundMonster } from '../compendium/bestiary';
import type { ConditionImmunity } from '../compendium/types';
import type { AddInput } from '../combat/inputs';
import { addInputOfBlock, type BlockHp } from '../combat/monster-entry';
import { ABILITIES } from '../rules/types';
import { signed } from './character-sheet';
import { shown } from './markdown';

/** Where a block comes from, as a sentence names it ("from the SRD 5.2"). */
export const SOURCE_NAMES: Readonly<Record<MonsterSource, string>> = {
  'srd-5.2': 'the SRD 5.2',
  'srd-5.1': 'the SRD 5.1',
  homebrew: "this server's homebrew",
};

function title(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function conditionNames(immunities: readonly ConditionImmunity[]): string {
  return immunities.map(title).join(', ');
}

/** "The SRD 5.1 has one: use `source:srd-5.1`.", for a name the book searched lacks and the other book has. */
export function otherBookHint(book: BookId): string {
  return `${title(SOURCE_NAMES[book])} has one: use \`source:${book}\`.`;
}

/** " Or did you mean Goblin Warrior, Goblin Boss?" after a hint, or nothing. */
export function orDidYouMean(closest: readonly string[]): string {
  return closest.length === 0 ? '' : ` Or did you mean ${closest.map(shown).join(', ')}?`;
}

/**
 * "No monster called Goblen. Did you mean Goblin Warrior, Goblin Boss?"; when the other book has the
 * name (`elsewhere`), it says so first: the 2014 Goblin is not in the 2024 book.
 */
export function unknownMonsterText(
  typed: string,
  closest: readonly string[],
  searched: MonsterSource,
  elsewhere: BookId | null = null,
): string {
  const unknown = `No monster called ${shown(typed)}`;
  if (elsewhere !== null)
    return `${unknown} in ${SOURCE_NAMES[searched]} or ${SOURCE_NAMES.homebrew}. ${otherBookHint(elsewhere)}${orDidYouMean(closest)}`;
  if (closest.length > 0) return `${unknown}. Did you mean ${closest.map(shown).join(', ')}?`;
  return `${unknown} in ${SOURCE_NAMES[searched]} or ${SOURCE_NAMES.homebrew}: \`monster\` suggests names as you type.`;
}

/**
 * What a `/init add monster:` took from the stat block, leaving out what the options given replaced:
 * "📖 Goblin Warrior, from the SRD 5.2: AC 15 · 10 HP · initiative +2 · saves Str −1, …". For a hidden
 * monster these are its numbers, so the caller shows them to the game master alone.
 */
export function blockSummary(found: FoundMonster, hp: BlockHp, given: Partial<AddInput>): string {
  const block = addInputOfBlock(found, hp);
  const parts: string[] = [];
  if (given.ac === undefined) parts.push(`AC ${block.ac}`);
  if (given.hp === undefined) parts.push(hp === 'average' ? `${block.hp} HP` : `HP rolled on ${found.monster.hitDice} each`);
  if (given.initMod === undefined && given.initiative === undefined) parts.push(`initiative ${signed(block.initMod ?? 0)}`);
  const saves = ABILITIES.filter((ability) => given.saves?.[ability] === undefined).map(
    (ability) => `${title(ability)} ${signed(block.saves?.[ability] ?? 0)}`,
  );
  if (saves.length > 0) parts.push(`saves ${saves.join(', ')}`);
  const defences = [
    ['resists', block.resist, given.resist],
    ['immune to', block.immune, given.immune],
    ['vulnerable to', block.vulnerable, given.vulnerable],
  ] as const;
  for (const [words, types, replaced] of defences) {
    if (replaced === undefined && types !== undefined && types.length > 0) parts.push(`${words} ${types.join(', ')} damage`);
  }
  const conditions = block.monster?.conditionImmunities ?? [];
  if (conditions.length > 0) parts.push(`immune to ${conditionNames(conditions)}`);
  if (given.legendary === undefined && block.legendary !== undefined)
    parts.push(`${block.legendary} legendary action${block.legendary === 1 ? '' : 's'} a round`);
  return `📖 ${shown(found.monster.name)}, from ${SOURCE_NAMES[found.source]}: ${parts.join(' · ')}.`;
}
