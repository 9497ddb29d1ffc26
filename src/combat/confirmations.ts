/**
 * A step's input kept for its confirmation button, for the member who asked, for 15 minutes (a
 * condition for a whole group); stored by `src/db/confirmations.ts`.
 */
export interface Confirmations {
  /** Keeps `input` (plain JSON) until `userId` presses; the id is what the buttons carry. */
  save(encounterId: string, userId: string, input: unknown): Promise<string>;
  /** The input kept under `id` for `userId`, taken so that it is carried out once; null when used, cancelled, expired or not theirs. */
  take(id: string, userId: string): Promise<{ encounterId: string; input: unknown } | null>;
}
