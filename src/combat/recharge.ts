import type { RandomSource } from '../dice/random';
import { refOf } from './targets';
import { replaceCombatant, type Part } from './transition';
import type { Combatant, Encounter, EncounterEvent, MonsterLink } from './types';

/**
 * At the start of a monster's turn, a d6 for each of its actions that is recharging: on `recharge`
 * or more it can be used again. A hidden monster's rolls are worded for the game master alone.
 */
export function rollRecharges(encounter: Encounter, random: RandomSource, combatant: Combatant): Part {
  const link = combatant.monster;
  if (link === null || link.recharging.length === 0) return { encounter, events: [] };
  const events: EncounterEvent[] = [];
  const still: MonsterLink['recharging'][number][] = [];
  for (const entry of link.recharging) {
    const roll = random.die(6);
    const recharged = roll >= entry.recharge;
    if (!recharged) still.push(entry);
    events.push({ kind: 'recharge-rolled', combatant: refOf(combatant), action: entry.action, roll, needed: entry.recharge, recharged });
  }
  return { encounter: replaceCombatant(encounter, { ...combatant, monster: { ...link, recharging: still } }), events };
}
