/** Where every die gets its faces. Production uses a cryptographic source; tests use a seeded one. */
export interface RandomSource {
  /** A uniformly distributed integer in [1, sides]. `sides` is a positive safe integer. */
  die(sides: number): number;
}
