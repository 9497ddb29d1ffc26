/**
 * Rolls a parsed expression into a tree of rolled values, following Avrae's d20 engine: operators
 * act left to right on the dice still kept, and values stay unrounded until the final total.
 */
import {
  lastSelector,
  type DiceNode,
  type Expr,
  type Operation,
  type Selector,
  type SetOperator,
  type UnaryOperator,
  type BinaryOperator,
  type DiceOperator,
} from './ast';
import type { WorkBudget } from './budget';
import { Die, keptTotal } from './die';
import { RollFailure } from './failure';
import { DiceTerm } from './term';
import { MAX_DICE, MAX_SIDES, PAST_EXACT, pastExact, withCommas } from './limits';
import type { RandomSource } from './random';
import type { Rolled, RolledBinary, RolledDice, RolledGroup, RolledNumber, RolledSet, RolledUnary } from './rolled';
import { distinctSelectors, keepOrDrop, select, type Item } from './select';

/**
 * Every rolled node but a dice term (a `DiceTerm`), made by this one constructor so that all share
 * one shape, the fields their kind does not use null. The code that reads rolled trees (totals,
 * keep and drop on sets, rendering, finding the first d20) then meets two shapes instead of six,
 * which it reads several times faster.
 */
class RolledNode {
  kept = true;

  constructor(
    readonly type: Exclude<Rolled, RolledDice>['type'],
    public value: number,
    readonly node: Expr | null,
    readonly op: UnaryOperator | BinaryOperator | null,
    readonly elements: Rolled[] | null,
    readonly inner: Rolled | null,
    readonly operand: Rolled | null,
    readonly left: Rolled | null,
    readonly right: Rolled | null,
  ) {}
}

/** A RolledNode as the kind its `type` says: it has that kind's fields, and null for the others. */
function as<T extends Exclude<Rolled, RolledDice>>(node: RolledNode): T {
  return node as unknown as T;
}

class Roller {
  constructor(
    private readonly random: RandomSource,
    readonly budget: WorkBudget,
  ) {}

  evaluate(node: Expr): Rolled {
    switch (node.type) {
      case 'number':
        return as<RolledNumber>(new RolledNode('number', node.value, node, null, null, null, null, null, null));
      case 'dice':
        return this.dice(node);
      case 'set': {
        const elements = node.elements.map((e) => this.evaluate(e));
        const set = as<RolledSet>(new RolledNode('set', 0, node, null, elements, null, null, null, null));
        applyKeepDrop(elements, node.operations, this.budget);
        set.value = exact(keptSum(elements));
        return set;
      }
      case 'group': {
        const inner = this.evaluate(node.inner);
        const group = as<RolledGroup>(new RolledNode('group', 0, node, null, null, inner, null, null, null));
        if (node.operations.length > 0) {
          applyKeepDrop(membersOf(inner), node.operations, this.budget);
          refresh(inner);
        }
        group.value = exact(inner.kept ? inner.value : 0);
        return group;
      }
      case 'unary': {
        const operand = this.evaluate(node.operand);
        const v = total(operand);
        return as<RolledUnary>(new RolledNode('unary', node.op === '-' ? -v : v, null, node.op, null, null, operand, null, null));
      }
      case 'binary': {
        const left = this.evaluate(node.left);
        const right = this.evaluate(node.right);
        const value = exact(binary(node.op, total(left), total(right)));
        return as<RolledBinary>(new RolledNode('binary', value, null, node.op, null, null, null, left, right));
      }
    }
  }

  private face(node: DiceNode): number {
    this.budget.rollDice();
    return node.maximized ? node.sides : this.random.die(node.sides);
  }

  private reroll(node: DiceNode, die: Die): void {
    die.reroll(this.face(node));
  }

  private dice(node: DiceNode): RolledDice {
    if (node.sides < 1 || !Number.isInteger(node.sides)) throw new RollFailure('A die needs at least 1 side.');
    if (node.sides > MAX_SIDES) throw new RollFailure(`A die can have at most ${withCommas(MAX_SIDES)} sides.`);
    if (node.count > MAX_DICE) throw new RollFailure(`At most ${MAX_DICE} dice can be rolled at once.`);
    const { count, sides } = node;
    // The term's own dice are paid for up front: too many fail just the same, before any is drawn.
    this.budget.rollDice(count);
    // Lists made at their size: grown from empty by `push`, even one die reserves room for seventeen.
    if (node.operations.length === 0) {
      const faces = new Array<number>(count);
      let sum = 0;
      for (let i = 0; i < count; i++) {
        const face = node.maximized ? sides : this.random.die(sides);
        faces[i] = face;
        sum += face;
      }
      return DiceTerm.ofFaces(node, faces, sum);
    }
    const dice = new Array<Die>(count);
    for (let i = 0; i < count; i++) dice[i] = new Die(node.maximized ? sides : this.random.die(sides));
    for (const operation of node.operations) this.operate(node, dice, operation);
    return DiceTerm.ofDice(node, dice, keptTotal(dice));
  }

  private operate(node: DiceNode, dice: Die[], operation: Operation<DiceOperator>): void {
    const { op } = operation;
    const selectors = distinctSelectors(operation.selectors);
    switch (op) {
      case 'k':
      case 'p':
        keepOrDrop(dice, op, selectors, this.budget);
        return;
      case 'ro':
        for (const i of select(dice, selectors, this.budget)) this.reroll(node, memberAt(dice, i));
        return;
      case 'rr': {
        let chosen = select(dice, selectors, this.budget);
        if (chosen.length > 0 && matchesEveryFace(node, selectors)) throw new RollFailure(neverEnds(node, 'reroll'));
        while (chosen.length > 0) {
          for (const i of chosen) this.reroll(node, memberAt(dice, i));
          // Only the dice just rerolled changed: the others were not selected and still are not
          // (a highest or lowest selector, which could change its mind, never ends and was refused).
          // One selector chooses in pool order already; several choose selector by selector.
          if (selectors.length > 1) chosen.sort((a, b) => a - b);
          chosen = select(dice, selectors, this.budget, Infinity, chosen);
        }
        return;
      }
      case 'ra': {
        const [first] = select(dice, selectors, this.budget, 1);
        if (first !== undefined) this.explode(node, dice, memberAt(dice, first));
        return;
      }
      case 'e': {
        let chosen = select(dice, selectors, this.budget);
        if (chosen.length > 0 && matchesEveryFace(node, selectors)) throw new RollFailure(neverEnds(node, 'explode'));
        while (chosen.length > 0) {
          const from = dice.length;
          for (const i of chosen) this.explode(node, dice, memberAt(dice, i));
          // Each die explodes once, and dice that did not match never will: only the new ones can.
          chosen = select(dice, selectors, this.budget, Infinity, null, from);
        }
        return;
      }
      case 'mi':
      case 'ma': {
        // Like Avrae, a repeated mi/ma means its last number.
        const limit = lastSelector(operation.selectors).value;
        this.budget.spend(dice.length);
        for (const die of dice) {
          if (!die.kept) continue;
          if (op === 'mi' ? die.value < limit : die.value > limit) {
            die.force(limit);
          }
        }
        return;
      }
    }
  }

  private explode(node: DiceNode, dice: Die[], die: Die): void {
    die.markExploded();
    dice.push(new Die(this.face(node)));
  }
}

/**
 * `value`, unless it is past what a double counts exactly. Only sums, products and quotients can
 * get there (a number is refused as it is read, and 1,000 dice of 1,000,000 sides stay far below),
 * and every step is checked, so a step back below the bound cannot hide one that rounded.
 */
function exact(value: number): number {
  if (pastExact(value)) {
    throw new RollFailure(PAST_EXACT);
  }
  return value;
}

function total(rolled: Rolled): number {
  return rolled.kept ? rolled.value : 0;
}

function keptSum(items: readonly Item[]): number {
  let sum = 0;
  for (const item of items) if (item.kept) sum += item.value;
  return sum;
}

/** What keep/drop on parentheses act on: the dice or elements inside, else the value itself. */
function membersOf(rolled: Rolled): Item[] {
  switch (rolled.type) {
    case 'dice':
      return rolled.dice;
    case 'set':
      return rolled.elements;
    case 'group':
      return membersOf(rolled.inner);
    default:
      return [rolled];
  }
}

/** Recomputes values after keep/drop on enclosing parentheses changed what inside is kept. */
function refresh(rolled: Rolled): void {
  if (rolled.type === 'dice') rolled.value = keptTotal(rolled.dice);
  else if (rolled.type === 'set') rolled.value = keptSum(rolled.elements);
  else if (rolled.type === 'group') {
    refresh(rolled.inner);
    rolled.value = total(rolled.inner);
  }
}

function applyKeepDrop(items: Item[], operations: readonly Operation<SetOperator>[], budget: WorkBudget): void {
  for (const { op, selectors } of operations) keepOrDrop(items, op, distinctSelectors(selectors), budget);
}

/** `items[i]` for an index a selection returned, so always present. */
function memberAt<T>(items: readonly T[], i: number): T {
  const item = items[i];
  if (item === undefined) throw new RangeError(`no pool member at ${i}`);
  return item;
}

/**
 * True when every face a die can show is selected again, so rerolling or exploding never stops.
 * `selectors` are distinct, so their exact values are too.
 */
function matchesEveryFace(node: DiceNode, selectors: readonly Selector[]): boolean {
  let below = -Infinity; // faces below this match
  let above = Infinity; // faces above this match
  for (const s of selectors) {
    if ((s.kind === 'highest' || s.kind === 'lowest') && s.value > 0) return true;
    if (s.kind === 'less') below = Math.max(below, s.value);
    else if (s.kind === 'greater') above = Math.min(above, s.value);
  }
  // Only the faces between the two ranges need an exact selector each.
  const from = Math.max(node.maximized ? node.sides : 1, below);
  const to = Math.min(node.sides, above);
  let exact = 0;
  for (const s of selectors) if (s.kind === 'exact' && s.value >= from && s.value <= to) exact++;
  return exact >= to - from + 1;
}

function neverEnds(node: DiceNode, verb: string): string {
  return `A d${node.sides} would ${verb} forever: every face it can show matches.`;
}

function binary(op: BinaryOperator, l: number, r: number): number {
  switch (op) {
    case '+':
      return l + r;
    case '-':
      return l - r;
    case '*':
      return l * r;
    case '/':
      if (r === 0) throw new RollFailure('Cannot divide by zero.');
      return l / r;
    case '//':
      if (r === 0) throw new RollFailure('Cannot divide by zero.');
      return Math.floor(l / r);
    case '%':
      if (r === 0) throw new RollFailure('Cannot divide by zero.');
      // The remainder takes the sign of the divisor, as in Python (and so in Avrae).
      return l - r * Math.floor(l / r);
    case '==':
      return l === r ? 1 : 0;
    case '!=':
      return l !== r ? 1 : 0;
    case '<':
      return l < r ? 1 : 0;
    case '>':
      return l > r ? 1 : 0;
    case '<=':
      return l <= r ? 1 : 0;
    case '>=':
      return l >= r ? 1 : 0;
  }
}

/**
 * Rolls `expr`, paying from `budget` (which counts the dice rolled); throws RollFailure for mistakes
 * only rolling reveals (the caller makes it a value). `budget` may be shared by several rolls that
 * answer one request, so splitting it cannot multiply the work.
 */
export function evaluate(expr: Expr, random: RandomSource, budget: WorkBudget): Rolled {
  return new Roller(random, budget).evaluate(expr);
}
