import { isSecretChange } from '../combat/secret-changes';
import type { Encounter, EncounterEvent, EncounterResult } from '../combat/types';
import { buttonId } from './button-ids';
import { labelNaming } from './button-label';
import { COLORS, EMBED_LIMITS } from './embeds';
import { ABILITY_NAMES } from './condition-text';
import { describeEvents } from './encounter-text';
import type { Button, ButtonRow, Embed, Reply } from './reply';

/** A concentration save's DC for a label the channel reads: none for a hidden monster's, which would tell its resistances. */
function dcOf(event: Extract<EncounterEvent, { kind: 'concentration-check' }>): string {
  return event.combatant.hidden ? '' : ` (DC ${event.dc})`;
}

/** Buttons for what a player must roll next (concentration, death and repeat saves), and the My turn checklist. */
function promptButtons(encounter: Encounter, events: readonly EncounterEvent[]): Button[] {
  const checks = events.filter((event) => event.kind === 'concentration-check');
  const buttons: Button[] = checks.map((event, index) => ({
    // The index keeps custom ids unique within one message.
    customId: buttonId({ command: 'hp', action: 'conc', encounterId: encounter.id, combatantId: event.combatant.id, index }),
    label:
      checks.length > 1
        ? labelNaming(`Roll concentration save${dcOf(event)} for `, event.combatant.name)
        : `Roll concentration save${dcOf(event)}`,
    style: 'primary',
  }));
  for (const event of events) {
    if (event.kind === 'repeat-save-due') {
      buttons.push({
        customId: buttonId({ command: 'condition', action: 'save', encounterId: encounter.id, effectId: event.effectId }),
        // The label names the ability, not the effect: a hidden monster's effect may be the game master's secret.
        label: labelNaming(`Roll ${ABILITY_NAMES[event.save.ability]} save for `, event.combatant.name),
        style: 'primary',
      });
    }
    if (event.kind === 'concentration-idle' && !event.private) {
      buttons.push({
        customId: buttonId({ command: 'init', action: 'dropconc', encounterId: encounter.id, combatantId: event.combatant.id }),
        label: labelNaming('Drop ', event.combatant.name, "'s concentration"),
        style: 'secondary',
      });
    }
    if (event.kind === 'death-save-due') {
      buttons.push({
        customId: buttonId({ command: 'init', action: 'death', encounterId: encounter.id, combatantId: event.combatant.id }),
        label: labelNaming('Roll death save for ', event.combatant.name),
        style: 'danger',
      });
    }
  }
  // A turn that starts gets its controller's private checklist; pressing it pings nobody.
  const turn = events.filter((event) => event.kind === 'turn-started' && !event.moved).pop();
  if (turn?.kind === 'turn-started') {
    buttons.push({
      customId: buttonId({ command: 'init', action: 'myturn', encounterId: encounter.id, combatantId: turn.combatant.id }),
      label: 'My turn',
      style: 'secondary',
    });
  }
  return buttons;
}

function rowsOf(buttons: readonly Button[]): ButtonRow[] {
  const rows: ButtonRow[] = [];
  for (let at = 0; at < buttons.length && rows.length < 5; at += 5) rows.push({ buttons: buttons.slice(at, at + 5) });
  return rows;
}

/** Whole lines within Discord's description limit; those left over are counted (`/init log` and the tracker keep the state). */
function fitDescription(lines: readonly string[]): string {
  const text = lines.join('\n');
  if (text.length <= EMBED_LIMITS.description) return text;
  const kept: string[] = [];
  let used = 0;
  const room = EMBED_LIMITS.description - 40;
  for (const line of lines) {
    const left = room - used - (kept.length > 0 ? 1 : 0);
    if (left < 2) break;
    // A line longer than what is left is cut to it, and ends the reply: a long roll still says what it did.
    const cut = line.length > left;
    kept.push(cut ? `${line.slice(0, left - 1)}…` : line);
    used += Math.min(line.length, left) + (kept.length > 1 ? 1 : 0);
    if (cut) break;
  }
  kept.push(`… and ${lines.length - kept.length} more lines.`);
  return kept.join('\n');
}

/** The players a reply must reach: whose turn starts, and who has a save waiting for their button. */
function pings(events: readonly EncounterEvent[]): { content: string; users: string[] } | null {
  const turns = events.filter((event) => event.kind === 'turn-started');
  const turnController = turns[turns.length - 1]?.combatant.controllerId ?? null;
  const savers = new Set<string>();
  for (const event of events) {
    if ((event.kind === 'concentration-check' || event.kind === 'death-save-due') && event.combatant.controllerId !== null) {
      savers.add(event.combatant.controllerId);
    }
  }
  const sentences: string[] = [];
  if (turnController !== null) sentences.push(`<@${turnController}>, it's your turn.`);
  const waiting = [...savers].map((id) => `<@${id}>`);
  if (waiting.length > 0) sentences.push(`${waiting.join(', ')}: a save is waiting for your button.`);
  if (sentences.length === 0) return null;
  return { content: sentences.join(' '), users: [...new Set([...(turnController === null ? [] : [turnController]), ...savers])] };
}

/**
 * What the game master alone may read of a change the channel was told in outcome-only words (a
 * hidden monster's rolls, numbers and the private reasons behind them, and `secretLines` of the
 * command's own): the whole account, or null when the channel was told everything. Never for a
 * reply that is already theirs alone.
 */
export function gameMasterAccount(result: EncounterResult, secretLines: readonly string[] = []): Embed | null {
  if (isSecretChange(result.events)) return null;
  const full = describeEvents(result, true);
  const told = describeEvents(result, false);
  if (secretLines.length === 0 && full.length === told.length && full.every((line, at) => line === told[at])) return null;
  return { description: fitDescription([...full, ...secretLines]), color: COLORS.neutral };
}

/**
 * A command's outcome as the channel reads it. A turn that starts pings its controller, and a save
 * left to a button pings the player who must press it; nobody else is ever mentioned.
 */
export function resultReply(result: EncounterResult, extraLines: readonly string[] = []): Reply {
  const secret = isSecretChange(result.events);
  const lines = [...describeEvents(result, secret), ...extraLines];
  const reply: Reply = {
    ...(secret ? { ephemeral: true } : {}),
    embeds: [{ description: fitDescription(lines.length > 0 ? lines : ['Done.']), color: COLORS.info }],
    components: rowsOf(promptButtons(result.encounter, result.events)),
  };
  const ping = pings(result.events);
  if (ping !== null) {
    reply.content = ping.content;
    reply.mentionUsers = ping.users;
  }
  return reply;
}
