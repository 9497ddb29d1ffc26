import type { ChangedNotice, LiveNotice } from '../live/feed';
import { listenerName } from './live-notices';

/** How long after another process's last save heard this process still sends its own saves' rows. */
const OTHERS_SAVING_MS = 180_000;

/** Encounters whose newest version is kept; past it the oldest heard is forgotten (and asked of the database again). */
const MOST_ENCOUNTERS = 10_000;

/**
 * The newest version of each encounter this process knows of, from its own saves and reads and,
 * through PostgreSQL's LISTEN, every other process's, for as long as that connection has been up
 * without a break. The tracker's catch-up (did another process save a newer state while our edit was
 * on its way?) is then answered here, with no statement: the other process's notice is sent when its
 * change commits, before its own edit goes out, so it has arrived by the time our edit lands after
 * that edit. So is whether the state a handler finds its combatants in is still current. Without an
 * unbroken connection nothing is vouched for, and both ask the database.
 */
export class HeardVersions {
  /** This process's row in `listeners` (other processes' saves notify while they see it). */
  readonly listenerName = listenerName();
  private readonly newest = new Map<string, number>();
  private listening = false;
  /** Counts the times the connection came up: a save sent before the last one may have gone unheard by others. */
  private epoch = 0;
  private readonly followers = new Set<(notice: ChangedNotice) => void>();
  /** When a save of another process was last heard (ms), null when none since listening began. */
  private othersSavedAt: number | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  /** The listening connection is up (true) or lost (false): what was heard before a loss may be incomplete. */
  setListening(listening: boolean): void {
    this.listening = listening;
    if (listening) this.epoch += 1;
    this.newest.clear();
    this.othersSavedAt = null;
  }

  /** Taken before a save is sent and handed to `saved` after: null while not listening. */
  get since(): number | null {
    return this.listening ? this.epoch : null;
  }

  /** Other processes' notices; this process's own saves come through `saved`, as only it knows when they were sent. */
  hear(notice: LiveNotice): void {
    if (notice.kind === 'resync') this.newest.clear();
    if (notice.kind !== 'changed' || notice.encounter !== undefined || !this.listening) return;
    this.record(notice.encounterId, notice.version);
    if (notice.from !== undefined && notice.from !== this.listenerName) this.othersSavedAt = this.now();
    for (const follow of this.followers) follow(notice);
  }

  /**
   * True while another process has saved within OTHERS_SAVING_MS, as far as LISTEN tells: its copies
   * are worth the rows this process's saves wrote (src/db/encounter-store.ts sends them only then).
   */
  get othersSaving(): boolean {
    return this.listening && this.othersSavedAt !== null && this.now() - this.othersSavedAt < OTHERS_SAVING_MS;
  }

  /**
   * Hands `follow` every other process's save heard from now on, once its version is recorded: an
   * encounter cache brings its copy up to date from the rows the notice carries.
   */
  followSaves(follow: (notice: ChangedNotice) => void): void {
    this.followers.add(follow);
  }

  /**
   * A version this process saved or read, the statement sent while listening since `since`: any
   * later save by another process found this process listening (see notifyChangedIfHeard) and tells it.
   */
  current(encounterId: string, version: number, since: number | null): void {
    if (since !== null && since === this.since) this.record(encounterId, version);
  }

  /** True when no process has saved the encounter past `version`, as far as an unbroken LISTEN tells; false when unsure. */
  nothingPast(encounterId: string, version: number): boolean {
    const known = this.newest.get(encounterId);
    return this.listening && known !== undefined && known <= version;
  }

  /** True when a save of the encounter past `version` was heard: a copy at `version` is out of date. */
  heardPast(encounterId: string, version: number): boolean {
    const known = this.newest.get(encounterId);
    return known !== undefined && known > version;
  }

  private record(encounterId: string, version: number): void {
    const known = this.newest.get(encounterId);
    if (known !== undefined && known >= version) return;
    this.newest.delete(encounterId);
    this.newest.set(encounterId, version);
    if (this.newest.size > MOST_ENCOUNTERS) {
      const oldest = this.newest.keys().next().value;
      if (oldest !== undefined) this.newest.delete(oldest);
    }
  }
}
