import { SlashCommandBuilder } from '@discordjs/builders';
import {
  ABILITY_CHOICES,
  requireSkill,
  runAbilityTest,
  suggestForAbilityTest,
  withAbilityTestOptions,
} from '../src/framework/ability-tests';
import { UserError, type Command, type CommandContext } from '../src/framework/command';
import { optionalString } from '../src/framework/options';
import { ABILITIES, type Ability, type RuleSet } from '../src/rules';
import { checkWith, type AbilityTest } from '../src/rules/ability-tests';

const definition = withAbilityTestOptions(
  new SlashCommandBuilder()
    .setName('check')
    .setDescription('Roll an ability check, with a skill or without, for your character or a combatant')
    .setDMPermission(false)
    .addStringOption((o) =>
      o
        .setName('ability')
        .setDescription('A plain ability check (or give a skill instead)')
        .addChoices(...ABILITY_CHOICES),
    )
    .addStringOption((o) =>
      o.setName('skill').setDescription('A skill check, e.g. Stealth (or give an ability instead)').setAutocomplete(true).setMaxLength(40),
    ),
);

/** Exactly one of `ability` and `skill`; a skill uses its own ability. */
function checkOf(ctx: CommandContext, ruleSet: RuleSet): AbilityTest {
  const ability = optionalString(ctx.options, 'ability');
  const skill = optionalString(ctx.options, 'skill');
  if (ability !== null && skill !== null) {
    throw new UserError('Give `ability` for a plain ability check or `skill` for a skill check, not both.');
  }
  if (skill !== null) return checkWith(requireSkill(ruleSet, skill));
  const chosen = ABILITIES.find((a): a is Ability => a === ability?.toLowerCase());
  if (chosen === undefined) throw new UserError(`Give \`ability\` (${ABILITIES.join(', ')}) or \`skill\` (e.g. stealth).`);
  return { kind: 'check', ability: chosen, skill: null };
}

export const command: Command = {
  definition,
  examples: [
    '/check skill:stealth',
    '/check ability:str dc:15',
    '/check skill:perception mode:advantage bonus:1d4 Guidance',
    '/check skill:insight secret:true',
    '/check skill:stealth target:Goblin 1',
  ],
  execute: (ctx) => runAbilityTest(ctx, (ruleSet) => checkOf(ctx, ruleSet)),
  autocomplete: suggestForAbilityTest,
};
