import type { Encounter, EncounterEvent, EncounterResult } from '../combat/types';
import { buttonId } from './button-ids';
import { COLORS, EMBED_LIMITS } from './embeds';
import { describeEvents } from './encounter-text';
import type { Button, ButtonRow, Reply } from './reply';

/** Buttons for what a player must roll next: concentration saves and death saves. */
function promptButtons(encounter: Encounter, events: readonly EncounterEvent[]): Button[] {
  const checks = events.filter((event) => event.kind === 'concentration-check');
  const buttons: Button[] = checks.map((event, index) => ({
    // The index keeps custom ids unique within one message.
    customId: buttonId({ command: 'hp', action: 'conc', encounterId: encounter.id, combatantId: event.combatant.id, index }),
    label: `Roll concentration save (DC ${event.dc})${checks.length > 1 ? ` for ${event.combatant.name}` : ''}`,
    style: 'primary',
  }));
  for (const event of events) {
    if (event.kind === 'death-save-due') {
      buttons.push({
        customId: buttonId({ command: 'init', action: 'death', encounterId: encounter.id, combatantId: event.combatant.id }),
        label: `Roll death save for ${event.combatant.name}`,
        style: 'danger',
      });
    }
  }
  return buttons;
}

function rowsOf(buttons: readonly Button[]): ButtonRow[] {
  const rows: ButtonRow[] = [];
  for (let at = 0; at < buttons.length && rows.length < 5; at += 5) rows.push({ buttons: buttons.slice(at, at + 5) });
  return rows;
}

function fitDescription(lines: readonly string[]): string {
  const text = lines.join('\n');
  if (text.length <= EMBED_LIMITS.description) return text;
  return `${text.slice(0, EMBED_LIMITS.description - 1)}…`;
}

/**
 * A command's outcome as the channel reads it. A turn that starts pings its controller only;
 * nobody else is ever mentioned.
 */
export function resultReply(result: EncounterResult, extraLines: readonly string[] = []): Reply {
  const lines = [...describeEvents(result), ...extraLines];
  const reply: Reply = {
    embeds: [{ description: fitDescription(lines.length > 0 ? lines : ['Done.']), color: COLORS.info }],
    components: rowsOf(promptButtons(result.encounter, result.events)),
  };
  const turns = result.events.filter((event) => event.kind === 'turn-started');
  const controllerId = turns[turns.length - 1]?.combatant.controllerId;
  if (controllerId) {
    reply.content = `<@${controllerId}>, it's your turn.`;
    reply.mentionUsers = [controllerId];
  }
  return reply;
}
