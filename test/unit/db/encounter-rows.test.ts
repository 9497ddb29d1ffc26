import { combatantFromRow, combatantRow, effectFromRow, effectRow } from '../../../src/db/encounter-rows';
import type { Combatant, EncounterEffect } from '../../../src/combat/types';
import { createRulesState } from '../../../src/rules/state';

const wizard: Combatant = {
  id: 'c7',
  name: 'Elara',
  controllerId: 'alice',
  hidden: false,
  hpKnown: true,
  armourClass: 12,
  groupId: null,
  initiative: { total: 17, modifier: 3, mode: 'advantage', rolls: [9, 14], given: false, tiebreak: [6, 11] },
  deathSavePending: true,
  pendingConcentrationDcs: [10, 13],
  rules: createRulesState({
    hp: 0,
    maxHp: 22,
    hpMaxReduction: 4,
    tempHp: 3,
    isPlayerCharacter: true,
    deathSaves: { successes: 1, failures: 2 },
    level: 5,
    conScore: 14,
    conSaveBonus: 5,
    resistances: ['fire', 'cold'],
    conditions: ['unconscious', 'prone'],
    tracks: { exhaustion: 2, fatigue: 0, strife: 0 },
    hitDice: [{ sides: 6, total: 5, remaining: 3 }],
    heroicInspiration: true,
    concentration: 'Haste',
  }),
};

const slowed: EncounterEffect = {
  id: 'e3',
  kind: 'concentration',
  name: 'Haste',
  sourceId: 'c7',
  targetId: 'c2',
  startedRound: 2,
  expiry: { round: 12, combatantId: 'c7', boundary: 'end' },
  concentrationId: null,
};

describe('encounter rows as the database returns them', () => {
  it('give back every field of a combatant; concentration comes from its effect', () => {
    const row = JSON.parse(JSON.stringify(combatantRow(wizard, 4))) as Record<string, unknown>;
    expect(row.sort_order).toBe(4);
    expect(combatantFromRow(row, 'Haste')).toEqual(wizard);
    expect(combatantFromRow(row, null).rules.concentration).toBeNull();
  });

  it('give back an effect with its expiry', () => {
    const row = JSON.parse(JSON.stringify(effectRow(slowed))) as Record<string, unknown>;
    expect(effectFromRow(row)).toEqual(slowed);
    expect(effectFromRow({ ...row, expiry_round: null, expiry_combatant_id: null, expiry_boundary: null }).expiry).toBeNull();
  });
});
