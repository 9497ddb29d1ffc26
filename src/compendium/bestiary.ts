import type { BookId, MonsterSource } from './books';
import { monstersOf } from './load';
import { createNameIndex, nameKey } from './lookup';
import { MAX_SUGGESTIONS } from './ranking';
import type { Monster } from './types';

/** A server's own monsters (imported by its game masters), kept by the database. */
export interface HomebrewShelf {
  /** The names of the server's monsters, in the order they were saved. */
  names(guildId: string): Promise<string[]>;
  /** The server's monsters by name and challenge rating, in the order they were saved. */
  listing(guildId: string): Promise<{ name: string; cr: string }[]>;
  /** The server's monster of that name (case, accents and spacing ignored). */
  get(guildId: string, name: string): Promise<Monster | undefined>;
  /**
   * Saves every monster of a file at once, replacing any of the same name; refuses (nothing saved)
   * when the server would then hold more than `limit`. Says how many were new and how many replaced.
   */
  save(guildId: string, monsters: readonly Monster[], limit: number): Promise<{ added: number; replaced: number } | { full: number }>;
  /** Removes one; false when the server has none of that name. */
  remove(guildId: string, name: string): Promise<boolean>;
}

/** A block found by name, and where it was found. */
export interface FoundMonster {
  monster: Monster;
  source: MonsterSource;
}

/**
 * The monsters a table can use: the server's homebrew first (a server's "Goblin" is the one its game
 * master made), then the book of the rule set in force (or the other, with `source:`).
 */
export interface Bestiary {
  find(guildId: string, book: BookId, name: string): Promise<FoundMonster | undefined>;
  /** The block a combatant's link names, wherever it is kept. */
  blockOf(guildId: string, link: { source: MonsterSource; block: string }): Promise<Monster | undefined>;
  /**
   * Autocomplete: homebrew names that match first, then the book's, best first; `signal` stops it
   * before ranking once aborted (nobody is waiting for the names any more).
   */
  suggest(guildId: string, book: BookId, typed: string, signal?: AbortSignal): Promise<string[]>;
  /** "Did you mean" for a name found nowhere. */
  closest(guildId: string, book: BookId, name: string): Promise<string[]>;
  homebrew: HomebrewShelf;
}

/** Most monsters a server may keep. */
export const HOMEBREW_PER_SERVER = 200;

const CLOSEST = 3;

export function createBestiary(homebrew: HomebrewShelf): Bestiary {
  return {
    homebrew,
    async find(guildId, book, name) {
      const own = await homebrew.get(guildId, name);
      if (own !== undefined) return { monster: own, source: 'homebrew' };
      const monster = (await monstersOf(book)).find(name);
      return monster === undefined ? undefined : { monster, source: book };
    },
    async blockOf(guildId, link) {
      if (link.source === 'homebrew') return homebrew.get(guildId, link.block);
      return (await monstersOf(link.source)).find(link.block);
    },
    async suggest(guildId, book, typed, signal) {
      const [own, index] = await Promise.all([homebrew.names(guildId), monstersOf(book)]);
      signal?.throwIfAborted();
      const ownRanked = createNameIndex(own.map((ownName) => ({ name: ownName }))).suggest(typed, MAX_SUGGESTIONS);
      const ownKeys = new Set(own.map(nameKey));
      const fromBook = index.suggest(typed, MAX_SUGGESTIONS).filter((name) => !ownKeys.has(nameKey(name)));
      return [...ownRanked, ...fromBook].slice(0, MAX_SUGGESTIONS);
    },
    async closest(guildId, book, name) {
      const [own, index] = await Promise.all([homebrew.names(guildId), monstersOf(book)]);
      const ownIndex = createNameIndex(own.map((ownName) => ({ name: ownName })));
      return [...ownIndex.closest(name, CLOSEST), ...index.closest(name, CLOSEST)].slice(0, CLOSEST);
    },
  };
}
