import type { HomebrewShelf } from '../../src/compendium/bestiary';
import { nameKey } from '../../src/compendium/lookup';
import type { Monster } from '../../src/compendium/types';

/** A server's homebrew monsters kept in memory, as the database keeps them, for tables without one. */
export function memoryHomebrewShelf(): HomebrewShelf {
  const shelves = new Map<string, Map<string, Monster>>();
  const shelfOf = (guildId: string): Map<string, Monster> => {
    const shelf = shelves.get(guildId) ?? new Map<string, Monster>();
    shelves.set(guildId, shelf);
    return shelf;
  };
  return {
    names: (guildId) => Promise.resolve([...shelfOf(guildId).values()].map((monster) => monster.name)),
    listing: (guildId) => Promise.resolve([...shelfOf(guildId).values()].map(({ name, cr }) => ({ name, cr }))),
    get: (guildId, name) => Promise.resolve(shelfOf(guildId).get(nameKey(name))),
    save(guildId, monsters, limit) {
      const shelf = shelfOf(guildId);
      const fresh = monsters.filter((monster) => !shelf.has(nameKey(monster.name))).length;
      if (shelf.size + fresh > limit) return Promise.resolve({ full: shelf.size });
      monsters.forEach((monster) => shelf.set(nameKey(monster.name), monster));
      return Promise.resolve({ added: fresh, replaced: monsters.length - fresh });
    },
    remove: (guildId, name) => Promise.resolve(shelfOf(guildId).delete(nameKey(name))),
  };
}
