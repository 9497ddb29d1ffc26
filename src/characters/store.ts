import type { InteractionClaim } from '../combat/store';
import type { Character, CharacterSheet, CharacterState } from './sheet';

/** Whose characters, where: a player's characters belong to one server. */
export interface CharacterOwner {
  guildId: string;
  ownerId: string;
}

/** A player may keep this many characters in one server. */
export const MAX_CHARACTERS_PER_OWNER = 25;

/** A running fight a character is in: its name and channel. */
export interface RunningFight {
  channelId: string;
  name: string;
}

/**
 * Where characters live. Names are unique per owner and server whatever their case; at most one of
 * an owner's characters is active.
 */
export interface CharacterStore {
  /** The owner's characters, by name. */
  list(owner: CharacterOwner): Promise<Character[]>;
  /** The owner's character with this name (case and spacing do not matter), or null. */
  find(owner: CharacterOwner, name: string): Promise<Character | null>;
  /** The owner's active character, or null. */
  active(owner: CharacterOwner): Promise<Character | null>;
  get(id: string): Promise<Character | null>;
  /** Saves a new character as the owner's active one; null when the owner already has one by that name. */
  create(owner: CharacterOwner, sheet: CharacterSheet, state: CharacterState): Promise<Character | null>;
  /** Saves a character's sheet and state; null when the new name is another of the owner's characters. */
  update(character: Character): Promise<Character | null>;
  /** Makes the character the owner's active one. */
  use(owner: CharacterOwner, id: string): Promise<void>;
  /** False when it was already gone. */
  delete(owner: CharacterOwner, id: string): Promise<boolean>;
  /**
   * The stored characters that joined the channel's most recent encounter (running or ended) and who
   * ran it; null when the channel never had one.
   */
  lastParty(place: { guildId: string; channelId: string }): Promise<{ gameMasterId: string; characters: Character[] } | null>;
  /** The running fight the character is in, or null: a character is in one fight at a time. */
  fightOf(id: string): Promise<RunningFight | null>;
  /** Brings characters' states up to date after a fight; characters deleted meanwhile are passed over. */
  recordStates(states: readonly { id: string; state: CharacterState }[]): Promise<void>;
  /**
   * Writes `after` over the character's state only if it is still `before` (a rest worked out from
   * it): false when another write came first, such as another rest, which would otherwise be lost.
   * With an interaction's `claim` not yet recorded, the write records it too (so a second delivery of
   * the interaction writes nothing and is refused as already handled).
   */
  recordStateIfUnchanged(id: string, before: CharacterState, after: CharacterState, claim?: InteractionClaim): Promise<boolean>;
}
