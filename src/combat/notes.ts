import type { Ability, DamagePart } from '../rules/types';
import type { EncounterOptions } from './types';

/**
 * What one change did, as data for its line in the encounter log; `src/views/change-notes.ts` words
 * it. The log is read by everyone, so a note carries `hidden` where the words must leave numbers out.
 */
export type ChangeNote =
  | { kind: 'begun'; name: string }
  | { kind: 'ended'; name: string; rounds: number }
  | { kind: 'options'; options: EncounterOptions }
  | { kind: 'undone'; actorName: string; command: string; detail: string }
  /** `names` share one initiative roll (a `count:` group). */
  | { kind: 'added'; names: string[]; initiative: number }
  | { kind: 'joined'; combatant: string; initiative: number }
  | { kind: 'removed'; combatant: string }
  | { kind: 'initiative-set'; combatant: string; previous: number; total: number }
  | { kind: 'turn'; turn: TurnNote }
  | { kind: 'delayed'; combatant: string; turn: TurnNote }
  | { kind: 'acted'; combatant: string; after: string }
  | { kind: 'went-back'; combatant: string; round: number; lair?: boolean }
  | { kind: 'moved'; combatant: string }
  | { kind: 'death-save'; combatant: string }
  | { kind: 'damage'; combatant: string; damage: DamageNote }
  /** `hit` is null for a miss. */
  | { kind: 'attack'; attacker: string; target: string; hit: DamageNote | null }
  | { kind: 'healed'; combatant: string; amount: number }
  | { kind: 'temp-hp'; combatant: string; amount: number; hidden: boolean }
  | { kind: 'hp-set'; combatant: string; previous: number; hp: number; hidden: boolean }
  /** `previous` is null when the combatant had no hit points yet. */
  | { kind: 'max-hp-set'; combatant: string; previous: number | null; maxHp: number; hidden: boolean }
  | { kind: 'concentrating'; combatant: string; effect: string }
  | { kind: 'stopped-concentrating'; combatant: string; effect: string }
  /** `hidden`: a hidden monster's, whose DC the log keeps out (it would tell its resistances). */
  | { kind: 'concentration-save'; combatant: string; dc: number; kept: boolean; hidden: boolean }
  | { kind: 'immune'; combatant: string; condition: string }
  | { kind: 'track-level'; combatant: string; track: string; level: number }
  /** `effect` is null for one only the game master may know of. */
  | { kind: 'effect-added'; combatant: string; effect: string | null }
  | { kind: 'effect-removed'; combatant: string; effect: string | null }
  | { kind: 'repeat-save'; combatant: string; effect: string | null; ended: boolean }
  /** A repeat save left to its button; part of a turn passing, which gives the log line its own note. */
  | { kind: 'repeat-save-due'; combatant: string; effect: string | null }
  | { kind: 'save'; combatant: string; ability: Ability; dc: number; success: boolean }
  | { kind: 'legendary'; combatant: string; cost: number; left: number; max: number; hidden: boolean }
  /**
   * A spell cast, with what came of it; `hidden`: the caster's DCs stay out of the log; `ongoing`:
   * the spell's later damage, rolled without casting it again.
   */
  | { kind: 'spell-cast'; combatant: string; spell: string; level: number; hidden: boolean; notes: ChangeNote[]; ongoing?: true }
  /** A monster's action from its stat block, with what came of it; `hidden`: its DCs stay out of the log. */
  | { kind: 'monster-action'; combatant: string; action: string; hidden: boolean; notes: ChangeNote[] }
  /** `isPlayerCharacter`: the log says "their" for a character, "its" for a monster. */
  | { kind: 'reaction'; combatant: string; isPlayerCharacter: boolean; note: string | null }
  | { kind: 'readied-action-taken'; combatant: string; isPlayerCharacter: boolean }
  | { kind: 'readied'; combatant: string; trigger: string }
  /** A chain of changes committed as one: each link's note, in order. */
  | { kind: 'chain'; notes: ChangeNote[] };

/** Whose turn a change passed to: a combatant's, or a lair creature's lair turn. */
export interface TurnNote {
  round: number;
  combatant: string;
  lair: boolean;
}

/** Damage as it landed: each typed part, whether it was a critical, and how much got through. */
export interface DamageNote {
  parts: DamagePart[];
  critical: boolean;
  total: number;
  taken: number;
}
