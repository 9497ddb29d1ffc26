import { joinInputFor } from '../../src/characters/fight';
import { requireEncounter } from '../../src/framework/requirements';
import type { Character } from '../../src/characters/sheet';
import { isGameMaster } from '../../src/combat/permissions';
import type { AddInput } from '../../src/combat/inputs';
import { addInputOfBlock, overriddenBy, type BlockHp } from '../../src/combat/monster-entry';
import { addMonsters, joinEncounter, removeCombatant, setInitiative } from '../../src/combat/steps';
import { MAX_HP, MAX_LEGENDARY_ACTIONS, NAME_MAX_LENGTH } from '../../src/combat/types';
import { UserError, type CommandContext } from '../../src/framework/command';
import { flag, given, integer, targetOption, text, type OptionReader } from '../../src/framework/options';
import { subcommand } from '../../src/framework/slash-command';
import type { RollMode } from '../../src/rules/types';
import { characterName } from '../../src/views/character-sheet';
import { shown } from '../../src/views/markdown';
import { trackerEmbed, trackerMessage } from '../../src/views/tracker';
import { ownerOf, requireCharacter } from '../shared/characters';
import { actorOf, applyStep, applyStepWith, encountersOf, labelOf, placeOf, postTracker } from '../shared/encounter';
import { resultReply } from '../../src/views/encounter-replies';
import { optionsInWords } from '../../src/views/encounter-text';
import { blockSummary } from '../../src/views/bestiary-text';
import { bookHere, MONSTER_OPTION, requireMonster, SOURCE_OPTION } from '../shared/bestiary';
import { saveModes, saveOptions } from './saves';

const TYPES_HINT = 'comma-separated damage types, e.g. fire, cold';
const HP_DICE_MAX_LENGTH = 100;

/** The numbers monsters and characters both may give, within the same limits. */
const STATS = {
  'init-mod': integer('Initiative modifier', { min: -10, max: 30 }),
  hp: integer('Hit points', { min: 1, max: MAX_HP }),
  ac: integer('Armour class', { min: 0, max: 50 }),
} as const;

/** A total rolled at the table instead of by the bot, or the bot's roll with advantage or disadvantage. */
const INITIATIVE = {
  initiative: integer('Use this initiative instead of rolling', { min: -10, max: 60 }),
  mode: text('Roll initiative with advantage or disadvantage', {
    choices: [
      { name: 'advantage', value: 'advantage' },
      { name: 'disadvantage', value: 'disadvantage' },
    ],
  }),
} as const;

const SURPRISED = flag('Surprised as the fight starts (the rule set says what that costs)');

function rollMode(options: OptionReader<typeof INITIATIVE>): RollMode | undefined {
  const mode = options.text('mode');
  if (mode === null) return undefined;
  if (mode !== 'advantage' && mode !== 'disadvantage') throw new UserError('`mode` is advantage or disadvantage.');
  return mode;
}

/** The values of the options `STATS` declares, but `hp`, a number or dice as the subcommand declares it. */
function stats(options: OptionReader<Pick<typeof STATS, 'init-mod' | 'ac'>>): { initMod: number | null; ac: number | null } {
  return { initMod: options.integer('init-mod'), ac: options.integer('ac') };
}

/** A monster's `hp` may be dice, rolled for each one added, or with a stat block its average or its Hit Dice rolled. */
const MONSTER_STATS = {
  ...STATS,
  hp: text('Hit points: a number, or dice rolled for each (2d6+3); with monster: average (default) or roll', {
    maxLength: HP_DICE_MAX_LENGTH,
  }),
} as const;

/** `/init add`: a stat block or a name, then numbers, each given one replacing the block's. */
const ADD_OPTIONS = {
  monster: MONSTER_OPTION,
  name: text("Name (default: the monster's); with count, numbers are added (Goblin 1, Goblin 2…)", { maxLength: NAME_MAX_LENGTH }),
  source: SOURCE_OPTION,
  ...MONSTER_STATS,
  count: integer('How many, sharing one initiative roll', { min: 1, max: 20 }),
  hidden: flag('Keep its numbers from the players'),
  ...INITIATIVE,
  legendary: integer('Legendary actions a round', { min: 1, max: MAX_LEGENDARY_ACTIONS }),
  lair: flag('It takes a lair turn at initiative count 20'),
  surprised: SURPRISED,
  saves: text('Saving throw bonuses, e.g. con+3, dex+2', { maxLength: 100 }),
  level: integer('Level or Hit Dice, for rules that use it', { min: 1, max: 30 }),
  con: integer('Constitution score, for rules that use it', { min: 1, max: 30 }),
  resist: text(`Resistances: ${TYPES_HINT}, or none`, { maxLength: 200 }),
  immune: text(`Immunities: ${TYPES_HINT}, or none`, { maxLength: 200 }),
  vulnerable: text(`Vulnerabilities: ${TYPES_HINT}, or none`, { maxLength: 200 }),
} as const;

type AddReader = OptionReader<typeof ADD_OPTIONS>;

/**
 * `/init add`'s `hp`: text, a number or dice to roll for each monster. A whole number arriving as one
 * (a registration made before `hp` took dice, or a script) is taken as it is.
 */
function monsterHp(options: AddReader): number | string | null {
  const raw = options.raw('hp');
  if (typeof raw !== 'number') return options.text('hp');
  if (!Number.isInteger(raw)) throw new UserError('`hp` takes a whole number or dice.');
  return raw;
}

/** `hp:average` or `hp:roll`, which take a stat block's numbers; null for hit points given outright. */
function blockHp(hp: number | string | null): BlockHp | null {
  const word = typeof hp === 'string' ? hp.toLowerCase() : null;
  return word === 'average' || word === 'roll' ? word : null;
}

/** What the options say, each left out when not given (a block's value stands for it then). */
function typedInput(options: AddReader): Partial<AddInput> {
  const hp = monsterHp(options);
  const listed = (name: 'resist' | 'immune' | 'vulnerable') => (options.text(name) === null ? null : options.damageTypes(name));
  return given<Partial<AddInput>>({
    name: options.text('name'),
    ...stats(options),
    hp: blockHp(hp) === null ? hp : null,
    count: options.integer('count'),
    hidden: options.flag('hidden'),
    initiative: options.integer('initiative'),
    mode: rollMode(options),
    saves: options.text('saves') === null ? null : options.saveBonuses('saves'),
    level: options.integer('level'),
    conScore: options.integer('con'),
    resist: listed('resist'),
    immune: listed('immune'),
    vulnerable: listed('vulnerable'),
    legendary: options.integer('legendary'),
    lair: options.flag('lair'),
    surprised: options.flag('surprised'),
  });
}

export const add = subcommand({
  description: 'Add monsters or NPCs, from a stat block or by their numbers (game master)',
  options: ADD_OPTIONS,
  async run(ctx, options) {
    const typed = typedInput(options);
    const monster = options.text('monster');
    const hp = blockHp(monsterHp(options));
    if (monster === null) {
      if (options.text('source') !== null) throw new UserError('`source` says which book `monster` comes from: give `monster` too.');
      if (hp !== null) throw new UserError(`\`hp:${hp}\` reads the stat block of \`monster\`: give \`monster\`, or the hit points.`);
      if (typed.name === undefined) throw new UserError('Give `name`, or `monster` to add one from a stat block.');
      return applyStep(ctx, addMonsters, { ...typed, name: typed.name });
    }
    const found = await requireMonster(ctx, await bookHere(ctx, options.text('source')), monster);
    const lines = [blockSummary(found, hp ?? 'average', typed)];
    // A hidden monster's block is its numbers: the game master's alone, as its rolled hit points are.
    return applyStepWith(
      ctx,
      { lines, secret: typed.hidden === true },
      addMonsters,
      overriddenBy(addInputOfBlock(found, hp ?? 'average'), typed),
    );
  },
});

const JOIN_OPTIONS = {
  name: text('A name to join under without a stored character (default: your active character)', { maxLength: NAME_MAX_LENGTH }),
  ...STATS,
  'con-save': integer('Constitution saving throw bonus', { min: -10, max: 30 }),
  character: text('Join with this one of your characters, not the active one', { maxLength: NAME_MAX_LENGTH }),
  surprised: SURPRISED,
  ...INITIATIVE,
} as const;

/** The stored character a join names with `character:`, else the active one unless a `name` was given. */
async function characterToJoin(ctx: CommandContext, options: OptionReader<typeof JOIN_OPTIONS>): Promise<Character | null> {
  const owner = ownerOf(ctx);
  const named = options.text('character');
  if (named !== null) return requireCharacter(await ctx.services.characters.find(owner, named), named);
  if (options.text('name') !== null) return null;
  return ctx.services.characters.active(owner);
}

export const join = subcommand({
  description: 'Join the encounter with your own character',
  options: JOIN_OPTIONS,
  async run(ctx, options) {
    const typed = given({
      name: options.text('name'),
      ...stats(options),
      hp: options.integer('hp'),
      conSave: options.integer('con-save'),
      initiative: options.integer('initiative'),
      mode: rollMode(options),
      surprised: options.flag('surprised'),
    });
    const character = await characterToJoin(ctx, options);
    if (character?.dead) throw new UserError(`${characterName(character)} is dead and cannot join a fight.`);
    const elsewhere = character === null ? null : await ctx.services.characters.fightOf(character.id);
    if (character !== null && elsewhere !== null && elsewhere.channelId !== ctx.channelId) {
      // Each fight writes its end state back to the sheet: in two at once, the last to end would undo the other.
      throw new UserError(
        `${characterName(character)} is already in the fight **${shown(elsewhere.name)}** in <#${elsewhere.channelId}>: a character is in one fight at a time. Leave that one first (its game master can \`/init remove\` you), or join here with \`name:\` and no stored character.`,
      );
    }
    if (character === null) return applyStep(ctx, joinEncounter, typed);
    const { ruleSet } = await requireEncounter(ctx);
    return applyStep(ctx, joinEncounter, { ...joinInputFor(character, ruleSet), ...typed });
  },
});

export const setInitiativeOf = subcommand({
  description: "Change a combatant's initiative (game master)",
  options: {
    target: targetOption(),
    value: integer('The new initiative total', { required: true, min: -10, max: 60 }),
  },
  run: (ctx, options) => applyStep(ctx, setInitiative, { target: options.text('target'), value: options.integer('value') }),
});

export const remove = subcommand({
  description: 'Take a combatant out of the encounter (game master)',
  options: { target: targetOption() },
  run: (ctx, options) => applyStep(ctx, removeCombatant, options.text('target')),
});

/** The game master, or a member who may manage the channel, sees hidden numbers. */
export const list = subcommand({
  description: "Show the order; the game master's copy shows hidden numbers",
  requires: { encounter: true },
  run: (ctx, _options, { encounter }) =>
    Promise.resolve(
      isGameMaster(actorOf(ctx), encounter)
        ? { ephemeral: true, embeds: [trackerEmbed(encounter, 'game-master')] }
        : trackerMessage(encounter),
    ),
});

export const begin = subcommand({
  description: 'Start an encounter in this channel; you become its game master',
  options: {
    name: text('What to call the fight', { maxLength: 80 }),
    ...saveModes('Who rolls death saves (default: the bot, when the turn starts)', 'Who rolls concentration saves (default: a button)'),
  },
  async run(ctx, options) {
    const name = options.text('name');
    const result = await encountersOf(ctx).begin(actorOf(ctx), placeOf(ctx), labelOf(ctx), given({ name, options: saveOptions(options) }));
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
  },
});
