import { randomFillSync } from 'node:crypto';
import type { RandomSource } from './random';
import { uniformSource } from './uniform';

/** 16 KiB per system call: four thousand d20s cost one call, not four thousand. */
const BLOCK_WORDS = 4096;

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
  return uniformSource(next32);
}
