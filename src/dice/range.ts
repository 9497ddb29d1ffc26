/**
 * The lowest and highest total an expression can have. Exact for the usual shapes (`4d6kh3+2`,
 * `2d20kl1`, `(1d4+1, 3)kh1`); for the unusual ones a sound bound, so every roll lies within it.
 */
import { lastSelector, type DiceNode, type Expr, type GroupNode, type Operation, type Selector } from './ast';
import { MAX_DICE } from './limits';

export interface Range {
  min: number;
  max: number;
}

const UNBOUNDED: Range = { min: -Infinity, max: Infinity };

function sumOf(values: number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** Only `kh`/`kl`/`ph`/`pl` with one selector keep a known number of members. */
function countedSelector(selectors: readonly Selector[]): Selector | null {
  const [s] = selectors;
  if (selectors.length !== 1 || s === undefined) return null;
  return s.kind === 'highest' || s.kind === 'lowest' ? s : null;
}

/**
 * The range of a pool of members, each within its own range, after keep/drop. A single
 * "keep the n highest/lowest" is monotone in every member, so its bounds come from the members'.
 */
function poolRange(members: Range[], operations: readonly Operation[]): Range {
  if (operations.length === 0) return { min: sumOf(members.map((m) => m.min)), max: sumOf(members.map((m) => m.max)) };
  const [only] = operations;
  if (operations.length === 1 && only !== undefined) {
    const { op, selectors } = only;
    const s = countedSelector(selectors);
    if (s !== null && (op === 'k' || op === 'p')) {
      const n = members.length;
      const count = op === 'k' ? Math.min(s.value, n) : Math.max(0, n - s.value);
      const highest = (op === 'k') === (s.kind === 'highest');
      const pick = (values: number[]): number => {
        const sorted = [...values].sort((a, b) => (highest ? b - a : a - b));
        return sumOf(sorted.slice(0, count));
      };
      return { min: pick(members.map((m) => m.min)), max: pick(members.map((m) => m.max)) };
    }
  }
  // Any member may end up dropped (counting 0) or kept.
  return { min: sumOf(members.map((m) => Math.min(0, m.min))), max: sumOf(members.map((m) => Math.max(0, m.max))) };
}

function diceRange(node: DiceNode): Range {
  const lowest = node.maximized ? node.sides : 1;
  let lo = lowest;
  let hi = node.sides;
  let count = node.count;
  let grows = false;
  const keepDrop: Operation[] = [];
  for (const operation of node.operations) {
    const { op, selectors } = operation;
    const limit = lastSelector(selectors).value;
    if (op === 'mi') {
      lo = Math.max(lo, limit);
      hi = Math.max(hi, limit);
    } else if (op === 'ma') {
      lo = Math.min(lo, limit);
      hi = Math.min(hi, limit);
    } else if (op === 'k' || op === 'p') {
      keepDrop.push(operation);
    } else {
      // Rerolled and added dice show fresh faces, which an earlier mi/ma no longer bounds.
      lo = Math.min(lo, lowest);
      hi = Math.max(hi, node.sides);
      if (op === 'ra' || op === 'e') {
        grows = true;
        count = op === 'ra' ? count + 1 : MAX_DICE;
      }
    }
  }
  if (!grows)
    return poolRange(
      Array.from({ length: count }, () => ({ min: lo, max: hi })),
      keepDrop,
    );
  // Anywhere from none to all of the dice may count.
  return { min: Math.min(0, count * lo), max: Math.max(0, count * hi) };
}

/** Keep/drop on parentheses act on what is inside, after that inner term's own operators. */
function groupRange(group: GroupNode): Range {
  const operations: Operation[] = [...group.operations];
  let base: Expr = group.inner;
  while (base.type === 'group') {
    operations.unshift(...base.operations);
    base = base.inner;
  }
  if (operations.length === 0) return rangeOf(base);
  if (base.type === 'dice') return diceRange({ ...base, operations: [...base.operations, ...operations] });
  if (base.type === 'set') return poolRange(base.elements.map(rangeOf), [...base.operations, ...operations]);
  return poolRange([rangeOf(base)], operations);
}

function multiply(a: Range, b: Range): Range {
  const products = [a.min * b.min, a.min * b.max, a.max * b.min, a.max * b.max].map((p) => (Number.isNaN(p) ? 0 : p));
  return { min: Math.min(...products), max: Math.max(...products) };
}

function divide(a: Range, b: Range): Range {
  if (b.min <= 0 && b.max >= 0) return UNBOUNDED;
  // The same divisions the roll makes, so the bounds round exactly as totals do.
  const quotients = [a.min / b.min, a.min / b.max, a.max / b.min, a.max / b.max];
  return { min: Math.min(...quotients), max: Math.max(...quotients) };
}

function compare(op: string, a: Range, b: Range): Range {
  const always =
    (op === '<' && a.max < b.min) || (op === '>' && a.min > b.max) || (op === '<=' && a.max <= b.min) || (op === '>=' && a.min >= b.max);
  const never =
    (op === '<' && a.min >= b.max) || (op === '>' && a.max <= b.min) || (op === '<=' && a.min > b.max) || (op === '>=' && a.max < b.min);
  if (always) return { min: 1, max: 1 };
  if (never) return { min: 0, max: 0 };
  return { min: 0, max: 1 };
}

export function rangeOf(expr: Expr): Range {
  switch (expr.type) {
    case 'number':
      return { min: expr.value, max: expr.value };
    case 'dice':
      return diceRange(expr);
    case 'set':
      return poolRange(expr.elements.map(rangeOf), expr.operations);
    case 'group':
      return groupRange(expr);
    case 'unary': {
      const r = rangeOf(expr.operand);
      return expr.op === '-' ? { min: -r.max, max: -r.min } : r;
    }
    case 'binary': {
      const a = rangeOf(expr.left);
      const b = rangeOf(expr.right);
      switch (expr.op) {
        case '+':
          return { min: a.min + b.min, max: a.max + b.max };
        case '-':
          return { min: a.min - b.max, max: a.max - b.min };
        case '*':
          return multiply(a, b);
        case '/':
          return divide(a, b);
        case '//': {
          const q = divide(a, b);
          return { min: Math.floor(q.min), max: Math.floor(q.max) };
        }
        case '%':
          if (b.min > 0) return { min: 0, max: b.max };
          if (b.max < 0) return { min: b.min, max: 0 };
          return UNBOUNDED;
        case '==':
        case '!=':
          return { min: 0, max: 1 };
        default:
          return compare(expr.op, a, b);
      }
    }
  }
}

/** The range of the final total, which is truncated toward zero. */
export function totalRange(expr: Expr): Range {
  const r = rangeOf(expr);
  return { min: Math.trunc(r.min), max: Math.trunc(r.max) };
}
