/**
 * How much a server's monster file may hold (./homebrew reads it): its bytes, the number of monsters
 * and of their parts, every string's length and every die. In a module of its own, without zod: the
 * commands need the limits at start, the reader (and zod, some 5 MB) only when a file is imported.
 */
export const HOMEBREW_LIMITS = {
  bytes: 256 * 1024,
  monsters: 50,
  /** Discord's limit for an autocomplete name. */
  name: 100,
  text: 200,
  note: 1000,
  actions: 30,
  traits: 30,
  parts: 8,
  spells: 60,
  diceCount: 100,
  diceSides: 100,
  diceBonus: 1000,
} as const;
