/**
 * The parsed form of a dice expression. Plain data, so callers (the rules engine) can build and
 * transform expressions without going through text.
 */

/** Which pool members an operator acts on; several selectors on one operator act on their union. */
export type SelectorKind =
  /** dice (or elements) showing exactly `value` */
  | 'exact'
  /** the `value` highest */
  | 'highest'
  /** the `value` lowest */
  | 'lowest'
  /** those above `value` */
  | 'greater'
  /** those below `value` */
  | 'less';

export interface Selector {
  kind: SelectorKind;
  value: number;
}

/** The parser gives every operation at least one selector; a repeated `mi`/`ma` means its last. */
export function lastSelector(selectors: readonly Selector[]): Selector {
  const last = selectors[selectors.length - 1];
  if (last === undefined) throw new Error('An operation without a selector');
  return last;
}

/** Operators on a pool of dice; sets and parentheses take only keep (`k`) and drop (`p`). */
export type DiceOperator = 'k' | 'p' | 'rr' | 'ro' | 'ra' | 'e' | 'mi' | 'ma';
export type SetOperator = 'k' | 'p';

export interface Operation<Op extends DiceOperator = DiceOperator> {
  op: Op;
  selectors: Selector[];
}

export type BinaryOperator = '+' | '-' | '*' | '/' | '//' | '%' | '==' | '!=' | '<' | '>' | '<=' | '>=';
export type UnaryOperator = '+' | '-';

export interface NumberNode {
  type: 'number';
  /** May be fractional (`0.5`); only the final total is truncated. */
  value: number;
  annotations: readonly string[];
}

export interface DiceNode {
  type: 'dice';
  count: number;
  sides: number;
  /** Written as `d%`: rolled as a d100, shown as written. */
  percentile: boolean;
  /** Every die shows its highest face instead of being rolled (critical hits in some rule sets). */
  maximized: boolean;
  operations: readonly Operation<DiceOperator>[];
  annotations: readonly string[];
}

/** `(a, b, c)` or `(a,)`: a set whose elements keep/drop act on. */
export interface SetNode {
  type: 'set';
  elements: Expr[];
  operations: readonly Operation<SetOperator>[];
  annotations: readonly string[];
}

/** `(a)`: plain parentheses. Keep/drop on it act on what is inside: `(4d6)kh3` keeps dice. */
export interface GroupNode {
  type: 'group';
  inner: Expr;
  operations: readonly Operation<SetOperator>[];
  annotations: readonly string[];
}

export interface UnaryNode {
  type: 'unary';
  op: UnaryOperator;
  operand: Expr;
}

export interface BinaryNode {
  type: 'binary';
  op: BinaryOperator;
  left: Expr;
  right: Expr;
}

export type Expr = NumberNode | DiceNode | SetNode | GroupNode | UnaryNode | BinaryNode;

export type RollMode = 'normal' | 'advantage' | 'disadvantage';

/** A whole parsed input: the expression plus what surrounded it. */
export interface ParsedDice {
  /** The text as typed. */
  source: string;
  root: Expr;
  /** From the words `adv` / `dis`; applied to the first 1d20 when rolled. */
  mode: RollMode;
  /** Both words were given: they cancel, and so does any mode asked for besides (one of each is a plain roll). */
  cancelled: boolean;
  /** Every `[annotation]`, in order, without brackets. */
  annotations: readonly string[];
  /** Trailing free text, or null. */
  comment: string | null;
}

/** A mistake in an expression, with the 1-based column it was found at when there is one. */
export interface DiceError {
  message: string;
  column: number | null;
}

export type ParseResult = { ok: true; value: ParsedDice } | { ok: false; error: DiceError };
