import type { Combatant, CombatantRef, Encounter, InitiativeInfo } from '../../../src/combat/types';
import { DEFAULT_ENCOUNTER_OPTIONS, NO_TURN_ACTIONS } from '../../../src/combat/types';
import { createRulesState } from '../../../src/rules/state';
import type { CombatantRulesState } from '../../../src/rules/types';

/** Hand-built encounters for rendering tests: only what a test names differs from a fresh fight. */
export function initiative(total: number, overrides: Partial<InitiativeInfo> = {}): InitiativeInfo {
  return { total, modifier: 0, mode: 'normal', rolls: [total], given: false, tiebreak: [], ...overrides };
}

export function combatant(
  id: string,
  name: string,
  init: number,
  overrides: Partial<Omit<Combatant, 'rules'>> & { rules?: Partial<CombatantRulesState> } = {},
): Combatant {
  const { rules, ...rest } = overrides;
  return {
    id,
    name,
    controllerId: null,
    hidden: false,
    hpKnown: true,
    armourClass: null,
    groupId: null,
    initiative: initiative(init),
    deathSavePending: false,
    deathAnnounced: false,
    pendingConcentrationDcs: [],
    characterId: null,
    saveBonuses: {},
    actions: NO_TURN_ACTIONS,
    monster: null,
    spellSlots: null,
    rules: createRulesState(rules),
    ...rest,
  };
}

export function encounter(combatants: Combatant[], overrides: Partial<Encounter> = {}): Encounter {
  return {
    id: 'enc1',
    guildId: 'guild',
    channelId: 'channel',
    name: 'Goblin ambush',
    gameMasterId: 'gm',
    gameMasterName: 'Gina',
    ruleSet: 'dnd2024',
    round: 1,
    currentId: combatants[0]?.id ?? null,
    options: DEFAULT_ENCOUNTER_OPTIONS,
    trackerMessageId: 'm1',
    version: 1,
    nextSeq: combatants.length + 1,
    createdAt: new Date('2026-01-01T20:00:00Z'),
    endedAt: null,
    combatants,
    effects: [],
    ...overrides,
  };
}

export function ref(c: Combatant): CombatantRef {
  return { id: c.id, name: c.name, controllerId: c.controllerId, hidden: c.hidden, isPlayerCharacter: c.rules.isPlayerCharacter };
}
