import type { Combatant } from '../combat/types';
import { buttonId } from './button-ids';
import { COLORS } from './embeds';
import { listInWords } from './encounter-rules-text';
import { shown } from './markdown';
import type { Reply } from './reply';

/**
 * Asks the caller, privately, before a group's name puts a condition on each living member:
 * "Goblin stands for Goblin 1, Goblin 2 and Goblin 3. Put Poisoned on all 3?", the dead left out.
 */
export function groupConfirmationReply(ask: {
  typed: string;
  condition: string;
  members: readonly Combatant[];
  confirmationId: string;
}): Reply {
  const living = ask.members.filter((c) => !c.rules.dead).map((c) => shown(c.name));
  const dead = ask.members.filter((c) => c.rules.dead).map((c) => shown(c.name));
  const all = living.length === 2 ? 'both' : `all ${living.length}`;
  const lines = [
    `**${shown(ask.typed)}** stands for ${listInWords(living)}. Put **${shown(ask.condition)}** on ${all}?`,
    ...(dead.length === 0 ? [] : [`${listInWords(dead)} ${dead.length === 1 ? 'is' : 'are'} dead and left out.`]),
    `Name one of them (${living[0] ?? ''}) to put it on that one alone.`,
  ];
  return {
    ephemeral: true,
    embeds: [{ description: lines.join('\n'), color: COLORS.warning }],
    components: [
      {
        buttons: [
          {
            customId: buttonId({ command: 'condition', action: 'group', confirmationId: ask.confirmationId }),
            label: `Put it on ${all}`,
            style: 'primary',
          },
          {
            customId: buttonId({ command: 'condition', action: 'cancel', confirmationId: ask.confirmationId }),
            label: 'Cancel',
            style: 'secondary',
          },
        ],
      },
    ],
  };
}
