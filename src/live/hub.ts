import type { Logger } from 'pino';
import type { Encounter, Place } from '../combat/types';
import type { LiveMonsterHp } from '../settings/store';
import { liveView, NO_FIGHT_VIEW, type LiveView } from '../views/live-view';
import type { ChangedNotice, LiveFeed, LiveNotice } from './feed';
import type { LiveLinkStore } from './links';
import { liveEvent, type LiveStream } from './stream';

/** A channel's newest fight as the live page needs it. */
export interface LiveState {
  encounter: Encounter;
  /** When the current turn began, as the fight's log says. */
  turnStartedAt: Date | null;
  monsterHp: LiveMonsterHp;
}

/** Where the hub reads a channel's state (src/db). */
export interface LiveStateSource {
  /** The channel's newest fight, running or ended; null when it has had none. */
  latest(channelId: string): Promise<LiveState | null>;
  /**
   * The fight as another process's save left it, from the rows its notice brought laid over
   * `before`, the version that save replaced; null when the rows do not read as a save's.
   */
  afterSave(before: Encounter, rows: unknown): Encounter | null;
}

interface Channel {
  guildId: string;
  viewers: Set<LiveStream>;
  /** undefined until first read; null: no fight yet. */
  state: LiveState | null | undefined;
  /** The read under way; notices that arrive meanwhile ask for one more (`again`), not one each. */
  reading: Promise<void> | null;
  again: boolean;
  /** Counts the states sent: a sending that a newer state overtakes stops, as the newer one goes to every viewer. */
  sent: number;
  /** The view last sent, but for the turn's time: a change the players cannot see (to a hidden monster) sends nothing. */
  shown: string | null;
}

export interface LiveHubOptions {
  source: LiveStateSource;
  links: Pick<LiveLinkStore, 'existing'>;
  feed: LiveFeed;
  logger: Logger;
  now?: () => Date;
  /** How often every stream gets a comment, so proxies keep idle connections; default 25 s. */
  keepAliveMs?: number;
  /** Open pages this process serves at most; default 10,000. */
  maxViewers?: number;
}

const KEEP_ALIVE_MS = 25_000;
const MAX_VIEWERS = 10_000;
/** Viewers written to in one turn of the event loop: commands' own work goes on between slices. */
const VIEWERS_PER_SLICE = 100;

/**
 * The open pages of this process, by channel. A change to a channel someone watches is read once,
 * made into one event, and written to every viewer of the channel: the cost of a command does not
 * grow with its viewers, and a burst of changes costs at most two reads in a row per channel.
 */
export class LiveHub {
  private readonly channels = new Map<string, Channel>();
  private readonly now: () => Date;
  private readonly maxViewers: number;
  private readonly keepAlive: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private count = 0;
  private revocations = 0;

  constructor(private readonly options: LiveHubOptions) {
    this.now = options.now ?? (() => new Date());
    this.maxViewers = options.maxViewers ?? MAX_VIEWERS;
    this.unsubscribe = options.feed.subscribe((notice) => this.hear(notice));
    this.keepAlive = setInterval(() => this.forEachViewer((viewer) => viewer.keepAlive()), options.keepAliveMs ?? KEEP_ALIVE_MS);
    this.keepAlive.unref();
  }

  /** Open pages. */
  get viewers(): number {
    return this.count;
  }

  /** Whether one more page may open. */
  get full(): boolean {
    return this.count >= this.maxViewers;
  }

  /**
   * Counts the notices that may have revoked a link (a revocation, a resync): a caller reads it
   * before it looks a link up and gives it to `join`.
   */
  get revocationsHeard(): number {
    return this.revocations;
  }

  /**
   * Follows `place` on `viewer`, starting with the fight as it stands. `heardBefore`: the
   * revocations heard before its link was looked up; if one came since, the link is checked again,
   * as the check that revocation made did not see this viewer.
   */
  async join(place: Place, viewer: LiveStream, heardBefore = this.revocations): Promise<void> {
    let channel = this.channels.get(place.channelId);
    if (channel === undefined) {
      channel = { guildId: place.guildId, viewers: new Set(), state: undefined, reading: null, again: false, sent: 0, shown: null };
      this.channels.set(place.channelId, channel);
    }
    channel.viewers.add(viewer);
    this.count += 1;
    viewer.onClose(() => this.leave(place.channelId, viewer));
    if (heardBefore !== this.revocations) void this.dropRevoked([place.channelId]);
    // A read under way (another page just opened) sends to this one too, as it writes to every viewer at its end.
    if (channel.state === undefined) await (channel.reading ?? this.read(place.channelId, channel));
    else viewer.write(this.event(channel.state));
  }

  /** Ends every stream (the server is stopping); pages reconnect to another replica or when it is back. */
  close(): void {
    clearInterval(this.keepAlive);
    this.unsubscribe();
    this.forEachViewer((viewer) => viewer.end());
    this.channels.clear();
  }

  private leave(channelId: string, viewer: LiveStream): void {
    const channel = this.channels.get(channelId);
    if (channel === undefined || !channel.viewers.delete(viewer)) return;
    this.count -= 1;
    if (channel.viewers.size === 0) this.channels.delete(channelId);
  }

  private forEachViewer(each: (viewer: LiveStream) => void): void {
    for (const channel of this.channels.values()) for (const viewer of channel.viewers) each(viewer);
  }

  private view(state: LiveState | null): LiveView {
    return state === null ? NO_FIGHT_VIEW : liveView(state.encounter, state.monsterHp, state.turnStartedAt, this.now());
  }

  private event(state: LiveState | null): string {
    return liveEvent('view', this.view(state));
  }

  private hear(notice: LiveNotice): void {
    switch (notice.kind) {
      case 'changed': {
        const channel = this.channels.get(notice.channelId);
        const known = channel?.state?.encounter;
        // This process's own change arrives twice (in process, then through NOTIFY): read it once.
        if (channel === undefined || (known?.id === notice.encounterId && known.version >= notice.version)) return;
        const state = channel.reading === null ? this.stateAfter(channel.state, notice) : null;
        if (state === null) void this.read(notice.channelId, channel);
        else this.show(channel, state);
        return;
      }
      case 'settings':
        for (const [channelId, channel] of this.channels) if (channel.guildId === notice.guildId) void this.read(channelId, channel);
        return;
      case 'revoked':
        this.revocations += 1;
        void this.dropRevoked([notice.channelId]);
        return;
      case 'resync':
        // Notices may have been missed while the listening connection was down.
        this.revocations += 1;
        for (const [channelId, channel] of this.channels) void this.read(channelId, channel);
        void this.dropRevoked([...this.channels.keys()]);
    }
  }

  /** Reads the channel and sends the result to its viewers; a read asked for during another follows it once. */
  private read(channelId: string, channel: Channel): Promise<void> {
    if (channel.reading !== null) {
      channel.again = true;
      return channel.reading;
    }
    const reading = (async () => {
      do {
        channel.again = false;
        let state: LiveState | null;
        try {
          state = await this.options.source.latest(channelId);
        } catch (error) {
          this.options.logger.warn({ err: error, channelId }, 'could not read a fight for its live pages');
          // Pages shown a state keep it until the next change reads again. Pages shown nothing yet
          // are closed, so they reconnect and read again, rather than wait on no state or be told
          // of no fight.
          if (channel.state === undefined) for (const viewer of [...channel.viewers]) viewer.end();
          return;
        }
        this.show(channel, state);
      } while (channel.again);
    })();
    channel.reading = reading.finally(() => {
      channel.reading = null;
    });
    return channel.reading;
  }

  /**
   * Sends `state` to the channel's viewers after the current work (the command's reply goes first),
   * a slice at a time, the event made once for all.
   */
  private show(channel: Channel, state: LiveState | null): void {
    channel.state = state;
    const view = this.view(state);
    const shown = JSON.stringify({ ...view, turnElapsedMs: null });
    if (shown === channel.shown) return;
    channel.shown = shown;
    const sending = ++channel.sent;
    const event = Buffer.from(liveEvent('view', view));
    const viewers = [...channel.viewers];
    const slice = (from: number): void => {
      if (channel.sent !== sending) return;
      for (const viewer of viewers.slice(from, from + VIEWERS_PER_SLICE)) viewer.write(event);
      if (from + VIEWERS_PER_SLICE < viewers.length) setImmediate(slice, from + VIEWERS_PER_SLICE);
    };
    setImmediate(slice, 0);
  }

  /**
   * The state a change left, without reading it: a change this process saved as it was saved, and
   * another process's from the rows its notice brought, over the version just before it. Null when
   * only a read can tell (no rows, a version missed, another fight).
   */
  private stateAfter(previous: LiveState | null | undefined, notice: ChangedNotice): LiveState | null {
    if (previous === undefined || previous === null || previous.encounter.id !== notice.encounterId) return null;
    if (notice.encounter !== undefined) return this.saved(previous, notice.encounter);
    if (notice.rows === undefined || previous.encounter.version !== notice.version - 1) return null;
    const after = this.options.source.afterSave(previous.encounter, notice.rows);
    return after?.version === notice.version ? this.saved(previous, after) : null;
  }

  /**
   * A change saved (here or, its rows in the notice, by another process), shown as it was saved
   * rather than read back: the turn began now if it moved, and the server's setting is the one last
   * read (a change to it is read anew).
   */
  private saved(previous: LiveState, encounter: Encounter): LiveState {
    const moved = previous.encounter.currentId !== encounter.currentId || previous.encounter.round !== encounter.round;
    return { encounter, monsterHp: previous.monsterHp, turnStartedAt: moved ? this.now() : previous.turnStartedAt };
  }

  /** Closes, with the revoked page, the streams of these channels whose links no longer exist. */
  private async dropRevoked(channelIds: readonly string[]): Promise<void> {
    const streams = channelIds.flatMap((id) => [...(this.channels.get(id)?.viewers ?? [])]);
    if (streams.length === 0) return;
    let existing: Set<string>;
    try {
      existing = await this.options.links.existing([...new Set(streams.map((stream) => stream.tokenHash))]);
    } catch (error) {
      this.options.logger.warn({ err: error }, 'could not check live page links');
      return;
    }
    const revoked = liveEvent('revoked', {});
    for (const stream of streams) if (!existing.has(stream.tokenHash)) stream.end(revoked);
  }
}
