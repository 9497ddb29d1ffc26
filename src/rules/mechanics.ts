import type { Ability, ConditionDefinition, ConditionKey, Mechanics, OwnRollEffect, RollSelector } from './types';

const NONE: Mechanics = {
  own: [],
  against: [],
  speed: null,
  noActions: false,
  cantMove: false,
  cantSpeak: false,
  noReactions: false,
  noAttacksOnSource: false,
  implies: [],
  leavesBehind: [],
  immuneTo: [],
  damageImmunities: [],
  resistAllDamage: false,
  halfDamageAcross: null,
  damageReductionDie: null,
  breaksConcentration: false,
  autoCriticalWithin5ft: false,
  acBonus: 0,
  notes: [],
};

/** A full Mechanics record from the few fields a condition sets. */
export function mechanics(fields: Partial<Mechanics>): Mechanics {
  return { ...NONE, ...fields };
}

export function condition(key: ConditionKey, name: string, description: string, fields: Partial<Mechanics>): ConditionDefinition {
  return { key, name, description, mechanics: mechanics(fields) };
}

/** Another rule set's entry, for a catalogue whose rule text says the same. */
export function conditionFrom(catalogue: readonly ConditionDefinition[], key: ConditionKey): ConditionDefinition {
  const found = catalogue.find((c) => c.key === key);
  if (found === undefined) throw new Error(`The catalogue has no ${key} condition to build on.`);
  return found;
}

// Selectors the catalogues share, so a catalogue row reads like the rule text.
export const ATTACKS: RollSelector = { kinds: ['attack'] };
export const MELEE_ATTACKS: RollSelector = { kinds: ['attack'], range: 'melee' };
export const ATTACKS_NOT_ON_SOURCE: RollSelector = { kinds: ['attack'], notAgainstSource: true };
export const CHECKS: RollSelector = { kinds: ['check'] };
export const SAVES: RollSelector = { kinds: ['save'] };
const SIGHT_CHECKS: RollSelector = { kinds: ['check'], needs: 'sight' };
const HEARING_CHECKS: RollSelector = { kinds: ['check'], needs: 'hearing' };
export const DEX_SAVES: RollSelector = { kinds: ['save'], abilities: ['dex'] };
export const INITIATIVE: RollSelector = { kinds: ['initiative'] };

export function checksWith(abilities: readonly Ability[]): RollSelector {
  return { kinds: ['check'], abilities };
}

export function attacksAndSavesWith(abilities: readonly Ability[]): RollSelector {
  return { kinds: ['attack', 'save'], abilities };
}

export const FAILS_STR_DEX_SAVES: OwnRollEffect = { on: { kinds: ['save'], abilities: ['str', 'dex'] }, effect: 'auto-fail' };
export const FAILS_SIGHT_CHECKS: OwnRollEffect = { on: SIGHT_CHECKS, effect: 'auto-fail' };
export const FAILS_HEARING_CHECKS: OwnRollEffect = { on: HEARING_CHECKS, effect: 'auto-fail' };

export function disadvantageOn(on: RollSelector): OwnRollEffect {
  return { on, effect: 'disadvantage' };
}

export function advantageOn(on: RollSelector): OwnRollEffect {
  return { on, effect: 'advantage' };
}
