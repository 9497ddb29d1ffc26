import crypto from 'node:crypto';
import { createCryptoRandom, createSeededRandom } from '../../../src/dice';
import type { RandomSource } from '../../../src/dice/random';
import { byteFaces, uniformDie } from '../../../src/dice/uniform';

/** Pearson's statistic for `rolls` d`sides` against a uniform distribution. */
function chiSquare(random: RandomSource, sides: number, rolls: number): number {
  const counts = new Array<number>(sides).fill(0);
  for (let i = 0; i < rolls; i++) {
    const face = random.die(sides);
    counts[face - 1] = (counts[face - 1] ?? 0) + 1;
  }
  const expected = rolls / sides;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

/** The chi-square distribution with 19 degrees of freedom exceeds this one time in a thousand. */
const CRITICAL_19_DF_P001 = 43.82;
/** The same for 5 and 99 degrees of freedom. */
const CRITICAL_5_DF_P001 = 20.52;
const CRITICAL_99_DF_P001 = 148.23;

describe('the production source', () => {
  test('100,000 d20 rolls pass a chi-square test of uniformity', () => {
    expect(chiSquare(createCryptoRandom(), 20, 100_000)).toBeLessThan(CRITICAL_19_DF_P001);
  });

  test('bytes come in blocks: a thousand d20s cost one system call', () => {
    const spy = jest.spyOn(crypto, 'randomFillSync');
    try {
      const random = createCryptoRandom();
      for (let i = 0; i < 1000; i++) random.die(20);
      expect(spy).toHaveBeenCalledTimes(1);
    } finally {
      spy.mockRestore();
    }
  });

  test('100,000 d6 rolls (one byte each) and 100,000 d100 and d1000 rolls pass a chi-square test of uniformity', () => {
    const random = createCryptoRandom();
    expect(chiSquare(random, 6, 100_000)).toBeLessThan(CRITICAL_5_DF_P001);
    expect(chiSquare(random, 100, 100_000)).toBeLessThan(CRITICAL_99_DF_P001);
    // Above 256 sides a die takes a 32-bit draw: its faces, folded ten to a bucket, are as even.
    const buckets = new Array<number>(100).fill(0);
    // The range is checked once over all the faces: an expect per roll made this test take seconds.
    let lowest = Infinity;
    let highest = -Infinity;
    for (let i = 0; i < 100_000; i++) {
      const face = random.die(1000);
      lowest = Math.min(lowest, face);
      highest = Math.max(highest, face);
      buckets[Math.floor((face - 1) / 10)]!++;
    }
    expect(lowest).toBeGreaterThanOrEqual(1);
    expect(highest).toBeLessThanOrEqual(1000);
    expect(buckets.reduce((sum, c) => sum + (c - 1000) ** 2 / 1000, 0)).toBeLessThan(CRITICAL_99_DF_P001);
  });

  test('a size that is not a whole number from 1 up is refused, from the byte table and the 32-bit draws alike', () => {
    const random = createCryptoRandom();
    for (const sides of [0, -1, 2.5, Number.NaN, 0x1_0000_0001]) expect(() => random.die(sides)).toThrow(RangeError);
  });

  test('every face of a d6 turns up, and nothing else', () => {
    const random = createCryptoRandom();
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) seen.add(random.die(6));
    expect([...seen].sort()).toEqual([1, 2, 3, 4, 5, 6]);
  });
});

describe('the seeded source', () => {
  test('the same seed gives the same rolls; another seed gives others', () => {
    const roll = (seed: number) => {
      const random = createSeededRandom(seed);
      return Array.from({ length: 20 }, () => random.die(20));
    };
    expect(roll(7)).toEqual(roll(7));
    expect(roll(7)).not.toEqual(roll(8));
  });

  test('is uniform too, over 100,000 d20s from ten seeds', () => {
    const seeds = Array.from({ length: 10 }, (_, i) => createSeededRandom(i + 1));
    let next = 0;
    const pooled: RandomSource = { die: (sides) => seeds[next++ % seeds.length]!.die(sides) };
    expect(chiSquare(pooled, 20, 100_000)).toBeLessThan(CRITICAL_19_DF_P001);
  });
});

describe('mapping random bytes onto a die of up to 256 sides', () => {
  test('every face covers the same number of bytes, and the bytes of the incomplete last stretch are rejected', () => {
    for (const sides of [1, 2, 3, 6, 7, 20, 100, 255, 256]) {
      const faces = byteFaces(sides);
      const covered = new Array<number>(sides + 1).fill(0);
      for (const face of faces) covered[face]!++;
      const perFace = Math.floor(256 / sides);
      expect(covered.slice(1)).toEqual(new Array<number>(sides).fill(perFace));
      expect(covered[0]).toBe(256 % sides);
      // The rejected bytes are the top ones, as with 32-bit draws.
      expect([...faces.slice(256 - (256 % sides))].every((face) => face === 0)).toBe(true);
    }
    expect(byteFaces(6)[0]).toBe(1);
    expect(byteFaces(6)[251]).toBe(6);
    expect(byteFaces(6)[252]).toBe(0);
  });

  test('sizes above 256 are not rolled from bytes', () => {
    expect(() => byteFaces(257)).toThrow(RangeError);
  });
});

describe('mapping 32-bit draws onto a die', () => {
  const draws = (...values: number[]) => {
    let i = 0;
    return () => {
      const value = values[i++];
      if (value === undefined) throw new Error('ran out of scripted draws');
      return value;
    };
  };

  test('draws in the incomplete last stretch are rejected, so no face is favoured', () => {
    // 2^32 leaves remainder 1 when divided by 3: the single top value 2^32-1 would favour face 1.
    expect(uniformDie(3, draws(0xffff_ffff, 5))).toBe(3);
    expect(uniformDie(6, draws(0xffff_fffc, 0xffff_ffff, 0xffff_fffb))).toBe(6);
  });

  test('draws below the limit map straight onto faces', () => {
    expect(uniformDie(20, draws(0))).toBe(1);
    expect(uniformDie(20, draws(39))).toBe(20);
    expect(uniformDie(0x1_0000_0000, draws(0xffff_ffff))).toBe(0x1_0000_0000);
  });
});
