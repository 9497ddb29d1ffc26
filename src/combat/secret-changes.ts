import type { EncounterEvent } from './types';

/**
 * The game master put an effect on a hidden monster, or took one off, without showing it to the
 * players, rolled an attack or cast a spell in secret, or rolled a hidden monster's hit points: the answer goes to
 * the game master alone, and the table is told nothing of the change.
 */
export function isSecretChange(events: readonly EncounterEvent[]): boolean {
  return events.some(
    (e) =>
      (e.kind === 'effect-started' && e.private) ||
      (e.kind === 'effect-ended' && e.private && e.reason === 'removed') ||
      (e.kind === 'attack-rolled' && e.private) ||
      (e.kind === 'spell-cast' && e.private === true) ||
      (e.kind === 'hp-rolled' && e.private) ||
      (e.kind === 'rules' && e.private === true),
  );
}
