import type { BookId } from './books';
import { createNameIndex, type NameIndex } from './lookup';
import type { Monster, Spell } from './types';

/** A data module of src/compendium/srd: one entry per line of JSON. */
interface DataModule {
  LINES: string;
}

/**
 * The data modules, imported only on first use so that the bot starts without them. Their entries
 * are checked against the homebrew schema by a test, not at every start.
 */
const MODULES: Readonly<Record<BookId, Record<'monsters' | 'spells', () => Promise<DataModule>>>> = {
  'srd-5.2': { monsters: () => import('./srd/monsters-5.2'), spells: () => import('./srd/spells-5.2') },
  'srd-5.1': { monsters: () => import('./srd/monsters-5.1'), spells: () => import('./srd/spells-5.1') },
};

const loaded = new Map<string, Promise<NameIndex<Monster | Spell>>>();

function entriesOf<T>(module: DataModule): T[] {
  return module.LINES.split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as T);
}

function load<T extends Monster | Spell>(book: BookId, kind: 'monsters' | 'spells'): Promise<NameIndex<T>> {
  const key = `${book}/${kind}`;
  const known = loaded.get(key);
  if (known !== undefined) return known as Promise<NameIndex<T>>;
  const index = MODULES[book][kind]().then((module) => createNameIndex(entriesOf<T>(module)));
  loaded.set(key, index);
  return index;
}

/** The book's monsters, loaded on first use. */
export function monstersOf(book: BookId): Promise<NameIndex<Monster>> {
  return load<Monster>(book, 'monsters');
}

/** The book's spells, loaded on first use. */
export function spellsOf(book: BookId): Promise<NameIndex<Spell>> {
  return load<Spell>(book, 'spells');
}
