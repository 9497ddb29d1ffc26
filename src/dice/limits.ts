/** Hard limits that keep any input fast (well under 50 ms) and any reply readable. */

/** Dice rolled per expression, counting rerolls, explosions and added dice (as Avrae's d20). */
export const MAX_DICE = 1000;
/** Characters in one expression, comment included. */
export const MAX_LENGTH = 500;
/** Parentheses and unary signs inside one another. */
export const MAX_DEPTH = 25;
/** Faces on one die. */
export const MAX_SIDES = 1_000_000;
/**
 * Steps of work per expression: each die rolled and each pool member a selector looks at (a sort
 * of n members counts n·log2 n). Twice what `1000d20kh500kl250` takes, and reached within a few
 * milliseconds.
 */
export const MAX_WORK = 50_000;

/**
 * The largest magnitude a number in a roll may have: past it, doubles skip integers, and a total
 * would be printed rounded (`9007199254740993 - 10` gave 9007199254740982).
 */
export const MAX_EXACT = Number.MAX_SAFE_INTEGER;

/** Whether `value` is past what a roll counts exactly, above or below zero. */
export function pastExact(value: number): boolean {
  return value > MAX_EXACT || value < -MAX_EXACT;
}

/** Why a roll past MAX_EXACT has no total. */
export const PAST_EXACT = `This roll goes past ${withCommas(MAX_EXACT)} (above or below zero), the most it can count exactly: it has no total.`;

/**
 * `1000000` as `1,000,000` for messages. Not toLocaleString: its first call loads the locale data,
 * which took 65 ms, so the first player to hit a limit would have waited for it.
 */
export function withCommas(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
