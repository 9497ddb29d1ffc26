import type { ChecklistEffect, TurnChecklist } from '../combat/checklist';
import type { Encounter } from '../combat/types';
import { buttonId } from './button-ids';
import { labelNaming } from './button-label';
import { ABILITY_NAMES } from './condition-text';
import { COLORS, EMBED_LIMITS } from './embeds';
import { listInWords } from './encounter-rules-text';
import { shown } from './markdown';
import { it } from './pronouns';
import { stoppedState } from './refusals';
import type { Button, Reply } from './reply';

function effectName(effect: ChecklistEffect, owner: string): string {
  const on = effect.on === null || effect.on.id === owner ? '' : ` on ${shown(effect.on.name)}`;
  return `${shown(effect.name)}${on}`;
}

function saveName(effect: ChecklistEffect): string {
  if (effect.save === null) return 'save';
  return `${ABILITY_NAMES[effect.save.ability]} save${effect.dcPrivate ? '' : ` (DC ${effect.save.dc})`}`;
}

/** The checklist's lines, most urgent first. */
function checklistLines(list: TurnChecklist): string[] {
  const owner = list.combatant.id;
  const lines: string[] = [];
  if (!list.itsTurn)
    lines.push(
      `It is no longer ${shown(list.combatant.name)}'s turn; this is where ${it({ ...list.combatant, name: shown(list.combatant.name) })} stands now.`,
    );
  if (list.deathSaveDue) lines.push('💀 **Death save due**: press **Roll death save**.');
  for (const effect of list.savesDue) lines.push(`🎲 **${saveName(effect)} due** against ${effectName(effect, owner)}: press its button.`);
  for (const effect of list.savesAtEnd)
    lines.push(`🎲 At the end of this turn: a ${saveName(effect)} against ${effectName(effect, owner)}.`);
  if (list.endingThisTurn.length > 0) {
    lines.push(`⌛ Ending with this turn: ${listInWords(list.endingThisTurn.map((e) => effectName(e, owner)))}.`);
  }
  if (list.reactionStoppedBy !== null)
    lines.push(`↩️ No reactions while ${shown(list.combatant.name)} ${stoppedState(list.reactionStoppedBy)}.`);
  else
    lines.push(
      list.reactionUsed
        ? `↩️ Reaction used${list.reactionNote === null ? '' : ` (${shown(list.reactionNote)})`}: it comes back at the start of your next turn.`
        : '↩️ Your reaction is back.',
    );
  if (list.concentration !== null) {
    lines.push(`🔮 Concentrating on ${shown(list.concentration)}: damage calls for a Constitution save.`);
  }
  if (list.lapsedReady !== null) lines.push(`⏳ Your readied action (${shown(list.lapsedReady)}) lapsed unused as this turn started.`);
  if (list.legendary.length > 0) {
    const left = list.legendary.map((l) => `${shown(l.combatant.name)} ${l.actions.left}/${l.actions.max}`);
    lines.push(`👑 Legendary actions left: ${listInWords(left)}.`);
  }
  return lines;
}

/** The buttons for what is due now: the death save, and each "save ends" save. */
function dueButtons(encounter: Encounter, list: TurnChecklist): Button[] {
  const buttons: Button[] = [];
  if (list.deathSaveDue) {
    const customId = buttonId({ command: 'init', action: 'death', encounterId: encounter.id, combatantId: list.combatant.id });
    buttons.push({ customId, label: labelNaming('Roll death save for ', list.combatant.name), style: 'danger' });
  }
  for (const effect of list.savesDue.slice(0, 4)) {
    if (effect.save === null) continue;
    const customId = buttonId({ command: 'condition', action: 'save', encounterId: encounter.id, effectId: effect.id });
    buttons.push({
      customId,
      label: labelNaming(`Roll ${ABILITY_NAMES[effect.save.ability]} save for `, list.combatant.name),
      style: 'primary',
    });
  }
  return buttons;
}

/** The ephemeral answer to the My turn button. */
export function checklistReply(encounter: Encounter, list: TurnChecklist): Reply {
  const buttons = dueButtons(encounter, list);
  return {
    ephemeral: true,
    embeds: [
      {
        title: `My turn: ${shown(list.combatant.name)} (round ${list.round})`.slice(0, EMBED_LIMITS.title),
        description: checklistLines(list).join('\n').slice(0, EMBED_LIMITS.description),
        color: COLORS.info,
      },
    ],
    components: buttons.length === 0 ? [] : [{ buttons }],
  };
}
