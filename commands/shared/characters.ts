import type { Character } from '../../src/characters/sheet';
import type { CharacterOwner, RunningFight } from '../../src/characters/store';
import { rankByName } from '../../src/framework/autocomplete';
import {
  UserError,
  type AutocompleteChoice,
  type AutocompleteContext,
  type InvocationContext as Context,
} from '../../src/framework/command';
import { NO_ACTIVE_CHARACTER_TEXT, noCharacterCalledText } from '../../src/views/character-text';

/** The invoking player in this server, as the owner of characters. */
export function ownerOf(ctx: Context): CharacterOwner {
  return { guildId: ctx.guildId, ownerId: ctx.user.id };
}

/** The character a name found, or a refusal saying no such character of yours exists. */
export function requireCharacter(found: Character | null, typed: string): Character {
  if (found === null) throw new UserError(noCharacterCalledText(typed));
  return found;
}

/** The caller's character `typed` names, or their active one when no name was typed. */
export async function characterNamedOrActive(ctx: Context, typed: string | null): Promise<Character> {
  const owner = ownerOf(ctx);
  if (typed !== null) return requireCharacter(await ctx.services.characters.find(owner, typed), typed);
  const active = await ctx.services.characters.active(owner);
  if (active === null) throw new UserError(NO_ACTIVE_CHARACTER_TEXT);
  return active;
}

/**
 * The fight a character is in, as a reply may name it: to the character's owner, or in the fight's
 * own channel; to anyone else null (a fight elsewhere), as they may not see that channel.
 */
export function fightAsTold(ctx: Context, character: Pick<Character, 'ownerId'>, fight: RunningFight): RunningFight | null {
  return character.ownerId === ctx.user.id || fight.channelId === ctx.channelId ? fight : null;
}

/** Suggestions for an option naming one of the caller's characters. */
export async function suggestCharacters(ctx: AutocompleteContext, typed: string): Promise<AutocompleteChoice[]> {
  const characters = await ctx.services.characters.list(ownerOf(ctx));
  ctx.signal?.throwIfAborted();
  return rankByName(characters, (c) => c.name, typed).map((c) => ({ name: c.name, value: c.name }));
}
