import { MAX_DEPTH, MAX_LENGTH, MAX_WORK, createSeededRandom, parseDice, rollDice } from '../../../src/dice';
import { always, scripted } from './scripted';

function error(text: string, random = createSeededRandom(1)): { message: string; column: number | null } {
  const result = rollDice(text, random);
  if (result.ok) throw new Error(`${text} rolled ${result.total} instead of failing`);
  return result.error;
}

describe('syntax errors point at the place', () => {
  test.each<[string, string, number | null]>([
    ['1d20+*5', 'Unexpected `*` at column 6.', 6],
    ['1d20 +', 'The expression ends too early: a number or dice is missing at column 7.', 7],
    ['(1d4, 2', 'A `)` is missing at the end of the expression.', 8],
    ['(1d4 2)', 'Unexpected `2` at column 6.', 6],
    ['1d20 [fire', 'This `[` has no matching `]`.', 6],
    ['4d6kh', '`k` needs a number after it, such as `kh1` or `k1`.', 6],
    ['4d6kx3', '`k` needs a number at column 5 (found `x`).', 5],
    ['1d', 'The number of sides is missing at the end of the expression.', 3],
    ['1d0', 'A die needs at least 1 side.', 3],
    ['1d1000001', 'A die can have at most 1,000,000 sides.', 3],
    ['4d6mih3', '`mi` takes a plain number, such as `mi2`.', 4],
    ['(4d6)rr1', '`rr` works on dice only; parentheses and sets take `k` and `p`.', 6],
    ['1.5d6', 'The number of dice must be a whole number.', 1],
    ['hello', 'Unexpected `h` at column 1.', 1],
    ['1 + `', "Unexpected '`' at column 5.", 5],
    ['', 'Type a dice expression, such as `1d20+5`.', null],
    ['   ', 'Type a dice expression, such as `1d20+5`.', null],
  ])('%j: %s', (text, message, column) => {
    const parsed = parseDice(text);
    expect(parsed).toEqual({ ok: false, error: { message, column } });
  });
});

describe('mistakes only rolling reveals', () => {
  test.each<[string, string]>([
    ['1/0', 'Cannot divide by zero.'],
    ['5 // (1d6 - 1d6)', 'Cannot divide by zero.'],
    ['5 % 0', 'Cannot divide by zero.'],
    ['1d6rr<7', 'A d6 would reroll forever: every face it can show matches.'],
    ['1d6rr1rr2rr3rr4rr5rr6', 'A d6 would reroll forever: every face it can show matches.'],
    ['3d6rrh1', 'A d6 would reroll forever: every face it can show matches.'],
    ['1d1e1', 'A d1 would explode forever: every face it can show matches.'],
    ['2d6e>0', 'A d6 would explode forever: every face it can show matches.'],
  ])('%s: %s', (text, message) => {
    expect(error(text, always(1))).toEqual({ message, column: null });
  });

  test('merged reroll selectors covering every face are caught too', () => {
    expect(error('1d6rr<4rr>3', always(2)).message).toBe('A d6 would reroll forever: every face it can show matches.');
  });

  test('an operator that selects nothing ends at once', () => {
    const result = rollDice('2d6k6rr<7', scripted(2, 3));
    expect(result.ok && result.total).toBe(0);
  });
});

describe('at most 1,000 dice, counting rerolls and explosions', () => {
  test('1,000 dice roll; 1,001 do not', () => {
    const ok = rollDice('1000d6', createSeededRandom(1));
    expect(ok.ok && ok.diceRolled).toBe(1000);
    expect(error('1001d6').message).toBe('At most 1000 dice can be rolled at once.');
    expect(error('500d6 + 501d6', always(3)).message).toBe('That rolls more than 1000 dice (counting rerolls and explosions).');
  });

  test('rerolls count', () => {
    const ok = rollDice('500d6ro<7', always(3));
    expect(ok.ok && ok.diceRolled).toBe(1000);
    expect(error('501d6ro<7', always(3)).message).toBe('That rolls more than 1000 dice (counting rerolls and explosions).');
  });

  test('an explosion that keeps going stops at the limit with a message', () => {
    expect(error('1d6e6', always(6)).message).toBe('That rolls more than 1000 dice (counting rerolls and explosions).');
  });
});

describe(`at most ${MAX_WORK.toLocaleString('en-US')} steps of work, counting dice rolled and dice looked at`, () => {
  const TOO_MUCH = 'That roll takes too much work (over 50,000 steps of rolling and selecting dice); use fewer dice or operators.';

  test('164 operators that each look at a thousand dice are refused with a message', () => {
    const text = '1000d6' + 'k>0p<0'.repeat(82);
    expect(text.length).toBe(498);
    expect(error(text, always(3))).toEqual({ message: TOO_MUCH, column: null });
  });

  test('40 of them still roll', () => {
    const result = rollDice('1000d6' + 'k>0p<0'.repeat(20), always(3));
    expect(result.ok && result.total).toBe(3000);
  });

  test('keep and drop on parentheses count too: sorting a thousand dice at each of 24 levels', () => {
    expect(error('('.repeat(24) + '1000d6' + ')kh1000'.repeat(24), always(3)).message).toBe(TOO_MUCH);
    const result = rollDice('('.repeat(3) + '1000d6' + ')kh1000'.repeat(3), always(3));
    expect(result.ok && result.total).toBe(3000);
  });

  test('the heaviest sensible rolls stay well within it', () => {
    for (const text of ['1000d20kh500kl250', '(1000d6)kh500', '(500d6kh250, 500d6kh250)kh1', '1000d6mi2ma5']) {
      expect(rollDice(text, createSeededRandom(1)).ok).toBe(true);
    }
  });

  test('a selector written many times on exploding dice stops at the dice limit, not the work limit', () => {
    expect(error('1d1000000' + 'e>1'.repeat(163), always(2)).message).toBe(
      'That rolls more than 1000 dice (counting rerolls and explosions).',
    );
  });
});

describe('size limits', () => {
  test(`expressions up to ${MAX_LENGTH} characters`, () => {
    const longest = '1+'.repeat(MAX_LENGTH / 2 - 1) + '11';
    expect(longest.length).toBe(MAX_LENGTH);
    const ok = rollDice(longest, scripted());
    expect(ok.ok && ok.total).toBe(260);
    expect(error(longest + ' ')).toEqual({ message: `That expression is 501 characters long; the limit is ${MAX_LENGTH}.`, column: null });
  });

  test(`nesting up to ${MAX_DEPTH} levels`, () => {
    const nested = (n: number) => '('.repeat(n) + '1' + ')'.repeat(n);
    const ok = rollDice(nested(MAX_DEPTH), scripted());
    expect(ok.ok && ok.total).toBe(1);
    expect(error(nested(MAX_DEPTH + 1)).message).toBe(`The expression is nested too deeply (more than ${MAX_DEPTH} levels).`);
    expect(error('-'.repeat(MAX_DEPTH + 1) + '1').message).toBe(`The expression is nested too deeply (more than ${MAX_DEPTH} levels).`);
  });
});

describe('numbers past 9,007,199,254,740,991, the largest counted exactly, give no total', () => {
  test.each<[string, string, number]>([
    ['99999999999999999', '99999999999999999', 1],
    ['9007199254740993 + 1', '9007199254740993 + 1', 1],
    ['1d20 + 9007199254740992', '1d20 + 9007199254740992', 8],
    ['9007199254740991.5', '9007199254740991.5', 1],
    ['4d6kh9007199254740993', '4d6kh9007199254740993', 6],
    ['400 nines', '9'.repeat(400), 1],
  ])('%s is refused where the number is written', (_name, text, column) => {
    expect(parseDice(text)).toEqual({
      ok: false,
      error: { message: `The number at column ${column} is too large: a roll counts exactly only up to 9,007,199,254,740,991.`, column },
    });
  });

  test('the largest number rolls, and its total is exact', () => {
    const result = rollDice('9007199254740991 - 1d4 + 1d4', scripted(3, 3));
    expect(result.ok && result.total).toBe(9007199254740991);
    expect(result.ok && result.text).toBe('9007199254740991 - 1d4 (3) + 1d4 (3) = `9007199254740991`');
  });

  test.each<[string, string]>([
    ['9007199254740991 + 2 - 2', 'a sum on the way'],
    ['-9007199254740991 - 1d4 + 1d4', 'below zero'],
    ['(9007199254740991, 2) - 9', "a set's sum"],
    ['(9007199254740991, 9007199254740991, -9007199254740991)kh2 - 9007199254740991', 'what a set keeps'],
    ['500d1000000 * 10000000000000 - 500d1000000 * 10000000000000 + 1', 'many large dice multiplied'],
    ['4000000000000001 * 3 // 3', 'a product'],
  ])('%j (%s) is refused rather than given a rounded total', (text) => {
    expect(error(text, always(4))).toEqual({
      message: 'This roll goes past 9,007,199,254,740,991 (above or below zero), the most it can count exactly: it has no total.',
      column: null,
    });
  });
});
