import {
  COMBATANT_COLUMNS,
  COMBATANT_COLUMN_TYPES,
  EFFECT_COLUMNS,
  combatantFromRow,
  combatantRow,
  effectFromRow,
  effectRow,
  encounterFromRows,
  encounterRow,
} from '../../../src/db/encounter-rows';
import { columnsRead } from '../../support/columns-read';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { running, slowed, wizard } from '../../support/encounter-fixtures';

/*
 * The encounter store writes rows through jsonb_populate_record(set), which drops a key that names
 * no column and leaves a column without a key NULL, and reads them through row_to_json and json_agg.
 * These tests hold the row code to the migrated tables, so a column added to a migration, or a field
 * added to the row code, that the other side does not know fails here instead of being lost.
 */

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

async function tableColumns(table: string): Promise<string[]> {
  const rows = await db.prisma.$queryRawUnsafe<{ column_name: string }[]>(
    'SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1',
    table,
  );
  return rows.map((r) => r.column_name).sort();
}

/** The row as the table's type holds it, back as JSON: what a save stores and a load returns. */
async function throughTable(table: string, row: object): Promise<Record<string, unknown>> {
  const rows = await db.prisma.$queryRawUnsafe<{ row: Record<string, unknown> }[]>(
    `SELECT row_to_json(r) AS row FROM jsonb_populate_record(NULL::${table}, $1::jsonb) r`,
    JSON.stringify(row),
  );
  return rows[0]!.row;
}

function sorted(columns: Iterable<string>): string[] {
  return [...columns].sort();
}

const parent = { encounter_id: running.id };

describe('combatants', () => {
  test('an insert writes every column and nothing else: encounter_id and the row', async () => {
    expect(sorted(Object.keys({ ...parent, ...combatantRow(wizard, 0) }))).toEqual(await tableColumns('combatants'));
  });

  test('an update assigns every column but the keys it matches on (encounter_id, id)', async () => {
    expect(sorted(['encounter_id', ...COMBATANT_COLUMNS])).toEqual(await tableColumns('combatants'));
  });

  test('an update reads each column from the JSON as the type the table gives it', async () => {
    const rows = await db.prisma.$queryRawUnsafe<{ name: string; type: string }[]>(
      `SELECT attname AS name, format_type(atttypid, atttypmod) AS type FROM pg_attribute
       WHERE attrelid = 'combatants'::regclass AND attnum > 0 AND NOT attisdropped AND attname <> 'encounter_id'`,
    );
    expect(Object.fromEntries(rows.map((row) => [row.name, row.type]))).toEqual(COMBATANT_COLUMN_TYPES);
  });

  test('a load reads every column but encounter_id (its filter) and sort_order (its order)', async () => {
    const read = columnsRead(await throughTable('combatants', { ...parent, ...combatantRow(wizard, 0) }), (row) =>
      combatantFromRow(row, null),
    );
    expect(sorted([...read, 'encounter_id', 'sort_order'])).toEqual(await tableColumns('combatants'));
  });

  test('a combatant comes back from the table whole', async () => {
    const row = await throughTable('combatants', { ...parent, ...combatantRow(wizard, 5) });
    expect(row.sort_order).toBe(5);
    expect(combatantFromRow(row, 'Haste')).toEqual(wizard);
  });
});

describe('encounter_effects', () => {
  test('an insert writes every column and nothing else: encounter_id and the row', async () => {
    expect(sorted(Object.keys({ ...parent, ...effectRow(slowed) }))).toEqual(await tableColumns('encounter_effects'));
  });

  test('an update assigns every column but the keys it matches on (encounter_id, id)', async () => {
    expect(sorted(['encounter_id', ...EFFECT_COLUMNS])).toEqual(await tableColumns('encounter_effects'));
  });

  test('a load reads every column but encounter_id (its filter)', async () => {
    const read = columnsRead(await throughTable('encounter_effects', { ...parent, ...effectRow(slowed) }), effectFromRow);
    expect(sorted([...read, 'encounter_id'])).toEqual(await tableColumns('encounter_effects'));
  });

  test('an effect comes back from the table whole', async () => {
    expect(effectFromRow(await throughTable('encounter_effects', { ...parent, ...effectRow(slowed) }))).toEqual(slowed);
  });
});

describe('encounters', () => {
  test('creating one writes every column and nothing else', async () => {
    expect(sorted(Object.keys(encounterRow(running)))).toEqual(await tableColumns('encounters'));
  });

  test("a load reads every column but active_channel_id (its filter) and turn_started_at (the live page's)", async () => {
    const read = columnsRead(await throughTable('encounters', encounterRow(running)), (row) => encounterFromRows(row, [], []));
    expect(sorted([...read, 'active_channel_id', 'turn_started_at'])).toEqual(await tableColumns('encounters'));
  });

  test('an encounter comes back from the table whole', async () => {
    const row = await throughTable('encounters', encounterRow(running));
    const combatant = await throughTable('combatants', { ...parent, ...combatantRow(wizard, 0) });
    const effect = await throughTable('encounter_effects', { ...parent, ...effectRow(slowed) });
    expect(encounterFromRows(row, [combatant], [effect])).toEqual(running);
  });
});
