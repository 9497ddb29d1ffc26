import type { LiveNotice } from '../live/feed';

/** Encounters whose newest version is kept; past it the oldest heard is forgotten (and asked of the database again). */
const MOST_ENCOUNTERS = 10_000;

/**
 * The newest version of each encounter this process has heard of, from its own saves and, through
 * PostgreSQL's LISTEN, every other process's, for as long as that connection has been up without a
 * break. The tracker's catch-up (did another process save a newer state while our edit was on its
 * way?) is then answered here, with no statement: the other process's notice is sent when its change
 * commits, before its own edit goes out, so it has arrived by the time our edit lands after that
 * edit. Without an unbroken connection nothing is vouched for and the catch-up asks the database.
 */
export class HeardVersions {
  private readonly newest = new Map<string, number>();
  private listening = false;

  /** The listening connection is up (true) or lost (false): what was heard before a loss may be incomplete. */
  setListening(listening: boolean): void {
    this.listening = listening;
    this.newest.clear();
  }

  hear(notice: LiveNotice): void {
    if (notice.kind === 'resync') this.newest.clear();
    if (notice.kind !== 'changed' || !this.listening) return;
    const known = this.newest.get(notice.encounterId);
    if (known !== undefined && known >= notice.version) return;
    this.newest.delete(notice.encounterId);
    this.newest.set(notice.encounterId, notice.version);
    if (this.newest.size > MOST_ENCOUNTERS) {
      const oldest = this.newest.keys().next().value;
      if (oldest !== undefined) this.newest.delete(oldest);
    }
  }

  /** True when no process has saved the encounter past `version`, as far as an unbroken LISTEN tells; false when unsure. */
  nothingPast(encounterId: string, version: number): boolean {
    const known = this.newest.get(encounterId);
    return this.listening && known !== undefined && known <= version;
  }
}
