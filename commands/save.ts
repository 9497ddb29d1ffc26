import { pressConcentrationSave, pressDeathSave } from '../src/combat/steps';
import type { Combatant } from '../src/combat/types';
import { UserError, type CommandContext } from '../src/framework/command';
import { extended } from '../src/framework/extended';
import { text, type OptionReader } from '../src/framework/options';
import { commandWithOptions } from '../src/framework/slash-command';
import { ABILITIES, type Ability } from '../src/rules';
import type { AbilityTest } from '../src/rules/ability-tests';
import {
  characterNotInEncounterText,
  fightSaveWithoutEncounterText,
  NO_COMBATANT_OF_YOURS_TEXT,
  rollerUnclearText,
  unknownSaveText,
  unusedFightSaveOptionText,
  type FightSave,
  type UnusedFightSaveOption,
} from '../src/views/fight-save-text';
import type { Reply } from '../src/views/reply';
import { ABILITY_CHOICES, ABILITY_TEST_OPTIONS, modeOf, namedRoller, runAbilityTest } from './shared/ability-tests';
import { characterNamedOrActive, suggestCharacters } from './shared/characters';
import { actorOf, applyStep, encountersOf, placeOf, suggestTargets } from './shared/encounter';

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
  if (ability === undefined) throw new UserError(unknownSaveText());
  return { kind: 'save', ability };
}

/** The first option given that a fight's save has no use for, or null. */
function unusedOption(options: SaveOptions, save: FightSave): UnusedFightSaveOption | null {
  if (options.integer('dc') !== null) return 'dc';
  if (options.flag('secret')) return 'secret';
  if (options.text('bonus') !== null) return 'bonus';
  if (save === 'death' && options.text('mode') !== null) return 'mode';
  return null;
}

/** The options a fight's save has no use for, refused with what it does instead. */
function refuseUnused(options: SaveOptions, save: FightSave): void {
  const unused = unusedOption(options, save);
  if (unused !== null) throw new UserError(unusedFightSaveOptionText(save, unused));
}

/**
 * Whom the save is for: `target:`, `character:`'s combatant, or else the caller's own combatant with
 * that save waiting (their only one, when none has it: the fight then says why).
 */
async function rollerOf(ctx: CommandContext, options: SaveOptions, save: FightSave): Promise<string> {
  const { target, character } = namedRoller(options);
  // Only to find the roller: the save's step checks everything again on the state it runs on.
  const encounter = await encountersOf(ctx).seen(placeOf(ctx));
  if (encounter === null) throw new UserError(fightSaveWithoutEncounterText(save));
  if (target !== null) return target;
  if (character !== null) {
    const sheet = await characterNamedOrActive(ctx, character);
    const joined = encounter.combatants.find((c) => c.characterId === sheet.id);
    if (joined === undefined) throw new UserError(characterNotInEncounterText(sheet.name));
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
  if (mine.length === 0) throw new UserError(NO_COMBATANT_OF_YOURS_TEXT);
  const names = pool.map((c) => c.name);
  throw new UserError(rollerUnclearText(save, names, waiting.length > 0));
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
