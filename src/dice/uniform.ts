import type { RandomSource } from './random';

/** The largest die any random source supports: one 32-bit draw covers it. */
const MAX_SOURCE_SIDES = 0x1_0000_0000;

/**
 * `x mod n` for whole numbers below 2^53 through one division. Exact: a quotient that is not
 * whole lies at least 1/n from the next whole number, far more than the division's rounding.
 * JavaScript's `%` on numbers above 2^31 (half of all 32-bit draws) runs as a slow floating-point
 * remainder, which made drawing cost several times more than the rest of a roll.
 */
function remainder(x: number, n: number): number {
  return x - Math.floor(x / n) * n;
}

/**
 * The first draw that falls in the incomplete last stretch of 2^32 for a d`sides`: draws from it
 * on are rejected, so that every face covers the same number of draws.
 */
function acceptBelow(sides: number): number {
  checkSides(sides, MAX_SOURCE_SIDES);
  return MAX_SOURCE_SIDES - remainder(MAX_SOURCE_SIDES, sides);
}

function checkSides(sides: number, most: number): void {
  if (!Number.isSafeInteger(sides) || sides < 1 || sides > most) {
    throw new RangeError(`a die needs 1 to ${most} sides, got ${sides}`);
  }
}

/** Dice with at most this many sides can be rolled from one random byte. */
export const BYTE_DIE_SIDES = 256;

/**
 * For a d`sides` of at most BYTE_DIE_SIDES, the face each random byte gives: `byte mod sides + 1`,
 * or 0 for the bytes in the incomplete last stretch of 256, which are rejected and redrawn (as
 * `uniformDie` rejects 32-bit draws), so that every face covers the same number of bytes.
 */
export function byteFaces(sides: number): Uint16Array {
  checkSides(sides, BYTE_DIE_SIDES);
  const limit = BYTE_DIE_SIDES - (BYTE_DIE_SIDES % sides);
  const faces = new Uint16Array(BYTE_DIE_SIDES);
  for (let byte = 0; byte < limit; byte++) faces[byte] = (byte % sides) + 1;
  return faces;
}

/**
 * Maps uniform 32-bit draws onto 1..sides without modulo bias: draws that fall in the incomplete
 * last stretch of 2^32 are rejected and redrawn.
 */
export function uniformDie(sides: number, next32: () => number): number {
  const limit = acceptBelow(sides);
  let x = next32();
  while (x >= limit) x = next32();
  return remainder(x, sides) + 1;
}

/**
 * A source rolling each die as `uniformDie` does, from the same draws. A term rolls one size of die
 * many times over, so the size last checked and its limit are kept: a d6 after a d6 costs one draw
 * and one division.
 */
export function uniformSource(next32: () => number): RandomSource {
  let checkedSides = 0;
  let limit = 0;
  return {
    die(sides) {
      if (sides !== checkedSides) {
        limit = acceptBelow(sides);
        checkedSides = sides;
      }
      let x = next32();
      while (x >= limit) x = next32();
      return remainder(x, sides) + 1;
    },
  };
}
