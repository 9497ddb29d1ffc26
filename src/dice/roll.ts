/** The one call most callers need: text (or a parsed expression) in, a rolled result out. */
import { WorkBudget } from './budget';
import type { Die } from './die';
import type { DiceError, Expr, ParsedDice, RollMode } from './ast';
import { evaluate } from './evaluate';
import type { Rolled, RolledDice } from './rolled';
import { RollFailure } from './failure';
import { PAST_EXACT, pastExact } from './limits';
import { collectAnnotations, formatExpr } from './notation';
import { parseDice } from './parse';
import type { RandomSource } from './random';
import { renderRoll, DEFAULT_MAX_TEXT } from './render';
import { applyMode, combineModes } from './transforms';

export interface RollOptions {
  /** Combined with the words `adv`/`dis` in the text; the two cancel out. */
  mode?: RollMode;
  /** Longest `text`; longer rolls are summarised. */
  maxLength?: number;
  /** Shared by the rolls of one request (a damage amount rolled part by part) so their dice and work add up; `diceRolled` then counts them all. */
  budget?: WorkBudget;
}

/** The first d20 term that keeps a single die: what a natural 20 or 1 is read from. */
export interface FirstD20 {
  /** The kept die's value, after any `mi`/`ma`. */
  kept: number;
  /** The face the kept die showed before `mi`/`ma`: what "natural 20" means. */
  natural: number;
  /** Every face the term's dice showed, in order, rerolled and dropped ones included. */
  rolls: number[];
  /** True when it is the expression's first term, which is where Avrae looks for criticals. */
  leading: boolean;
}

export interface RollSuccess {
  ok: true;
  /** The expression that was rolled, after advantage or disadvantage. */
  expression: Expr;
  /** Truncated toward zero. */
  total: number;
  /** Discord Markdown. */
  text: string;
  annotations: readonly string[];
  comment: string | null;
  /** The mode applied to the first 1d20 (normal when there was none to change). */
  mode: RollMode;
  firstD20: FirstD20 | null;
  diceRolled: number;
  rolled: Rolled;
}

export type RollResult = RollSuccess | { ok: false; error: DiceError };

/** A set's dropped elements are out of the total: the roll starts with its first kept one. */
function leftmost(rolled: Rolled): Rolled {
  let node = rolled;
  for (;;) {
    if (node.type === 'binary') node = node.left;
    else if (node.type === 'unary') node = node.operand;
    else if (node.type === 'group') node = node.inner;
    else if (node.type === 'set' && node.elements.some((e) => e.kept)) node = node.elements.find((e) => e.kept) ?? node;
    else return node;
  }
}

function findFirstD20(rolled: Rolled): RolledDice | null {
  // A d20 a set dropped (`(1d20, 1d20)kl1`) counts for nothing, natural 20 included.
  if (!rolled.kept) return null;
  switch (rolled.type) {
    case 'dice': {
      if (rolled.node.sides !== 20) return null;
      let kept = rolled.plainFaces?.length ?? 0;
      if (rolled.plainFaces === null) for (const die of rolled.dice) if (die.kept) kept++;
      return kept === 1 ? rolled : null;
    }
    case 'number':
      return null;
    case 'set':
      for (const e of rolled.elements) {
        const found = findFirstD20(e);
        if (found !== null) return found;
      }
      return null;
    case 'group':
      return findFirstD20(rolled.inner);
    case 'unary':
      return findFirstD20(rolled.operand);
    case 'binary':
      return findFirstD20(rolled.left) ?? findFirstD20(rolled.right);
  }
}

function describeFirstD20(rolled: Rolled): FirstD20 | null {
  const term = findFirstD20(rolled);
  if (term === null) return null;
  const leading = leftmost(rolled) === term;
  // A term no operator touched has one die: its face is all there is to say.
  const face = term.plainFaces?.[0];
  if (face !== undefined) return { kept: face, natural: face, rolls: [face], leading };
  const { dice } = term;
  let kept: Die | undefined;
  for (let i = 0; i < dice.length && kept === undefined; i++) if (dice[i]?.kept === true) kept = dice[i];
  if (kept === undefined) return null;
  // Faces that exploded are kept negated in a history; the natural face is the positive one.
  const rolls: number[] = [];
  for (const die of dice) {
    const history = die.history;
    if (history === null) rolls.push(die.value);
    else for (const face of history) rolls.push(Math.abs(face));
  }
  const natural = kept.lastFace;
  return { kept: kept.value, natural, rolls, leading };
}

/** A bare expression (built or transformed in code) as if it had been typed. */
function asParsed(expr: Expr): ParsedDice {
  return { source: formatExpr(expr), root: expr, mode: 'normal', cancelled: false, annotations: collectAnnotations(expr), comment: null };
}

/**
 * Parses (when given text) and rolls. Never throws: mistakes come back as `{ ok: false }`.
 * Takes text, a parsed expression, or a bare expression tree such as a critical-hit transform's.
 */
export function rollDice(input: string | ParsedDice | Expr, random: RandomSource, options?: RollOptions): RollResult {
  let parsed: ParsedDice;
  if (typeof input === 'string') {
    const result = parseDice(input);
    if (!result.ok) return result;
    parsed = result.value;
  } else {
    parsed = 'root' in input ? input : asParsed(input);
  }
  const wanted = parsed.cancelled ? 'normal' : combineModes(parsed.mode, options?.mode ?? 'normal');
  const changed = applyMode(parsed.root, wanted);
  const expression = changed ?? parsed.root;
  try {
    const budget = options?.budget ?? new WorkBudget();
    const rolled = evaluate(expression, random, budget);
    const value = rolled.kept ? rolled.value : 0;
    const total = Math.trunc(value) + 0; // `+ 0` turns -0 into 0
    return {
      ok: true,
      expression,
      total,
      text: renderRoll(expression, rolled, total, options?.maxLength ?? DEFAULT_MAX_TEXT),
      annotations: parsed.annotations,
      comment: parsed.comment,
      mode: changed === null ? 'normal' : wanted,
      firstD20: describeFirstD20(rolled),
      diceRolled: budget.diceRolled,
      rolled,
    };
  } catch (e) {
    if (e instanceof RollFailure) return { ok: false, error: { message: e.message, column: null } };
    throw e;
  }
}

/** The sum of several rolls' totals, held to the bound each roll's own steps are. */
export function sumOfTotals(totals: readonly number[]): { ok: true; sum: number } | { ok: false; error: DiceError } {
  let sum = 0;
  for (const total of totals) {
    sum += total;
    if (pastExact(sum)) return { ok: false, error: { message: PAST_EXACT, column: null } };
  }
  return { ok: true, sum };
}
