/** Encounters whose shown version a queue remembers; the least recently updated idle one is forgotten first. */
const REMEMBERED_KEYS = 10_000;

interface Pending {
  version: number;
  work: () => Promise<void>;
  /** Callers whose update this one carries: it replaced theirs, so they settle with it. */
  settle: { resolve(): void; reject(error: unknown): void }[];
}

interface Lane {
  /** The newest version whose update has started: an older one can only be stale. */
  shown: number;
  running: Promise<void> | null;
  /** The newest update asked for while one ran; the ones it replaced never run. */
  pending: Pending | null;
}

/**
 * Tracker updates, in the background after the reply: one at a time per encounter, in version
 * order, and never an older state after a newer one. An update asked for while another runs waits,
 * and a newer one replaces it, so a burst of commands costs two edits, not one each.
 */
export class TrackerQueue {
  private readonly lanes = new Map<string, Lane>();

  constructor(private readonly capacity = REMEMBERED_KEYS) {}

  /**
   * Runs `work` for `version` of `key` once the update in progress is done. Settles when it has run,
   * or when the newer update that replaced it has; resolves at once when a version at least as new
   * was already shown or asked for. Rejects with the error of the work that carried it.
   */
  run(key: string, version: number, work: () => Promise<void>): Promise<void> {
    const lane = this.touch(key);
    if (version <= Math.max(lane.shown, lane.pending?.version ?? -1)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const settle = [...(lane.pending?.settle ?? []), { resolve, reject }];
      const update: Pending = { version, work, settle };
      if (lane.running === null) this.start(lane, update);
      else lane.pending = update;
    });
  }

  /** Resolves once every update asked for so far has run (or failed). */
  async idle(): Promise<void> {
    const running = () => [...this.lanes.values()].flatMap((lane) => (lane.running === null ? [] : [lane.running]));
    // A finishing update may start the pending one, so look again until nothing runs.
    for (let updates = running(); updates.length > 0; updates = running()) await Promise.all(updates);
  }

  /** Encounters remembered (bounded by the capacity, beyond which only busy ones are kept). */
  get size(): number {
    return this.lanes.size;
  }

  private start(lane: Lane, update: Pending): void {
    lane.shown = update.version;
    // On the next turn of the event loop, so the reply that asked for it goes out first.
    lane.running = new Promise<void>((resolve) => setImmediate(resolve))
      .then(update.work)
      .then(
        () => update.settle.forEach((s) => s.resolve()),
        (error: unknown) => update.settle.forEach((s) => s.reject(error)),
      )
      .then(() => {
        const next = lane.pending;
        lane.pending = null;
        lane.running = null;
        if (next !== null) this.start(lane, next);
      });
  }

  /** The key's lane, now the most recently used, and idle lanes beyond the capacity forgotten. */
  private touch(key: string): Lane {
    const lane = this.lanes.get(key) ?? { shown: -1, running: null, pending: null };
    this.lanes.delete(key);
    this.lanes.set(key, lane);
    if (this.lanes.size > this.capacity) {
      for (const [oldKey, old] of this.lanes) {
        if (this.lanes.size <= this.capacity) break;
        if (old.running === null && old !== lane) this.lanes.delete(oldKey);
      }
    }
    return lane;
  }
}
