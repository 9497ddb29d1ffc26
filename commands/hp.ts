import { CombatRefusal } from '../src/combat/refusals';
import { dealDamage, grantTempHp, heal, setHp, setMaxHp } from '../src/combat/steps';
import type { CommandContext } from '../src/framework/command';
import { DAMAGE_TYPE_CHOICES, flag, requireDamageType, targetOption, text, type OptionReader } from '../src/framework/options';
import { commandOfSubcommands, subcommand } from '../src/framework/slash-command';
import { applyStep, suggestTargets, withHarmSetting } from './shared/encounter';
import { extended } from '../src/framework/extended';
import type { Reply } from '../src/views/reply';
import { healOnSheet, suggestHealTargets } from './shared/sheet-healing';

/** The target and amount every subcommand names, in that order; `/hp damage` and `/hp temp` add their own options after. */
function amountOptions(who?: string) {
  return {
    target: targetOption(who),
    amount: text('A number or dice, e.g. 9 or 2d6+3 [fire]', { required: true, maxLength: 200 }),
  } as const;
}

function amountInput(options: OptionReader<ReturnType<typeof amountOptions>>): { target: string; amount: string } {
  return { target: options.text('target'), amount: options.text('amount') };
}

/** The channel's fight heals its combatant; with no fight here, the named character's sheet regains the HP. */
async function healHere(ctx: CommandContext, input: { target: string; amount: string }): Promise<Reply> {
  try {
    return await applyStep(ctx, heal, input);
  } catch (error) {
    if (error instanceof CombatRefusal && error.refusal.kind === 'no-encounter') return healOnSheet(ctx, input);
    throw error;
  }
}

const damage = subcommand({
  description: 'Deal damage (a penalty stops at 0); the rule set applies resistances, temporary HP and 0 HP',
  options: {
    ...amountOptions('Who takes the damage'),
    type: text('Damage type of the parts with no [type] in the dice', { choices: DAMAGE_TYPE_CHOICES }),
    critical: flag('A critical hit'),
  },
  run(ctx, options) {
    const typed = options.text('type');
    const type = typed === null ? null : requireDamageType(typed, 'type');
    // The spreads last, and the setting assigned: see src/framework/extended.ts.
    const input = { critical: options.flag('critical'), ...amountInput(options), ...(type ? { type } : {}) };
    return withHarmSetting(ctx, (anyoneMayHarm) => applyStep(ctx, dealDamage, extended(input, { anyoneMayHarm })));
  },
  claimedBySave: true,
});

/** `/hp`: hit points of a combatant in the channel's encounter. */
export const command = commandOfSubcommands({
  name: 'hp',
  description: 'Damage, heal or set the hit points of a combatant',
  dmPermission: false,
  subcommands: {
    damage,
    heal: subcommand({
      description: "Restore hit points (not to the dead); with no fight here, on a character's sheet",
      options: amountOptions('Who is healed: a combatant, or with no fight here a character'),
      run: (ctx, options) => healHere(ctx, amountInput(options)),
      claimedBySave: true,
    }),
    temp: subcommand({
      description: "Give temporary hit points (they don't add up: the higher stays unless keep:new)",
      options: {
        ...amountOptions(),
        keep: text('Which to keep when it already has some (its controller decides)', {
          choices: [
            { name: 'the higher', value: 'higher' },
            { name: 'the new ones', value: 'new' },
          ],
        }),
      },
      run: (ctx, options) => applyStep(ctx, grantTempHp, { replace: options.text('keep') === 'new', ...amountInput(options) }),
      claimedBySave: true,
    }),
    set: subcommand({
      description: 'Set current hit points (game master or the controller); above 0 the dead come back',
      options: amountOptions(),
      run: (ctx, options) => applyStep(ctx, setHp, amountInput(options)),
      claimedBySave: true,
    }),
    max: subcommand({
      description: 'Set the hit point maximum (game master or the controller)',
      options: amountOptions(),
      run: (ctx, options) => applyStep(ctx, setMaxHp, amountInput(options)),
      claimedBySave: true,
    }),
  },
  suggest: { target: (ctx, typed) => (ctx.options.subcommand === 'heal' ? suggestHealTargets(ctx, typed) : suggestTargets(ctx, typed)) },
  examples: [
    '/hp damage target:Goblin 1 amount:2d6+3 [fire]',
    '/hp damage target:Goblin 2 amount:9 critical:true',
    '/hp heal target:Alice amount:1d8+3',
    '/hp temp target:Alice amount:5',
    '/hp temp target:Alice amount:5 keep:new',
    '/hp set target:Bram amount:12',
    '/hp max target:Bram amount:20',
  ],
});
