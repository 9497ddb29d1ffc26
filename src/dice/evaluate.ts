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
import { MAX_DICE, MAX_SIDES } from './limits';
import type { RandomSource } from './random';

/** One face a die showed. A die shows several when rerolled; only the last counts. */
export interface Roll {
  natural: number;
  /** Differs from `natural` after `mi`/`ma`. */
  value: number;
  rerolled: boolean;
  exploded: boolean;
}

export interface RolledDie {
  rolls: Roll[];
  /** The last roll's value. */
  value: number;
  kept: boolean;
}

/** A die always has the roll it was made with; rerolls and caps act on its newest. */
export function lastRoll(die: RolledDie): Roll {
  const last = die.rolls[die.rolls.length - 1];
  if (last === undefined) throw new Error('A die without a roll');
  return last;
}

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
  dice: RolledDie[];
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

/** A mistake only rolling reveals (division by zero, a reroll that never ends). */
export class RollFailure {
  constructor(readonly message: string) {}
}

/** Whatever an operator can select from: dice, or the elements of a set. */
interface Item {
  value: number;
  kept: boolean;
}

class Roller {
  private rolled = 0;

  constructor(private readonly random: RandomSource) {}

  get diceRolled(): number {
    return this.rolled;
  }

  evaluate(node: Expr): Rolled {
    switch (node.type) {
      case 'number':
        return { type: 'number', node, value: node.value, kept: true };
      case 'dice':
        return this.dice(node);
      case 'set': {
        const elements = node.elements.map((e) => this.evaluate(e));
        const set: RolledSet = { type: 'set', node, elements, value: 0, kept: true };
        applyKeepDrop(elements, node.operations);
        set.value = keptSum(elements);
        return set;
      }
      case 'group': {
        const inner = this.evaluate(node.inner);
        const group: RolledGroup = { type: 'group', node, inner, value: 0, kept: true };
        if (node.operations.length > 0) {
          applyKeepDrop(membersOf(inner), node.operations);
          refresh(inner);
        }
        group.value = inner.kept ? inner.value : 0;
        return group;
      }
      case 'unary': {
        const operand = this.evaluate(node.operand);
        const v = total(operand);
        return { type: 'unary', op: node.op, operand, value: node.op === '-' ? -v : v, kept: true };
      }
      case 'binary': {
        const left = this.evaluate(node.left);
        const right = this.evaluate(node.right);
        return { type: 'binary', op: node.op, left, right, value: binary(node.op, total(left), total(right)), kept: true };
      }
    }
  }

  private face(node: DiceNode): number {
    if (++this.rolled > MAX_DICE) {
      throw new RollFailure(`That rolls more than ${MAX_DICE} dice (counting rerolls and explosions).`);
    }
    return node.maximized ? node.sides : this.random.die(node.sides);
  }

  private newDie(node: DiceNode): RolledDie {
    const natural = this.face(node);
    return { rolls: [{ natural, value: natural, rerolled: false, exploded: false }], value: natural, kept: true };
  }

  private reroll(node: DiceNode, die: RolledDie): void {
    lastRoll(die).rerolled = true;
    const natural = this.face(node);
    die.rolls.push({ natural, value: natural, rerolled: false, exploded: false });
    die.value = natural;
  }

  private dice(node: DiceNode): RolledDice {
    if (node.sides < 1 || !Number.isInteger(node.sides)) throw new RollFailure('A die needs at least 1 side.');
    if (node.sides > MAX_SIDES) throw new RollFailure(`A die can have at most ${MAX_SIDES.toLocaleString('en-US')} sides.`);
    if (node.count > MAX_DICE) throw new RollFailure(`At most ${MAX_DICE} dice can be rolled at once.`);
    const dice: RolledDie[] = new Array<RolledDie>(node.count);
    for (let i = 0; i < node.count; i++) dice[i] = this.newDie(node);
    for (const operation of node.operations) this.operate(node, dice, operation);
    return { type: 'dice', node, dice, value: keptSum(dice), kept: true };
  }

  private operate(node: DiceNode, dice: RolledDie[], { op, selectors }: Operation<DiceOperator>): void {
    switch (op) {
      case 'k':
      case 'p':
        keepOrDrop(dice, op, selectors);
        return;
      case 'ro':
        for (const die of select(dice, selectors)) this.reroll(node, die);
        return;
      case 'rr': {
        let chosen = select(dice, selectors);
        if (chosen.length > 0 && matchesEveryFace(node, selectors)) throw new RollFailure(neverEnds(node, 'reroll'));
        while (chosen.length > 0) {
          for (const die of chosen) this.reroll(node, die);
          chosen = select(dice, selectors);
        }
        return;
      }
      case 'ra': {
        const [first] = select(dice, selectors, 1);
        if (first !== undefined) this.explode(node, dice, first);
        return;
      }
      case 'e': {
        let chosen = select(dice, selectors);
        if (chosen.length > 0 && matchesEveryFace(node, selectors)) throw new RollFailure(neverEnds(node, 'explode'));
        const done = new Set<RolledDie>();
        while (chosen.length > 0) {
          for (const die of chosen) {
            this.explode(node, dice, die);
            done.add(die);
          }
          chosen = select(dice, selectors).filter((die) => !done.has(die));
        }
        return;
      }
      case 'mi':
      case 'ma': {
        // Like Avrae, a repeated mi/ma means its last number.
        const limit = lastSelector(selectors).value;
        for (const die of dice) {
          if (!die.kept) continue;
          if (op === 'mi' ? die.value < limit : die.value > limit) {
            lastRoll(die).value = limit;
            die.value = limit;
          }
        }
        return;
      }
    }
  }

  private explode(node: DiceNode, dice: RolledDie[], die: RolledDie): void {
    lastRoll(die).exploded = true;
    dice.push(this.newDie(node));
  }
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
  if (rolled.type === 'dice') rolled.value = keptSum(rolled.dice);
  else if (rolled.type === 'set') rolled.value = keptSum(rolled.elements);
  else if (rolled.type === 'group') {
    refresh(rolled.inner);
    rolled.value = total(rolled.inner);
  }
}

function applyKeepDrop(items: Item[], operations: readonly Operation<SetOperator>[]): void {
  for (const { op, selectors } of operations) keepOrDrop(items, op, selectors);
}

function keepOrDrop(items: Item[], op: 'k' | 'p', selectors: readonly Selector[]): void {
  const chosen = select(items, selectors);
  if (op === 'p') {
    for (const item of chosen) item.kept = false;
    return;
  }
  const keep = new Set(chosen);
  for (const item of items) if (item.kept && !keep.has(item)) item.kept = false;
}

/** The kept items matching any selector, in pool order, at most `limit` of them. */
function select<T extends Item>(items: readonly T[], selectors: readonly Selector[], limit = Infinity): T[] {
  const [only] = selectors;
  if (selectors.length === 1 && only !== undefined) return matching(items, only).slice(0, limit);
  const chosen: T[] = [];
  for (const selector of selectors) {
    if (chosen.length >= limit) break;
    for (const item of matching(items, selector)) {
      if (chosen.length >= limit) break;
      if (!chosen.includes(item)) chosen.push(item);
    }
  }
  return chosen;
}

function matching<T extends Item>(items: readonly T[], { kind, value }: Selector): T[] {
  const kept = items.filter((item) => item.kept);
  switch (kind) {
    case 'exact':
      return kept.filter((item) => item.value === value);
    case 'greater':
      return kept.filter((item) => item.value > value);
    case 'less':
      return kept.filter((item) => item.value < value);
    // Sorting is stable, so among equal values the earlier ones are chosen first.
    case 'highest':
      return kept.sort((a, b) => b.value - a.value).slice(0, value);
    case 'lowest':
      return kept.sort((a, b) => a.value - b.value).slice(0, value);
  }
}

/** True when every face a die can show is selected again, so rerolling or exploding never stops. */
function matchesEveryFace(node: DiceNode, selectors: readonly Selector[]): boolean {
  let below = -Infinity; // faces below this match
  let above = Infinity; // faces above this match
  const exact = new Set<number>();
  for (const s of selectors) {
    if ((s.kind === 'highest' || s.kind === 'lowest') && s.value > 0) return true;
    if (s.kind === 'less') below = Math.max(below, s.value);
    else if (s.kind === 'greater') above = Math.min(above, s.value);
    else if (s.kind === 'exact') exact.add(s.value);
  }
  // Only the faces between the two ranges need an exact selector each.
  const from = Math.max(node.maximized ? node.sides : 1, below);
  const to = Math.min(node.sides, above);
  if (to - from + 1 > exact.size) return false;
  for (let face = from; face <= to; face++) if (!exact.has(face)) return false;
  return true;
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

export interface Evaluation {
  rolled: Rolled;
  diceRolled: number;
}

/** Rolls `expr`; throws RollFailure for mistakes only rolling reveals (the caller makes it a value). */
export function evaluate(expr: Expr, random: RandomSource): Evaluation {
  const roller = new Roller(random);
  const rolled = roller.evaluate(expr);
  return { rolled, diceRolled: roller.diceRolled };
}
