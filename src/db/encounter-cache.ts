import type { Encounter } from '../combat/types';

/**
 * The last state this process saved or read of each channel's active encounter, so a command can
 * skip loading it. Never trusted blindly: a save checks the version it was computed from, and a
 * mismatch (another process or replica changed the encounter) drops the entry and loads afresh.
 */
export class EncounterCache {
  private readonly byChannel = new Map<string, Encounter>();

  constructor(private readonly capacity: number) {}

  get(channelId: string): Encounter | undefined {
    return this.byChannel.get(channelId);
  }

  /** Remembers an active encounter, unless a newer state of it is known; an ended one is forgotten. */
  remember(encounter: Encounter): void {
    const known = this.byChannel.get(encounter.channelId);
    // A read that started before a save may finish after it.
    if (known?.id === encounter.id && known.version > encounter.version) return;
    this.byChannel.delete(encounter.channelId);
    if (encounter.endedAt !== null) return;
    this.byChannel.set(encounter.channelId, encounter);
    // Maps iterate in insertion order, so the first key is the least recently saved.
    if (this.byChannel.size > this.capacity) {
      const oldest = this.byChannel.keys().next().value;
      if (oldest !== undefined) this.byChannel.delete(oldest);
    }
  }

  forget(channelId: string): void {
    this.byChannel.delete(channelId);
  }
}
