import {
  applySheetChanges,
  CHARACTER_NAME_MAX_LENGTH,
  freshState,
  MAX_LEVEL,
  nameKey,
  stateAfterEdit,
  type Character,
  type SheetChanges,
} from '../src/characters/sheet';
import { revivedState } from '../src/characters/fight';
import type { SpellcastingChanges } from '../src/characters/spellcasting';
import { CASTER_CLASSES } from '../src/characters/spell-slots';
import { ABILITIES, type Ability } from '../src/rules/types';
import { getRuleSet } from '../src/rules';
import { onButton } from '../src/framework/buttons';
import { rankByName } from '../src/framework/autocomplete';
import {
  UserError,
  type AutocompleteChoice,
  type AutocompleteContext,
  type CommandContext,
  type ComponentContext,
} from '../src/framework/command';
import { attachment, integer, text, type IntegerOption, type OptionReader } from '../src/framework/options';
import { placeOf } from '../src/framework/requirements';
import { commandOfSubcommands, subcommand } from '../src/framework/slash-command';
import { buttonId } from '../src/views/button-ids';
import { characterNamedOrActive, ownerOf, requireCharacter, suggestCharacters } from './shared/characters';
import { importedText } from './shared/imported-text';
import { characterEmbed, characterListEmbed } from '../src/views/character-sheet';
import {
  CHARACTER_GONE_TEXT,
  characterDeletedText,
  characterExportText,
  characterKeptText,
  characterNameTakenText,
  CREATED_NOTE,
  deleteQuestionText,
  editInFightText,
  IMPORTED_NOTE,
  NO_FIGHT_HERE_TEXT,
  NOT_LAST_FIGHT_GAME_MASTER_TEXT,
  notDeadText,
  NOTHING_TO_CHANGE_TEXT,
  notInLastFightText,
  nowActiveText,
  revivedNote,
  SAVED_NOTE,
} from '../src/views/character-text';
import { ABILITY_NAMES } from '../src/views/condition-text';
import { COLORS } from '../src/views/embeds';
import type { Reply } from '../src/views/reply';
import type * as Portable from '../src/characters/portable';

/** The `name` option, suggested as the user types unless it names a new character. */
function nameOption<const R extends boolean>(description: string, required: R, suggested = true) {
  return { name: text(description, { required, maxLength: CHARACTER_NAME_MAX_LENGTH, autocomplete: suggested }) } as const;
}

/**
 * The sheet's options, the same for create and edit. Only a new sheet has defaults: what an edit
 * leaves out stays as it was, so its descriptions name none.
 */
function sheetOptions<const R extends boolean>(levelRequired: R) {
  const fallback = (forNew: string, forEdit = ''): string => (levelRequired ? ` (${forNew})` : forEdit);
  const scores = Object.fromEntries(
    ABILITIES.map((ability) => [ability, integer(`${ABILITY_NAMES[ability]} score${fallback('default 10')}`, { min: 1, max: 30 })]),
  ) as Record<Ability, IntegerOption>;
  return {
    level: integer('Character level', { required: levelRequired, min: 1, max: MAX_LEVEL }),
    ...scores,
    hp: integer(`Hit point maximum${fallback('default: from hit die, level and Con', ' (left out: follows level, hit die and Con)')}`, {
      min: 1,
      max: 1000,
    }),
    ac: integer(`Armour class${fallback('default 10 + Dex')}`, { min: 0, max: 50 }),
    'hit-die': text(`Hit die${fallback('default d8')}`, { choices: ['d6', 'd8', 'd10', 'd12'].map((d) => ({ name: d, value: d })) }),
    saves: text('Proficient saving throws, e.g. dex, wis', { maxLength: 100 }),
    skills: text('Proficient skills, e.g. stealth, perception', { maxLength: 300 }),
    expertise: text('Skills with expertise, e.g. stealth', { maxLength: 300 }),
    'init-bonus': integer(`Initiative bonus${fallback('default: Dex modifier')}`, { min: -10, max: 30 }),
    speed: integer(`Speed in feet${fallback('default 30')}`, { min: 0, max: 500 }),
    class: text('Spellcasting class: its ability and spell slots (none: casts no spells)', {
      choices: [...CASTER_CLASSES, 'none'].map((c) => ({ name: c, value: c })),
    }),
    'spell-ability': text("Spellcasting ability, if not the class's (class: back to it)", {
      choices: [...ABILITIES, 'class'].map((a) => ({ name: a, value: a })),
    }),
    'spell-dc': text('Spell save DC, if not 8 + proficiency + modifier (auto: back to it)', { maxLength: 4 }),
    'spell-attack': text('Spell attack bonus, if not proficiency + modifier (auto: back to it)', { maxLength: 4 }),
    slots: text("Spell slots by level instead of the class's, e.g. 4,3,2 (class: back to the class's)", { maxLength: 40 }),
  } as const;
}

const SPELLCASTING_OPTIONS = {
  casterClass: 'class',
  ability: 'spell-ability',
  saveDc: 'spell-dc',
  attackBonus: 'spell-attack',
  slots: 'slots',
} as const;

/** The sheet options the user gave; the ones left out keep their value. */
function sheetChanges(options: OptionReader<ReturnType<typeof sheetOptions<boolean>>>): SheetChanges {
  const changes: SheetChanges = {};
  const scores: SheetChanges['scores'] = {};
  for (const ability of ABILITIES) {
    const score = options.integer(ability);
    if (score !== null) scores[ability] = score;
  }
  if (Object.keys(scores).length > 0) changes.scores = scores;
  const numbers = { level: 'level', maxHp: 'hp', armourClass: 'ac', initBonus: 'init-bonus', speed: 'speed' } as const;
  for (const [field, option] of Object.entries(numbers) as [keyof typeof numbers, (typeof numbers)[keyof typeof numbers]][]) {
    // A level left out keeps the sheet's (or a new one's default), even where the declaration requires it.
    const value = options.raw(option) === undefined ? null : options.integer(option);
    if (value !== null) changes[field] = value;
  }
  const texts = { hitDie: 'hit-die', saves: 'saves', skills: 'skills', expertise: 'expertise' } as const;
  for (const [field, option] of Object.entries(texts) as [keyof typeof texts, (typeof texts)[keyof typeof texts]][]) {
    const value = options.text(option);
    if (value !== null) changes[field] = value;
  }
  const spellcasting: SpellcastingChanges = {};
  for (const [field, option] of Object.entries(SPELLCASTING_OPTIONS) as [
    keyof typeof SPELLCASTING_OPTIONS,
    (typeof SPELLCASTING_OPTIONS)[keyof typeof SPELLCASTING_OPTIONS],
  ][]) {
    const value = options.text(option);
    if (value !== null) spellcasting[field] = value;
  }
  if (Object.keys(spellcasting).length > 0) changes.spellcasting = spellcasting;
  return changes;
}

/** The sheet as the rule set in force in this channel reads it (a half caster's first slots depend on it), and the fight it is in. */
async function shown(ctx: CommandContext, character: Character, note: string | null): Promise<Reply> {
  const [{ ruleset }, fight] = await Promise.all([
    ctx.services.settings.effectiveRuleset(placeOf(ctx)),
    ctx.services.characters.fightOf(character.id),
  ]);
  const embed = characterEmbed(character, ruleset, fight);
  return { embeds: [note === null ? embed : { ...embed, footer: note }] };
}

const create = subcommand({
  description: 'Make a character; it becomes your active one',
  options: { ...nameOption("The character's name", true, false), ...sheetOptions(true) },
  async run(ctx, options) {
    const sheet = applySheetChanges(null, options.text('name'), sheetChanges(options));
    const created = await ctx.services.characters.create(ownerOf(ctx), sheet, freshState(sheet));
    if (created === null) throw new UserError(characterNameTakenText(sheet, 'create'));
    return shown(ctx, created, CREATED_NOTE);
  },
});

const edit = subcommand({
  description: "Change one of your characters' sheet: what you leave out stays as it is",
  options: { ...nameOption('Which character', true), ...sheetOptions(false) },
  async run(ctx, options) {
    const typed = options.text('name');
    const before = requireCharacter(await ctx.services.characters.find(ownerOf(ctx), typed), typed);
    const changes = sheetChanges(options);
    if (Object.keys(changes).length === 0) throw new UserError(NOTHING_TO_CHANGE_TEXT);
    const sheet = applySheetChanges(before, before.name, changes);
    // A fight holds the HP and Hit Dice and writes them back as it ends, over what these would add.
    if (sheet.level !== before.level || sheet.maxHp !== before.maxHp) {
      const fight = await ctx.services.characters.fightOf(before.id);
      if (fight !== null) throw new UserError(editInFightText(before, fight));
    }
    const saved = await ctx.services.characters.update({ ...before, ...sheet, ...stateAfterEdit(before, sheet, before) });
    if (saved === null) throw new UserError(characterNameTakenText(sheet, 'edit'));
    return shown(ctx, saved, SAVED_NOTE);
  },
});

const show = subcommand({
  description: "Show a character's sheet",
  options: nameOption('Which character (default: your active one)', false),
  async run(ctx, options) {
    return shown(ctx, await characterNamedOrActive(ctx, options.text('name')), null);
  },
});

const use = subcommand({
  description: 'Make a character your active one',
  options: nameOption('Which character', true),
  async run(ctx, options) {
    const typed = options.text('name');
    const character = requireCharacter(await ctx.services.characters.find(ownerOf(ctx), typed), typed);
    await ctx.services.characters.use(ownerOf(ctx), character.id);
    return {
      ephemeral: true,
      embeds: [{ description: nowActiveText(character), color: COLORS.success }],
    };
  },
});

/** Deleting cannot be undone, so it asks first. */
const confirmDelete = subcommand({
  description: 'Delete one of your characters (asks first)',
  options: nameOption('Which character', true),
  run: async (ctx, options) => {
    const typed = options.text('name');
    const character = requireCharacter(await ctx.services.characters.find(ownerOf(ctx), typed), typed);
    return deleteConfirmation(character);
  },
});

function deleteConfirmation(character: Character): Reply {
  return {
    ephemeral: true,
    embeds: [{ description: deleteQuestionText(character), color: COLORS.warning }],
    components: [
      {
        buttons: [
          { customId: buttonId({ command: 'character', action: 'delete', characterId: character.id }), label: 'Delete', style: 'danger' },
          { customId: buttonId({ command: 'character', action: 'keep', characterId: character.id }), label: 'Keep it', style: 'secondary' },
        ],
      },
    ],
  };
}

/** The character a delete confirmation's button names, if it is still the presser's. */
async function ownCharacter(ctx: ComponentContext, characterId: string): Promise<Character> {
  const character = await ctx.services.characters.get(characterId);
  if (character === null || character.ownerId !== ctx.user.id || character.guildId !== ctx.guildId) {
    throw new UserError(CHARACTER_GONE_TEXT);
  }
  return character;
}

const deleteButtons = [
  onButton('character', 'keep', async (ctx, button) => {
    const character = await ownCharacter(ctx, button.characterId);
    return {
      updateMessage: true,
      ephemeral: true,
      embeds: [{ description: characterKeptText(character), color: COLORS.info }],
      components: [],
    };
  }),
  onButton('character', 'delete', async (ctx, button) => {
    const character = await ownCharacter(ctx, button.characterId);
    await ctx.services.characters.delete(ownerOf(ctx), character.id);
    return {
      updateMessage: true,
      ephemeral: true,
      embeds: [{ description: characterDeletedText(character), color: COLORS.success }],
      components: [],
    };
  }),
];

/** The character file's reader and writer bring zod, some 5 MB of the bot's memory that only these two need. */
function portable(): Promise<typeof Portable> {
  return import('../src/characters/portable');
}

const exportSheet = subcommand({
  description: "Print a character's sheet as JSON, for /character import",
  options: nameOption('Which character (default: your active one)', false),
  async run(ctx, options) {
    const character = await characterNamedOrActive(ctx, options.text('name'));
    const { exportCharacter } = await portable();
    return { ephemeral: true, content: characterExportText(exportCharacter(character)) };
  },
});

const IMPORT_OPTIONS = {
  file: attachment('The .json file (Rollcall export or Foundry VTT actor), at most 64 KiB'),
  json: text('Or the JSON, pasted', { maxLength: 6000 }),
} as const;

/** Saves the whole imported character or, when anything is wrong, nothing. */
const importSheet = subcommand({
  description: "Make a character from Rollcall's JSON or a Foundry VTT dnd5e actor",
  options: IMPORT_OPTIONS,
  async run(ctx, options) {
    const text = await importedText(ctx, { file: options.attachment('file'), json: options.text('json') }, 'the character');
    const { ruleset } = await ctx.services.settings.effectiveRuleset(placeOf(ctx));
    const { importCharacter } = await portable();
    const { sheet, state } = importCharacter(text, getRuleSet(ruleset));
    const created = await ctx.services.characters.create(ownerOf(ctx), sheet, state);
    if (created === null) throw new UserError(characterNameTakenText(sheet, 'import'));
    return shown(ctx, created, IMPORTED_NOTE);
  },
});

/** Suggestions for `revive`: the dead of the channel's last fight, the ones it can bring back. */
async function suggestTheDead(ctx: AutocompleteContext, typed: string): Promise<AutocompleteChoice[]> {
  const party = await ctx.services.characters.lastParty(placeOf(ctx));
  ctx.signal?.throwIfAborted();
  const dead = (party?.characters ?? []).filter((c) => c.dead);
  return rankByName(dead, (c) => c.name, typed).map((c) => ({ name: c.name, value: c.name }));
}

/**
 * A death the fight's end wrote to a sheet is the game master's to take back: the last fight's game
 * master in this channel (or a member with Manage Channels) brings a character of that fight back.
 */
const revive = subcommand({
  description: "Game master: bring back a character who died in this channel's last fight",
  options: {
    ...nameOption('Which character of that fight', true),
    hp: integer('Hit points it comes back with (default 1)', { min: 1, max: 1000 }),
  },
  async run(ctx, options) {
    const typed = options.text('name');
    const party = await ctx.services.characters.lastParty({ guildId: ctx.guildId, channelId: ctx.channelId });
    if (party === null) throw new UserError(NO_FIGHT_HERE_TEXT);
    if (party.gameMasterId !== ctx.user.id && !ctx.permissions.manageChannels) throw new UserError(NOT_LAST_FIGHT_GAME_MASTER_TEXT);
    const character = party.characters.find((c) => nameKey(c.name) === nameKey(typed));
    if (character === undefined) throw new UserError(notInLastFightText(typed));
    if (!character.dead) throw new UserError(notDeadText(character));
    const { ruleset } = await ctx.services.settings.effectiveRuleset({ guildId: ctx.guildId, channelId: ctx.channelId });
    const state = revivedState(getRuleSet(ruleset), character, options.integer('hp') ?? 1);
    await ctx.services.characters.recordStates([{ id: character.id, state }]);
    return shown(ctx, { ...character, ...state }, revivedNote(state.hp));
  },
});

export const command = commandOfSubcommands({
  name: 'character',
  description: 'Your characters in this server: their sheets, HP and hit dice between fights',
  dmPermission: false,
  subcommands: {
    create,
    edit,
    show,
    list: subcommand({
      description: 'List your characters in this server',
      async run(ctx) {
        const [characters, { ruleset }] = await Promise.all([
          ctx.services.characters.list(ownerOf(ctx)),
          ctx.services.settings.effectiveRuleset(placeOf(ctx)),
        ]);
        return { ephemeral: true, embeds: [characterListEmbed(characters, ruleset)] };
      },
    }),
    use,
    export: exportSheet,
    import: importSheet,
    delete: confirmDelete,
    revive,
  },
  buttons: deleteButtons,
  suggest: { name: (ctx, typed) => (ctx.options.subcommand === 'revive' ? suggestTheDead(ctx, typed) : suggestCharacters(ctx, typed)) },
  examples: [
    '/character create name:Alice level:5 con:14 hp:40',
    '/character create name:Brannoc level:3 str:16 dex:12 con:15 ac:16 hit-die:d10 saves:str,con skills:athletics,perception',
    '/character edit name:Alice level:6 hp:47',
    '/character create name:Merric level:5 int:16 class:wizard',
    '/character edit name:Merric spell-dc:15 slots:4,3,3',
    '/character show name:Alice',
    '/character list',
    '/character use name:Brannoc',
    '/character export name:Alice',
    '/character import json:{"format":"rollcall-character","version":1,…}',
    '/character delete name:Brannoc',
    '/character revive name:Alice hp:1',
  ],
});
