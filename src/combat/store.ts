import type { LastChange } from './lifecycle';
import type { ConditionKey, TrackKey } from '../rules/types';
import type { FightEntry, FightRecord } from './recap';
import type { Actor, Encounter, EncounterEvent, EncounterLogEntry } from './types';

/** A change to save with its log line, and (for `undo`) the logged change it reverts. */
export interface StoredTransition {
  encounter: Encounter;
  events: EncounterEvent[];
  /** The invocation as the log names it ("hp damage"), stamped by the layer that knows the command. */
  command: string;
  /** The log's words for the change, worded by the views from the step's note. */
  detail: string;
  undoes?: string;
  /** Stored characters' states to write back in the same transaction (the end of a fight). */
  sheets?: readonly SheetWrite[];
}

/**
 * A stored character's state as a fight leaves it, written to its sheet with the change that ends
 * the fight, so the two are saved together or not at all. The sheet caps `hp` at its own maximum.
 */
export interface SheetWrite {
  characterId: string;
  hp: number;
  tempHp: number;
  hitDiceLeft: number;
  tracks: Record<TrackKey, number>;
  conditions: ConditionKey[];
  dead: boolean;
  /** Spell slots spent by slot level, as the fight left them; null: the fight counted none (the sheet keeps its own). */
  slotsSpent: readonly number[] | null;
}

/** A saved change; with `withFight`, the encounter's whole log too, this change last, read by the same write. */
export interface SavedChange extends StoredTransition {
  entries?: FightEntry[];
}

export interface UpdateOptions<Prepared = never> {
  /** Pass the last change not yet undone to `change` (undo). */
  withLastChange?: boolean;
  /** Give back the whole log with the saved change (the end of a fight, for its recap). */
  withFight?: boolean;
  /**
   * Work that needs only the change as it is saved (its reply's words), given back as `prepared`. A
   * store that waits on a database does it while the save is on its way, so the caller does not
   * wait for both. It sees the change without the log `withFight` reads, and runs again when a
   * change is computed again on a newer state.
   */
  prepare?: (saved: SavedChange) => Prepared;
  /**
   * An interaction id the save records as handled, in the same write: a save for an id already
   * recorded (Discord delivered the interaction again) saves nothing and is refused as already handled.
   */
  claim?: string;
}

/**
 * An interaction whose first save records it as handled (see UpdateOptions.claim): shared by
 * everything one invocation saves, which marks it `recorded` once a save has done it.
 */
export interface InteractionClaim {
  readonly id: string;
  recorded: boolean;
}

/** A saved change with what `prepare` made of it, when asked. */
export interface PreparedChange<Prepared> extends SavedChange {
  prepared?: Prepared;
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
  /**
   * Like `active`, but answered from memory while no other process can have changed it since, as
   * far as this process heard (LISTEN's notices reach it a moment after another process's commit).
   */
  cached(channelId: string): Promise<Encounter | null>;
  /** Saves a new encounter; false when the channel already has an active one. */
  create(begun: StoredTransition, actor: Actor): Promise<boolean>;
  /**
   * Applies `change` to the channel's active encounter and saves the result; null when there is no
   * active encounter. A refusal thrown by `change` saves nothing and reaches the caller.
   */
  update<Prepared = never>(
    channelId: string,
    actor: Actor,
    change: ChangeFn,
    options?: UpdateOptions<Prepared>,
  ): Promise<PreparedChange<Prepared> | null>;
  /** The latest `count` log entries of the channel's active encounter, newest first; null without one. */
  log(channelId: string, count: number): Promise<EncounterLogEntry[] | null>;
  setTrackerMessage(encounterId: string, messageId: string): Promise<void>;
  /**
   * The channel's active encounter (`active`) or the last one that ended there after reaching round 1
   * (`ended`), with its whole log; null without one.
   */
  fight(channelId: string, which: 'active' | 'ended'): Promise<FightRecord | null>;
  /** The same fight without its log, and whether a hidden monster ever took part; null without one. */
  fightOutline(channelId: string, which: 'active' | 'ended'): Promise<FightOutline | null>;
}

/** A fight as far as deciding who may read it needs: the encounter as it stands, and whether it ever had a hidden monster. */
export interface FightOutline {
  encounter: Encounter;
  hidden: boolean;
}
