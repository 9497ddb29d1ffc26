import type { LastChange } from './lifecycle';
import type { FightRecord } from './recap';
import type { Transition } from './transition';
import type { Actor, Encounter, EncounterLogEntry } from './types';

/** A change to save, and (for `undo`) the logged change it reverts. */
export interface StoredTransition extends Transition {
  undoes?: string;
}

/**
 * Computes a change from the encounter as it stands. It may be called more than once when another
 * command changed the encounter first, so it must be pure apart from its random source.
 */
export type ChangeFn = (current: Encounter, lastChange: LastChange | null) => StoredTransition;

/**
 * Where encounters live. Every write is atomic with its event-log entry; `update` never loses a
 * concurrent change: it retries on the newer state instead.
 */
export interface EncounterStore {
  /** The channel's active encounter, or null. */
  active(channelId: string): Promise<Encounter | null>;
  /** The encounter by its id, active or ended, if its version is past `version`; else null. */
  newer(encounterId: string, version: number): Promise<Encounter | null>;
  /** Like `active`, but may answer from memory with a state a moment old (autocomplete). */
  cached(channelId: string): Promise<Encounter | null>;
  /** Saves a new encounter; false when the channel already has an active one. */
  create(begun: Transition, actor: Actor): Promise<boolean>;
  /**
   * Applies `change` to the channel's active encounter and saves the result; null when there is no
   * active encounter. A `UserError` thrown by `change` saves nothing and reaches the caller.
   */
  update(channelId: string, actor: Actor, change: ChangeFn, options?: { withLastChange?: boolean }): Promise<StoredTransition | null>;
  /** The latest `count` log entries of the channel's active encounter, newest first; null without one. */
  log(channelId: string, count: number): Promise<EncounterLogEntry[] | null>;
  setTrackerMessage(encounterId: string, messageId: string): Promise<void>;
  /**
   * The channel's active encounter (`active`) or the last one that ended there after reaching round 1
   * (`ended`), with its whole log; null without one.
   */
  fight(channelId: string, which: 'active' | 'ended'): Promise<FightRecord | null>;
}
