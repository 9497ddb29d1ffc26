import type { Encounter } from '../combat/types';
import { findTarget } from '../combat/targets';
import { conditionLabels } from './condition-labels';
import { COLORS } from './embeds';
import { refusalText } from './refusals';
import type { Reply } from './reply';

/**
 * `/condition list`: each combatant with what is on it. Only the caller sees it; a hidden monster's
 * conditions are listed for the game master alone.
 */
export function conditionListReply(encounter: Encounter | null, target: string | null, userId: string): Reply {
  if (encounter === null) return { content: refusalText({ kind: 'no-encounter' }), ephemeral: true };
  const gameMaster = userId === encounter.gameMasterId;
  const shown = target === null ? encounter.combatants : [findTarget(encounter, target)];
  const lines = shown
    .filter((c) => gameMaster || !c.hidden)
    .map((c) => {
      const labels = conditionLabels(c, encounter);
      return `**${c.name}**: ${labels.length === 0 ? 'nothing' : labels.join(', ')}`;
    });
  return {
    embeds: [{ title: `Conditions in ${encounter.name}`, description: lines.join('\n') || 'Nobody to list.', color: COLORS.info }],
    ephemeral: true,
  };
}
