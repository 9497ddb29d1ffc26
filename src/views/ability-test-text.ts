import type { AbilityTest, AbilityTestResult } from '../rules/ability-tests';
import type { Skill } from '../rules/skills';
import type { D20TestRoll } from '../rules/types';
import { ABILITY_NAMES, d20InWords } from './condition-text';
import { COLORS } from './embeds';
import { shown } from './markdown';
import { it } from './pronouns';
import type { Embed, Reply } from './reply';

/** "Sleight of Hand", "Animal Handling". */
export function skillName(skill: Skill): string {
  return skill
    .split('-')
    .map((word) => (word === 'of' ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join(' ');
}

/** "Dexterity (Stealth) check", "Strength check", "Wisdom save". */
export function testName(test: AbilityTest): string {
  const ability = ABILITY_NAMES[test.ability];
  if (test.kind === 'save') return `${ability} save`;
  return test.skill === null ? `${ability} check` : `${ability} (${skillName(test.skill)}) check`;
}

/** Who rolls and what the reply may show of it. */
export interface AbilityTestView {
  /** The character or combatant, as typed by users (escaped here). */
  name: string;
  result: AbilityTestResult;
  isPlayerCharacter: boolean;
  /** Nothing recorded the roller's bonus to this test, so it rolled at +0. */
  noBonusRecorded: boolean;
  /** A hidden monster: its numbers are the game master's alone. */
  hidden: boolean;
  /** `secret:true`: the table does not see it (the roller's copy; the game master's goes with it). */
  secret: boolean;
}

/** "Disadvantage: Poisoned.", or both kinds cancelling, as the rule sets say they do. */
function modeLine(roll: D20TestRoll): string | null {
  const { advantage, disadvantage } = roll;
  if (advantage.length > 0 && disadvantage.length > 0) {
    return `Advantage (${advantage.map(shown).join(', ')}) and disadvantage (${disadvantage.map(shown).join(', ')}) cancel out: one d20.`;
  }
  if (advantage.length > 0) return `Advantage: ${advantage.map(shown).join(', ')}.`;
  if (disadvantage.length > 0) return `Disadvantage: ${disadvantage.map(shown).join(', ')}.`;
  return null;
}

function verdict(success: boolean): string {
  return success ? '✅ Success' : '❌ Failure';
}

function colorOf(success: boolean | null): number {
  return success === null ? COLORS.info : success ? COLORS.success : COLORS.danger;
}

function titleOf(view: AbilityTestView): string {
  const dc = view.result.dc === null ? '' : ` (DC ${view.result.dc})`;
  return `${shown(view.name)}: ${testName(view.result.test)}${dc}`;
}

/** Every part of the roll: the extra bonus's dice, the arithmetic, advantage and disadvantage, the DC. */
function fullEmbed(view: AbilityTestView): Embed {
  const { result } = view;
  const { roll, extra, test } = result;
  const lines: string[] = [];
  if (extra?.rendered != null) lines.push(`🎲 ${shown(extra.label ?? 'bonus')}: ${extra.rendered}`);
  lines.push(roll.autoFail === null ? d20InWords(roll) : `Fails automatically: ${shown(roll.autoFail)}.`);
  const mode = modeLine(roll);
  if (mode !== null) lines.push(mode);
  if (view.noBonusRecorded) {
    const what = test.kind === 'save' ? `${ABILITY_NAMES[test.ability]} save bonus` : 'ability modifier';
    lines.push(
      `No ${what} is recorded for ${shown(view.name)}, so ${it({ ...view, name: shown(view.name) })} rolls at +0 (add one with \`bonus:\`).`,
    );
  }
  if (result.success !== null) lines.push(`DC ${result.dc}: **${verdict(result.success)}**`);
  return {
    title: titleOf(view),
    description: lines.join('\n'),
    color: colorOf(result.success),
    fields: roll.autoFail === null ? [{ name: 'Total', value: String(roll.total), inline: true }] : [],
  };
}

function outcomeOnly(view: AbilityTestView): boolean {
  return view.hidden && !view.secret && view.result.success !== null;
}

/** The whole roll for the game master, when the table was told only a hidden monster's outcome; null otherwise. */
export function abilityTestAccount(view: AbilityTestView): Embed | null {
  return outcomeOnly(view) ? fullEmbed(view) : null;
}

/**
 * The reply to `/check` and `/save`. A hidden monster's roll with a DC reads to the table as its
 * outcome alone, as its repeat saves do; without a DC its total is the only news and a number the
 * players may not see, so the game master alone gets it, as with `secret`.
 */
export function abilityTestReply(view: AbilityTestView): Reply {
  const { success } = view.result;
  if (outcomeOnly(view) && success !== null) {
    return { embeds: [{ title: titleOf(view), description: `**${verdict(success)}**`, color: colorOf(success) }] };
  }
  const embed = fullEmbed(view);
  if (view.hidden) embed.footer = `Only you see this: ${view.name} is hidden, so its numbers stay with the game master.`;
  return { embeds: [embed], ephemeral: view.hidden || view.secret };
}
