import { SlashCommandBuilder } from '@discordjs/builders';
import {
  UserError,
  type AutocompleteChoice,
  type AutocompleteContext,
  type Command,
  type CommandContext,
  type ComponentContext,
} from '../src/framework/command';
import type { Reply } from '../src/views/reply';
import { optionalBoolean, optionalInteger, optionalString, requiredString, targetOption } from '../src/framework/options';
import { addCondition, pressRepeatSave, removeCondition } from '../src/combat/steps';
import type { AddConditionInput } from '../src/combat/conditions';
import { catalogueNames, MAX_DURATION_ROUNDS, MAX_SAVE_DC, NOTE_MAX_LENGTH } from '../src/combat/conditions';
import {
  actorOf,
  applyStep,
  encounterForButton,
  encountersOf,
  placeOf,
  suggestTargets,
  withHarmSetting,
} from '../src/framework/encounter-commands';
import { isPrivateEffect } from '../src/combat/effects';
import { isGameMaster } from '../src/combat/permissions';
import { MODIFIER_LIMITS } from '../src/rules/modifiers';
import { parseButtonId } from '../src/views/button-ids';
import { rankByName } from '../src/framework/autocomplete';
import { ABILITIES, getRuleSet, type Ability } from '../src/rules';
import { ABILITY_NAMES } from '../src/views/condition-text';
import { conditionListReply } from '../src/views/condition-list';

/** `/condition`: conditions, level tracks and named effects on the combatants of the channel's encounter. */
const definition = new SlashCommandBuilder()
  .setName('condition')
  .setDescription('Put conditions and effects on combatants, with durations and repeat saves')
  .setDMPermission(false)
  .addSubcommand((sub) =>
    sub
      .setName('add')
      .setDescription('Add a condition (Poisoned), a level (Exhaustion) or any named effect (Bless)')
      .addStringOption((o) => targetOption(o, 'Who gets it'))
      .addStringOption((o) =>
        o
          .setName('condition')
          .setDescription("A condition of the rule set, or any effect's name")
          .setRequired(true)
          .setAutocomplete(true)
          .setMaxLength(100),
      )
      .addIntegerOption((o) =>
        o
          .setName('level')
          .setDescription('For Exhaustion, Fatigue, Strife: the new level (default one more)')
          .setMinValue(1)
          .setMaxValue(10),
      )
      .addIntegerOption((o) =>
        o.setName('duration').setDescription('Rounds it lasts (default: until removed)').setMinValue(1).setMaxValue(MAX_DURATION_ROUNDS),
      )
      .addStringOption((o) =>
        o
          .setName('ends')
          .setDescription("Default: end of the source's turn (else the target's); D&D Next: start of the turn it began on")
          .addChoices({ name: 'end of turn', value: 'end' }, { name: 'start of turn', value: 'start' }),
      )
      .addStringOption((o) =>
        o
          .setName('save')
          .setDescription('Save ends: the ability the target repeats at the end of each of its turns')
          .addChoices(...ABILITIES.map((ability) => ({ name: ABILITY_NAMES[ability], value: ability }))),
      )
      .addIntegerOption((o) => o.setName('dc').setDescription('DC of the repeat save').setMinValue(1).setMaxValue(MAX_SAVE_DC))
      .addStringOption((o) =>
        o.setName('source').setDescription('Who caused it: it ends with their concentration').setAutocomplete(true).setMaxLength(100),
      )
      .addStringOption((o) => o.setName('note').setDescription('A short note shown with it').setMaxLength(NOTE_MAX_LENGTH))
      .addStringOption((o) =>
        o
          .setName('modifiers')
          .setDescription('What it does, e.g. attack:+1d4 save:+1d4, ac:+2, dis:save:dex, resist:fire, speed:-10')
          .setMaxLength(MODIFIER_LIMITS.length),
      )
      .addBooleanOption((o) =>
        o.setName('public').setDescription('On a hidden monster: show it to the players (default: only the game master sees it)'),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('remove')
      .setDescription('End a condition or effect, or lower a level track')
      .addStringOption((o) => targetOption(o, 'Who loses it'))
      .addStringOption((o) =>
        o.setName('condition').setDescription('The condition or effect').setRequired(true).setAutocomplete(true).setMaxLength(100),
      )
      .addIntegerOption((o) =>
        o.setName('levels').setDescription('Levels to take off a track (default: all)').setMinValue(1).setMaxValue(10),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('list')
      .setDescription('What is on each combatant, with rounds left')
      .addStringOption((o) =>
        o
          .setName('target')
          .setDescription("A combatant in this channel's encounter (default: all)")
          .setAutocomplete(true)
          .setMaxLength(100),
      ),
  );

function isAbility(text: string): text is Ability {
  return (ABILITIES as readonly string[]).includes(text);
}

function addInput(ctx: CommandContext): AddConditionInput {
  const input: AddConditionInput = { target: requiredString(ctx.options, 'target'), condition: requiredString(ctx.options, 'condition') };
  const level = optionalInteger(ctx.options, 'level');
  const duration = optionalInteger(ctx.options, 'duration');
  const ends = optionalString(ctx.options, 'ends');
  const save = optionalString(ctx.options, 'save');
  const dc = optionalInteger(ctx.options, 'dc');
  const source = optionalString(ctx.options, 'source');
  const note = optionalString(ctx.options, 'note');
  const modifiers = optionalString(ctx.options, 'modifiers');
  const shown = optionalBoolean(ctx.options, 'public');
  if (ends !== null && ends !== 'start' && ends !== 'end') throw new UserError('`ends` is `start` or `end`.');
  if (save !== null && !isAbility(save)) throw new UserError(`\`save\` is one of ${ABILITIES.join(', ')}.`);
  return {
    ...input,
    ...(level === null ? {} : { level }),
    ...(duration === null ? {} : { duration }),
    ...(ends === null ? {} : { ends }),
    ...(save === null ? {} : { save }),
    ...(dc === null ? {} : { dc }),
    ...(source === null ? {} : { source }),
    ...(note === null ? {} : { note }),
    ...(modifiers === null ? {} : { modifiers }),
    ...(shown ? { public: true } : {}),
  };
}

async function list(ctx: CommandContext): Promise<Reply> {
  const encounter = await encountersOf(ctx).get(placeOf(ctx));
  return conditionListReply(encounter, optionalString(ctx.options, 'target'), ctx.user.id);
}

function run(ctx: CommandContext): Promise<Reply> {
  switch (ctx.options.subcommand) {
    case 'add': {
      const input = addInput(ctx);
      return withHarmSetting(ctx, (anyoneMayHarm) => applyStep(ctx, addCondition, { ...input, anyoneMayHarm }));
    }
    case 'remove': {
      const levels = optionalInteger(ctx.options, 'levels');
      const input = { target: requiredString(ctx.options, 'target'), condition: requiredString(ctx.options, 'condition') };
      return applyStep(ctx, removeCondition, levels === null ? input : { ...input, levels });
    }
    case 'list':
      return list(ctx);
    default:
      throw new UserError('Choose a subcommand of /condition, e.g. `/condition add`.');
  }
}

/** `condition` suggests the rule set's catalogue and tracks, then the effects already in play. */
async function suggest(ctx: AutocompleteContext): Promise<AutocompleteChoice[]> {
  if (ctx.focused.name === 'source') return suggestTargets({ ...ctx, focused: { ...ctx.focused, name: 'target' } });
  if (ctx.focused.name !== 'condition') return suggestTargets(ctx);
  const encounter = await encountersOf(ctx).get(placeOf(ctx));
  if (encounter === null) return [];
  // A hidden monster's unshown effects are the game master's: a player is never offered their names.
  const seesAll = isGameMaster(actorOf(ctx), encounter);
  const inPlay = encounter.effects.filter((e) => e.kind === 'effect' && (seesAll || !isPrivateEffect(encounter, e))).map((e) => e.name);
  const names = [...new Set([...catalogueNames(getRuleSet(encounter.ruleSet)), ...inPlay])];
  return rankByName(names, (name) => name, ctx.focused.value).map((name) => ({ name, value: name }));
}

/** `condition:save:<encounter>:<effect>`: the repeat save a turn reply asked for. */
async function press(ctx: ComponentContext): Promise<Reply> {
  const button = parseButtonId(ctx.customId);
  if (button?.command !== 'condition') throw new UserError('This button no longer does anything.');
  await encounterForButton(ctx, button.encounterId);
  return applyStep(ctx, pressRepeatSave, button.effectId);
}

export const command: Command = {
  definition,
  examples: [
    '/condition add target:Goblin condition:Poisoned duration:1',
    '/condition add target:Goblin condition:Blinded duration:1 ends:end',
    '/condition add target:Goblin 2 condition:Paralyzed save:wis dc:15 source:Cleric',
    '/condition add target:Alice condition:Bless duration:10 source:Cleric modifiers:attack:+1d4,save:+1d4',
    '/condition add target:Ogre condition:Shield of Faith modifiers:ac:+2 public:true',
    '/condition add target:Alice condition:Exhaustion level:2',
    '/condition remove target:Alice condition:Prone',
    '/condition list',
  ],
  execute: run,
  autocomplete: suggest,
  button: press,
};
