import { addDice, doubleDice, maximizeDice, multiplyTotal } from '../dice';
import type { DiceNode, Expr } from '../dice';
import type { CriticalMethod } from './types';

export interface CriticalOptions {
  /** A weapon attack (claws and fists count): Next adds one extra weapon die. Defaults to true. */
  weapon?: boolean;
}

/** The first dice term in reading order stands for the weapon's die (`1d8+1d6[fire]+3` → d8). */
function firstDice(expr: Expr): DiceNode | null {
  switch (expr.type) {
    case 'dice':
      return expr;
    case 'number':
      return null;
    case 'set':
      return expr.elements.reduce<DiceNode | null>((found, e) => found ?? firstDice(e), null);
    case 'group':
      return firstDice(expr.inner);
    case 'unary':
      return firstDice(expr.operand);
    case 'binary':
      return firstDice(expr.left) ?? firstDice(expr.right);
  }
}

/**
 * A damage expression as the rule set's critical hit (RULES.md §4): dice twice (2014, 2024), every
 * die at its maximum plus one weapon die (Next), or the whole result doubled, modifiers included
 * (A5E; C&M per decision §27.1).
 */
export function criticalDamage(expr: Expr, method: CriticalMethod, options: CriticalOptions = {}): Expr {
  switch (method.kind) {
    case 'double-dice':
      return doubleDice(expr);
    case 'max-dice-plus-weapon-die': {
      const maximized = maximizeDice(expr);
      const weapon = options.weapon === false ? null : firstDice(expr);
      return weapon === null ? maximized : addDice(maximized, weapon.sides, 1, weapon.annotations);
    }
    case 'double-everything':
    case 'double-total':
      return multiplyTotal(expr, 2);
  }
}
