import { getRuleSet } from '../rules';
import { damageLanded } from '../rules/damage';
import type { DamageType, RulesEvent } from '../rules/types';
import { refOf } from './targets';
import type { Actor, CombatantRef, Encounter, EncounterEvent, EncounterLogEntry } from './types';

/** One logged change with what it did, as the store keeps it; an undone one counts for nothing. */
export type FightEntry = Omit<EncounterLogEntry, 'hiddenHitPoints'>;

/** The entry a change makes when `actor` applies it at `at`, as the store logs it. */
export function fightEntry(actor: Actor, transition: { command: string; detail: string; events: EncounterEvent[] }, at: Date): FightEntry {
  return {
    at,
    actorId: actor.userId,
    actorName: actor.name,
    command: transition.command,
    detail: transition.detail,
    undone: false,
    events: transition.events,
  };
}

/** A whole fight: the encounter as it stands (or ended) and every change, oldest first. */
export interface FightRecord {
  encounter: Encounter;
  entries: FightEntry[];
}

/** A condition a combatant suffered; `private`: only the game master was told (a hidden monster's, not shown). */
export interface SufferedCondition {
  name: string;
  private: boolean;
}

export interface CombatantRecap {
  combatant: CombatantRef;
  /** Damage that got through (resistance, immunity and temporary HP counted, not capped at the HP left). */
  damageDealt: number;
  /** The same as the table was told it: to a hidden monster, the damage dealt, before what its resistances made of it. */
  damageDealtAsTold: number;
  damageTaken: number;
  /** Hit points regained. */
  healing: number;
  criticalHits: number;
  droppedToZero: number;
  /** Creatures that died of damage it dealt. */
  kills: number;
  /** Each condition once, in the order first suffered. */
  conditions: SufferedCondition[];
}

/** One instance of damage that got through. */
export interface Hit {
  source: CombatantRef | null;
  target: CombatantRef;
  amount: number;
  /** As the table was told it (see damageDealtAsTold). */
  amountAsTold: number;
  damageType: DamageType | null;
  critical: boolean;
}

export interface Recap {
  name: string;
  rounds: number;
  /** When round 1 started (when the encounter began, if it never did). */
  startedAt: Date;
  /** When it ended; for a fight still running, its last change. */
  endedAt: Date;
  /** In the final initiative order, then the ones removed during the fight. */
  combatants: CombatantRecap[];
  /** Every hit that got through, in order. */
  hits: Hit[];
}

/** The rules events right after `start` that are about `combatantId`: what one damage event led to. */
function consequences(events: readonly EncounterEvent[], start: number, combatantId: string): RulesEvent[] {
  const run: RulesEvent[] = [];
  for (let index = start; index < events.length; index += 1) {
    const event = events[index];
    if (event?.kind !== 'rules' || event.combatant.id !== combatantId) break;
    run.push(event.event);
  }
  return run;
}

function emptyRecap(combatant: CombatantRef): CombatantRecap {
  return {
    combatant,
    damageDealt: 0,
    damageDealtAsTold: 0,
    damageTaken: 0,
    healing: 0,
    criticalHits: 0,
    droppedToZero: 0,
    kills: 0,
    conditions: [],
  };
}

/** Everyone who took part: the ones still in the fight as they now stand, then those removed, as they were added. */
function roster(record: FightRecord): Map<string, CombatantRecap> {
  const rows = new Map<string, CombatantRecap>();
  for (const combatant of record.encounter.combatants) rows.set(combatant.id, emptyRecap(refOf(combatant)));
  for (const entry of record.entries) {
    if (entry.undone) continue;
    for (const event of entry.events) {
      if (event.kind === 'combatant-added' && !rows.has(event.combatant.id)) rows.set(event.combatant.id, emptyRecap(event.combatant));
    }
  }
  return rows;
}

function suffer(row: CombatantRecap | undefined, name: string, hidden: boolean): void {
  if (row === undefined) return;
  const known = row.conditions.find((c) => c.name === name);
  if (known === undefined) row.conditions.push({ name, private: hidden });
  else if (!hidden) known.private = false;
}

/**
 * The fight in numbers, from its logged events (undone changes count for nothing). Damage counts
 * what got through, after resistance and temporary HP, and is credited to the dealer the event names;
 * a creature that dies of damage is a kill for that dealer.
 */
export function recapOf(record: FightRecord): Recap {
  const { encounter } = record;
  const ruleSet = getRuleSet(encounter.ruleSet);
  const rows = roster(record);
  const hits: Hit[] = [];
  const live = record.entries.filter((entry) => !entry.undone);
  for (const entry of live) {
    // Who last damaged each creature in this change: its death in the same change is their kill.
    const damagedBy = new Map<string, CombatantRef | null>();
    entry.events.forEach((event, index) => {
      switch (event.kind) {
        case 'damage-taken': {
          const after = consequences(entry.events, index + 1, event.combatant.id);
          // Damage to the dead (logged before it was refused) changes nothing, and the rules say nothing about it.
          const amount = after.length === 0 ? 0 : damageLanded(event.amount, after);
          const amountAsTold = after.length === 0 || !event.combatant.hidden ? amount : event.amount;
          damagedBy.set(event.combatant.id, event.source);
          const target = rows.get(event.combatant.id);
          if (target !== undefined) target.damageTaken += amount;
          const dealer = event.source === null ? undefined : rows.get(event.source.id);
          if (dealer !== undefined) {
            dealer.damageDealt += amount;
            dealer.damageDealtAsTold += amountAsTold;
            if (event.critical !== null) dealer.criticalHits += 1;
          }
          if (amount > 0 || amountAsTold > 0)
            hits.push({
              source: event.source,
              target: event.combatant,
              amount,
              amountAsTold,
              damageType: event.damageType,
              critical: event.critical !== null,
            });
          break;
        }
        case 'rules': {
          const row = rows.get(event.combatant.id);
          if (row === undefined) break;
          const rules = event.event;
          if (rules.kind === 'healed') row.healing += rules.amount;
          else if (rules.kind === 'dropped-to-zero' || rules.kind === 'knocked-out') row.droppedToZero += 1;
          else if (rules.kind === 'condition-added' && rules.impliedBy === null) {
            suffer(row, ruleSet.condition(rules.condition)?.name ?? rules.condition, false);
          } else if (rules.kind === 'died') {
            const killer = damagedBy.get(event.combatant.id);
            const credited = killer === undefined || killer === null ? undefined : rows.get(killer.id);
            if (credited !== undefined && credited.combatant.id !== row.combatant.id) credited.kills += 1;
          }
          break;
        }
        case 'death-save': {
          // Next: a failed death save deals damage of its own, which nobody dealt.
          const row = rows.get(event.combatant.id);
          if (row !== undefined && event.damage !== null) row.damageTaken += event.damage;
          break;
        }
        case 'effect-started':
          if (event.effect.kind === 'condition') suffer(rows.get(event.combatant.id), event.effect.name, event.private);
          break;
        default:
          break;
      }
    });
  }
  const roundStart = live.find((entry) => entry.events.some((event) => event.kind === 'round-started'));
  const lastChange = live[live.length - 1];
  return {
    name: encounter.name,
    rounds: encounter.round,
    startedAt: roundStart?.at ?? encounter.createdAt,
    endedAt: encounter.endedAt ?? lastChange?.at ?? encounter.createdAt,
    combatants: [...rows.values()],
    hits,
  };
}

/**
 * The hardest hit, the first of equals. `dealtOpenly`: what players may be shown, the hits by
 * hidden monsters left out and each hit as the table was told it.
 */
export function biggestHit(hits: readonly Hit[], dealtOpenly = false): Hit | null {
  let biggest: Hit | null = null;
  const size = (hit: Hit) => (dealtOpenly ? hit.amountAsTold : hit.amount);
  for (const hit of hits) {
    if ((dealtOpenly && hit.source?.hidden === true) || size(hit) === 0) continue;
    if (biggest === null || size(hit) > size(biggest)) biggest = hit;
  }
  return biggest === null || !dealtOpenly ? biggest : { ...biggest, amount: biggest.amountAsTold };
}

/** Damage that got through with no dealer to credit. */
export function unattributedDamage(hits: readonly Hit[]): number {
  return hits.filter((hit) => hit.source === null).reduce((sum, hit) => sum + hit.amount, 0);
}
