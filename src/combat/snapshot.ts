import type { Encounter } from './types';

/** An encounter as JSON can hold it (dates as ISO text): the event log's before and after states. */
export type EncounterSnapshot = Omit<Encounter, 'createdAt' | 'endedAt'> & { createdAt: string; endedAt: string | null };

export function toSnapshot(encounter: Encounter): EncounterSnapshot {
  return { ...encounter, createdAt: encounter.createdAt.toISOString(), endedAt: encounter.endedAt?.toISOString() ?? null };
}

export function fromSnapshot(snapshot: EncounterSnapshot): Encounter {
  return { ...snapshot, createdAt: new Date(snapshot.createdAt), endedAt: snapshot.endedAt === null ? null : new Date(snapshot.endedAt) };
}
