import { formatExpr, parseDice, type ParsedDice } from '../../../src/dice';

function parsed(text: string): ParsedDice {
  const result = parseDice(text);
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.value;
}

describe('parsing', () => {
  test('a dice term with its operators, as data', () => {
    expect(parsed('4d6ro1kh3').root).toEqual({
      type: 'dice',
      count: 4,
      sides: 6,
      percentile: false,
      maximized: false,
      annotations: [],
      operations: [
        { op: 'ro', selectors: [{ kind: 'exact', value: 1 }] },
        { op: 'k', selectors: [{ kind: 'highest', value: 3 }] },
      ],
    });
  });

  test('repeated operators of one kind merge into a union; mi and ma do not merge', () => {
    expect(formatExpr(parsed('10d6k1k2p>5').root)).toBe('10d6k1k2p>5');
    const dice = parsed('4d6k1k2mi2mi3').root;
    expect(dice.type === 'dice' && dice.operations.map((o) => [o.op, o.selectors.length])).toEqual([
      ['k', 2],
      ['mi', 1],
      ['mi', 1],
    ]);
  });

  test.each<[string, string]>([
    ['1D20 + 5', '1d20 + 5'],
    ['  4d6  kh3 ', '4d6kh3'],
    ['2 d6', '2d6'],
    ['d%', '1d%'],
    ['(1d4 + 1, 3, 2d6kl1)kh1', '(1d4 + 1, 3, 2d6kl1)kh1'],
    ['(3d6,)', '(3d6,)'],
    ['(4d6)KH3', '(4d6)kh3'],
    ['-(1d8+3)[healing]', '-(1d8 + 3) [healing]'],
    ['1+2*3-4//5%6/7', '1 + 2 * 3 - 4 // 5 % 6 / 7'],
    ['1d20>=10', '1d20 >= 10'],
    ['.5 + 1.', '0.5 + 1'],
  ])('%j reads as %j', (text, notation) => {
    expect(formatExpr(parsed(text).root)).toBe(notation);
  });

  test('precedence: comparison binds loosest, then + -, then * / // %, then signs', () => {
    const root = parsed('1 + 2 * 3 == -7').root;
    expect(root.type === 'binary' && root.op).toBe('==');
    expect(root.type === 'binary' && root.left.type === 'binary' && root.left.op).toBe('+');
    expect(root.type === 'binary' && root.right.type).toBe('unary');
  });

  test('annotations are collected in order, and trailing text is the comment', () => {
    const p = parsed('2d6 [slashing] + 1d6 [fire] [magic] Sneak attack!');
    expect(p.annotations).toEqual(['slashing', 'fire', 'magic']);
    expect(p.comment).toBe('Sneak attack!');
  });

  test.each<[string, string | null]>([
    ['1d20+5 to hit the orc', 'to hit the orc'],
    ['2 dogs', 'dogs'],
    ['1d20 )', ')'],
    ['1d20', null],
  ])('%j has the comment %j', (text, comment) => {
    expect(parsed(text).comment).toBe(comment);
  });

  test.each<[string, string]>([
    ['1d20 adv', 'advantage'],
    ['Dis 1d20', 'disadvantage'],
    ['1d20 adv dis', 'normal'],
    ['1d20 advantage', 'normal'],
    ['1d20 [adv]', 'normal'],
  ])('%j is rolled with mode %s', (text, mode) => {
    expect(parsed(text).mode).toBe(mode);
  });

  test.each<[string, string, number]>([
    ['1e308*10', 'Unexpected `e` at column 2.', 2],
    ['1d6]', 'Unexpected `]` at column 4.', 4],
    ['4d6kh3x', 'Unexpected `x` at column 7.', 7],
    ['1d20)', 'Unexpected `)` at column 5: it has no matching `(`.', 5],
    ['(1d20))', 'Unexpected `)` at column 7: it has no matching `(`.', 7],
  ])('%j: text written right after the expression, without a space, is a mistake, not a comment', (text, message, column) => {
    expect(parseDice(text)).toEqual({ ok: false, error: { message, column } });
  });

  test('an emoji is one whole character in an error, and counts as one column', () => {
    expect(parseDice('1d20+🎲')).toEqual({ ok: false, error: { message: 'Unexpected `🎲` at column 6.', column: 6 } });
    expect(parseDice('🎲🎲 + *')).toEqual({ ok: false, error: { message: 'Unexpected `🎲` at column 1.', column: 1 } });
    expect(parseDice('🎲+1d20+*')).toEqual({ ok: false, error: { message: 'Unexpected `🎲` at column 1.', column: 1 } });
    expect(parseDice('1 [🎲] + *')).toEqual({ ok: false, error: { message: 'Unexpected `*` at column 9.', column: 9 } });
  });

  test('the words adv and dis leave columns of later errors unchanged', () => {
    expect(parseDice('adv 1d20+*5')).toEqual({ ok: false, error: { message: 'Unexpected `*` at column 10.', column: 10 } });
  });
});
