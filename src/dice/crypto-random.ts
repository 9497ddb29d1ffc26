import { randomFillSync } from 'node:crypto';
import type { RandomSource } from './random';
import { uniformDie } from './uniform';

/** 4 KiB per system call: a thousand d20s cost one call, not a thousand. */
const BLOCK_WORDS = 1024;

/** The production source: cryptographically secure and unbiased. */
export function createCryptoRandom(): RandomSource {
  const block = new Uint32Array(BLOCK_WORDS);
  let index = BLOCK_WORDS;
  const next32 = (): number => {
    if (index === BLOCK_WORDS) {
      randomFillSync(block);
      index = 0;
    }
    // The block is refilled before the index reaches its end, so the word is always there.
    return block[index++]!;
  };
  return { die: (sides) => uniformDie(sides, next32) };
}
