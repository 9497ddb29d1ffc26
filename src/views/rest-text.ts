import type { Character } from '../characters/sheet';
import { abilityModifier } from '../rules/state';
import type { RulesEvent } from '../rules/types';
import { characterName, signed } from './character-sheet';
import { COLORS } from './embeds';
import { consequenceSentences } from './encounter-rules-text';
import type { Reply } from './reply';

/** "d8 5 +2 = 7": one Hit Die as rolled and what it gave. */
function hitDieWords(event: Extract<RulesEvent, { kind: 'hit-dice-spent' }>, conMod: number): string {
  return `d${event.sides} ${event.roll} ${signed(conMod)} → ${event.healed}`;
}

/** Everything a rest did, one line each, for the character it was taken by. */
export function restReply(
  before: Character,
  after: Character,
  kind: 'short' | 'long',
  events: readonly RulesEvent[],
  healed: number,
): Reply {
  const name = characterName(after);
  const lines = [`**${name}** takes a ${kind} rest.`];
  const spent = events.flatMap((event) => (event.kind === 'hit-dice-spent' ? [event] : []));
  if (spent.length > 0) {
    const conMod = abilityModifier(after.abilities.con);
    lines.push(
      `Spends ${spent.length} Hit ${spent.length === 1 ? 'Die' : 'Dice'}: ${spent.map((e) => hitDieWords(e, conMod)).join(', ')}.`,
    );
  }
  lines.push(healed > 0 ? `Regains ${healed} HP (now ${after.hp}/${after.maxHp}).` : `HP stay at ${after.hp}/${after.maxHp}.`);
  const regained = after.hitDiceLeft - before.hitDiceLeft;
  if (regained > 0) lines.push(`Regains ${regained} Hit ${regained === 1 ? 'Die' : 'Dice'}.`);
  lines.push(`Hit Dice left: ${after.hitDiceLeft} of ${after.level} (d${after.hitDie}).`);
  lines.push(...consequenceSentences({ name, isPlayerCharacter: true, showNumbers: true }, events));
  return { embeds: [{ description: lines.join('\n'), color: COLORS.success }] };
}
