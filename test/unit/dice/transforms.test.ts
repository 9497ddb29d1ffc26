import {
  addDice,
  applyMode,
  combineModes,
  doubleDice,
  formatExpr,
  maximizeDice,
  modesCancel,
  multiplyTotal,
  parseDice,
  rollDice,
  totalRange,
  type Expr,
} from '../../../src/dice';
import { scripted } from './scripted';

function root(text: string): Expr {
  const result = parseDice(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value.root;
}

function rollExpr(expr: Expr, faces: number[]): { total: number; text: string } {
  const result = rollDice(expr, scripted(...faces));
  if (!result.ok) throw new Error(result.error.message);
  return { total: result.total, text: result.text };
}

describe('critical-hit transforms', () => {
  test('doubling the dice: 2d6+3 becomes 4d6+3 (2014 and 2024)', () => {
    expect(formatExpr(doubleDice(root('2d6+3')))).toBe('4d6 + 3');
    expect(formatExpr(doubleDice(root('1d8+1d6 [fire]+2')))).toBe('2d8 + 2d6 [fire] + 2');
    const typed = rollDice(doubleDice(root('1d8 [slashing] + 1d6 [fire]')), scripted(1, 2, 3, 4));
    expect(typed.ok && [typed.total, typed.annotations]).toEqual([10, ['slashing', 'fire']]);
    expect(rollExpr(doubleDice(root('2d6+3')), [1, 2, 3, 4]).total).toBe(13);
  });

  test('maximized dice roll nothing and show their highest faces (Next)', () => {
    const crit = addDice(maximizeDice(root('1d8+3')), 8);
    expect(formatExpr(crit)).toBe('max(1d8) + 3 + 1d8');
    expect(rollExpr(crit, [5])).toEqual({ total: 16, text: 'max(1d8) (**8**) + 3 + 1d8 (5) = `16`' });
    expect(totalRange(crit)).toEqual({ min: 12, max: 19 });
  });

  test('multiplying the total: (2d6+3)*2 (Crown & Misery, A5E)', () => {
    const crit = multiplyTotal(root('2d6+3'), 2);
    expect(formatExpr(crit)).toBe('(2d6 + 3) * 2');
    expect(rollExpr(crit, [4, 5]).total).toBe(24);
    expect(formatExpr(multiplyTotal(root('1d6'), 2))).toBe('1d6 * 2');
  });

  test('transforms leave their input unchanged', () => {
    const original = root('2d6kh1+3');
    const copy = structuredClone(original);
    doubleDice(original);
    maximizeDice(original);
    addDice(original, 6);
    multiplyTotal(original, 2);
    expect(original).toEqual(copy);
  });
});

describe('advantage and disadvantage', () => {
  test('the first 1d20 becomes 2d20kh1 or 2d20kl1', () => {
    expect(formatExpr(applyMode(root('1d20+1d20+5'), 'advantage') as Expr)).toBe('2d20kh1 + 1d20 + 5');
    expect(formatExpr(applyMode(root('3 + 1d20'), 'disadvantage') as Expr)).toBe('3 + 2d20kl1');
  });

  test('no 1d20 means nothing to change', () => {
    expect(applyMode(root('2d6'), 'advantage')).toBeNull();
    expect(applyMode(root('2d20'), 'advantage')).toBeNull();
  });

  test.each<[Parameters<typeof combineModes>[0], Parameters<typeof combineModes>[1], string]>([
    ['normal', 'advantage', 'advantage'],
    ['disadvantage', 'normal', 'disadvantage'],
    ['advantage', 'advantage', 'advantage'],
    ['advantage', 'disadvantage', 'normal'],
  ])('%s with %s is %s', (a, b, mode) => {
    expect(combineModes(a, b)).toBe(mode);
  });

  test('modes cancel only when both advantage and disadvantage were asked for', () => {
    expect(modesCancel('advantage', 'normal', 'disadvantage')).toBe(true);
    expect(modesCancel('advantage', 'advantage')).toBe(false);
    expect(modesCancel('normal')).toBe(false);
  });
});

describe('minimum and maximum totals', () => {
  test.each<[string, number, number]>([
    ['1d20+5', 6, 25],
    ['4d6kh3', 3, 18],
    ['4d6kh3+2', 5, 20],
    ['2d20kl1', 1, 20],
    ['4d6ph1', 3, 18],
    ['(1d4+1, 3, 2d6kl1)kh1', 3, 6],
    ['(4d6)kh3', 3, 18],
    ['3d6mi3', 9, 18],
    ['2d6ma4', 2, 8],
    ['-(1d8+3)', -11, -4],
    ['2d6 - 1d4', -2, 11],
    ['(1d6+1)*2', 4, 14],
    ['1d6 / 2', 0, 3],
    ['1d6 // 4', 0, 1],
    ['1d20 >= 10', 0, 1],
    ['1d20 > 25', 0, 0],
    ['0d6 + 2', 2, 2],
  ])('%s lies between %i and %i', (text, min, max) => {
    expect(totalRange(root(text))).toEqual({ min, max });
  });
});
