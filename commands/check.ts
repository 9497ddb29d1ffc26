import { UserError } from '../src/framework/command';
import { text, type OptionReader } from '../src/framework/options';
import { commandWithOptions } from '../src/framework/slash-command';
import { ABILITIES, type Ability, type RuleSet } from '../src/rules';
import { checkWith, type AbilityTest } from '../src/rules/ability-tests';
import { ABILITY_CHOICES, ABILITY_TEST_OPTIONS, requireSkill, runAbilityTest, suggestSkills } from './shared/ability-tests';
import { suggestCharacters } from './shared/characters';
import { suggestTargets } from './shared/encounter';

const OPTIONS = {
  ability: text('A plain ability check (or give a skill instead)', { choices: ABILITY_CHOICES }),
  skill: text('A skill check, e.g. Stealth (or give an ability instead)', { autocomplete: true, maxLength: 40 }),
  ...ABILITY_TEST_OPTIONS,
} as const;

/** Exactly one of `ability` and `skill`; a skill uses its own ability. */
function checkOf(options: OptionReader<typeof OPTIONS>, ruleSet: RuleSet): AbilityTest {
  const ability = options.text('ability');
  const skill = options.text('skill');
  if (ability !== null && skill !== null) {
    throw new UserError('Give `ability` for a plain ability check or `skill` for a skill check, not both.');
  }
  if (skill !== null) return checkWith(requireSkill(ruleSet, skill));
  const chosen = ABILITIES.find((a): a is Ability => a === ability?.toLowerCase());
  if (chosen === undefined) throw new UserError(`Give \`ability\` (${ABILITIES.join(', ')}) or \`skill\` (e.g. stealth).`);
  return { kind: 'check', ability: chosen, skill: null };
}

export const command = commandWithOptions({
  name: 'check',
  description: 'Roll an ability check, with a skill or without, for your character or a combatant',
  dmPermission: false,
  options: OPTIONS,
  examples: [
    '/check skill:stealth',
    '/check ability:str dc:15',
    '/check skill:perception mode:advantage bonus:1d4 Guidance',
    '/check skill:insight secret:true',
    '/check skill:stealth target:Goblin 1',
  ],
  run: (ctx, options) => runAbilityTest(ctx, options, (ruleSet) => checkOf(options, ruleSet)),
  suggest: { target: suggestTargets, character: suggestCharacters, skill: suggestSkills },
});
