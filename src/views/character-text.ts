import type { Character } from '../characters/sheet';
import { characterName } from './character-sheet';
import { CONTENT_LIMIT } from './embeds';
import { exportFileName } from './fight-export';
import { shown } from './markdown';
import type { Reply } from './reply';

type Named = Pick<Character, 'name'>;

/** What `typed` named is none of the caller's characters. */
export function noCharacterCalledText(typed: string): string {
  return `You have no character called "${shown(typed)}" here; \`/character list\` shows yours.`;
}

export const NO_ACTIVE_CHARACTER_TEXT =
  'You have no active character here: make one with `/character create` or pick one with `/character use`.';

/** A sheet would take the name of another of the caller's characters. */
export function characterNameTakenText(sheet: Named, by: 'create' | 'edit' | 'import'): string {
  const taken = `You already have a character called ${characterName(sheet)}`;
  switch (by) {
    case 'create':
      return `${taken}: edit it with \`/character edit\`.`;
    case 'edit':
      return `${taken}.`;
    case 'import':
      // No command renames a character: the file's name is the one to change.
      return `${taken}: delete it first, or change \`name\` in the JSON.`;
  }
}

/**
 * A level or maximum changed mid-fight would be lost: the fight's end writes its HP and Hit Dice
 * back. `changed` names what the edit moved (a Con or Hit Die edit moves the maximum).
 */
export function editInFightText(character: Named, fight: { name: string; channelId: string }, changed: 'level' | 'maximum'): string {
  const wait =
    changed === 'level'
      ? 'change their level after `/init end` there.'
      : 'a change that moves their hit point maximum (`hp`, `con`, `hit-die`) waits for `/init end` there.';
  return `${characterName(character)} is in the fight **${shown(fight.name)}** in <#${fight.channelId}>, which keeps their HP and Hit Dice until it ends: ${wait}`;
}

export const NOTHING_TO_CHANGE_TEXT = 'Give at least one thing to change, e.g. `level:6` or `hp:52`.';

/** The footers of the sheet a change shows. */
export const CREATED_NOTE = 'Created; it is your active character.';
export const SAVED_NOTE = 'Saved.';
export const IMPORTED_NOTE = 'Imported; it is your active character.';

export function revivedNote(hp: number): string {
  return `Brought back by the game master, at ${hp} HP.`;
}

export function nowActiveText(character: Named): string {
  return `${characterName(character)} is now your active character.`;
}

export function deleteQuestionText(character: Named): string {
  return `Delete **${characterName(character)}** for good? It cannot be undone.`;
}

export const CHARACTER_GONE_TEXT = 'That character is gone, or is not yours.';

export function characterKeptText(character: Named): string {
  return `${characterName(character)} stays.`;
}

export function characterDeletedText(character: Named): string {
  return `${characterName(character)} is deleted.`;
}

export const NOT_LAST_FIGHT_GAME_MASTER_TEXT =
  "Only the game master of this channel's last fight, or a member with Manage Channels, can bring a character back.";

/** Where `/character revive` works: a death is written to the sheet where its fight ran. */
const REVIVE_WHERE = 'revive a character in the channel of the fight it died in, before another fight there.';

export const NO_FIGHT_HERE_TEXT = `This channel has had no fight: ${REVIVE_WHERE}`;

export function notInLastFightText(typed: string): string {
  return `No character called "${shown(typed)}" joined this channel's last fight: ${REVIVE_WHERE}`;
}

export function notDeadText(character: Named): string {
  return `${characterName(character)} is not dead.`;
}

/**
 * The exported sheet as a JSON code block, to copy into `/character import`. A backtick is written
 * as its JSON escape, which reads back the same, so a name holding ``` cannot end the block early.
 */
export function characterExportText(exported: unknown): string {
  return `\`\`\`json\n${JSON.stringify(exported, null, 1).replaceAll('`', '\\u0060')}\n\`\`\``;
}

/**
 * The export, privately: the code block while it fits a message, else the JSON as a file for
 * `/character import`'s file option (a name of backticks, every skill, slot and condition on the
 * sheet pass Discord's 2,000 characters).
 */
export function characterExportReply(exported: unknown, name: string): Reply {
  const text = characterExportText(exported);
  if (text.length <= CONTENT_LIMIT) return { ephemeral: true, content: text };
  const file = exportFileName(name, 'character');
  return {
    ephemeral: true,
    content: `The sheet is too long for a message: here it is as \`${file}\`, for \`/character import\`'s \`file\` option.`,
    files: [{ name: file, data: Buffer.from(JSON.stringify(exported, null, 1), 'utf8'), description: `${name}'s sheet as JSON` }],
  };
}
