import { DiceRoll, NumberGenerator } from '@dice-roller/rpg-dice-roller';
import { CORPUS } from '../../../scripts/bench-dice';
import { createSeededRandom, rollDice } from '../../../src/dice';

/**
 * `bench:dice` is only fair if each expression means the same in both engines. Both read one
 * stream of 32-bit draws, each mapped onto the die asked for, so the same meaning gives the same
 * total. (Both draw every die of a term before its rerolls and explosions; where they then differ
 * in order, the corpus only holds rolls whose total does not depend on it.)
 */
describe('the benchmark corpus means the same in both engines', () => {
  const draws = (seed: number) => {
    const source = createSeededRandom(seed);
    return (sides: number) => ((source.die(0x1_0000_0000) - 1) % sides) + 1;
  };

  test.each(CORPUS.map((c) => [c.kind, c.ours, c.peer] as const))('%s: %s and %s', (_kind, ours, peer) => {
    const integer = jest.spyOn(NumberGenerator.generator, 'integer');
    try {
      for (let seed = 1; seed <= 100; seed++) {
        const ourDraw = draws(seed);
        const peerDraw = draws(seed);
        integer.mockClear().mockImplementation((min, max) => min - 1 + peerDraw(max - min + 1));
        const result = rollDice(ours, { die: ourDraw });
        if (!result.ok) throw new Error(result.error.message);
        expect([seed, result.total]).toEqual([seed, new DiceRoll(peer).total]);
      }
    } finally {
      integer.mockRestore();
    }
  });
});
