import type { CombatantRulesState } from './types';

/** A healthy, conscious creature with no defences; callers override what they know. */
export function createRulesState(overrides: Partial<CombatantRulesState> = {}): CombatantRulesState {
  const maxHp = overrides.maxHp ?? 10;
  return {
    hp: maxHp,
    maxHp,
    hpMaxReduction: 0,
    tempHp: 0,
    isPlayerCharacter: false,
    important: false,
    dead: false,
    stable: false,
    deathSaves: { successes: 0, failures: 0 },
    level: 1,
    conScore: 10,
    conSaveBonus: 0,
    resistances: [],
    immunities: [],
    vulnerabilities: [],
    damageThreshold: 0,
    conditions: [],
    tracks: { exhaustion: 0, fatigue: 0, strife: 0 },
    pendingFatigue: 0,
    concentration: null,
    hitDice: [],
    heroicInspiration: false,
    ...overrides,
  };
}

export function abilityModifier(score: number): number {
  return Math.floor((score - 10) / 2);
}
