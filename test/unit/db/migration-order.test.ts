import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultMigrationPaths, inPrismaOrder, migrationFolders } from '../../../src/db/migration-files';

/** Prisma's CLI sorts the folders with `localeCompare`; the order must be its order, name for name. */
const prismaOrder = (names: readonly string[]): string[] => [...names].sort((a, b) => a.localeCompare(b));

describe('the order of migration folders', () => {
  test.each([
    ['timestamps a second apart', '20261122020125_init', '20261122020126_encounters'],
    ['timestamps a year apart', '20271122020125_a', '20261122020125_z'],
    ['the same timestamp, then a word', '20261122020125_b', '20261122020125_a'],
    ['the same timestamp, case and underscores', '20261122020125_aB', '20261122020125_a_b'],
    ['the same timestamp, capital against small', '20261122020125_B', '20261122020125_a'],
    ['a digit against a letter', '20261122020125_2', '20261122020125_b'],
    ['one name the start of the other', '20261122020125_init', '20261122020125_init_more'],
    ['a timestamp shorter than another', '2026_a', '20261_a'],
    ['names with no timestamp', 'zeta', 'Alpha'],
  ])('%s: as Prisma orders them', (_, a, b) => {
    expect(Math.sign(inPrismaOrder(a, b))).toBe(Math.sign(a.localeCompare(b)));
    expect(Math.sign(inPrismaOrder(b, a))).toBe(Math.sign(b.localeCompare(a)));
  });

  test('a folder of mixed names is listed in the order Prisma applies them, files left out', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-order-'));
    try {
      const names = [
        '20261122020126_b',
        '20261122020125_aB',
        '20261122020125_a_b',
        '20261122020125_B',
        '20251231235959_last_year',
        'manual',
      ];
      for (const name of names) fs.mkdirSync(path.join(dir, name));
      fs.writeFileSync(path.join(dir, 'migration_lock.toml'), '');
      expect(migrationFolders(dir)).toEqual(prismaOrder(names));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the project's own migrations sort by their timestamps alone, without a locale-aware comparison", () => {
    const localeCompare = jest.spyOn(String.prototype, 'localeCompare');
    try {
      const folders = migrationFolders(defaultMigrationPaths().migrationsDir);
      expect(localeCompare).not.toHaveBeenCalled();
      expect(folders.length).toBeGreaterThan(20);
      expect(folders).toEqual(prismaOrder(folders));
    } finally {
      localeCompare.mockRestore();
    }
  });
});
