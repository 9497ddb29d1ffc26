import type { Encounter } from '../combat/types';
import { findTarget } from '../combat/targets';
import { compactLabels, conditionLabels } from './condition-labels';
import { COLORS, EMBED_LIMITS } from './embeds';
import { shown } from './markdown';
import { refusalText } from './refusals';
import type { Reply } from './reply';

/** Characters of one combatant's line in the list of everyone; one combatant's own list shows all. */
const LINE_LABELS_BUDGET = 400;

/** Lines within the description limit; the rest are counted, with where to read them. */
function fitLines(lines: readonly string[]): string {
  const kept: string[] = [];
  let used = 0;
  // Room for the closing line.
  const room = EMBED_LIMITS.description - 100;
  for (const line of lines) {
    if (used + line.length + 1 > room) break;
    kept.push(line);
    used += line.length + 1;
  }
  const rest = lines.length - kept.length;
  if (rest > 0) kept.push(`… and ${rest} more: \`/condition list target:<name>\` shows one combatant.`);
  return kept.join('\n');
}

/**
 * `/condition list`: each combatant with what is on it. Only the caller sees it; a hidden monster's
 * conditions are listed for the game master alone, but for those the game master showed the players.
 */
export function conditionListReply(encounter: Encounter | null, target: string | null, userId: string): Reply {
  if (encounter === null) return { content: refusalText({ kind: 'no-encounter' }), ephemeral: true };
  const gameMaster = userId === encounter.gameMasterId;
  const listed = target === null ? encounter.combatants : [findTarget(encounter, target)];
  const budget = target === null ? LINE_LABELS_BUDGET : EMBED_LIMITS.description - 200;
  const lines = listed
    .map((c) => ({ c, labels: conditionLabels(c, encounter, c.hidden && !gameMaster, gameMaster) }))
    .filter(({ c, labels }) => gameMaster || !c.hidden || labels.length > 0)
    .map(({ c, labels }) => `**${shown(c.name)}**: ${labels.length === 0 ? 'nothing' : compactLabels(labels, budget)}`);
  return {
    embeds: [
      {
        title: `Conditions in ${shown(encounter.name)}`.slice(0, EMBED_LIMITS.title),
        description: fitLines(lines) || 'Nobody to list.',
        color: COLORS.info,
      },
    ],
    ephemeral: true,
  };
}
