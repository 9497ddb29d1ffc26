import { SlashCommandBuilder, type SlashCommandSubcommandBuilder } from '@discordjs/builders';
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
import { exportCharacter, importCharacter } from '../src/characters/portable';
import { revivedState } from '../src/characters/fight';
import { getRuleSet } from '../src/rules';
import { shown as shownText } from '../src/views/markdown';
import { ABILITIES } from '../src/rules/types';
import { UserError, type Command, type CommandContext, type ComponentContext } from '../src/framework/command';
import { characterNamedOrActive, ownerOf, requireCharacter } from '../src/framework/character-commands';
import { optionalAttachment, optionalInteger, optionalString, requiredString } from '../src/framework/options';
import { buttonId, parseButtonId } from '../src/views/button-ids';
import { characterEmbed, characterListEmbed, characterName } from '../src/views/character-sheet';
import { ABILITY_NAMES } from '../src/views/condition-text';
import { COLORS } from '../src/views/embeds';
import type { Reply } from '../src/views/reply';

function nameOption(sub: SlashCommandSubcommandBuilder, description: string, required: boolean): SlashCommandSubcommandBuilder {
  return sub.addStringOption((o) =>
    o.setName('name').setDescription(description).setRequired(required).setMaxLength(CHARACTER_NAME_MAX_LENGTH),
  );
}

/** The sheet's options, the same for create and edit. */
function withSheet(sub: SlashCommandSubcommandBuilder, levelRequired: boolean): SlashCommandSubcommandBuilder {
  sub.addIntegerOption((o) =>
    o.setName('level').setDescription('Character level').setRequired(levelRequired).setMinValue(1).setMaxValue(MAX_LEVEL),
  );
  for (const ability of ABILITIES) {
    sub.addIntegerOption((o) =>
      o.setName(ability).setDescription(`${ABILITY_NAMES[ability]} score (default 10)`).setMinValue(1).setMaxValue(30),
    );
  }
  return sub
    .addIntegerOption((o) =>
      o.setName('hp').setDescription('Hit point maximum (default: from hit die, level and Con)').setMinValue(1).setMaxValue(1000),
    )
    .addIntegerOption((o) => o.setName('ac').setDescription('Armour class (default 10 + Dex)').setMinValue(0).setMaxValue(50))
    .addStringOption((o) =>
      o
        .setName('hit-die')
        .setDescription('Hit die (default d8)')
        .addChoices(...['d6', 'd8', 'd10', 'd12'].map((d) => ({ name: d, value: d }))),
    )
    .addStringOption((o) => o.setName('saves').setDescription('Proficient saving throws, e.g. dex, wis').setMaxLength(100))
    .addStringOption((o) => o.setName('skills').setDescription('Proficient skills, e.g. stealth, perception').setMaxLength(300))
    .addStringOption((o) => o.setName('expertise').setDescription('Skills with expertise, e.g. stealth').setMaxLength(300))
    .addIntegerOption((o) =>
      o.setName('init-bonus').setDescription('Initiative bonus (default: Dex modifier)').setMinValue(-10).setMaxValue(30),
    )
    .addIntegerOption((o) => o.setName('speed').setDescription('Speed in feet (default 30)').setMinValue(0).setMaxValue(500));
}

const definition = new SlashCommandBuilder()
  .setName('character')
  .setDescription('Your characters in this server: their sheets, HP and hit dice between fights')
  .setDMPermission(false)
  .addSubcommand((sub) =>
    withSheet(
      nameOption(sub.setName('create').setDescription('Make a character; it becomes your active one'), "The character's name", true),
      true,
    ),
  )
  .addSubcommand((sub) =>
    withSheet(nameOption(sub.setName('edit').setDescription("Change one of your characters' sheet"), 'Which character', true), false),
  )
  .addSubcommand((sub) =>
    nameOption(sub.setName('show').setDescription("Show a character's sheet"), 'Which character (default: your active one)', false),
  )
  .addSubcommand((sub) => sub.setName('list').setDescription('List your characters in this server'))
  .addSubcommand((sub) => nameOption(sub.setName('use').setDescription('Make a character your active one'), 'Which character', true))
  .addSubcommand((sub) =>
    nameOption(
      sub.setName('export').setDescription("Print a character's sheet as JSON, for /character import"),
      'Which character (default: your active one)',
      false,
    ),
  )
  .addSubcommand((sub) =>
    sub
      .setName('import')
      .setDescription("Make a character from Rollcall's JSON or a Foundry VTT dnd5e actor")
      .addAttachmentOption((o) => o.setName('file').setDescription('The .json file (Rollcall export or Foundry VTT actor), at most 64 KiB'))
      .addStringOption((o) => o.setName('json').setDescription('Or the JSON, pasted').setMaxLength(6000)),
  )
  .addSubcommand((sub) =>
    nameOption(sub.setName('delete').setDescription('Delete one of your characters (asks first)'), 'Which character', true),
  )
  .addSubcommand((sub) =>
    nameOption(
      sub.setName('revive').setDescription("Game master: bring back a character who died in this channel's last fight"),
      'Which character of that fight',
      true,
    ).addIntegerOption((o) => o.setName('hp').setDescription('Hit points it comes back with (default 1)').setMinValue(1).setMaxValue(1000)),
  );

/** The sheet options the user gave; the ones left out keep their value. */
function sheetChanges(ctx: CommandContext): SheetChanges {
  const { options } = ctx;
  const changes: SheetChanges = {};
  const scores: SheetChanges['scores'] = {};
  for (const ability of ABILITIES) {
    const score = optionalInteger(options, ability);
    if (score !== null) scores[ability] = score;
  }
  if (Object.keys(scores).length > 0) changes.scores = scores;
  const numbers = { level: 'level', maxHp: 'hp', armourClass: 'ac', initBonus: 'init-bonus', speed: 'speed' } as const;
  for (const [field, option] of Object.entries(numbers) as [keyof typeof numbers, string][]) {
    const value = optionalInteger(options, option);
    if (value !== null) changes[field] = value;
  }
  const texts = { hitDie: 'hit-die', saves: 'saves', skills: 'skills', expertise: 'expertise' } as const;
  for (const [field, option] of Object.entries(texts) as [keyof typeof texts, string][]) {
    const value = optionalString(options, option);
    if (value !== null) changes[field] = value;
  }
  return changes;
}

function shown(character: Character, note: string): Reply {
  return { embeds: [{ ...characterEmbed(character), footer: note }] };
}

async function create(ctx: CommandContext): Promise<Reply> {
  const sheet = applySheetChanges(null, requiredString(ctx.options, 'name'), sheetChanges(ctx));
  const created = await ctx.services.characters.create(ownerOf(ctx), sheet, freshState(sheet));
  if (created === null)
    throw new UserError(`You already have a character called ${characterName(sheet)}: edit it with \`/character edit\`.`);
  return shown(created, 'Created; it is your active character.');
}

async function edit(ctx: CommandContext): Promise<Reply> {
  const typed = requiredString(ctx.options, 'name');
  const before = requireCharacter(await ctx.services.characters.find(ownerOf(ctx), typed), typed);
  const changes = sheetChanges(ctx);
  if (Object.keys(changes).length === 0) throw new UserError('Give at least one thing to change, e.g. `level:6` or `hp:52`.');
  const sheet = applySheetChanges(before, before.name, changes);
  const saved = await ctx.services.characters.update({ ...before, ...sheet, ...stateAfterEdit(before, sheet, before) });
  if (saved === null) throw new UserError(`You already have a character called ${characterName(sheet)}.`);
  return shown(saved, 'Saved.');
}

async function show(ctx: CommandContext): Promise<Reply> {
  const character = await characterNamedOrActive(ctx, optionalString(ctx.options, 'name'));
  return { embeds: [characterEmbed(character)] };
}

async function use(ctx: CommandContext): Promise<Reply> {
  const typed = requiredString(ctx.options, 'name');
  const character = requireCharacter(await ctx.services.characters.find(ownerOf(ctx), typed), typed);
  await ctx.services.characters.use(ownerOf(ctx), character.id);
  return { ephemeral: true, embeds: [{ description: `${characterName(character)} is now your active character.`, color: COLORS.success }] };
}

/** Deleting cannot be undone, so it asks first. */
async function confirmDelete(ctx: CommandContext): Promise<Reply> {
  const typed = requiredString(ctx.options, 'name');
  const character = requireCharacter(await ctx.services.characters.find(ownerOf(ctx), typed), typed);
  return {
    ephemeral: true,
    embeds: [{ description: `Delete **${characterName(character)}** for good? It cannot be undone.`, color: COLORS.warning }],
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

async function press(ctx: ComponentContext): Promise<Reply> {
  const button = parseButtonId(ctx.customId);
  if (button?.command !== 'character') throw new UserError('This button no longer does anything.');
  const character = await ctx.services.characters.get(button.characterId);
  if (character === null || character.ownerId !== ctx.user.id || character.guildId !== ctx.guildId) {
    throw new UserError('That character is gone, or is not yours.');
  }
  if (button.action === 'keep') {
    return {
      updateMessage: true,
      ephemeral: true,
      embeds: [{ description: `${characterName(character)} stays.`, color: COLORS.info }],
      components: [],
    };
  }
  await ctx.services.characters.delete(ownerOf(ctx), character.id);
  return {
    updateMessage: true,
    ephemeral: true,
    embeds: [{ description: `${characterName(character)} is deleted.`, color: COLORS.success }],
    components: [],
  };
}

async function exportSheet(ctx: CommandContext): Promise<Reply> {
  const character = await characterNamedOrActive(ctx, optionalString(ctx.options, 'name'));
  return { ephemeral: true, content: `\`\`\`json\n${JSON.stringify(exportCharacter(character), null, 1)}\n\`\`\`` };
}

/** The file attached with `file:` (fetched, size and type checked) or the JSON pasted into `json:`: one of them. */
async function importedText(ctx: CommandContext): Promise<string> {
  const file = optionalAttachment(ctx.options, 'file');
  const json = optionalString(ctx.options, 'json');
  if (file !== null && json !== null) throw new UserError('Give the character as a `file` or as `json`, not both.');
  if (file !== null) return ctx.services.attachments.text(file);
  if (json !== null) return json;
  throw new UserError('Attach the character file with `file:`, or paste its JSON into `json:`.');
}

/** Saves the whole imported character or, when anything is wrong, nothing. */
async function importSheet(ctx: CommandContext): Promise<Reply> {
  const { sheet, state } = importCharacter(await importedText(ctx));
  const created = await ctx.services.characters.create(ownerOf(ctx), sheet, state);
  if (created === null) throw new UserError(`You already have a character called ${characterName(sheet)}: delete or rename it first.`);
  return shown(created, 'Imported; it is your active character.');
}

/**
 * A death the fight's end wrote to a sheet is the game master's to take back: the last fight's game
 * master in this channel (or a member with Manage Channels) brings a character of that fight back.
 */
async function revive(ctx: CommandContext): Promise<Reply> {
  const typed = requiredString(ctx.options, 'name');
  const party = await ctx.services.characters.lastParty({ guildId: ctx.guildId, channelId: ctx.channelId });
  if (party === null || (party.gameMasterId !== ctx.user.id && !ctx.permissions.manageChannels)) {
    throw new UserError("Only the game master of this channel's last fight, or a member with Manage Channels, can bring a character back.");
  }
  const character = party.characters.find((c) => nameKey(c.name) === nameKey(typed));
  if (character === undefined) throw new UserError(`No character called "${shownText(typed)}" joined this channel's last fight.`);
  if (!character.dead) throw new UserError(`${characterName(character)} is not dead.`);
  const { ruleset } = await ctx.services.settings.effectiveRuleset({ guildId: ctx.guildId, channelId: ctx.channelId });
  const state = revivedState(getRuleSet(ruleset), character, optionalInteger(ctx.options, 'hp') ?? 1);
  await ctx.services.characters.recordStates([{ id: character.id, state }]);
  return shown({ ...character, ...state }, `Brought back by the game master, at ${state.hp} HP.`);
}

function run(ctx: CommandContext): Promise<Reply> {
  switch (ctx.options.subcommand) {
    case 'create':
      return create(ctx);
    case 'edit':
      return edit(ctx);
    case 'show':
      return show(ctx);
    case 'list':
      return ctx.services.characters
        .list(ownerOf(ctx))
        .then((characters) => ({ ephemeral: true, embeds: [characterListEmbed(characters)] }));
    case 'use':
      return use(ctx);
    case 'delete':
      return confirmDelete(ctx);
    case 'export':
      return exportSheet(ctx);
    case 'import':
      return importSheet(ctx);
    case 'revive':
      return revive(ctx);
    default:
      throw new UserError('Choose a subcommand of /character, e.g. `/character create`.');
  }
}

export const command: Command = {
  definition,
  examples: [
    '/character create name:Alice level:5 con:14 hp:40',
    '/character create name:Brannoc level:3 str:16 dex:12 con:15 ac:16 hit-die:d10 saves:str,con skills:athletics,perception',
    '/character edit name:Alice level:6 hp:47',
    '/character show name:Alice',
    '/character list',
    '/character use name:Brannoc',
    '/character export name:Alice',
    '/character import json:{"format":"rollcall-character","version":1,…}',
    '/character delete name:Brannoc',
    '/character revive name:Alice hp:1',
  ],
  execute: run,
  button: press,
};
