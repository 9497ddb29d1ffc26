import type { LastChange } from '../combat/lifecycle';
import type { Encounter } from '../combat/types';
import type { LoggedDelta } from '../combat/delta';

/**
 * A logged change an undo may revert, its two documents as the texts its save sent: they are
 * parsed only when an undo asks, into what reading the log entry back would give.
 */
export type UndoableChange = Omit<LastChange, 'delta'> & { before: string; after: string };

/** What a save logged, as far as an undo cares: a change it may revert, an undo of one, or no entry at all. */
export type Logged = { kind: 'change'; change: UndoableChange } | { kind: 'undo'; undid: string } | { kind: 'nothing' };

/** How many of a channel's latest changes are kept for undo: enough to take back a turn undo by undo without reading the log. */
const KEPT_CHANGES = 5;

/**
 * The most characters of log documents kept for undo per channel: a few hits or spells (a hit's
 * two documents are well under a kilobyte), so a thousand cached fights hold at most some 16 MB
 * whatever they do (removing twenty combatants logs each whole). Past it the oldest go first, and
 * a change larger than it alone is not kept: an undo of it reads the log.
 */
const KEPT_CHARACTERS = 16_384;

interface Entry {
  encounter: Encounter;
  /**
   * The latest changes not undone, oldest first, each logged next after the one before it: the last
   * is the one an undo reverts. Empty when not known (the encounter was read, not saved, here).
   */
  undoable: UndoableChange[];
}

/**
 * The last state this process saved or read of each channel's active encounter, so a command can
 * skip loading it. Never trusted blindly: a save checks the version it was computed from, and a
 * mismatch (another process or replica changed the encounter) drops the entry and loads afresh.
 */
export class EncounterCache {
  private readonly byChannel = new Map<string, Entry>();

  constructor(private readonly capacity: number) {}

  get(channelId: string): Encounter | undefined {
    return this.byChannel.get(channelId)?.encounter;
  }

  /** The change an undo of the cached state would revert, when this process saved it; undefined when not known. */
  lastChange(channelId: string): LastChange | undefined {
    const last = this.byChannel.get(channelId)?.undoable.at(-1);
    if (last === undefined) return undefined;
    const delta: LoggedDelta = {
      before: JSON.parse(last.before) as LoggedDelta['before'],
      after: JSON.parse(last.after) as LoggedDelta['after'],
    };
    return { id: last.id, actorId: last.actorId, actorName: last.actorName, command: last.command, detail: last.detail, delta };
  }

  /**
   * Remembers an active encounter as read, unless a newer state of it is known; an ended one is
   * forgotten. The changes kept for undo stay only while it is the very state they were kept for.
   */
  remember(encounter: Encounter): void {
    const known = this.sameEncounter(encounter);
    // A read that started before a save may finish after it.
    if (known !== undefined && known.encounter.version > encounter.version) return;
    this.keep(encounter, known?.encounter.version === encounter.version ? known.undoable : []);
  }

  /**
   * Remembers the state a save of this process made, and what it logged. A save from the cached
   * state adds its change to those kept (or, an undo, takes the undone one off); after any other
   * state only its own change is known.
   */
  saved(encounter: Encounter, logged: Logged): void {
    const known = this.sameEncounter(encounter);
    // A read of another process's later save may have landed first.
    if (known !== undefined && known.encounter.version > encounter.version) return;
    const undoable = known?.encounter.version === encounter.version - 1 ? known.undoable : [];
    if (logged.kind === 'change') {
      this.keep(encounter, latestWithin([...undoable, logged.change]));
    } else if (logged.kind === 'undo') {
      this.keep(encounter, undoable.at(-1)?.id === logged.undid ? undoable.slice(0, -1) : []);
    } else {
      this.keep(encounter, undoable);
    }
  }

  forget(channelId: string): void {
    this.byChannel.delete(channelId);
  }

  /** The channel's cached entry when it is of the same encounter (any version of it). */
  private sameEncounter(encounter: Encounter): Entry | undefined {
    const known = this.byChannel.get(encounter.channelId);
    return known?.encounter.id === encounter.id ? known : undefined;
  }

  private keep(encounter: Encounter, undoable: UndoableChange[]): void {
    this.byChannel.delete(encounter.channelId);
    if (encounter.endedAt !== null) return;
    this.byChannel.set(encounter.channelId, { encounter, undoable });
    // Maps iterate in insertion order, so the first key is the least recently saved.
    if (this.byChannel.size > this.capacity) {
      const oldest = this.byChannel.keys().next().value;
      if (oldest !== undefined) this.byChannel.delete(oldest);
    }
  }
}

/** The latest of `changes` (oldest first) within KEPT_CHANGES and KEPT_CHARACTERS; none when the newest alone is past the latter. */
function latestWithin(changes: UndoableChange[]): UndoableChange[] {
  let first = Math.max(0, changes.length - KEPT_CHANGES);
  let characters = 0;
  for (let index = changes.length - 1; index >= first; index -= 1) {
    const change = changes[index];
    characters += change === undefined ? 0 : change.before.length + change.after.length;
    if (characters > KEPT_CHARACTERS) {
      first = index + 1;
      break;
    }
  }
  return changes.slice(first);
}
