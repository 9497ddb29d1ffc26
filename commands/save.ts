import { UserError } from '../src/framework/command';
import { text, type OptionReader } from '../src/framework/options';
import { commandWithOptions } from '../src/framework/slash-command';
import { ABILITIES, type Ability } from '../src/rules';
import type { AbilityTest } from '../src/rules/ability-tests';
import { ABILITY_CHOICES, ABILITY_TEST_OPTIONS, runAbilityTest } from './shared/ability-tests';
import { suggestCharacters } from './shared/characters';
import { suggestTargets } from './shared/encounter';

const OPTIONS = {
  ability: text('Which saving throw', { required: true, choices: ABILITY_CHOICES }),
  ...ABILITY_TEST_OPTIONS,
} as const;

function saveOf(options: OptionReader<typeof OPTIONS>): AbilityTest {
  const typed = options.text('ability');
  const ability = ABILITIES.find((a): a is Ability => a === typed.toLowerCase());
  if (ability === undefined) throw new UserError(`\`ability\` is one of ${ABILITIES.join(', ')}.`);
  return { kind: 'save', ability };
}

export const command = commandWithOptions({
  name: 'save',
  description: 'Roll a saving throw for your character or a combatant',
  dmPermission: false,
  options: OPTIONS,
  examples: [
    '/save ability:dex dc:15',
    '/save ability:wis mode:advantage',
    '/save ability:con bonus:1d4 Bless',
    '/save ability:dex dc:13 target:Goblin 1',
  ],
  run: (ctx, options) => runAbilityTest(ctx, options, () => saveOf(options)),
  suggest: { target: suggestTargets, character: suggestCharacters },
});
