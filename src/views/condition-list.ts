import type { Encounter } from '../combat/types';
import { findTarget } from '../combat/targets';
import { conditionLabels } from './condition-labels';
import { COLORS } from './embeds';
import { refusalText } from './refusals';
import type { Reply } from './reply';

/**
 * `/condition list`: each combatant with what is on it. Only the caller sees it; a hidden monster's
 * conditions are listed for the game master alone, but for those the game master showed the players.
 */
export function conditionListReply(encounter: Encounter | null, target: string | null, userId: string): Reply {
  if (encounter === null) return { content: refusalText({ kind: 'no-encounter' }), ephemeral: true };
  const gameMaster = userId === encounter.gameMasterId;
  const shown = target === null ? encounter.combatants : [findTarget(encounter, target)];
  const lines = shown
    .map((c) => ({ c, labels: conditionLabels(c, encounter, c.hidden && !gameMaster) }))
    .filter(({ c, labels }) => gameMaster || !c.hidden || labels.length > 0)
    .map(({ c, labels }) => {
      return `**${c.name}**: ${labels.length === 0 ? 'nothing' : labels.join(', ')}`;
    });
  return {
    embeds: [{ title: `Conditions in ${encounter.name}`, description: lines.join('\n') || 'Nobody to list.', color: COLORS.info }],
    ephemeral: true,
  };
}
