import { SlashCommandBuilder } from '@discordjs/builders';
import { ABILITY_CHOICES, runAbilityTest, suggestForAbilityTest, withAbilityTestOptions } from '../src/framework/ability-tests';
import { UserError, type Command, type CommandContext } from '../src/framework/command';
import { requiredString } from '../src/framework/options';
import { ABILITIES, type Ability } from '../src/rules';
import type { AbilityTest } from '../src/rules/ability-tests';

const definition = withAbilityTestOptions(
  new SlashCommandBuilder()
    .setName('save')
    .setDescription('Roll a saving throw for your character or a combatant')
    .setDMPermission(false)
    .addStringOption((o) =>
      o
        .setName('ability')
        .setDescription('Which saving throw')
        .setRequired(true)
        .addChoices(...ABILITY_CHOICES),
    ),
);

function saveOf(ctx: CommandContext): AbilityTest {
  const typed = requiredString(ctx.options, 'ability');
  const ability = ABILITIES.find((a): a is Ability => a === typed.toLowerCase());
  if (ability === undefined) throw new UserError(`\`ability\` is one of ${ABILITIES.join(', ')}.`);
  return { kind: 'save', ability };
}

export const command: Command = {
  definition,
  examples: [
    '/save ability:dex dc:15',
    '/save ability:wis mode:advantage',
    '/save ability:con bonus:1d4 Bless',
    '/save ability:dex dc:13 target:Goblin 1',
  ],
  execute: (ctx) => runAbilityTest(ctx, () => saveOf(ctx)),
  autocomplete: suggestForAbilityTest,
};
