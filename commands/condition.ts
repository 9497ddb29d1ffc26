import { onButton } from '../src/framework/buttons';
import {
  UserError,
  type AutocompleteChoice,
  type AutocompleteContext,
  type CommandContext,
  type ComponentContext,
} from '../src/framework/command';
import { flag, integer, targetOption, text, type OptionReader } from '../src/framework/options';
import { commandOfSubcommands, subcommand } from '../src/framework/slash-command';
import { addCondition, addConditionToEach, pressRepeatSave, removeCondition } from '../src/combat/steps';
import type { AddConditionInput, GroupConditionInput } from '../src/combat/conditions';
import { groupNamed } from '../src/combat/targets';
import { rulesOf } from '../src/combat/rules-of';
import { catalogueNames, MAX_DURATION_ROUNDS, MAX_SAVE_DC, NOTE_MAX_LENGTH } from '../src/combat/conditions';
import { actorOf, applyButtonStep, applyStep, encountersOf, placeOf, suggestTargets, withHarmSetting } from './shared/encounter';
import { isPrivateEffect } from '../src/combat/effects';
import { isGameMaster } from '../src/combat/permissions';
import { MODIFIER_LIMITS } from '../src/rules/modifiers';
import { rankByName } from '../src/framework/autocomplete';
import { ABILITIES, getRuleSet, type Ability } from '../src/rules';
import { ABILITY_NAMES } from '../src/views/condition-text';
import { conditionListReply } from '../src/views/condition-list';
import { groupConfirmationReply } from '../src/views/group-confirmation';
import { COLORS } from '../src/views/embeds';
import { shown } from '../src/views/markdown';
import type { Reply } from '../src/views/reply';
import { extended } from '../src/framework/extended';

const ADD_OPTIONS = {
  target: targetOption("Who gets it; a group's name (Goblin) asks, then puts it on each of them"),
  condition: text("A condition of the rule set, or any effect's name", { required: true, autocomplete: true, maxLength: 100 }),
  level: integer('For Exhaustion, Fatigue, Strife: the new level (default one more)', { min: 1, max: 10 }),
  duration: integer('Rounds it lasts (default: until removed)', { min: 1, max: MAX_DURATION_ROUNDS }),
  ends: text("Default: end of the source's turn (else the target's); D&D Next: start of the turn it began on", {
    choices: [
      { name: 'end of turn', value: 'end' },
      { name: 'start of turn', value: 'start' },
    ],
  }),
  save: text('Save ends: the ability the target repeats at the end of each of its turns', {
    choices: ABILITIES.map((ability) => ({ name: ABILITY_NAMES[ability], value: ability })),
  }),
  dc: integer('DC of the repeat save', { min: 1, max: MAX_SAVE_DC }),
  source: text('Who caused it: it ends with their concentration', { autocomplete: true, maxLength: 100 }),
  note: text('A short note shown with it', { maxLength: NOTE_MAX_LENGTH }),
  modifiers: text('What it does, e.g. attack:+1d4 save:+1d4, ac:+2, dis:save:dex, resist:fire, speed:-10', {
    maxLength: MODIFIER_LIMITS.length,
  }),
  public: flag('On a hidden monster: show it to the players (default: only the game master sees it)'),
} as const;

function isAbility(text: string): text is Ability {
  return (ABILITIES as readonly string[]).includes(text);
}

function addInput(options: OptionReader<typeof ADD_OPTIONS>): AddConditionInput {
  const input: AddConditionInput = { target: options.text('target'), condition: options.text('condition') };
  const level = options.integer('level');
  const duration = options.integer('duration');
  const ends = options.text('ends');
  const save = options.text('save');
  const dc = options.integer('dc');
  const source = options.text('source');
  const note = options.text('note');
  const modifiers = options.text('modifiers');
  const shown = options.flag('public');
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

/** `condition` suggests the rule set's catalogue and tracks, then the effects already in play. */
async function suggestConditions(ctx: AutocompleteContext, typed: string): Promise<AutocompleteChoice[]> {
  const encounter = await encountersOf(ctx).get(placeOf(ctx));
  ctx.signal?.throwIfAborted();
  if (encounter === null) return [];
  // A hidden monster's unshown effects are the game master's: a player is never offered their names.
  const seesAll = isGameMaster(actorOf(ctx), encounter);
  const inPlay = encounter.effects.filter((e) => e.kind === 'effect' && (seesAll || !isPrivateEffect(encounter, e))).map((e) => e.name);
  const names = [...new Set([...catalogueNames(getRuleSet(encounter.ruleSet)), ...inPlay])];
  return rankByName(names, (name) => name, typed).map((name) => ({ name, value: name }));
}

/**
 * A group's name (`Goblin` for Goblin 1 and Goblin 2) puts the condition on each living member:
 * at once when that is one, else after the caller confirms with a button. Any other name is one
 * combatant, "which one?" included.
 */
async function add(ctx: CommandContext, input: AddConditionInput): Promise<Reply> {
  // Asked of the state this process last saw, at no cost: the step finds its target again on the fresh one.
  const encounter = await encountersOf(ctx).seen(placeOf(ctx));
  const group = encounter === null ? null : groupNamed(encounter, input.target);
  if (encounter === null || group === null) return applyStep(ctx, addCondition, input);
  const living = group.filter((c) => !c.rules.dead);
  const { target, ...rest } = input;
  const only = living.length === 1 ? living[0] : undefined;
  if (only !== undefined) return applyStep(ctx, addCondition, extended(rest, { target: only.id }));
  if (living.length === 0) {
    throw new UserError(`Every combatant called ${shown(target)} is dead: conditions and effects no longer change anything for them.`);
  }
  const each: GroupConditionInput = extended(rest, { targets: living.map((c) => c.id) });
  // Tried first, without saving, so a refusal comes now rather than after the press.
  addConditionToEach(
    encounter,
    { actor: actorOf(ctx), ruleSet: rulesOf(encounter), random: ctx.services.random, now: ctx.services.now() },
    each,
  );
  const confirmationId = await ctx.services.confirmations.save(encounter.id, ctx.user.id, each);
  return groupConfirmationReply({ typed: target, condition: input.condition, members: group, confirmationId });
}

/** What a confirmation kept: the group input `add` saved, checked for the fields the step reads. */
function groupInput(kept: unknown): GroupConditionInput {
  const candidate = kept as Partial<GroupConditionInput> | null;
  if (
    candidate === null ||
    typeof candidate.condition !== 'string' ||
    !Array.isArray(candidate.targets) ||
    !candidate.targets.every((id) => typeof id === 'string')
  ) {
    throw new UserError('This confirmation no longer does anything: run the command again.');
  }
  // `add` saved it from an AddConditionInput; the step checks every value again as it applies it.
  return candidate as GroupConditionInput;
}

/** The confirmation's buttons: the caller carries out the group's condition once, or drops it. */
async function confirmGroup(ctx: ComponentContext, action: 'group' | 'cancel', confirmationId: string): Promise<Reply> {
  const pending = await ctx.services.confirmations.take(confirmationId, ctx.user.id);
  if (pending === null) throw new UserError('This confirmation was already answered or has expired: nothing was changed.');
  if (action === 'cancel') {
    return { updateMessage: true, ephemeral: true, embeds: [{ description: 'Nothing was changed.', color: COLORS.info }], components: [] };
  }
  return applyButtonStep(ctx, pending.encounterId, addConditionToEach, groupInput(pending.input));
}

/** `condition:group|cancel:<confirmation>`: a group's confirmation. */
const groupButtons = [
  onButton('condition', 'group', (ctx, button) => confirmGroup(ctx, 'group', button.confirmationId)),
  onButton('condition', 'cancel', (ctx, button) => confirmGroup(ctx, 'cancel', button.confirmationId)),
];

/** `condition:save:<encounter>:<effect>`: the repeat save a turn reply asked for. */
const repeatSaveButton = onButton(
  'condition',
  'save',
  (ctx, button) => applyButtonStep(ctx, button.encounterId, pressRepeatSave, button.effectId),
  { claimedBySave: true },
);

/** `/condition`: conditions, level tracks and named effects on the combatants of the channel's encounter. */
export const command = commandOfSubcommands({
  name: 'condition',
  description: 'Put conditions and effects on combatants, with durations and repeat saves',
  dmPermission: false,
  subcommands: {
    add: subcommand({
      description: 'Add a condition (Poisoned), a level (Exhaustion) or any named effect (Bless)',
      options: ADD_OPTIONS,
      run(ctx, options) {
        const input = addInput(options);
        return withHarmSetting(ctx, (anyoneMayHarm) => add(ctx, extended(input, { anyoneMayHarm })));
      },
    }),
    remove: subcommand({
      description: 'End a condition or effect, or lower a level track',
      options: {
        target: targetOption('Who loses it'),
        condition: text('The condition or effect', { required: true, autocomplete: true, maxLength: 100 }),
        levels: integer('Levels to take off a track (default: all)', { min: 1, max: 10 }),
      },
      run(ctx, options) {
        const levels = options.integer('levels');
        const input = { target: options.text('target'), condition: options.text('condition') };
        return applyStep(ctx, removeCondition, levels === null ? input : extended(input, { levels }));
      },
      claimedBySave: true,
    }),
    list: subcommand({
      description: 'What is on each combatant, with rounds left',
      options: { target: text("A combatant in this channel's encounter (default: all)", { autocomplete: true, maxLength: 100 }) },
      async run(ctx, options) {
        const encounter = await encountersOf(ctx).get(placeOf(ctx));
        return conditionListReply(encounter, options.text('target'), ctx.user.id);
      },
    }),
  },
  suggest: { target: suggestTargets, source: suggestTargets, condition: suggestConditions },
  buttons: [repeatSaveButton, ...groupButtons],
  examples: [
    '/condition add target:Goblin condition:Poisoned duration:1',
    '/condition add target:Goblin 1 condition:Blinded duration:1 ends:end',
    '/condition add target:Goblin 2 condition:Paralyzed save:wis dc:15 source:Cleric',
    '/condition add target:Alice condition:Bless duration:10 source:Cleric modifiers:attack:+1d4,save:+1d4',
    '/condition add target:Ogre condition:Shield of Faith modifiers:ac:+2 public:true',
    '/condition add target:Alice condition:Exhaustion level:2',
    '/condition remove target:Alice condition:Prone',
    '/condition list',
  ],
});
