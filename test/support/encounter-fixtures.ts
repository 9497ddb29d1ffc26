import type { Combatant, Encounter, EncounterEffect } from '../../src/combat/types';
import { createRulesState } from '../../src/rules/state';

/** A dying wizard, concentrating on Haste, with something stored in nearly every field. */
export const wizard: Combatant = {
  id: 'c7',
  name: 'Elara',
  controllerId: 'alice',
  hidden: false,
  hpKnown: true,
  armourClass: 12,
  groupId: null,
  initiative: { total: 17, modifier: 3, mode: 'advantage', rolls: [9, 14], given: false, tiebreak: [6, 11] },
  deathSavePending: true,
  deathAnnounced: true,
  pendingConcentrationDcs: [10, 13],
  characterId: '0b7e3c1a-5d2f-4e8a-9c6b-1f2e3d4c5b6a',
  saveBonuses: { con: 5, int: 7 },
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

/** The wizard's Haste, ending at the end of her turn in round 12. */
export const slowed: EncounterEffect = {
  id: 'e3',
  kind: 'concentration',
  name: 'Haste',
  sourceId: 'c7',
  targetId: 'c2',
  startedRound: 2,
  expiry: { round: 12, combatantId: 'c7', boundary: 'end' },
  concentrationId: null,
  appliedBy: 'alice',
  note: 'from the wand',
  save: { ability: 'wis', dc: 15 },
  modifiers: [{ kind: 'bonus', on: 'save', ability: null, term: { sign: 1, count: 1, sides: 4 } }],
  shownToPlayers: true,
  savePending: true,
};

/** A running encounter in round 2, on the wizard's turn, with a tracker message. */
export const running: Encounter = {
  id: '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f',
  guildId: 'g1',
  channelId: 'ch1',
  name: 'Bridge ambush',
  gameMasterId: 'gm',
  gameMasterName: 'Gina',
  ruleSet: 'a5e',
  round: 2,
  currentId: 'c7',
  options: { autoDeathSaves: true, autoConcentrationSaves: false, monstersDie: false },
  trackerMessageId: 'm-9',
  version: 3,
  nextSeq: 8,
  createdAt: new Date('2026-11-22T20:00:00.123Z'),
  endedAt: null,
  combatants: [wizard],
  effects: [slowed],
};
