import { CombatRefusal } from './refusals';
import type { Actor, Combatant, Encounter } from './types';

/** The encounter's game master and members with Manage Channels may do everything. */
export function isGameMaster(actor: Actor, encounter: Encounter): boolean {
  return actor.canManageChannel || actor.userId === encounter.gameMasterId;
}

/** `doing` completes "Only … can": e.g. "add monsters". */
export function requireGameMaster(actor: Actor, encounter: Encounter, doing: string): void {
  if (!isGameMaster(actor, encounter)) {
    throw new CombatRefusal({ kind: 'not-game-master', gameMasterName: encounter.gameMasterName, doing });
  }
}

/**
 * Harm (damage, a level of exhaustion) lands on another player's combatant only from the game master
 * or, where the server lets players harm anyone, from anyone: a stored character's
 * death outlasts the fight. Anyone may harm the game master's combatants, as tables call out their hits.
 */
export function requireMayHarm(actor: Actor, encounter: Encounter, target: Combatant, doing: string, anyoneMayHarm: boolean): void {
  if (anyoneMayHarm || isGameMaster(actor, encounter) || target.controllerId === null || target.controllerId === actor.userId) return;
  throw new CombatRefusal({ kind: 'may-not-harm', gameMasterName: encounter.gameMasterName, combatant: target.name, doing });
}

/** A player acts on the combatants they control; the game master on all of them. */
export function requireControl(actor: Actor, encounter: Encounter, combatant: Combatant, doing: string): void {
  if (isGameMaster(actor, encounter) || combatant.controllerId === actor.userId) return;
  const player = combatant.controllerId === null ? null : combatant.name;
  throw new CombatRefusal({ kind: 'not-your-combatant', gameMasterName: encounter.gameMasterName, player, doing });
}
