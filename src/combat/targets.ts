import { UserError } from '../errors';
import type { Combatant, CombatantRef, Encounter } from './types';

/** Case, accents and runs of spaces do not matter when naming a combatant. */
export function normaliseName(name: string): string {
  return name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
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

function nameList(combatants: readonly Combatant[]): string {
  const names = combatants.slice(0, LISTED_NAMES).map((c) => c.name);
  const more = combatants.length - names.length;
  return more > 0 ? `${names.join(', ')} and ${more} more` : names.join(', ');
}

/**
 * The combatant a user means: its id, its exact name, or else the only one whose name starts with
 * (or failing that, contains) what they typed.
 */
export function findTarget(encounter: Encounter, typed: string): Combatant {
  const { combatants } = encounter;
  if (combatants.length === 0) throw new UserError('There are no combatants yet: add monsters with `/init add` or join with `/init join`.');
  const wanted = normaliseName(typed);
  if (wanted === '') throw new UserError('Name a combatant as the target.');
  const exact = combatants.find((c) => c.id === typed.trim() || normaliseName(c.name) === wanted);
  if (exact !== undefined) return exact;
  for (const matches of [(name: string) => name.startsWith(wanted), (name: string) => name.includes(wanted)]) {
    const found = combatants.filter((c) => matches(normaliseName(c.name)));
    if (found.length === 1 && found[0] !== undefined) return found[0];
    if (found.length > 1) throw new UserError(`"${typed.trim()}" could be ${nameList(found)}: which one?`);
  }
  throw new UserError(`There is no combatant called "${typed.trim()}" here. The combatants are ${nameList(combatants)}.`);
}
