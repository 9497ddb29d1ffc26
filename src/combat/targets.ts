import { CombatRefusal, type NameSample } from './refusals';
import type { Combatant, CombatantRef, Encounter } from './types';
import { cleanName } from '../rules/names';

/** Case, accents, invisible characters and runs of spaces do not matter when naming a combatant. */
export function normaliseName(name: string): string {
  return cleanName(name).normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

export function refOf(combatant: Combatant): CombatantRef {
  return {
    id: combatant.id,
    name: combatant.name,
    controllerId: combatant.controllerId,
    hidden: combatant.hidden,
    isPlayerCharacter: combatant.rules.isPlayerCharacter,
  };
}

export function findById(encounter: Encounter, id: string): Combatant | undefined {
  return encounter.combatants.find((c) => c.id === id);
}

const LISTED_NAMES = 10;

function sampleOf(combatants: readonly Combatant[]): NameSample {
  const names = combatants.slice(0, LISTED_NAMES).map((c) => c.name);
  return { names, more: combatants.length - names.length };
}

/**
 * The combatant a user means: its id, its exact name, or else the only one whose name starts with
 * (or failing that, contains) what they typed.
 */
export function findTarget(encounter: Encounter, typed: string): Combatant {
  const { combatants } = encounter;
  if (combatants.length === 0) throw new CombatRefusal({ kind: 'no-combatants' });
  const wanted = normaliseName(typed);
  if (wanted === '') throw new CombatRefusal({ kind: 'no-target-named' });
  const exact = combatants.find((c) => c.id === typed.trim() || normaliseName(c.name) === wanted);
  if (exact !== undefined) return exact;
  for (const matches of [(name: string) => name.startsWith(wanted), (name: string) => name.includes(wanted)]) {
    const found = combatants.filter((c) => matches(normaliseName(c.name)));
    if (found.length === 1 && found[0] !== undefined) return found[0];
    if (found.length > 1) throw new CombatRefusal({ kind: 'ambiguous-target', typed: typed.trim(), matches: sampleOf(found) });
  }
  throw new CombatRefusal({ kind: 'unknown-target', typed: typed.trim(), combatants: sampleOf(combatants) });
}
