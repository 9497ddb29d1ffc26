import type { CombatantRulesState, DeathCause, RuleSetFacts, StateChange } from './types';

/**
 * The Constitution save DC one instance of damage forces (RULES.md §14): max(10, half rounded down),
 * capped at 30 in 2024; null when damage never threatens concentration (Next) or there was none.
 */
export function concentrationDc(facts: RuleSetFacts, damage: number): number | null {
  if (!facts.concentrationFromDamage || damage <= 0) return null;
  const dc = Math.max(10, Math.floor(damage / 2));
  return facts.concentrationDcCap === null ? dc : Math.min(facts.concentrationDcCap, dc);
}

/** Next: damage while casting a spell longer than an action needs a save of half the damage, no minimum (§14d). */
export function castingInterruptionDc(facts: RuleSetFacts, damage: number): number | null {
  if (facts.concentrationFromDamage || damage <= 0) return null;
  return Math.floor(damage / 2);
}

/** Starting a concentration effect ends the one already held. */
export function startConcentration(state: CombatantRulesState, effect: string): StateChange {
  return {
    state: { ...state, concentration: effect },
    events: state.concentration === null ? [] : [{ kind: 'concentration-ended', reason: 'new-effect' }],
  };
}

/** Dying ends concentration. */
export function die(state: CombatantRulesState, cause: DeathCause): StateChange {
  return {
    state: { ...state, dead: true, stable: false, concentration: null },
    events: [
      { kind: 'died', cause },
      ...(state.concentration === null ? [] : [{ kind: 'concentration-ended' as const, reason: 'died' as const }]),
    ],
  };
}
