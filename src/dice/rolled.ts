/** The tree a roll makes: one node per part of the expression, with its value and whether it is kept. */
import type { BinaryOperator, DiceNode, Expr, UnaryOperator } from './ast';
import type { Die } from './die';

interface RolledBase {
  /** This node's value, ignoring whether it is kept. */
  value: number;
  kept: boolean;
}

export interface RolledNumber extends RolledBase {
  type: 'number';
  node: Expr & { type: 'number' };
}
export interface RolledDice extends RolledBase {
  type: 'dice';
  node: DiceNode;
  dice: Die[];
  /**
   * For a term no operator touched (each die shows one face, all kept): its faces, to read instead
   * of `dice`, which such a term makes only when asked. Null for other terms, or once `dice` was made.
   */
  readonly plainFaces: readonly number[] | null;
}
export interface RolledSet extends RolledBase {
  type: 'set';
  node: Expr & { type: 'set' };
  elements: Rolled[];
}
export interface RolledGroup extends RolledBase {
  type: 'group';
  node: Expr & { type: 'group' };
  inner: Rolled;
}
export interface RolledUnary extends RolledBase {
  type: 'unary';
  op: UnaryOperator;
  operand: Rolled;
}
export interface RolledBinary extends RolledBase {
  type: 'binary';
  op: BinaryOperator;
  left: Rolled;
  right: Rolled;
}

export type Rolled = RolledNumber | RolledDice | RolledSet | RolledGroup | RolledUnary | RolledBinary;
