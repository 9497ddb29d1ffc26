import { SlashCommandBuilder, type SlashCommandSubcommandBuilder } from '@discordjs/builders';
import { UserError, type Command, type CommandContext, type ComponentContext } from '../src/framework/command';
import type { Reply } from '../src/views/reply';
import { DAMAGE_TYPE_CHOICES, isDamageType, optionalBoolean, optionalString, requiredString, targetOption } from '../src/framework/options';
import { dealDamage, grantTempHp, heal, pressConcentrationSave, setHp, setMaxHp } from '../src/combat/steps';
import { applyStep, encounterForButton, suggestTargets, withHarmSetting } from '../src/framework/encounter-commands';
import { parseButtonId } from '../src/views/button-ids';

const AMOUNT_DESCRIPTION = 'A number or dice, e.g. 9 or 2d6+3 [fire]';

/** A subcommand that names a target and an amount, in that order; `/hp damage` adds its own options after. */
function amountSubcommand(
  sub: SlashCommandSubcommandBuilder,
  name: string,
  description: string,
  who?: string,
): SlashCommandSubcommandBuilder {
  return sub
    .setName(name)
    .setDescription(description)
    .addStringOption((o) => targetOption(o, who))
    .addStringOption((o) => o.setName('amount').setDescription(AMOUNT_DESCRIPTION).setRequired(true).setMaxLength(200));
}

/** `/hp`: hit points of a combatant in the channel's encounter. */
const definition = new SlashCommandBuilder()
  .setName('hp')
  .setDescription('Damage, heal or set the hit points of a combatant')
  .setDMPermission(false)
  .addSubcommand((sub) =>
    amountSubcommand(
      sub,
      'damage',
      'Deal damage (a penalty stops at 0); the rule set applies resistances, temporary HP and 0 HP',
      'Who takes the damage',
    )
      .addStringOption((o) =>
        o
          .setName('type')
          .setDescription('Damage type of the parts with no [type] in the dice')
          .addChoices(...DAMAGE_TYPE_CHOICES),
      )
      .addBooleanOption((o) => o.setName('critical').setDescription('A critical hit')),
  )
  .addSubcommand((sub) => amountSubcommand(sub, 'heal', 'Restore hit points', 'Who is healed'))
  .addSubcommand((sub) =>
    amountSubcommand(sub, 'temp', "Give temporary hit points (they don't add up: the higher stays unless keep:new)").addStringOption((o) =>
      o
        .setName('keep')
        .setDescription('Which to keep when it already has some (its controller decides)')
        .addChoices({ name: 'the higher', value: 'higher' }, { name: 'the new ones', value: 'new' }),
    ),
  )
  .addSubcommand((sub) => amountSubcommand(sub, 'set', 'Set current hit points (game master or the controller)'))
  .addSubcommand((sub) => amountSubcommand(sub, 'max', 'Set the hit point maximum (game master or the controller)'));

function amountInput(ctx: CommandContext): { target: string; amount: string } {
  return { target: requiredString(ctx.options, 'target'), amount: requiredString(ctx.options, 'amount') };
}

async function damage(ctx: CommandContext): Promise<Reply> {
  const type = optionalString(ctx.options, 'type');
  if (type !== null && !isDamageType(type)) throw new UserError(`"${type}" is not a damage type.`);
  const critical = optionalBoolean(ctx.options, 'critical');
  const input = { ...amountInput(ctx), critical, ...(type ? { type } : {}) };
  return withHarmSetting(ctx, (anyoneMayHarm) => applyStep(ctx, dealDamage, { ...input, anyoneMayHarm }));
}

function run(ctx: CommandContext): Promise<Reply> {
  switch (ctx.options.subcommand) {
    case 'damage':
      return damage(ctx);
    case 'heal':
      return applyStep(ctx, heal, amountInput(ctx));
    case 'temp':
      return applyStep(ctx, grantTempHp, { ...amountInput(ctx), replace: optionalString(ctx.options, 'keep') === 'new' });
    case 'set':
      return applyStep(ctx, setHp, amountInput(ctx));
    case 'max':
      return applyStep(ctx, setMaxHp, amountInput(ctx));
    default:
      throw new UserError('Choose a subcommand of /hp, e.g. `/hp damage`.');
  }
}

/** `hp:conc:<encounter>:<combatant>:<n>`: the concentration save a damage reply asked for. */
async function press(ctx: ComponentContext): Promise<Reply> {
  const button = parseButtonId(ctx.customId);
  if (button?.command !== 'hp') throw new UserError('This button no longer does anything.');
  await encounterForButton(ctx, button.encounterId);
  return applyStep(ctx, pressConcentrationSave, button.combatantId);
}

export const command: Command = {
  definition,
  examples: [
    '/hp damage target:Goblin 1 amount:2d6+3 [fire]',
    '/hp damage target:Goblin 2 amount:9 critical:true',
    '/hp heal target:Alice amount:1d8+3',
    '/hp temp target:Alice amount:5',
    '/hp temp target:Alice amount:5 keep:new',
    '/hp set target:Bram amount:12',
    '/hp max target:Bram amount:20',
  ],
  execute: run,
  autocomplete: suggestTargets,
  button: press,
};
