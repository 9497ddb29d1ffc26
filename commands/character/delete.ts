import type { Character } from '../../src/characters/sheet';
import { onButton } from '../../src/framework/buttons';
import { UserError, type ComponentContext } from '../../src/framework/command';
import { subcommand } from '../../src/framework/slash-command';
import { buttonId } from '../../src/views/button-ids';
import { ownerOf, requireCharacter } from '../shared/characters';
import { CHARACTER_GONE_TEXT, characterDeletedText, characterKeptText, deleteQuestionText } from '../../src/views/character-text';
import { COLORS } from '../../src/views/embeds';
import type { Reply } from '../../src/views/reply';
import { nameOption } from './sheet';

/** Deleting cannot be undone, so it asks first. */
export const confirmDelete = subcommand({
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

export const deleteButtons = [
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
