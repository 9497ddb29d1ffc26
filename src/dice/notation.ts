/** Writes parsed expressions back as notation, for display and for the renderer's term labels. */
import type { DiceNode, DiceOperator, Expr, Operation, Selector } from './ast';

/** Whole numbers below this are written from a table: converting a number to text on every roll was a slow generic call. */
const TABLE_NUMBERS = 1024;
const NUMBER_TEXTS = Array.from({ length: TABLE_NUMBERS }, (_, n) => String(n));

/** `String(n)`, from the table for the small whole numbers rolls are mostly made of. */
export function numberText(n: number): string {
  return (n >= 0 && n < TABLE_NUMBERS ? NUMBER_TEXTS[n] : undefined) ?? String(n);
}

/** A switch rather than a lookup table: reading a table by a varying key was a slow generic lookup on every roll. */
function selectorPrefix(kind: Selector['kind']): string {
  switch (kind) {
    case 'exact':
      return '';
    case 'highest':
      return 'h';
    case 'lowest':
      return 'l';
    case 'greater':
      return '>';
    case 'less':
      return '<';
  }
}

/** The place of each operator and selector kind in OPERATOR_TEXTS. */
function operatorIndex(op: DiceOperator): number {
  switch (op) {
    case 'k':
      return 0;
    case 'p':
      return 1;
    case 'rr':
      return 2;
    case 'ro':
      return 3;
    case 'ra':
      return 4;
    case 'e':
      return 5;
    case 'mi':
      return 6;
    case 'ma':
      return 7;
  }
}

function selectorIndex(kind: Selector['kind']): number {
  switch (kind) {
    case 'exact':
      return 0;
    case 'highest':
      return 1;
    case 'lowest':
      return 2;
    case 'greater':
      return 3;
    case 'less':
      return 4;
  }
}

/** Selector values below this are written from a table. */
const TABLE_SELECTOR_VALUES = 256;
/**
 * `kh3`, `rr<3`: one operator with one selector, filled as they turn up (made full size at once, as
 * a list filled far from its start is a slow dictionary). Each was three concatenations on every roll.
 */
const OPERATOR_TEXTS = new Array<string | undefined>(8 * 5 * TABLE_SELECTOR_VALUES).fill(undefined);

function operatorText(op: DiceOperator, selector: Selector): string {
  const { kind, value } = selector;
  if (!(Number.isInteger(value) && value >= 0 && value < TABLE_SELECTOR_VALUES)) return op + selectorPrefix(kind) + numberText(value);
  const key = (operatorIndex(op) * 5 + selectorIndex(kind)) * TABLE_SELECTOR_VALUES + value;
  return (OPERATOR_TEXTS[key] ??= op + selectorPrefix(kind) + numberText(value));
}

export function formatOperations(operations: readonly Operation[]): string {
  let out = '';
  for (let i = 0; i < operations.length; i++) {
    const operation = operations[i];
    if (operation === undefined) continue;
    const { op, selectors } = operation;
    for (let j = 0; j < selectors.length; j++) {
      const s = selectors[j];
      if (s !== undefined) out += operatorText(op, s);
    }
  }
  return out;
}

/** `4d`: a count and its `d`, from a table for the counts `NUMBER_TEXTS` holds. */
const COUNT_TEXTS = NUMBER_TEXTS.map((n) => `${n}d`);

/** `4d6kh3`; a maximized term reads `max(2d6)`. */
export function formatDice(dice: DiceNode): string {
  const size = dice.percentile ? '%' : numberText(dice.sides);
  const count = (dice.count >= 0 && dice.count < TABLE_NUMBERS ? COUNT_TEXTS[dice.count] : undefined) ?? `${dice.count}d`;
  const base = dice.operations.length === 0 ? count + size : count + size + formatOperations(dice.operations);
  return dice.maximized ? `max(${base})` : base;
}

/** Markdown-safe text typed by a player (annotations, comments). */
function escapeMarkdown(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/[\\*_~`|>[\]]/g, '\\$&');
}

/** `text [fire] [magic]`, with the player's words escaped. */
export function annotate(text: string, annotations: readonly string[]): string {
  if (annotations.length === 0) return text;
  let out = text;
  for (const a of annotations) out += ` [${escapeMarkdown(a)}]`;
  return out;
}

/** The expression as notation, e.g. `4d6 + 3 [fire]`; Markdown-safe. */
export function formatExpr(expr: Expr): string {
  switch (expr.type) {
    case 'number':
      return annotate(numberText(expr.value), expr.annotations);
    case 'dice':
      return annotate(formatDice(expr), expr.annotations);
    case 'set': {
      const inside = expr.elements.map(formatExpr).join(', ') + (expr.elements.length === 1 ? ',' : '');
      return annotate(`(${inside})${formatOperations(expr.operations)}`, expr.annotations);
    }
    case 'group':
      return annotate(`(${formatExpr(expr.inner)})${formatOperations(expr.operations)}`, expr.annotations);
    case 'unary':
      return expr.op + formatExpr(expr.operand);
    case 'binary':
      return `${formatExpr(expr.left)} ${expr.op} ${formatExpr(expr.right)}`;
  }
}

/** Every annotation in the expression, in reading order. */
export function collectAnnotations(expr: Expr): string[] {
  switch (expr.type) {
    case 'number':
    case 'dice':
      return [...expr.annotations];
    case 'set':
      return [...expr.elements.flatMap(collectAnnotations), ...expr.annotations];
    case 'group':
      return [...collectAnnotations(expr.inner), ...expr.annotations];
    case 'unary':
      return collectAnnotations(expr.operand);
    case 'binary':
      return [...collectAnnotations(expr.left), ...collectAnnotations(expr.right)];
  }
}
