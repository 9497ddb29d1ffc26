import { dropConcentration, readyAction, spendLegendaryAction, startConcentration, useReaction } from '../../src/combat/steps';
import { ACTION_TEXT_MAX_LENGTH, NAME_MAX_LENGTH } from '../../src/combat/types';
import { onButton } from '../../src/framework/buttons';
import { given, integer, targetOption, text } from '../../src/framework/options';
import { subcommand } from '../../src/framework/slash-command';
import { applyButtonStep, applyStep } from '../shared/encounter';
import { runMonsterAction } from '../shared/monster-actions';
import { UserError } from '../../src/framework/command';

export const concentrate = subcommand({
  description: 'Start concentrating on an effect (ends any previous one)',
  options: {
    target: targetOption('Who concentrates'),
    effect: text('The spell or effect', { required: true, maxLength: NAME_MAX_LENGTH }),
  },
  run: (ctx, options) => applyStep(ctx, startConcentration, { target: options.text('target'), effect: options.text('effect') }),
});

export const dropConcentrationOf = subcommand({
  description: 'Stop concentrating',
  options: { target: targetOption('Who stops concentrating') },
  run: (ctx, options) => applyStep(ctx, dropConcentration, options.text('target')),
});

/** Drops a concentration that keeps up nothing any more, offered when its last effect ended. */
export const dropConcentrationButton = onButton(
  'init',
  'dropconc',
  (ctx, button) => applyButtonStep(ctx, button.encounterId, dropConcentration, button.combatantId),
  { claimedBySave: true },
);

export const legendary = subcommand({
  description: "Spend a creature's legendary actions (game master)",
  options: {
    target: targetOption('Whose legendary action'),
    cost: integer('How many actions it costs (default 1)', { min: 1, max: 3 }),
    action: text("A legendary action of its stat block, run with the block's numbers and cost", { autocomplete: true, maxLength: 100 }),
    on: text("The action's targets, separated by commas (Alice, Goblin 2)", { maxLength: 400 }),
  },
  run: (ctx, options) => {
    const action = options.text('action');
    if (action === null)
      return applyStep(ctx, spendLegendaryAction, given({ target: options.text('target'), cost: options.integer('cost') }));
    if (options.integer('cost') !== null) throw new UserError('`action:` costs what its stat block says: leave `cost` out.');
    const on = options.text('on');
    if (on === null) throw new UserError('`action:` needs `on:`, the creatures it is aimed at (Alice, Goblin 2).');
    return runMonsterAction(ctx, { attacker: options.text('target'), action, targets: on, legendary: true, secret: false });
  },
});

export const react = subcommand({
  description: "Use a combatant's reaction (note:ready takes its readied action)",
  options: {
    target: targetOption('Who reacts'),
    note: text('On what, e.g. Shield; "ready" uses the readied action', { maxLength: ACTION_TEXT_MAX_LENGTH }),
  },
  run: (ctx, options) => applyStep(ctx, useReaction, given({ target: options.text('target'), note: options.text('note') })),
});

export const ready = subcommand({
  description: 'Ready an action on your turn, until the start of your next turn',
  options: { trigger: text('What sets it off', { required: true, maxLength: ACTION_TEXT_MAX_LENGTH }) },
  run: (ctx, options) => applyStep(ctx, readyAction, options.text('trigger')),
});
