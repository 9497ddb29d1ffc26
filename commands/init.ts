import { SlashCommandBuilder, type SlashCommandSubcommandBuilder } from '@discordjs/builders';
import { isGameMaster, requireGameMaster } from '../src/combat/permissions';
import { ACTION_TEXT_MAX_LENGTH, MAX_HP, MAX_LEGENDARY_ACTIONS, NAME_MAX_LENGTH, type EncounterOptions } from '../src/combat/types';
import { UserError, type Command, type CommandContext, type CommandOptions, type ComponentContext } from '../src/framework/command';
import type { Reply } from '../src/views/reply';
import { COLORS } from '../src/views/embeds';
import { shown } from '../src/views/markdown';
import {
  damageTypeList,
  givenBoolean,
  optionalBoolean,
  optionalInteger,
  optionalString,
  requiredInteger,
  requiredString,
  saveBonusList,
  targetOption,
} from '../src/framework/options';
import { joinInputFor, sheetsAfterFight } from '../src/characters/fight';
import type { Character } from '../src/characters/sheet';
import { ownerOf, requireCharacter } from '../src/framework/character-commands';
import { characterName } from '../src/views/character-sheet';
import {
  actNow,
  addMonsters,
  delayTurn,
  readyAction,
  spendLegendaryAction,
  useReaction,
  changeOptions,
  dropConcentration,
  joinEncounter,
  moveTurn,
  nextTurn,
  pressDeathSave,
  previousTurn,
  removeCombatant,
  setInitiative,
  startConcentration,
} from '../src/combat/steps';
import { CombatRefusal } from '../src/combat/refusals';
import {
  actorOf,
  applyStep,
  encounterForButton,
  encountersOf,
  placeOf,
  postTracker,
  refreshTracker,
  suggestTargets,
  undoLastChange,
  labelOf,
} from '../src/framework/encounter-commands';
import { buttonId, parseButtonId } from '../src/views/button-ids';
import { logReply } from '../src/views/encounter-log';
import { resultReply } from '../src/views/encounter-replies';
import { summaryEmbed } from '../src/views/encounter-summary';
import { exportReply } from '../src/views/fight-export';
import { recapHasSecrets, recapParts, recapReply } from '../src/views/recap';
import { optionsInWords } from '../src/views/encounter-text';
import { trackerEmbed, trackerMessage } from '../src/views/tracker';
import { checklistReply } from '../src/views/turn-checklist';
import { turnChecklist } from '../src/combat/checklist';
import type { RollMode } from '../src/rules/types';
import { share, withShareOptions } from './init-share';

const TYPES_HINT = 'comma-separated damage types, e.g. fire, cold';

const SAVE_MODE_CHOICES = [
  { name: 'automatic', value: 'automatic' },
  { name: 'button', value: 'button' },
];

/** The save modes `/init begin` starts with and `/init options` changes. */
function withSaveModes(sub: SlashCommandSubcommandBuilder, death: string, concentration: string): SlashCommandSubcommandBuilder {
  return sub
    .addStringOption((o) =>
      o
        .setName('death-saves')
        .setDescription(death)
        .addChoices(...SAVE_MODE_CHOICES),
    )
    .addStringOption((o) =>
      o
        .setName('concentration-saves')
        .setDescription(concentration)
        .addChoices(...SAVE_MODE_CHOICES),
    )
    .addBooleanOption((o) =>
      o.setName('monsters-die').setDescription('Crown & Misery: monsters die at 0 HP instead of making death saves (default false)'),
    );
}

/** The numbers monsters and characters both may give, within the same limits. */
function withStats(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub
    .addIntegerOption((o) => o.setName('init-mod').setDescription('Initiative modifier').setMinValue(-10).setMaxValue(30))
    .addIntegerOption((o) => o.setName('hp').setDescription('Hit points').setMinValue(1).setMaxValue(MAX_HP))
    .addIntegerOption((o) => o.setName('ac').setDescription('Armour class').setMinValue(0).setMaxValue(50));
}

/** A total rolled at the table instead of by the bot, or the bot's roll with advantage or disadvantage. */
function withInitiative(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub
    .addIntegerOption((o) =>
      o.setName('initiative').setDescription('Use this initiative instead of rolling').setMinValue(-10).setMaxValue(60),
    )
    .addStringOption((o) =>
      o
        .setName('mode')
        .setDescription('Roll initiative with advantage or disadvantage')
        .addChoices({ name: 'advantage', value: 'advantage' }, { name: 'disadvantage', value: 'disadvantage' }),
    );
}

/** `/init`: the channel's encounter, from begin to end. */
const definition = new SlashCommandBuilder()
  .setName('init')
  .setDescription('Run the encounter in this channel: initiative, turns and rounds')
  .setDMPermission(false)
  .addSubcommand((sub) =>
    withSaveModes(
      sub
        .setName('begin')
        .setDescription('Start an encounter in this channel; you become its game master')
        .addStringOption((o) => o.setName('name').setDescription('What to call the fight').setMaxLength(80)),
      'Who rolls death saves (default: the bot, when the turn starts)',
      'Who rolls concentration saves (default: a button)',
    ),
  )
  .addSubcommand((sub) =>
    withSaveModes(
      sub.setName('options').setDescription('Change how saves are rolled, or whether monsters die at 0 HP (game master)'),
      'Who rolls death saves',
      'Who rolls concentration saves',
    ),
  )
  .addSubcommand((sub) =>
    withInitiative(
      withStats(
        sub
          .setName('add')
          .setDescription('Add monsters or NPCs (game master)')
          .addStringOption((o) =>
            o
              .setName('name')
              .setDescription('Name; with count, numbers are added (Goblin 1, Goblin 2…)')
              .setRequired(true)
              .setMaxLength(NAME_MAX_LENGTH),
          ),
      )
        .addIntegerOption((o) => o.setName('count').setDescription('How many, sharing one initiative roll').setMinValue(1).setMaxValue(20))
        .addBooleanOption((o) => o.setName('hidden').setDescription('Keep its numbers from the players')),
    )
      .addIntegerOption((o) =>
        o.setName('legendary').setDescription('Legendary actions a round').setMinValue(1).setMaxValue(MAX_LEGENDARY_ACTIONS),
      )
      .addBooleanOption((o) => o.setName('lair').setDescription('It takes a lair turn at initiative count 20'))
      .addBooleanOption((o) => o.setName('surprised').setDescription('Surprised as the fight starts (the rule set says what that costs)'))
      .addStringOption((o) => o.setName('saves').setDescription('Saving throw bonuses, e.g. con+3, dex+2').setMaxLength(100))
      .addIntegerOption((o) => o.setName('level').setDescription('Level or Hit Dice, for rules that use it').setMinValue(1).setMaxValue(30))
      .addIntegerOption((o) => o.setName('con').setDescription('Constitution score, for rules that use it').setMinValue(1).setMaxValue(30))
      .addStringOption((o) => o.setName('resist').setDescription(`Resistances: ${TYPES_HINT}`).setMaxLength(200))
      .addStringOption((o) => o.setName('immune').setDescription(`Immunities: ${TYPES_HINT}`).setMaxLength(200))
      .addStringOption((o) => o.setName('vulnerable').setDescription(`Vulnerabilities: ${TYPES_HINT}`).setMaxLength(200)),
  )
  .addSubcommand((sub) =>
    withInitiative(
      withStats(
        sub
          .setName('join')
          .setDescription('Join the encounter with your own character')
          .addStringOption((o) =>
            o
              .setName('name')
              .setDescription('A name to join under without a stored character (default: your active character)')
              .setMaxLength(NAME_MAX_LENGTH),
          ),
      )
        .addIntegerOption((o) => o.setName('con-save').setDescription('Constitution saving throw bonus').setMinValue(-10).setMaxValue(30))
        .addStringOption((o) =>
          o.setName('character').setDescription('Join with this one of your characters, not the active one').setMaxLength(NAME_MAX_LENGTH),
        )
        .addBooleanOption((o) =>
          o.setName('surprised').setDescription('Surprised as the fight starts (the rule set says what that costs)'),
        ),
    ),
  )
  .addSubcommand((sub) => sub.setName('next').setDescription('End the current turn and start the next one'))
  .addSubcommand((sub) => sub.setName('prev').setDescription('Go back to the previous turn'))
  .addSubcommand((sub) =>
    sub
      .setName('move')
      .setDescription('Make a combatant the current one (game master)')
      .addStringOption((o) => targetOption(o, 'Whose turn it becomes')),
  )
  .addSubcommand((sub) =>
    sub
      .setName('set-initiative')
      .setDescription("Change a combatant's initiative (game master)")
      .addStringOption((o) => targetOption(o))
      .addIntegerOption((o) =>
        o.setName('value').setDescription('The new initiative total').setRequired(true).setMinValue(-10).setMaxValue(60),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('remove')
      .setDescription('Take a combatant out of the encounter (game master)')
      .addStringOption((o) => targetOption(o)),
  )
  .addSubcommand((sub) => sub.setName('list').setDescription("Show the order; the game master's copy shows hidden numbers"))
  .addSubcommand((sub) => sub.setName('end').setDescription('End the encounter (game master)'))
  .addSubcommand((sub) =>
    sub.setName('recap').setDescription("The last ended fight in numbers, with a chart; the game master's copy shows hidden monsters"),
  )
  .addSubcommand((sub) =>
    sub
      .setName('export')
      .setDescription('The whole fight (combatants, every change) as a JSON file; game master only with hidden monsters'),
  )
  .addSubcommand((sub) => sub.setName('undo').setDescription('Revert the last change (the game master, or whoever made it)'))
  .addSubcommand((sub) =>
    sub
      .setName('log')
      .setDescription("The last changes; the game master's copy is private and shows hidden numbers")
      .addIntegerOption((o) => o.setName('count').setDescription('How many (default 10)').setMinValue(1).setMaxValue(25)),
  )
  .addSubcommand((sub) =>
    sub
      .setName('concentrate')
      .setDescription('Start concentrating on an effect (ends any previous one)')
      .addStringOption((o) => targetOption(o, 'Who concentrates'))
      .addStringOption((o) => o.setName('effect').setDescription('The spell or effect').setRequired(true).setMaxLength(NAME_MAX_LENGTH)),
  )
  .addSubcommand((sub) =>
    sub
      .setName('drop-concentration')
      .setDescription('Stop concentrating')
      .addStringOption((o) => targetOption(o, 'Who stops concentrating')),
  )
  .addSubcommand((sub) =>
    sub
      .setName('legendary')
      .setDescription("Spend a creature's legendary actions (game master)")
      .addStringOption((o) => targetOption(o, 'Whose legendary action'))
      .addIntegerOption((o) => o.setName('cost').setDescription('How many actions it costs (default 1)').setMinValue(1).setMaxValue(3)),
  )
  .addSubcommand((sub) =>
    sub
      .setName('react')
      .setDescription("Use a combatant's reaction (note:ready takes its readied action)")
      .addStringOption((o) => targetOption(o, 'Who reacts'))
      .addStringOption((o) =>
        o.setName('note').setDescription('On what, e.g. Shield; "ready" uses the readied action').setMaxLength(ACTION_TEXT_MAX_LENGTH),
      ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('ready')
      .setDescription('Ready an action on your turn, until the start of your next turn')
      .addStringOption((o) =>
        o.setName('trigger').setDescription('What sets it off').setRequired(true).setMaxLength(ACTION_TEXT_MAX_LENGTH),
      ),
  )
  .addSubcommand((sub) => sub.setName('delay').setDescription('Step out of the order on your turn, until /init act'))
  .addSubcommand((sub) =>
    sub
      .setName('act')
      .setDescription('Come back from a delay and act now, keeping this place')
      .addStringOption((o) => o.setName('target').setDescription('Who acts (default: your delaying combatant)').setAutocomplete(true)),
  )
  .addSubcommand(withShareOptions);

function saveOptions(options: CommandOptions): Partial<EncounterOptions> {
  const chosen: Partial<EncounterOptions> = {};
  const death = optionalString(options, 'death-saves');
  if (death !== null) chosen.autoDeathSaves = death === 'automatic';
  const concentration = optionalString(options, 'concentration-saves');
  if (concentration !== null) chosen.autoConcentrationSaves = concentration === 'automatic';
  const monstersDie = givenBoolean(options, 'monsters-die');
  if (monstersDie !== undefined) chosen.monstersDie = monstersDie;
  return chosen;
}

function rollMode(options: CommandOptions): RollMode | undefined {
  const mode = optionalString(options, 'mode');
  if (mode === null) return undefined;
  if (mode !== 'advantage' && mode !== 'disadvantage') throw new UserError('`mode` is advantage or disadvantage.');
  return mode;
}

/** Options the user left out stay out, so the service applies its own defaults. */
function given<T extends object>(values: { [K in keyof T]: T[K] | null | undefined }): T {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null && value !== undefined)) as T;
}

async function begin(ctx: CommandContext): Promise<Reply> {
  const name = optionalString(ctx.options, 'name');
  const result = await encountersOf(ctx).begin(
    actorOf(ctx),
    placeOf(ctx),
    labelOf(ctx),
    given({ name, options: saveOptions(ctx.options) }),
  );
  const tracker = await postTracker(ctx, result.encounter);
  const where = {
    pinned: 'The tracker is pinned in this channel.',
    posted: 'The tracker is posted in this channel (I may not pin it here).',
    failed: 'I could not post the tracker here; `/init list` shows the order.',
  }[tracker];
  return resultReply(result, [
    optionsInWords(result.encounter.options),
    'Add monsters with `/init add`, players join with `/init join`, then **Next turn** starts round 1.',
    where,
  ]);
}

/** The values of the options `withStats` declares. */
function stats(options: CommandOptions): { initMod: number | null; hp: number | null; ac: number | null } {
  return { initMod: optionalInteger(options, 'init-mod'), hp: optionalInteger(options, 'hp'), ac: optionalInteger(options, 'ac') };
}

function add(ctx: CommandContext): Promise<Reply> {
  const options = ctx.options;
  const input = given({
    name: requiredString(options, 'name'),
    ...stats(options),
    count: optionalInteger(options, 'count'),
    hidden: optionalBoolean(options, 'hidden'),
    initiative: optionalInteger(options, 'initiative'),
    mode: rollMode(options),
    saves: saveBonusList(options, 'saves'),
    level: optionalInteger(options, 'level'),
    conScore: optionalInteger(options, 'con'),
    resist: damageTypeList(options, 'resist'),
    immune: damageTypeList(options, 'immune'),
    vulnerable: damageTypeList(options, 'vulnerable'),
    legendary: optionalInteger(options, 'legendary'),
    lair: optionalBoolean(options, 'lair'),
    surprised: optionalBoolean(options, 'surprised'),
  });
  return applyStep(ctx, addMonsters, input);
}

/** The stored character a join names with `character:`, else the active one unless a `name` was given. */
async function characterToJoin(ctx: CommandContext): Promise<Character | null> {
  const owner = ownerOf(ctx);
  const named = optionalString(ctx.options, 'character');
  if (named !== null) return requireCharacter(await ctx.services.characters.find(owner, named), named);
  if (optionalString(ctx.options, 'name') !== null) return null;
  return ctx.services.characters.active(owner);
}

async function join(ctx: CommandContext): Promise<Reply> {
  const options = ctx.options;
  const typed = given({
    name: optionalString(options, 'name'),
    ...stats(options),
    conSave: optionalInteger(options, 'con-save'),
    initiative: optionalInteger(options, 'initiative'),
    mode: rollMode(options),
    surprised: optionalBoolean(options, 'surprised'),
  });
  const character = await characterToJoin(ctx);
  if (character?.dead) throw new UserError(`${characterName(character)} is dead and cannot join a fight.`);
  return applyStep(ctx, joinEncounter, character === null ? typed : { ...joinInputFor(character), ...typed });
}

/** The game master, or a member who may manage the channel, sees hidden numbers. */
async function list(ctx: CommandContext): Promise<Reply> {
  const encounter = await encountersOf(ctx).get(placeOf(ctx));
  if (!encounter) throw new CombatRefusal({ kind: 'no-encounter' });
  return isGameMaster(actorOf(ctx), encounter)
    ? { ephemeral: true, embeds: [trackerEmbed(encounter, 'game-master')] }
    : trackerMessage(encounter);
}

/** Ending cannot be undone, so it asks first; the game master's press does it. */
async function confirmEnd(ctx: CommandContext): Promise<Reply> {
  const encounter = await encountersOf(ctx).get(placeOf(ctx));
  if (!encounter) throw new CombatRefusal({ kind: 'no-encounter' });
  requireGameMaster(actorOf(ctx), encounter, 'end the encounter');
  return {
    ephemeral: true,
    embeds: [
      {
        description:
          encounter.round === 0
            ? `End **${shown(encounter.name)}**? The fight has not started yet. It cannot be undone.`
            : `End **${shown(encounter.name)}** after round ${encounter.round}? It cannot be undone.`,
        color: COLORS.warning,
      },
    ],
    components: [
      {
        buttons: [
          {
            customId: buttonId({ command: 'init', action: 'end', encounterId: encounter.id }),
            label: 'End the encounter',
            style: 'danger',
          },
          {
            customId: buttonId({ command: 'init', action: 'keep', encounterId: encounter.id }),
            label: 'Keep fighting',
            style: 'secondary',
          },
        ],
      },
    ],
  };
}

async function end(ctx: ComponentContext, encounterId: string): Promise<Reply> {
  await encounterForButton(ctx, encounterId);
  const fight = await encountersOf(ctx).end(actorOf(ctx), placeOf(ctx), labelOf(ctx), sheetsAfterFight);
  await refreshTracker(ctx, fight.encounter);
  const summary = summaryEmbed(fight.encounter);
  const recap = recapParts(fight, 'players', [summary]);
  return { embeds: [summary, recap.embed], files: recap.files };
}

/** The game master's copy differs only when hidden monsters took part, and then only they see it. */
async function recap(ctx: CommandContext): Promise<Reply> {
  const record = await encountersOf(ctx).fight(placeOf(ctx), 'ended');
  if (isGameMaster(actorOf(ctx), record.encounter) && recapHasSecrets(record)) {
    return { ...recapReply(record, 'game-master'), ephemeral: true };
  }
  return recapReply(record, 'players');
}

/** The running fight, else the last ended one; hidden monsters' numbers go to the game master alone. */
async function exportFight(ctx: CommandContext): Promise<Reply> {
  const record = await encountersOf(ctx).fight(placeOf(ctx), 'any');
  if (recapHasSecrets(record)) requireGameMaster(actorOf(ctx), record.encounter, 'export a fight with hidden monsters');
  return exportReply(record);
}

/** The My turn button: what the combatant's controller must not forget, for their eyes only; nobody is pinged. */
async function myTurn(ctx: ComponentContext, encounterId: string, combatantId: string): Promise<Reply> {
  const encounter = await encounterForButton(ctx, encounterId);
  const combatant = encounter.combatants.find((c) => c.id === combatantId);
  if (combatant === undefined) throw new UserError('That combatant has left the encounter.');
  return checklistReply(encounter, turnChecklist(encounter, actorOf(ctx), combatant));
}

/** The game master's log is private and complete; anyone else's is the players' view, in the channel. */
async function log(ctx: CommandContext): Promise<Reply> {
  const count = optionalInteger(ctx.options, 'count') ?? 10;
  const [entries, encounter] = await Promise.all([encountersOf(ctx).log(placeOf(ctx), count), encountersOf(ctx).get(placeOf(ctx))]);
  const gameMaster = encounter !== null && isGameMaster(actorOf(ctx), encounter);
  return logReply(entries, count, gameMaster ? 'game-master' : 'players');
}

function run(ctx: CommandContext): Promise<Reply> {
  switch (ctx.options.subcommand) {
    case 'begin':
      return begin(ctx);
    case 'add':
      return add(ctx);
    case 'join':
      return join(ctx);
    case 'next':
      return applyStep(ctx, nextTurn);
    case 'prev':
      return applyStep(ctx, previousTurn);
    case 'move':
      return applyStep(ctx, moveTurn, requiredString(ctx.options, 'target'));
    case 'set-initiative': {
      const input = { target: requiredString(ctx.options, 'target'), value: requiredInteger(ctx.options, 'value') };
      return applyStep(ctx, setInitiative, input);
    }
    case 'remove':
      return applyStep(ctx, removeCombatant, requiredString(ctx.options, 'target'));
    case 'list':
      return list(ctx);
    case 'end':
      return confirmEnd(ctx);
    case 'recap':
      return recap(ctx);
    case 'export':
      return exportFight(ctx);
    case 'undo':
      return undoLastChange(ctx);
    case 'log':
      return log(ctx);
    case 'options': {
      const options = saveOptions(ctx.options);
      if (Object.keys(options).length === 0)
        throw new UserError('Choose `death-saves` or `concentration-saves` (automatic or button), or `monsters-die` (true or false).');
      return applyStep(ctx, changeOptions, options);
    }
    case 'concentrate': {
      const input = { target: requiredString(ctx.options, 'target'), effect: requiredString(ctx.options, 'effect') };
      return applyStep(ctx, startConcentration, input);
    }
    case 'drop-concentration':
      return applyStep(ctx, dropConcentration, requiredString(ctx.options, 'target'));
    case 'legendary':
      return applyStep(
        ctx,
        spendLegendaryAction,
        given({ target: requiredString(ctx.options, 'target'), cost: optionalInteger(ctx.options, 'cost') }),
      );
    case 'react':
      return applyStep(
        ctx,
        useReaction,
        given({ target: requiredString(ctx.options, 'target'), note: optionalString(ctx.options, 'note') }),
      );
    case 'ready':
      return applyStep(ctx, readyAction, requiredString(ctx.options, 'trigger'));
    case 'delay':
      return applyStep(ctx, delayTurn);
    case 'act':
      return applyStep(ctx, actNow, optionalString(ctx.options, 'target') ?? undefined);
    case 'share':
      return share(ctx);
    default:
      throw new UserError('Choose a subcommand of /init, e.g. `/init begin`.');
  }
}

/** Buttons: the tracker's turn buttons, a death save, the My turn checklist, and the end confirmation. */
async function press(ctx: ComponentContext): Promise<Reply> {
  const button = parseButtonId(ctx.customId);
  if (button?.command !== 'init') throw new UserError('This button no longer does anything.');
  switch (button.action) {
    case 'next':
    case 'prev':
      await encounterForButton(ctx, button.encounterId);
      return applyStep(ctx, button.action === 'next' ? nextTurn : previousTurn);
    case 'death':
      await encounterForButton(ctx, button.encounterId);
      return applyStep(ctx, pressDeathSave, button.combatantId);
    case 'myturn':
      return myTurn(ctx, button.encounterId, button.combatantId);
    case 'end':
      return end(ctx, button.encounterId);
    case 'keep':
      return { updateMessage: true, ephemeral: true, embeds: [{ description: 'The fight goes on.', color: COLORS.info }], components: [] };
  }
}

export const command: Command = {
  definition,
  examples: [
    '/init begin name:Ambush at the ford',
    '/init add name:Goblin hp:7 ac:15 count:2',
    '/init add name:Ogre chief hp:59 ac:11 saves:con+3,str+4 level:7 con:16',
    '/init join',
    '/init join character:Brannoc',
    '/init join name:Alice hp:12 ac:14 con-save:3',
    '/init join initiative:17',
    '/init join mode:advantage',
    '/init next',
    '/init prev',
    '/init move target:Goblin 2',
    '/init set-initiative target:Alice value:18',
    '/init remove target:Goblin 1',
    '/init list',
    '/init concentrate target:Alice effect:Bless',
    '/init drop-concentration target:Alice',
    '/init add name:Adult red dragon hp:256 ac:19 legendary:3 lair:true',
    '/init legendary target:Adult red dragon cost:2',
    '/init react target:Alice note:Shield',
    '/init ready trigger:the ogre steps onto the bridge',
    '/init react target:Alice note:ready',
    '/init delay',
    '/init act',
    '/init join surprised:true',
    '/init options death-saves:button',
    '/init log count:5',
    '/init undo',
    '/init end',
    '/init recap',
    '/init export',
    '/init share',
    '/init share revoke:true',
  ],
  execute: run,
  autocomplete: suggestTargets,
  button: press,
};
