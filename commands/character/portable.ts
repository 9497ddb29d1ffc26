import { getRuleSet } from '../../src/rules';
import { UserError } from '../../src/framework/command';
import { attachment, text } from '../../src/framework/options';
import { placeOf } from '../../src/framework/requirements';
import { subcommand } from '../../src/framework/slash-command';
import { characterNamedOrActive, ownerOf } from '../shared/characters';
import { importedText } from '../shared/imported-text';
import { characterExportReply, characterNameTakenText, IMPORTED_NOTE } from '../../src/views/character-text';
import type * as Portable from '../../src/characters/portable';
import { nameOption, shown } from './sheet';

/** The character file's reader and writer bring zod, some 5 MB of the bot's memory that only these two need. */
function portable(): Promise<typeof Portable> {
  return import('../../src/characters/portable');
}

export const exportSheet = subcommand({
  description: "Print a character's sheet as JSON, for /character import",
  options: nameOption('Which character (default: your active one)', false),
  async run(ctx, options) {
    const character = await characterNamedOrActive(ctx, options.text('name'));
    const { exportCharacter } = await portable();
    return characterExportReply(exportCharacter(character), character.name);
  },
});

const IMPORT_OPTIONS = {
  file: attachment('The .json file (Rollcall export or Foundry VTT actor), at most 64 KiB'),
  json: text('Or the JSON, pasted', { maxLength: 6000 }),
} as const;

/** Saves the whole imported character or, when anything is wrong, nothing. */
export const importSheet = subcommand({
  description: "Make a character from Rollcall's JSON or a Foundry VTT dnd5e actor",
  options: IMPORT_OPTIONS,
  async run(ctx, options) {
    const text = await importedText(ctx, { file: options.attachment('file'), json: options.text('json') }, 'the character');
    const { ruleset } = await ctx.services.settings.effectiveRuleset(placeOf(ctx));
    const { importCharacter } = await portable();
    const { sheet, state } = importCharacter(text, getRuleSet(ruleset));
    const created = await ctx.services.characters.create(ownerOf(ctx), sheet, state);
    if (created === null) throw new UserError(characterNameTakenText(sheet, 'import'));
    return shown(ctx, created, IMPORTED_NOTE, null);
  },
});
