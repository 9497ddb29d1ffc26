/**
 * Discord Markdown for a rolled expression, in Avrae's style: `4d6kh3 (5, 4, ~~**1**~~, **6**) = `15``.
 * Every die is shown; dropped and rerolled values are struck through, highest and lowest faces are
 * bold, exploded dice carry `!`, forced values read `1 -> 2`. Too long a result is summarised
 * term by term, never cut inside markup.
 */
import type { BinaryOperator, Expr } from './ast';
import type { Die } from './die';
import type { Rolled } from './rolled';
import { annotate, formatDice, formatExpr, formatOperations, numberText } from './notation';

/** Leaves room in a 2,000-character Discord message for a title and the comment. */
export const DEFAULT_MAX_TEXT = 1500;

type Detail = 'full' | 'subtotals';

/** Faces below this are written from a table instead of being formatted on every roll. */
const TABLE_FACES = 1024;
/**
 * Filled as faces turn up: a face's text, bold or not, exploded or not, struck or not, after ", " or
 * not. Made full size at once: filling a sparse list far from its start makes it a slow dictionary.
 */
const FACE_TEXTS = new Array<string | undefined>(TABLE_FACES * 16).fill(undefined);

/** A face as shown: bold when it is the die's lowest or highest, `!` when it exploded. */
function faceText(face: number, sides: number, exploded: boolean, struck: boolean, separated: boolean): string {
  const bold = face === 1 || face === sides;
  const key = face * 16 + (bold ? 8 : 0) + (exploded ? 4 : 0) + (struck ? 2 : 0) + (separated ? 1 : 0);
  const cacheable = face >= 0 && face < TABLE_FACES;
  const cached = cacheable ? FACE_TEXTS[key] : undefined;
  if (cached !== undefined) return cached;
  const shown = (bold ? `**${face}**` : String(face)) + (exploded ? '!' : '');
  const text = (separated ? ', ' : '') + (struck ? `~~${shown}~~` : shown);
  if (cacheable) FACE_TEXTS[key] = text;
  return text;
}

/**
 * Thrown when a rendering outgrows its room: the caller tries a shorter form instead. One instance,
 * made once, so giving up costs no stack trace.
 */
const TOO_LONG = new Error('The rendering does not fit');

/** ` + ` and the like: written out whole, so joining two sides of an operator costs one concatenation. */
function spaced(op: BinaryOperator): string {
  switch (op) {
    case '+':
      return ' + ';
    case '-':
      return ' - ';
    case '*':
      return ' * ';
    case '/':
      return ' / ';
    case '//':
      return ' // ';
    case '%':
      return ' % ';
    case '==':
      return ' == ';
    case '!=':
      return ' != ';
    case '<':
      return ' < ';
    case '>':
      return ' > ';
    case '<=':
      return ' <= ';
    case '>=':
      return ' >= ';
  }
}

/**
 * Renders at one level of detail, giving up as soon as the text cannot fit in `room`. Every part
 * is appended to one text as it is written, rather than each node's text made on its own and
 * joined into its parent's: that made each piece again at every level above it.
 */
class Renderer {
  private out = '';

  constructor(
    private readonly detail: Detail,
    private readonly room: number,
  ) {}

  /** The text of `rolled`, or null when it does not fit. */
  text(rolled: Rolled): string | null {
    try {
      this.render(rolled, false);
    } catch (e) {
      if (e === TOO_LONG) return null;
      throw e;
    }
    return this.out.length <= this.room ? this.out : null;
  }

  private render(rolled: Rolled, struck: boolean): void {
    // Strike a dropped node once; nested strikes would break the markup.
    if (!rolled.kept && !struck) {
      this.out += '~~';
      this.render(rolled, true);
      this.out += '~~';
      return;
    }
    switch (rolled.type) {
      case 'number':
        this.out = annotate(this.out + numberText(rolled.node.value), rolled.node.annotations);
        return;
      case 'dice': {
        const { node } = rolled;
        const faces = rolled.plainFaces;
        const count = faces !== null ? faces.length : rolled.dice.length;
        this.out += formatDice(node) + ' (';
        if (this.detail === 'subtotals' && count > 1) this.out += `${count} dice: ${rolled.value}`;
        // Each die takes at least one character and a separator.
        else if (3 * count - 2 > this.room) throw TOO_LONG;
        else if (faces !== null) this.faces(faces, node.sides);
        else this.dice(rolled.dice, node.sides, struck);
        this.out = annotate(this.out + ')', node.annotations);
        return;
      }
      case 'set': {
        const { node, elements } = rolled;
        this.out += '(';
        for (let i = 0; i < elements.length; i++) {
          const element = elements[i];
          if (element === undefined) continue;
          if (i > 0) this.out += ', ';
          this.render(element, struck);
        }
        this.out += elements.length === 1 ? ',)' : ')';
        this.out = annotate(this.out + formatOperations(node.operations), node.annotations);
        return;
      }
      case 'group': {
        const { node } = rolled;
        this.out += '(';
        this.render(rolled.inner, struck);
        this.out = annotate(this.out + ')' + formatOperations(node.operations), node.annotations);
        return;
      }
      case 'unary':
        this.out += rolled.op;
        this.render(rolled.operand, struck);
        return;
      case 'binary':
        this.render(rolled.left, struck);
        this.out += spaced(rolled.op);
        this.render(rolled.right, struck);
        return;
    }
  }

  /** Every die between a term's parentheses. */
  private dice(dice: readonly Die[], sides: number, struck: boolean): void {
    for (let i = 0; i < dice.length; i++) {
      const die = dice[i];
      if (die === undefined) continue;
      const history = die.history;
      if (history === null) this.out += faceText(die.value, sides, die.plainExploded, !die.kept && !struck, i > 0);
      else this.history(die, history, sides, struck, i > 0);
      if (this.out.length > this.room) throw TOO_LONG;
    }
  }

  /**
   * The faces of a die that was rerolled or forced, each struck on its own when it does not count
   * (rerolled, or the die dropped): striking the whole die around struck faces would nest `~~`,
   * which Discord does not read.
   */
  private history(die: Die, history: readonly number[], sides: number, struck: boolean, separated: boolean): void {
    const forced = die.forced;
    const last = history.length - 1;
    for (let i = 0; i <= last; i++) {
      const signed = history[i] ?? 0;
      const exploded = signed < 0;
      const natural = exploded ? -signed : signed;
      const strike = (i < last || !die.kept) && !struck;
      const value = forced === null ? natural : (forced[i] ?? natural);
      if (value === natural) {
        this.out += faceText(natural, sides, exploded, strike, separated || i > 0);
        continue;
      }
      // A forced value comes between the face and its `!`: `1 -> 2!`.
      const shown = `${faceText(natural, sides, false, false, false)} -> ${value}${exploded ? '!' : ''}`;
      this.out += (separated || i > 0 ? ', ' : '') + (strike ? `~~${shown}~~` : shown);
    }
  }

  /** `dice` for a term whose dice each show one face, all kept: the faces alone. */
  private faces(faces: readonly number[], sides: number): void {
    for (let i = 0; i < faces.length; i++) {
      this.out += faceText(faces[i] ?? 0, sides, false, false, i > 0);
      if (this.out.length > this.room) throw TOO_LONG;
    }
  }
}

/** Totals below this have their ` = \`total\`` written from a table, filled as they turn up. */
const TABLE_TOTALS = 1024;
const TOTAL_TEXTS = new Array<string | undefined>(TABLE_TOTALS).fill(undefined);

function totalText(total: number): string {
  if (!(Number.isInteger(total) && total >= 0 && total < TABLE_TOTALS)) return ` = \`${numberText(total)}\``;
  return (TOTAL_TEXTS[total] ??= ` = \`${numberText(total)}\``);
}

/** The rolled expression and its total, within `maxLength` characters when at all possible. */
export function renderRoll(expr: Expr, rolled: Rolled, total: number, maxLength = DEFAULT_MAX_TEXT): string {
  const suffix = totalText(total);
  const budget = maxLength - suffix.length;
  const full = new Renderer('full', budget).text(rolled) ?? new Renderer('subtotals', budget).text(rolled);
  if (full !== null) return full + suffix;
  const notation = formatExpr(expr);
  if (notation.length <= budget) return notation + suffix;
  return `Total` + suffix;
}
