import { pressConcentrationSave, pressDeathSave } from '../src/combat/steps';
import type { Combatant } from '../src/combat/types';
import { UserError, type CommandContext } from '../src/framework/command';
import { extended } from '../src/framework/extended';
import { text, type OptionReader } from '../src/framework/options';
import { commandWithOptions } from '../src/framework/slash-command';
import { ABILITIES, type Ability } from '../src/rules';
import type { AbilityTest } from '../src/rules/ability-tests';
import { listInWords } from '../src/views/encounter-rules-text';
import { shown } from '../src/views/markdown';
import type { Reply } from '../src/views/reply';
import { ABILITY_CHOICES, ABILITY_TEST_OPTIONS, modeOf, namedRoller, runAbilityTest } from './shared/ability-tests';
import { characterNamedOrActive, suggestCharacters } from './shared/characters';
import { actorOf, applyStep, encountersOf, placeOf, suggestTargets } from './shared/encounter';

/** The saves a fight asks for, which its buttons roll too. */
type FightSave = 'death' | 'concentration';

const FIGHT_SAVE_NAMES: Record<FightSave, string> = { death: 'death save', concentration: 'concentration save' };

/** Combatants a refusal names before "and N more". */
const NAMES_LISTED = 5;

const OPTIONS = {
  ability: text('Which saving throw: an ability, death (the death save due) or concentration (the save damage left)', {
    required: true,
    choices: [
      ...ABILITY_CHOICES,
      { name: 'Death save (the one due for your dying combatant)', value: 'death' },
      { name: 'Concentration (the save damage left waiting)', value: 'concentration' },
    ],
  }),
  ...ABILITY_TEST_OPTIONS,
} as const;

type SaveOptions = OptionReader<typeof OPTIONS>;

function saveOf(typed: string): AbilityTest {
  const ability = ABILITIES.find((a): a is Ability => a === typed);
  if (ability === undefined) throw new UserError(`\`ability\` is one of ${ABILITIES.join(', ')}, death or concentration.`);
  return { kind: 'save', ability };
}

/** The options a fight's save has no use for, refused with what it does instead. */
function refuseUnused(options: SaveOptions, save: FightSave): void {
  const name = FIGHT_SAVE_NAMES[save];
  if (options.integer('dc') !== null) {
    throw new UserError(
      save === 'death'
        ? "A death save's DC is the rule set's: leave out `dc`."
        : 'A concentration save keeps the DC the damage gave it: leave out `dc`.',
    );
  }
  if (options.flag('secret'))
    throw new UserError(`A ${name} changes the fight the table follows, so it is never secret: leave out \`secret\`.`);
  if (options.text('bonus') !== null) {
    throw new UserError(
      `A ${name} adds no bonus typed with it: an effect on the combatant that gives one (\`/condition add\` with ` +
        `\`modifiers:${save}:+1d4\`) counts by itself. Leave out \`bonus\`.`,
    );
  }
  if (save === 'death' && options.text('mode') !== null) {
    throw new UserError(
      'A death save has advantage or disadvantage only from conditions and effects (`/condition add` with ' +
        '`modifiers:adv:death`). Leave out `mode`.',
    );
  }
}

/**
 * Whom the save is for: `target:`, `character:`'s combatant, or else the caller's own combatant with
 * that save waiting (their only one, when none has it: the fight then says why).
 */
async function rollerOf(ctx: CommandContext, options: SaveOptions, save: FightSave): Promise<string> {
  const { target, character } = namedRoller(options);
  // Only to find the roller: the save's step checks everything again on the state it runs on.
  const encounter = await encountersOf(ctx).seen(placeOf(ctx));
  const name = FIGHT_SAVE_NAMES[save];
  if (encounter === null) throw new UserError(`There is no encounter in this channel: a ${name} is rolled in a fight.`);
  if (target !== null) return target;
  if (character !== null) {
    const sheet = await characterNamedOrActive(ctx, character);
    const joined = encounter.combatants.find((c) => c.characterId === sheet.id);
    if (joined === undefined) throw new UserError(`${shown(sheet.name)} is not in this channel's encounter.`);
    return joined.name;
  }
  const { userId } = actorOf(ctx);
  const mine = encounter.combatants.filter((c) => c.controllerId === userId);
  const due = (c: Combatant): boolean => (save === 'death' ? c.deathSavePending : c.pendingConcentrationDcs.length > 0);
  const waiting = mine.filter(due);
  // Those with the save waiting, else all of the caller's: one of them is the roller.
  const pool = waiting.length > 0 ? waiting : mine;
  const [only] = pool;
  if (only !== undefined && pool.length === 1) return only.name;
  if (mine.length === 0) throw new UserError(`You have no combatant in this channel's encounter: name one with \`target\`.`);
  // A player may have joined many combatants: the refusal names a few, so it stays a short message.
  const listed = pool.slice(0, NAMES_LISTED).map((c) => shown(c.name));
  const names =
    pool.length > NAMES_LISTED
      ? `${listed.join(', ')} and ${pool.length - NAMES_LISTED} more`
      : listInWords(listed, waiting.length > 0 ? 'and' : 'or');
  if (waiting.length > 0) throw new UserError(`${names} each have a ${name} to roll: name one with \`target\`.`);
  throw new UserError(`None of your combatants (${names}) has a ${name} to roll.`);
}

/** The save the fight's button would roll, by command: the same change, so the same rules and words. */
async function rollFightSave(ctx: CommandContext, options: SaveOptions, save: FightSave): Promise<Reply> {
  refuseUnused(options, save);
  const roller = await rollerOf(ctx, options, save);
  // The log names the save as it names the button's: "death save", not "save".
  const logged = extended(ctx, { label: `${save} save` });
  if (save === 'death') return applyStep(logged, pressDeathSave, roller);
  return applyStep(logged, pressConcentrationSave, roller, modeOf(options));
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
    '/save ability:death',
    '/save ability:concentration mode:advantage',
  ],
  run: (ctx, options) => {
    const typed = options.text('ability').toLowerCase();
    if (typed === 'death' || typed === 'concentration') return rollFightSave(ctx, options, typed);
    return runAbilityTest(ctx, options, () => saveOf(typed));
  },
  suggest: { target: suggestTargets, character: suggestCharacters },
});
