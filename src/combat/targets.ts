import { CombatRefusal, type DeadAct, type NameSample } from './refusals';
import type { Combatant, CombatantRef, Encounter } from './types';
import { cleanName, isPlainName } from '../rules/names';

/** Case, accents, invisible characters and runs of spaces do not matter when naming a combatant. */
export function normaliseName(name: string): string {
  const clean = cleanName(name);
  // Decomposing changes nothing in plain ASCII, and has no marks to drop.
  return (isPlainName(clean) ? clean : clean.normalize('NFKD').replace(/\p{M}/gu, '')).toLowerCase();
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

/** The names a sentence lists of many: the first LISTED_NAMES, and how many more. */
export function sampleOf(names: readonly string[]): NameSample {
  return { names: names.slice(0, LISTED_NAMES), more: Math.max(0, names.length - LISTED_NAMES) };
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
  const trimmed = typed.trim();
  const exact = combatants.find((c) => c.id === trimmed || normaliseName(c.name) === wanted);
  if (exact !== undefined) return exact;
  for (const matches of [(name: string) => name.startsWith(wanted), (name: string) => name.includes(wanted)]) {
    const found = combatants.filter((c) => matches(normaliseName(c.name)));
    if (found.length === 1 && found[0] !== undefined) return found[0];
    if (found.length > 1)
      throw new CombatRefusal({ kind: 'ambiguous-target', typed: trimmed, matches: sampleOf(found.map((c) => c.name)) });
  }
  throw new CombatRefusal({ kind: 'unknown-target', typed: trimmed, combatants: sampleOf(combatants.map((c) => c.name)) });
}

/**
 * The dead take no part in the fight: damage, healing, an attack, a turn or a new condition would
 * change nothing, or (healing) needs setting the HP above 0 to bring them back first, so each is
 * refused with the reason rather than logged as a change that did nothing. Corrections (setting HP
 * or the maximum, removing a condition, setting initiative, removing the combatant) stay allowed.
 */
export function requireAlive(combatant: Combatant, act: DeadAct): void {
  if (combatant.rules.dead)
    throw new CombatRefusal({ kind: 'target-dead', combatant: combatant.name, isPlayerCharacter: combatant.rules.isPlayerCharacter, act });
}

/**
 * The creatures a group name stands for: "Goblin" for Goblin 1, Goblin 2 and the others numbered
 * after it (as `count:` names them), when it names no combatant itself. Null when it names one
 * combatant or fewer than two share it: such a name is resolved by `findTarget`, "which one?" included.
 */
export function groupNamed(encounter: Encounter, typed: string): Combatant[] | null {
  const wanted = normaliseName(typed);
  if (wanted === '' || encounter.combatants.some((c) => c.id === typed.trim() || normaliseName(c.name) === wanted)) return null;
  const members = encounter.combatants.filter((c) => {
    const name = normaliseName(c.name);
    return name.startsWith(`${wanted} `) && /^\d+$/.test(name.slice(wanted.length + 1));
  });
  return members.length < 2 ? null : members;
}
