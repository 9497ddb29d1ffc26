import {
  restoreSlot,
  slotsAfterRest,
  slotsLeft,
  slotTable,
  spendSlot,
  type CasterClass,
  type SheetSlots,
} from '../../../src/characters/spell-slots';
import type { BookId } from '../../../src/compendium/books';

const table = (casterClass: CasterClass, level: number, book: BookId = 'srd-5.2') =>
  slotTable({ casterClass, customSlots: null }, level, book);

describe('spell slots by class and level', () => {
  test.each<[CasterClass, number, BookId, number[], boolean]>([
    ['wizard', 1, 'srd-5.2', [2], false],
    ['wizard', 5, 'srd-5.2', [4, 3, 2], false],
    ['cleric', 5, 'srd-5.1', [4, 3, 2], false],
    ['bard', 9, 'srd-5.2', [4, 3, 3, 3, 1], false],
    ['sorcerer', 17, 'srd-5.1', [4, 3, 3, 3, 2, 1, 1, 1, 1], false],
    ['druid', 20, 'srd-5.2', [4, 3, 3, 3, 3, 2, 2, 1, 1], false],
    ['paladin', 5, 'srd-5.2', [4, 2], false],
    ['paladin', 5, 'srd-5.1', [4, 2], false],
    // 2024 rules: half casters cast from level 1; 2014 rules: from level 2.
    ['paladin', 1, 'srd-5.2', [2], false],
    ['paladin', 1, 'srd-5.1', [], false],
    ['ranger', 2, 'srd-5.1', [2], false],
    ['ranger', 3, 'srd-5.1', [3], false],
    ['ranger', 9, 'srd-5.2', [4, 3, 2], false],
    ['ranger', 20, 'srd-5.2', [4, 3, 3, 3, 2], false],
    ['artificer', 1, 'srd-5.1', [2], false],
    ['warlock', 1, 'srd-5.2', [1], true],
    ['warlock', 2, 'srd-5.2', [2], true],
    ['warlock', 5, 'srd-5.2', [0, 0, 2], true],
    ['warlock', 11, 'srd-5.1', [0, 0, 0, 0, 3], true],
    ['warlock', 17, 'srd-5.2', [0, 0, 0, 0, 4], true],
  ])('%s %i (%s): %j, pact %s', (casterClass, level, book, slots, pact) => {
    expect(table(casterClass, level, book)).toEqual({ slots, pact });
  });

  test('a custom table replaces the class', () => {
    expect(slotTable({ casterClass: 'wizard', customSlots: [4, 3, 2] }, 1, 'srd-5.2')).toEqual({ slots: [4, 3, 2], pact: false });
    expect(slotTable({ casterClass: null, customSlots: [1] }, 3, 'srd-5.2')).toEqual({ slots: [1], pact: false });
    expect(slotTable({ casterClass: null, customSlots: null }, 3, 'srd-5.2')).toEqual({ slots: [], pact: false });
  });

  test('a warlock 5 has two slots of 3rd level and nothing below', () => {
    expect(slotsLeft({ table: table('warlock', 5), spent: [] })).toEqual([{ level: 3, total: 2, left: 2 }]);
  });
});

describe('spending and restoring slots', () => {
  const wizard5: SheetSlots = { table: table('wizard', 5), spent: [] };

  test('spending counts down the level spent, and restoring gives one back', () => {
    const spent = spendSlot(wizard5, 3);
    expect(spent).toEqual({ ok: true, value: [0, 0, 1] });
    if (!spent.ok) return;
    const again = spendSlot({ ...wizard5, spent: spent.value }, 3);
    expect(again).toEqual({ ok: true, value: [0, 0, 2] });
    if (!again.ok) return;
    expect(slotsLeft({ ...wizard5, spent: again.value })).toEqual([
      { level: 1, total: 4, left: 4 },
      { level: 2, total: 3, left: 3 },
      { level: 3, total: 2, left: 0 },
    ]);
    expect(spendSlot({ ...wizard5, spent: again.value }, 3)).toEqual({ ok: false, reason: { kind: 'no-slot-left', level: 3, total: 2 } });
    expect(restoreSlot({ ...wizard5, spent: again.value }, 3)).toEqual([0, 0, 1]);
    expect(restoreSlot({ ...wizard5, spent: [0, 0, 1] }, 3)).toEqual([]);
    expect(restoreSlot(wizard5, 2)).toEqual([]);
  });

  test('a level the table does not give is refused', () => {
    expect(spendSlot(wizard5, 4)).toEqual({ ok: false, reason: { kind: 'no-slots-of-level', level: 4 } });
    expect(spendSlot({ table: table('warlock', 5), spent: [] }, 1)).toEqual({
      ok: false,
      reason: { kind: 'no-slots-of-level', level: 1 },
    });
  });

  test('slots spent before the level dropped never count below 0', () => {
    expect(slotsLeft({ table: table('wizard', 1), spent: [4, 3, 2] })).toEqual([{ level: 1, total: 2, left: 0 }]);
    expect(spendSlot({ table: table('wizard', 1), spent: [4] }, 1)).toEqual({
      ok: false,
      reason: { kind: 'no-slot-left', level: 1, total: 2 },
    });
  });

  test('a long rest restores every slot; a short rest only pact slots', () => {
    expect(slotsAfterRest({ ...wizard5, spent: [1, 0, 2] }, 'long')).toEqual([]);
    expect(slotsAfterRest({ ...wizard5, spent: [1, 0, 2] }, 'short')).toEqual([1, 0, 2]);
    expect(slotsAfterRest({ table: table('warlock', 5), spent: [0, 0, 2] }, 'short')).toEqual([]);
  });
});
