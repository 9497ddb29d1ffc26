import { caveLurker } from '../../support/monsters';
import type { HomebrewShelf } from '../../../src/compendium/bestiary';
import type { Monster } from '../../../src/compendium/types';
import { createHomebrewShelf } from '../../../src/db/homebrew-monsters';
import { databasePerFile } from '../../support/database';
import { memoryHomebrewShelf } from '../../support/memory-homebrew';

const database = databasePerFile();

const guild = '100000000000000001';
const otherGuild = '100000000000000002';

function monster(name: string, ac = 13): Monster {
  return caveLurker({ name, ac });
}

// The handlers' tests at the table use the memory shelf: it must behave as the PostgreSQL one does.
describe.each<[string, () => Promise<HomebrewShelf>]>([
  ['PostgreSQL', async () => createHomebrewShelf((await database()).prisma)],
  ['memory (for tests at the table)', () => Promise.resolve(memoryHomebrewShelf())],
])('the %s homebrew shelf', (_kind, open) => {
  let shelf: HomebrewShelf;

  beforeEach(async () => {
    shelf = await open();
  });

  test('saves a file whole and reads each block back as it was saved, by name in any case and spacing', async () => {
    expect(await shelf.save(guild, [monster('Cave Lurker'), monster('Mire Hag')], 200)).toEqual({ added: 2, replaced: 0 });
    expect(await shelf.names(guild)).toEqual(['Cave Lurker', 'Mire Hag']);
    expect(await shelf.get(guild, '  cave   LURKER ')).toEqual(monster('Cave Lurker'));
    expect(await shelf.get(otherGuild, 'Cave Lurker')).toBeUndefined();
    expect(await shelf.names(otherGuild)).toEqual([]);
  });

  test('a monster of a name already kept replaces it, keeping its place; the new name is written as the file has it', async () => {
    await shelf.save(guild, [monster('Cave Lurker'), monster('Mire Hag')], 200);
    expect(await shelf.save(guild, [monster('cave lurker', 15), monster('Rock Crab')], 200)).toEqual({ added: 1, replaced: 1 });
    expect(await shelf.names(guild)).toEqual(['cave lurker', 'Mire Hag', 'Rock Crab']);
    expect(await shelf.listing(guild)).toEqual([
      { name: 'cave lurker', cr: '1' },
      { name: 'Mire Hag', cr: '1' },
      { name: 'Rock Crab', cr: '1' },
    ]);
    expect((await shelf.get(guild, 'Cave Lurker'))?.ac).toBe(15);
  });

  test('a file that would pass the limit saves nothing; replacing within the limit is allowed', async () => {
    await shelf.save(guild, [monster('A1'), monster('A2')], 3);
    expect(await shelf.save(guild, [monster('A1', 20), monster('B1'), monster('B2')], 3)).toEqual({ full: 2 });
    expect(await shelf.names(guild)).toEqual(['A1', 'A2']);
    expect((await shelf.get(guild, 'A1'))?.ac).toBe(13);
    expect(await shelf.save(guild, [monster('A1', 20), monster('B1')], 3)).toEqual({ added: 1, replaced: 1 });
    expect(await shelf.save(otherGuild, [monster('C1'), monster('C2'), monster('C3')], 3)).toEqual({ added: 3, replaced: 0 });
  });

  test("removes one by name, that server's only; false when there is none", async () => {
    await shelf.save(guild, [monster('Cave Lurker'), monster('Mire Hag')], 200);
    await shelf.save(otherGuild, [monster('Cave Lurker')], 200);
    expect(await shelf.remove(guild, 'CAVE LURKER')).toBe(true);
    expect(await shelf.remove(guild, 'Cave Lurker')).toBe(false);
    expect(await shelf.names(guild)).toEqual(['Mire Hag']);
    expect(await shelf.get(otherGuild, 'Cave Lurker')).toEqual(monster('Cave Lurker'));
  });
});
