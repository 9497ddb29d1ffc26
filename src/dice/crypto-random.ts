import { randomFillSync } from 'node:crypto';
import type { RandomSource } from './random';
import { BYTE_DIE_SIDES, byteFaces, uniformSource } from './uniform';

/** 16 KiB per system call: four thousand d20s cost one call, not four thousand. */
const BLOCK_BYTES = 16384;
const BLOCK_WORDS = BLOCK_BYTES / 4;

/**
 * The production source: cryptographically secure and unbiased. Dice of up to 256 sides (nearly
 * all) are rolled from single bytes through a table of faces, which made a d6 several times
 * cheaper than a 32-bit draw and a division; larger dice take 32-bit draws.
 */
export function createCryptoRandom(): RandomSource {
  const words = new Uint32Array(BLOCK_WORDS);
  let wordAt = BLOCK_WORDS;
  const large = uniformSource(() => {
    if (wordAt === BLOCK_WORDS) {
      randomFillSync(words);
      wordAt = 0;
    }
    // The block is refilled before the index reaches its end, so the word is always there.
    return words[wordAt++]!;
  });
  const bytes = new Uint8Array(BLOCK_BYTES);
  let byteAt = BLOCK_BYTES;
  // Each size's table, made when first rolled. Made full size at once: a list filled far from its start is a slow dictionary.
  const tables = new Array<Uint16Array | undefined>(BYTE_DIE_SIDES + 1).fill(undefined);
  return {
    die(sides) {
      if (!(sides <= BYTE_DIE_SIDES)) return large.die(sides);
      // byteFaces refuses a size that is not a whole number from 1 up.
      const faces = tables[sides] ?? (tables[sides] = byteFaces(sides));
      for (;;) {
        if (byteAt === BLOCK_BYTES) {
          randomFillSync(bytes);
          byteAt = 0;
        }
        // A byte indexes the 256-entry table, which holds 0 only for rejected bytes.
        const face = faces[bytes[byteAt++]!]!;
        if (face !== 0) return face;
      }
    },
  };
}
