/** The largest die any random source supports: one 32-bit draw covers it. */
const MAX_SOURCE_SIDES = 0x1_0000_0000;

/**
 * Maps uniform 32-bit draws onto 1..sides without modulo bias: draws that fall in the incomplete
 * last stretch of 2^32 are rejected and redrawn.
 */
export function uniformDie(sides: number, next32: () => number): number {
  if (!Number.isSafeInteger(sides) || sides < 1 || sides > MAX_SOURCE_SIDES) {
    throw new RangeError(`a die needs 1 to ${MAX_SOURCE_SIDES} sides, got ${sides}`);
  }
  const limit = MAX_SOURCE_SIDES - (MAX_SOURCE_SIDES % sides);
  let x = next32();
  while (x >= limit) x = next32();
  return (x % sides) + 1;
}
