import { editsWithin, MAX_SUGGESTIONS, normalise as nameKey, rankByName } from './ranking';

/** What a name-indexed list needs of its entries. */
export interface Named {
  name: string;
}

/** One book's monsters or spells (or a server's homebrew), found by name. */
export { nameKey };

export interface NameIndex<T extends Named> {
  readonly entries: readonly T[];
  /** The entry of exactly that name, ignoring case, accents and spacing. */
  find(name: string): T | undefined;
  /** Names for autocomplete, best first: prefix, word start, then close matches. */
  suggest(typed: string, limit?: number): string[];
  /** The closest names to one that is not in the index ("Goblen": Goblin Warrior, Goblin Boss, …), for "did you mean". */
  closest(name: string, limit?: number): string[];
}

/** "Did you mean" offers this many names. */
const CLOSEST = 3;

export function createNameIndex<T extends Named>(entries: readonly T[]): NameIndex<T> {
  const byKey = new Map(entries.map((entry) => [nameKey(entry.name), entry]));
  const names = entries.map((entry) => entry.name);
  return {
    entries,
    find: (name) => byKey.get(nameKey(name)),
    suggest: (typed, limit = MAX_SUGGESTIONS) => rankByName(names, (name) => name, typed, limit),
    closest: (name, limit = CLOSEST) => {
      const ranked = rankByName(names, (candidate) => candidate, name, limit);
      return ranked.length > 0 ? ranked : nearestByEdits(names, name, limit);
    },
  };
}

/** Names within a few edits of the whole of `name` ("Owlbare" → "Owlbear"), nearest first. */
function nearestByEdits(names: readonly string[], name: string, limit: number): string[] {
  const wanted = nameKey(name);
  const allowed = Math.max(2, Math.floor(wanted.length / 3));
  return names
    .map((candidate) => ({ candidate, distance: editsWithin(wanted, nameKey(candidate), allowed) }))
    .filter((entry): entry is { candidate: string; distance: number } => entry.distance !== null)
    .sort((a, b) => a.distance - b.distance)
    .slice(0, limit)
    .map((entry) => entry.candidate);
}
