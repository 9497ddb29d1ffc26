/**
 * Pure rewrites of a parsed expression, generic enough for every rule set's critical hits:
 * each returns a new tree and leaves its input untouched.
 */
import type { DiceNode, Expr, RollMode } from './ast';

/** Applies `change` to every dice term, rebuilding only the path to it. */
export function mapDice(expr: Expr, change: (dice: DiceNode) => DiceNode): Expr {
  switch (expr.type) {
    case 'number':
      return expr;
    case 'dice':
      return change(expr);
    case 'set':
      return { ...expr, elements: expr.elements.map((e) => mapDice(e, change)) };
    case 'group':
      return { ...expr, inner: mapDice(expr.inner, change) };
    case 'unary':
      return { ...expr, operand: mapDice(expr.operand, change) };
    case 'binary':
      return { ...expr, left: mapDice(expr.left, change), right: mapDice(expr.right, change) };
  }
}

/** `2d6+3` → `4d6+3`: the "roll the damage dice twice" critical hit. */
export function doubleDice(expr: Expr): Expr {
  return mapDice(expr, (dice) => ({ ...dice, count: dice.count * 2 }));
}

/** Every die counts as its highest face: the "maximum damage" critical hit. */
export function maximizeDice(expr: Expr): Expr {
  return mapDice(expr, (dice) => ({ ...dice, maximized: true }));
}

export function diceTerm(count: number, sides: number, annotations: readonly string[] = []): DiceNode {
  return { type: 'dice', count, sides, percentile: false, maximized: false, operations: [], annotations };
}

/** `expr + NdX`: an extra die, such as the extra weapon die of a maximized critical hit. */
export function addDice(expr: Expr, sides: number, count = 1, annotations: readonly string[] = []): Expr {
  return { type: 'binary', op: '+', left: expr, right: diceTerm(count, sides, annotations) };
}

/** `(expr)*factor`: "double the total damage" critical hits. */
export function multiplyTotal(expr: Expr, factor: number): Expr {
  const inner: Expr =
    expr.type === 'group' || expr.type === 'number' || expr.type === 'dice'
      ? expr
      : { type: 'group', inner: expr, operations: [], annotations: [] };
  return { type: 'binary', op: '*', left: inner, right: { type: 'number', value: factor, annotations: [] } };
}

/** The first plain `1d20` in reading order, as the target of advantage and disadvantage. */
function isSingleD20(dice: DiceNode): boolean {
  return dice.count === 1 && dice.sides === 20 && !dice.percentile;
}

/**
 * Turns the first `1d20` into `2d20kh1` (advantage) or `2d20kl1` (disadvantage).
 * Returns null when the expression has no `1d20` to change.
 */
export function applyMode(expr: Expr, mode: RollMode): Expr | null {
  if (mode === 'normal') return expr;
  let done = false;
  const result = mapDice(expr, (dice) => {
    if (done || !isSingleD20(dice)) return dice;
    done = true;
    const kind = mode === 'advantage' ? 'highest' : 'lowest';
    return { ...dice, count: 2, operations: [...dice.operations, { op: 'k', selectors: [{ kind, value: 1 }] }] };
  });
  return done ? result : null;
}

/** Advantage and disadvantage from any two sources cancel out, as in fifth edition. */
export function combineModes(a: RollMode, b: RollMode): RollMode {
  if (a === 'normal') return b;
  if (b === 'normal' || a === b) return a;
  return 'normal';
}

/** True when advantage and disadvantage were both asked for, so the roll is a plain one. */
export function modesCancel(...modes: RollMode[]): boolean {
  return modes.includes('advantage') && modes.includes('disadvantage');
}
