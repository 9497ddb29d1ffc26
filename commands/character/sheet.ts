import {
  applySheetChanges,
  CHARACTER_NAME_MAX_LENGTH,
  freshState,
  MAX_LEVEL,
  stateAfterEdit,
  type Character,
  type SheetChanges,
} from '../../src/characters/sheet';
import type { SpellcastingChanges } from '../../src/characters/spellcasting';
import { CASTER_CLASSES } from '../../src/characters/spell-slots';
import type { RunningFight } from '../../src/characters/store';
import { ABILITIES, type Ability } from '../../src/rules/types';
import { UserError, type CommandContext } from '../../src/framework/command';
import { integer, text, type IntegerOption, type OptionReader } from '../../src/framework/options';
import { placeOf } from '../../src/framework/requirements';
import { subcommand } from '../../src/framework/slash-command';
import { characterNamedOrActive, ownerOf, requireCharacter } from '../shared/characters';
import { characterEmbed } from '../../src/views/character-sheet';
import {
  characterNameTakenText,
  CREATED_NOTE,
  editInFightText,
  NOTHING_TO_CHANGE_TEXT,
  nowActiveText,
  SAVED_NOTE,
} from '../../src/views/character-text';
import { ABILITY_NAMES } from '../../src/views/condition-text';
import { COLORS } from '../../src/views/embeds';
import type { Reply } from '../../src/views/reply';

/** The `name` option, suggested as the user types unless it names a new character. */
export function nameOption<const R extends boolean>(description: string, required: R, suggested = true) {
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

/**
 * The sheet as the rule set in force in this channel reads it (a half caster's first slots depend on
 * it), and the fight it is in: read unless the caller knows it (null for none, as a character just
 * made is in no fight).
 */
export async function shown(ctx: CommandContext, character: Character, note: string | null, known?: RunningFight | null): Promise<Reply> {
  const [{ ruleset }, fight] = await Promise.all([
    ctx.services.settings.effectiveRuleset(placeOf(ctx)),
    known === undefined ? ctx.services.characters.fightOf(character.id) : known,
  ]);
  const embed = characterEmbed(character, ruleset, fight);
  return { embeds: [note === null ? embed : { ...embed, footer: note }] };
}

export const create = subcommand({
  description: 'Make a character; it becomes your active one',
  options: { ...nameOption("The character's name", true, false), ...sheetOptions(true) },
  async run(ctx, options) {
    const sheet = applySheetChanges(null, options.text('name'), sheetChanges(options));
    const created = await ctx.services.characters.create(ownerOf(ctx), sheet, freshState(sheet));
    if (created === null) throw new UserError(characterNameTakenText(sheet, 'create'));
    return shown(ctx, created, CREATED_NOTE, null);
  },
});

export const edit = subcommand({
  description: "Change one of your characters' sheet: what you leave out stays as it is",
  options: { ...nameOption('Which character', true), ...sheetOptions(false) },
  async run(ctx, options) {
    const typed = options.text('name');
    const before = requireCharacter(await ctx.services.characters.find(ownerOf(ctx), typed), typed);
    const changes = sheetChanges(options);
    if (Object.keys(changes).length === 0) throw new UserError(NOTHING_TO_CHANGE_TEXT);
    const sheet = applySheetChanges(before, before.name, changes);
    // A fight holds the HP and Hit Dice and writes them back as it ends, over what these would add.
    // Read once: a change that passes this check is shown with no fight.
    let fight: RunningFight | null | undefined;
    if (sheet.level !== before.level || sheet.maxHp !== before.maxHp) {
      fight = await ctx.services.characters.fightOf(before.id);
      if (fight !== null) throw new UserError(editInFightText(before, fight, sheet.level !== before.level ? 'level' : 'maximum'));
    }
    const saved = await ctx.services.characters.update({ ...before, ...sheet, ...stateAfterEdit(before, sheet, before) });
    if (saved === null) throw new UserError(characterNameTakenText(sheet, 'edit'));
    return shown(ctx, saved, SAVED_NOTE, fight);
  },
});

export const show = subcommand({
  description: "Show a character's sheet",
  options: nameOption('Which character (default: your active one)', false),
  async run(ctx, options) {
    return shown(ctx, await characterNamedOrActive(ctx, options.text('name')), null);
  },
});

export const use = subcommand({
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
