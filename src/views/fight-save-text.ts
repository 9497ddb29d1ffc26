import { ABILITIES } from '../rules';
import { listInWords } from './encounter-rules-text';
import { shown } from './markdown';

/** The saves a fight asks for, which its buttons roll too. */
export type FightSave = 'death' | 'concentration';

/** The options of an ability save that a fight's save has no use for. */
export type UnusedFightSaveOption = 'dc' | 'secret' | 'bonus' | 'mode';

/** Combatants a refusal names before "and N more", so it stays a short message. */
const NAMES_LISTED = 5;

/** "death save", "concentration save". */
export function fightSaveName(save: FightSave): string {
  return save === 'death' ? 'death save' : 'concentration save';
}

/** What `ability` takes, for a value that is neither an ability nor a fight's save. */
export function unknownSaveText(): string {
  return `\`ability\` is one of ${ABILITIES.join(', ')}, death or concentration.`;
}

/** An option given to a fight's save, refused with what counts instead. */
export function unusedFightSaveOptionText(save: FightSave, option: UnusedFightSaveOption): string {
  const name = fightSaveName(save);
  switch (option) {
    case 'dc':
      return save === 'death'
        ? "A death save's DC is the rule set's: leave out `dc`."
        : 'A concentration save keeps the DC the damage gave it: leave out `dc`.';
    case 'secret':
      return `A ${name} changes the fight the table follows, so it is never secret: leave out \`secret\`.`;
    case 'bonus':
      return (
        `A ${name} adds no bonus typed with it: an effect on the combatant that gives one (\`/condition add\` with ` +
        `\`modifiers:${save}:+1d4\`) counts by itself. Leave out \`bonus\`.`
      );
    case 'mode':
      return (
        'A death save has advantage or disadvantage only from conditions and effects (`/condition add` with ' +
        '`modifiers:adv:death`). Leave out `mode`.'
      );
  }
}

/** A fight's save asked for in a channel with no fight. */
export function fightSaveWithoutEncounterText(save: FightSave): string {
  return `There is no encounter in this channel: a ${fightSaveName(save)} is rolled in a fight.`;
}

/** `character:` names a character that did not join the channel's fight. */
export function characterNotInEncounterText(character: string): string {
  return `${shown(character)} is not in this channel's encounter.`;
}

export const NO_COMBATANT_OF_YOURS_TEXT = "You have no combatant in this channel's encounter: name one with `target`.";

/**
 * The caller's combatants could each be the roller: several with the save waiting (`waiting`), or
 * none with it, among several (or none) of theirs.
 */
export function rollerUnclearText(save: FightSave, names: readonly string[], waiting: boolean): string {
  const listed = names.slice(0, NAMES_LISTED).map(shown);
  const named =
    names.length > NAMES_LISTED
      ? `${listed.join(', ')} and ${names.length - NAMES_LISTED} more`
      : listInWords(listed, waiting ? 'and' : 'or');
  if (waiting) return `${named} each have a ${fightSaveName(save)} to roll: name one with \`target\`.`;
  return `None of your combatants (${named}) has a ${fightSaveName(save)} to roll.`;
}
