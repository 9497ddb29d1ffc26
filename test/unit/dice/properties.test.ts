import fc from 'fast-check';
import { createSeededRandom, parseDice, rollDice, totalRange } from '../../../src/dice';
import { MAX_LENGTH } from '../../../src/dice/limits';

const selector = fc.oneof(
  fc.integer({ min: 0, max: 6 }).map(String),
  fc.tuple(fc.constantFrom('h', 'l', '>', '<'), fc.integer({ min: 0, max: 6 })).map(([kind, n]) => `${kind}${n}`),
);
const diceOperator = fc.oneof(
  fc.tuple(fc.constantFrom('k', 'p', 'rr', 'ro', 'ra', 'e'), selector).map(([op, s]) => op + s),
  fc.tuple(fc.constantFrom('mi', 'ma'), fc.integer({ min: 0, max: 8 })).map(([op, n]) => `${op}${n}`),
);
const dice = fc
  .tuple(
    fc.integer({ min: 0, max: 6 }),
    fc.constantFrom('1', '2', '4', '6', '8', '10', '12', '20', '%'),
    fc.array(diceOperator, { maxLength: 3 }),
  )
  .map(([count, sides, ops]) => `${count}d${sides}${ops.join('')}`);
const number = fc.integer({ min: 0, max: 30 }).map(String);
const setOperator = fc.tuple(fc.constantFrom('k', 'p'), selector).map(([op, s]) => op + s);

const { expr: anyLength } = fc.letrec<{ expr: string; atom: string }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small' },
    tie('atom'),
    fc
      .tuple(tie('expr'), fc.constantFrom('+', '-', '*', '/', '//', '%', '<', '>', '==', '!=', '<=', '>='), tie('expr'))
      .map(([a, op, b]) => `${a} ${op} ${b}`),
    tie('expr').map((e) => `-${e}`),
  ),
  atom: fc.oneof(
    { depthSize: 'small' },
    dice,
    number,
    fc.tuple(tie('expr'), fc.array(setOperator, { maxLength: 2 })).map(([e, ops]) => `(${e})${ops.join('')}`),
    fc
      .tuple(fc.array(tie('expr'), { minLength: 1, maxLength: 4 }), fc.array(setOperator, { maxLength: 2 }))
      .map(([es, ops]) => `(${es.join(', ')},)${ops.join('')}`),
  ),
}));

/** Expressions a player may send: longer ones are refused before parsing (tested in limits.test.ts). */
const expr = anyLength.filter((text) => text.length <= MAX_LENGTH);

/** Mistakes a valid expression may still meet when rolled. */
const ROLL_ERRORS = [/^Cannot divide by zero\.$/, /^That rolls more than 1000 dice/, /would (reroll|explode) forever/];

/**
 * The best of three timings: a pause from the garbage collector or a busy machine only ever adds
 * time, so the fastest run is the engine's own cost.
 */
function fastestMs(run: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe('properties', () => {
  test('every total lies between the expression’s minimum and maximum', () => {
    fc.assert(
      fc.property(expr, fc.integer(), (text, seed) => {
        const result = rollDice(text, createSeededRandom(seed));
        if (!result.ok) {
          expect(ROLL_ERRORS.some((re) => re.test(result.error.message))).toBe(true);
          return;
        }
        const { min, max } = totalRange(result.expression);
        expect(result.total).toBeGreaterThanOrEqual(min);
        expect(result.total).toBeLessThanOrEqual(max);
      }),
      { numRuns: 1000 },
    );
  });

  test('the same seed gives the same result', () => {
    fc.assert(
      fc.property(expr, fc.integer(), (text, seed) => {
        expect(rollDice(text, createSeededRandom(seed))).toEqual(rollDice(text, createSeededRandom(seed)));
      }),
      { numRuns: 200 },
    );
  });

  test('the expressions it generates all parse', () => {
    fc.assert(
      fc.property(expr, (text) => {
        expect(parseDice(text).ok).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('any string gives a result or a message, within 50 ms', () => {
    const diceAlphabet = fc.constantFrom(...'0123456789d%khlpremia<>=!+-*/(),.[] advis'.split(''));
    const anything = fc.oneof(
      fc.string({ maxLength: 600 }),
      fc.string({ unit: diceAlphabet, maxLength: 600 }),
      fc.string({ unit: diceAlphabet, maxLength: 40 }),
    );
    fc.assert(
      fc.property(anything, fc.integer(), (text, seed) => {
        expect(fastestMs(() => rollDice(text, createSeededRandom(seed)))).toBeLessThan(50);
        const result = rollDice(text, createSeededRandom(seed));
        if (result.ok) expect(Number.isSafeInteger(result.total)).toBe(true);
        else expect(result.error.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 150 },
    );
  });

  test('the heaviest inputs stay within 50 ms', () => {
    for (const text of ['1000d1000000', '1000d6e>1', '1000d6rr<6', '999d6el1', `(${'1d6, '.repeat(99)}1d6)kh50`, '1000d20kh500kl250']) {
      expect(fastestMs(() => rollDice(text, createSeededRandom(1)))).toBeLessThan(50);
      expect(typeof rollDice(text, createSeededRandom(1)).ok).toBe('boolean');
    }
  });
});
