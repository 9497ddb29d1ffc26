import {
  COMBATANT_COLUMNS,
  EFFECT_COLUMNS,
  combatantFromRow,
  combatantRow,
  effectFromRow,
  effectRow,
  encounterAfterSave,
  encounterFromRows,
  encounterRow,
} from '../../../src/db/encounter-rows';
import { running, slowed, wizard } from '../../support/encounter-fixtures';
import { columnsRead } from '../../support/columns-read';

/** A row as the database returns it: through JSON, with no trace of the objects that built it. */
function stored(row: object): Record<string, unknown> {
  return JSON.parse(JSON.stringify(row)) as Record<string, unknown>;
}

describe('encounter rows as the database returns them', () => {
  it('give back every field of a combatant; concentration comes from its effect', () => {
    const row = stored(combatantRow(wizard, 4));
    expect(row.sort_order).toBe(4);
    expect(combatantFromRow(row, 'Haste')).toEqual(wizard);
    expect(combatantFromRow(row, null).rules.concentration).toBeNull();
  });

  it('give back an effect with its expiry', () => {
    const row = stored(effectRow(slowed));
    expect(effectFromRow(row)).toEqual(slowed);
    expect(effectFromRow({ ...row, expiry_round: null, expiry_combatant_id: null, expiry_boundary: null }).expiry).toBeNull();
  });

  it('give back an encounter with its combatants and effects', () => {
    expect(encounterFromRows(stored(encounterRow(running)), [stored(combatantRow(wizard, 0))], [stored(effectRow(slowed))])).toEqual(
      running,
    );
  });

  it('hold the channel in active_channel_id while the encounter runs, and not once it ended', () => {
    expect(encounterRow(running).active_channel_id).toBe('ch1');
    expect(encounterRow({ ...running, endedAt: new Date('2026-11-22T21:00:00Z') })).toMatchObject({
      active_channel_id: null,
      ended_at: '2026-11-22T21:00:00.000Z',
    });
  });
});

// The update statement assigns exactly COMBATANT_COLUMNS and EFFECT_COLUMNS, the insert every key of
// the row: a key the lists lack would be dropped on update, a listed column the row lacks set NULL.
describe('the columns the save statement writes', () => {
  it('are exactly the keys of a combatant row', () => {
    expect(Object.keys(combatantRow(wizard, 0)).sort()).toEqual([...COMBATANT_COLUMNS].sort());
    expect(new Set(COMBATANT_COLUMNS).size).toBe(COMBATANT_COLUMNS.length);
  });

  it('are exactly the keys of an effect row', () => {
    expect(Object.keys(effectRow(slowed)).sort()).toEqual([...EFFECT_COLUMNS].sort());
    expect(new Set(EFFECT_COLUMNS).size).toBe(EFFECT_COLUMNS.length);
  });
});

describe("the fight after another process's save, from the rows its notice brought", () => {
  const nothingElse = { combatants: [], changedCombatants: [], goneCombatants: [], effects: [], goneEffects: [] };

  it('is the state before with what the save wrote laid over it', () => {
    const encounter = stored(encounterRow({ ...running, version: running.version + 1, round: 5 }));
    expect(encounterAfterSave(running, { encounter, ...nothingElse })).toEqual({ ...running, version: running.version + 1, round: 5 });
  });

  it('is null for rows that are not a save’s, or that hold what this version cannot read', () => {
    expect(encounterAfterSave(running, { rows: [] })).toBeNull();
    expect(encounterAfterSave(running, { encounter: { id: running.id }, ...nothingElse })).toBeNull();
  });
});

describe('the columns a load reads', () => {
  it('are every combatant column but sort_order, which orders the rows instead', () => {
    const read = columnsRead(stored(combatantRow(wizard, 0)), (row) => combatantFromRow(row, null));
    expect(read).toEqual(COMBATANT_COLUMNS.filter((c) => c !== 'sort_order').sort());
  });

  it('are every effect column', () => {
    expect(columnsRead(stored(effectRow(slowed)), effectFromRow)).toEqual([...EFFECT_COLUMNS].sort());
  });
});
