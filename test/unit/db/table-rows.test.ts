import type { Prisma } from '../../../src/db/generated/client';
import { columnReader, everyColumnOf, type RowOf } from '../../../src/db/table-rows';

interface Model {
  id: string;
  maxHp: number;
  groupId: string | null;
  initRolls: number[];
  tracks: Prisma.JsonValue;
  createdAt: Date;
}

type Row = RowOf<Model>;

describe('a row typed from a model', () => {
  test('is keyed by column name, with JSON values', () => {
    const row: Row = {
      id: 'c1',
      max_hp: 22,
      group_id: null,
      init_rolls: [9, 14],
      tracks: { exhaustion: 2 },
      created_at: '2026-11-22T20:00:00.000Z',
    };
    expect(Object.keys(row)).toEqual(['id', 'max_hp', 'group_id', 'init_rolls', 'tracks', 'created_at']);
  });

  test('lists of its columns must name them all, and only them (checked by the compiler)', () => {
    const columns = everyColumnOf<Row>();
    expect(columns(['id', 'max_hp', 'group_id', 'init_rolls', 'tracks', 'created_at'] as const)).toHaveLength(6);
    // @ts-expect-error created_at is left out
    columns(['id', 'max_hp', 'group_id', 'init_rolls', 'tracks'] as const);
    // @ts-expect-error speed is not a column
    columns(['id', 'max_hp', 'group_id', 'init_rolls', 'tracks', 'created_at', 'speed'] as const);
    // @ts-expect-error a field name is not a column name
    columns(['id', 'maxHp', 'group_id', 'init_rolls', 'tracks', 'created_at'] as const);
  });
});

describe('reading a stored row', () => {
  const read = columnReader<Row>({ id: 'c1', max_hp: '22', group_id: null, init_rolls: [9, '14'], tracks: { exhaustion: 2 } });

  test('converts each value to the type asked for', () => {
    expect(read.text('id')).toBe('c1');
    expect(read.int('max_hp')).toBe(22);
    expect(read.ints('init_rolls')).toEqual([9, 14]);
    expect(read.value('tracks')).toEqual({ exhaustion: 2 });
  });

  test('gives null for a NULL or missing column where null is allowed, and no items for a missing list', () => {
    expect(read.textOrNull('group_id')).toBeNull();
    expect(read.textOrNull('created_at')).toBeNull();
    expect(read.intOrNull('created_at')).toBeNull();
    expect(read.ints('created_at')).toEqual([]);
    expect(read.texts('created_at')).toEqual([]);
  });

  test('takes only true as true', () => {
    expect(columnReader<{ a: boolean; b: boolean }>({ a: true, b: 'true' }).bool('b')).toBe(false);
    expect(columnReader<{ a: boolean; b: boolean }>({ a: true, b: 'true' }).bool('a')).toBe(true);
  });

  test('reads columns by column name only (checked by the compiler)', () => {
    // @ts-expect-error maxHp is the field, max_hp the column
    expect(read.value('maxHp')).toBeUndefined();
  });
});
