import type { RandomSource } from './random';
import { uniformSource } from './uniform';

/**
 * A fast deterministic source for tests and `--seed`: sfc32, seeded through splitmix32 so that
 * nearby seeds (1, 2, 3) give unrelated streams.
 */
export function createSeededRandom(seed: number): RandomSource {
  let s = seed >>> 0;
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const next32 = (): number => {
    const t = (((a + b) >>> 0) + d) >>> 0;
    d = (d + 1) >>> 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) >>> 0;
    c = ((c << 21) | (c >>> 11)) >>> 0;
    c = (c + t) >>> 0;
    return t;
  };
  // sfc32 starts with correlated output for a few rounds; discard them.
  for (let i = 0; i < 12; i++) next32();
  return uniformSource(next32);
}
