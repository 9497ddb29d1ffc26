import { changeOptions, pressConcentrationSave, pressDeathSave } from '../../src/combat/steps';
import type { EncounterOptions } from '../../src/combat/types';
import { onButton } from '../../src/framework/buttons';
import { UserError } from '../../src/framework/command';
import { flag, text, type OptionReader } from '../../src/framework/options';
import { subcommand } from '../../src/framework/slash-command';
import { applyButtonStep, applyStep } from '../shared/encounter';

const SAVE_MODE_CHOICES = [
  { name: 'automatic', value: 'automatic' },
  { name: 'button', value: 'button' },
];

/** The save modes `/init begin` starts with and `/init options` changes, each described in its own words. */
export function saveModes(death: string, concentration: string) {
  return {
    'death-saves': text(death, { choices: SAVE_MODE_CHOICES }),
    'concentration-saves': text(concentration, { choices: SAVE_MODE_CHOICES }),
    'monsters-die': flag('Crown & Misery: monsters die at 0 HP instead of making death saves (default false)'),
  } as const;
}

/** The save modes given; the ones left out keep their value. */
export function saveOptions(options: OptionReader<ReturnType<typeof saveModes>>): Partial<EncounterOptions> {
  const chosen: Partial<EncounterOptions> = {};
  const death = options.text('death-saves');
  if (death !== null) chosen.autoDeathSaves = death === 'automatic';
  const concentration = options.text('concentration-saves');
  if (concentration !== null) chosen.autoConcentrationSaves = concentration === 'automatic';
  const monstersDie = options.givenFlag('monsters-die');
  if (monstersDie !== undefined) chosen.monstersDie = monstersDie;
  return chosen;
}

export const options = subcommand({
  description: 'Change how saves are rolled, or whether monsters die at 0 HP (game master)',
  options: saveModes('Who rolls death saves', 'Who rolls concentration saves'),
  run(ctx, given) {
    const chosen = saveOptions(given);
    if (Object.keys(chosen).length === 0)
      throw new UserError('Choose `death-saves` or `concentration-saves` (automatic or button), or `monsters-die` (true or false).');
    return applyStep(ctx, changeOptions, chosen);
  },
});

/** A death save the turn's reply asked its combatant's controller for. */
export const deathSaveButton = onButton(
  'init',
  'death',
  (ctx, button) => applyButtonStep(ctx, button.encounterId, pressDeathSave, button.combatantId),
  { claimedBySave: true },
);

/**
 * `hp:conc:<encounter>:<combatant>:<n>`: the concentration save damage asked for, whichever command
 * dealt it (/hp damage, /attack); its id keeps the `hp` of the messages already posted.
 */
export const concentrationSaveButton = onButton(
  'hp',
  'conc',
  (ctx, button) => applyButtonStep(ctx, button.encounterId, pressConcentrationSave, button.combatantId),
  { claimedBySave: true },
);
