import { turnChecklist } from '../../src/combat/checklist';
import { actNow, delayTurn, moveTurn, nextTurn, previousTurn } from '../../src/combat/steps';
import { onButton } from '../../src/framework/buttons';
import { UserError } from '../../src/framework/command';
import { targetOption, text } from '../../src/framework/options';
import { subcommand } from '../../src/framework/slash-command';
import { checklistReply } from '../../src/views/turn-checklist';
import { actorOf, applyButtonStep, applyStep, encounterForButton } from '../shared/encounter';

export const next = subcommand({
  description: 'End the current turn and start the next one',
  run: (ctx) => applyStep(ctx, nextTurn),
  claimedBySave: true,
});

export const prev = subcommand({
  description: 'Go back to the previous turn',
  run: (ctx) => applyStep(ctx, previousTurn),
  claimedBySave: true,
});

export const move = subcommand({
  description: 'Make a combatant the current one (game master)',
  options: { target: targetOption('Whose turn it becomes') },
  run: (ctx, options) => applyStep(ctx, moveTurn, options.text('target')),
  claimedBySave: true,
});

export const delay = subcommand({
  description: 'Step out of the order on your turn, until /init act',
  run: (ctx) => applyStep(ctx, delayTurn),
  claimedBySave: true,
});

export const act = subcommand({
  description: 'Come back from a delay and act now, keeping this place',
  options: { target: text('Who acts (default: your delaying combatant)', { autocomplete: true, maxLength: 100 }) },
  run: (ctx, options) => applyStep(ctx, actNow, options.text('target') ?? undefined),
  claimedBySave: true,
});

/** The tracker's Next turn and Previous turn buttons. */
export const turnButtons = [
  onButton('init', 'next', (ctx, button) => applyButtonStep(ctx, button.encounterId, nextTurn), { claimedBySave: true }),
  onButton('init', 'prev', (ctx, button) => applyButtonStep(ctx, button.encounterId, previousTurn), { claimedBySave: true }),
];

/** The My turn button: what the combatant's controller must not forget, for their eyes only; nobody is pinged. */
export const myTurnButton = onButton('init', 'myturn', async (ctx, button) => {
  const encounter = await encounterForButton(ctx, button.encounterId);
  const combatant = encounter.combatants.find((c) => c.id === button.combatantId);
  if (combatant === undefined) throw new UserError('That combatant has left the encounter.');
  return checklistReply(encounter, turnChecklist(encounter, actorOf(ctx), combatant));
});
