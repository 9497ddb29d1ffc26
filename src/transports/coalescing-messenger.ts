import type { ChannelMessenger } from '../framework/command';
import { TrackerQueue } from '../framework/tracker-queue';
import type { Reply } from '../views/reply';

export interface CoalescingMessenger extends ChannelMessenger {
  readonly trackers: TrackerQueue;
  /** Resolves once every tracker update and edit asked for so far has been done (or has failed). */
  idle(): Promise<void>;
}

interface Waiter {
  resolve(edited: boolean): void;
  reject(error: unknown): void;
}

interface Slot {
  /** The newest content asked for while an edit was in flight, and everyone waiting for it. */
  pending: { message: Reply; waiters: Waiter[] } | null;
  /** Settles when the edit in flight does. */
  inFlight: Promise<void>;
}

/**
 * Wraps a messenger so that rapid edits of one message cost at most one request in flight per message:
 * edits asked for meanwhile collapse into the newest one, sent when the current edit settles.
 * Discord rate-limits edits per channel, and an encounter tracker can change several times a second.
 * A superseded edit resolves with the outcome of the edit that carried its replacement. Tracker
 * updates run after their replies, in its tracker queue; a transport's `stop()` waits for `idle()`.
 */
export function coalesceEdits(inner: ChannelMessenger): CoalescingMessenger {
  const slots = new Map<string, Slot>();
  const trackers = new TrackerQueue();

  const run = (key: string, slot: Slot, channelId: string, messageId: string, message: Reply, waiters: Waiter[]): void => {
    slot.inFlight = Promise.resolve()
      .then(() => inner.edit(channelId, messageId, message))
      .then(
        (edited) => waiters.forEach((w) => w.resolve(edited)),
        (error: unknown) => waiters.forEach((w) => w.reject(error)),
      )
      .then(() => {
        const next = slot.pending;
        slot.pending = null;
        if (next) run(key, slot, channelId, messageId, next.message, next.waiters);
        else slots.delete(key);
      });
  };

  return {
    trackers,
    send: (channelId, message) => inner.send(channelId, message),
    sendDirect: (userId, message) => inner.sendDirect(userId, message),
    pin: (channelId, messageId) => inner.pin(channelId, messageId),

    edit(channelId: string, messageId: string, message: Reply): Promise<boolean> {
      return new Promise<boolean>((resolve, reject) => {
        const key = `${channelId}/${messageId}`;
        const waiter: Waiter = { resolve, reject };
        const slot = slots.get(key);
        if (slot) {
          const waiters = slot.pending?.waiters ?? [];
          slot.pending = { message, waiters: [...waiters, waiter] };
          return;
        }
        const fresh: Slot = { pending: null, inFlight: Promise.resolve() };
        slots.set(key, fresh);
        run(key, fresh, channelId, messageId, message, [waiter]);
      });
    },

    async idle(): Promise<void> {
      await trackers.idle();
      // A settling edit may start the pending one, so look again until nothing is left.
      while (slots.size > 0) await Promise.all([...slots.values()].map((slot) => slot.inFlight));
    },
  };
}
