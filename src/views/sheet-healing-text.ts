import type { CharacterHealing } from '../characters/heal';
import type { Character } from '../characters/sheet';
import type { AmountRoll } from '../combat/types';
import type { RuleSetId } from '../rules/ids';
import { characterName, sheetHp } from './character-sheet';
import { COLORS } from './embeds';
import { describeHealing } from './encounter-rules-text';
import { shown } from './markdown';
import type { Reply } from './reply';

/** Healing written to a sheet out of a fight: the roll, what the healing did, as a fight says it, and the sheet's HP after. */
export function sheetHealingReply(roll: AmountRoll | null, healing: CharacterHealing, ruleSet: RuleSetId): Reply {
  const after = healing.character;
  const name = characterName(after);
  const lines = [
    ...(roll === null ? [] : [`🎲 ${roll.rendered}`]),
    describeHealing({ name, isPlayerCharacter: true, showNumbers: true }, healing.events),
    `No fight runs here: written to ${name}'s sheet (${sheetHp(after, ruleSet)} HP).`,
  ];
  return { embeds: [{ description: lines.join('\n'), color: COLORS.success }] };
}

/** `/hp heal` with no fight in the channel and no character of that name to heal. */
export function noCharacterToHealText(typed: string): string {
  return (
    `There is no encounter in this channel, and neither you nor anyone in its last fight has a character called "${shown(typed)}": ` +
    '`/character list` shows yours.'
  );
}

/** Two or more characters of the channel's last fight share the name, none of them the caller's. */
export function characterToHealUnclearText(typed: string): string {
  return `Several characters of this channel's last fight are called "${shown(typed)}": their players heal them.`;
}

export function deadCharacterHealText(character: Pick<Character, 'name'>): string {
  return `${characterName(character)} is dead and cannot regain hit points: the game master of the fight can bring them back with \`/character revive\`.`;
}

/**
 * The character's fight elsewhere holds its HP, and writes them back as it ends, over anything
 * written meanwhile. Which fight, and where, is told to its player (null: to anyone else, who may
 * not see that channel).
 */
export function healInFightText(character: Pick<Character, 'name'>, fight: { name: string; channelId: string } | null): string {
  const where = fight === null ? 'a fight in another channel' : `the fight **${shown(fight.name)}** in <#${fight.channelId}>`;
  return `${characterName(character)} is in ${where}, which keeps their HP until it ends: heal them there.`;
}

/** Healing that lost to another write to the sheet: nothing of it was written. */
export function healRacedText(character: Pick<Character, 'name'>): string {
  return `${characterName(character)}'s sheet changed meanwhile (a rest or another healing came first): nothing was healed; heal again.`;
}
