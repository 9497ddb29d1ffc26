import type { RandomSource } from '../../../src/dice/random';

/**
 * A source that shows the given faces in order, so a test can state exactly what was rolled.
 * Running out, or a face the die does not have, fails the test: the engine rolled more than it should.
 */
export function scripted(...faces: number[]): RandomSource & { remaining(): number } {
  let next = 0;
  return {
    die(sides: number): number {
      if (next >= faces.length) throw new Error(`rolled a d${sides} after the ${faces.length} scripted faces`);
      const face = faces[next++]!;
      if (face < 1 || face > sides) throw new Error(`scripted face ${face} does not fit a d${sides}`);
      return face;
    },
    remaining: () => faces.length - next,
  };
}

/** Always the same face: drives explosions and rerolls to their limits. */
export function always(face: number): RandomSource {
  return { die: () => face };
}
