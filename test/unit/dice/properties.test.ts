import fc from 'fast-check';
import { createSeededRandom, parseDice, rollDice, totalRange } from '../../../src/dice';
import { MAX_DEPTH, MAX_LENGTH } from '../../../src/dice/limits';

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

/**
 * Worst cases: long chains of operators (repeated ones merge into one union) on up to a thousand
 * dice of up to a million sides, nested in parentheses, gathered in sets and summed, each grown as
 * long as 500 characters allow.
 */
const heavySelector = fc.oneof(
  fc.constantFrom(0, 1, 2, 6, 20, 999, 1000, 999_999, 1_000_000).map(String),
  fc.tuple(fc.constantFrom('h', 'l', '>', '<'), fc.constantFrom(0, 1, 2, 5, 500, 999, 1000, 999_999)).map(([kind, n]) => `${kind}${n}`),
);
const heavyOperator = fc.oneof(
  fc.tuple(fc.constantFrom('k', 'p', 'rr', 'ro', 'ra', 'e'), heavySelector).map(([op, s]) => op + s),
  fc.tuple(fc.constantFrom('mi', 'ma'), fc.constantFrom(1, 2, 6, 999_999)).map(([op, n]) => `${op}${n}`),
);
const heavySetOperator = fc.tuple(fc.constantFrom('k', 'p'), heavySelector).map(([op, s]) => op + s);
/** An expression that grows with `reps`: the largest count up to the one drawn that fits is used. */
type Grown = (reps: number) => string;
const heavyDice: fc.Arbitrary<Grown> = fc
  .tuple(
    fc.constantFrom(1, 2, 10, 100, 500, 999, 1000),
    fc.constantFrom(1, 2, 6, 20, 1000, 1_000_000),
    fc.array(heavyOperator, { minLength: 1, maxLength: 6 }),
  )
  .map(
    ([count, sides, operators]) =>
      (reps) =>
        `${count}d${sides}${operators.join('').repeat(reps)}`,
  );
const heavyShape: fc.Arbitrary<Grown> = fc.oneof(
  heavyDice,
  fc.tuple(fc.integer({ min: 1, max: MAX_DEPTH - 1 }), heavyDice, heavySetOperator).map(
    ([depth, inner, operator]) =>
      (reps: number) =>
        '('.repeat(depth) + inner(reps) + `)${operator}`.repeat(depth),
  ),
  fc.tuple(fc.array(heavyDice, { minLength: 1, maxLength: 8 }), fc.array(heavySetOperator, { minLength: 1, maxLength: 3 })).map(
    ([elements, operators]) =>
      (reps: number) =>
        `(${elements.map((e) => e(1)).join(', ')},)${operators.join('').repeat(reps)}`,
  ),
  fc.tuple(heavyDice, fc.integer({ min: 1, max: 3 })).map(
    ([term, reps]) =>
      (n: number) =>
        Array.from({ length: n }, () => term(reps)).join(' + '),
  ),
);
const worstCase = fc
  .tuple(heavyShape, fc.integer({ min: 1, max: 250 }))
  .map(([grow, wanted]) => {
    let reps = wanted;
    while (reps > 1 && grow(reps).length > MAX_LENGTH) reps = Math.floor(reps * 0.9);
    return grow(reps);
  })
  .filter((text) => text.length <= MAX_LENGTH);

/** Mistakes a valid expression may still meet when rolled. */
const ROLL_ERRORS = [/^Cannot divide by zero\.$/, /^That rolls more than 1000 dice/, /would (reroll|explode) forever/];
/** ... and the one that stops a roll doing too much work, which only heavy inputs reach. */
const HEAVY_ROLL_ERRORS = [...ROLL_ERRORS, /^That roll takes too much work/];

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

  test('generated worst cases of up to 500 characters answer within 50 ms: a total or a message', () => {
    fc.assert(
      fc.property(worstCase, (text) => {
        expect(fastestMs(() => rollDice(text, createSeededRandom(1)))).toBeLessThan(50);
        const result = rollDice(text, createSeededRandom(1));
        if (result.ok) expect(Number.isSafeInteger(result.total)).toBe(true);
        else expect(HEAVY_ROLL_ERRORS.some((re) => re.test(result.error.message))).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  test('the inputs that froze the bot for seconds now answer within 50 ms', () => {
    const cases = [
      // An exploding d1000000 with its selector written 163 times (21 s before), and 63 times (8 s).
      ['1d1000000' + 'e>1'.repeat(163), /^That rolls more than 1000 dice/],
      ['1d1000000' + 'e>1'.repeat(63), /^That rolls more than 1000 dice/],
      [
        '1d1000000' +
          Array.from({ length: 120 }, (_, i) => `e>${i + 1}`)
            .join('')
            .slice(0, 480),
        /^That roll takes too much work/,
      ],
      ['1000d6' + 'kh1000ph0'.repeat(54), /^That roll takes too much work/],
      ['1000d6' + 'k>0p<0'.repeat(82), /^That roll takes too much work/],
      [
        '1000d1000000' +
          Array.from({ length: 160 }, (_, i) => `rr${i + 1}`)
            .join('')
            .slice(0, 480),
        /^That roll takes too much work/,
      ],
    ] as const;
    for (const [text, answer] of cases) {
      expect(text.length).toBeLessThanOrEqual(MAX_LENGTH);
      expect(fastestMs(() => rollDice(text, createSeededRandom(1)))).toBeLessThan(50);
      const result = rollDice(text, createSeededRandom(1));
      expect(result.ok ? String(result.total) : result.error.message).toMatch(answer);
    }
  });

  test('the heaviest inputs stay within 50 ms', () => {
    for (const text of ['1000d1000000', '1000d6e>1', '1000d6rr<6', '999d6el1', `(${'1d6, '.repeat(99)}1d6)kh50`, '1000d20kh500kl250']) {
      expect(fastestMs(() => rollDice(text, createSeededRandom(1)))).toBeLessThan(50);
      expect(typeof rollDice(text, createSeededRandom(1)).ok).toBe('boolean');
    }
  });
});
