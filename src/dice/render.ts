/**
 * Discord Markdown for a rolled expression, in Avrae's style: `4d6kh3 (5, 4, ~~**1**~~, **6**) = `15``.
 * Every die is shown; dropped and rerolled values are struck through, highest and lowest faces are
 * bold, exploded dice carry `!`, forced values read `1 -> 2`. Too long a result is summarised
 * term by term, never cut inside markup.
 */
import type { Expr } from './ast';
import type { Die, RolledDie } from './die';
import type { Rolled } from './evaluate';
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
 * A die's faces, each struck on its own when it does not count (rerolled, or the die dropped):
 * striking the whole die around struck faces would nest `~~`, which Discord does not read.
 */
function renderDie(die: RolledDie, sides: number, struck: boolean): string {
  let text = '';
  for (let i = 0; i < die.rolls.length; i++) {
    const roll = die.rolls[i];
    if (roll === undefined) continue;
    const strike = (roll.rerolled || !die.kept) && !struck;
    if (roll.value === roll.natural) {
      text += faceText(roll.natural, sides, roll.exploded, strike, i > 0);
      continue;
    }
    // A forced value comes between the face and its `!`: `1 -> 2!`.
    const shown = `${faceText(roll.natural, sides, false, false, false)} -> ${roll.value}${roll.exploded ? '!' : ''}`;
    text += (i > 0 ? ', ' : '') + (strike ? `~~${shown}~~` : shown);
  }
  return text;
}

/**
 * Thrown when a rendering outgrows its room: the caller tries a shorter form instead. One instance,
 * made once, so giving up costs no stack trace.
 */
const TOO_LONG = new Error('The rendering does not fit');

/** Renders at one level of detail, giving up as soon as the text cannot fit in `room`. */
class Renderer {
  constructor(
    private readonly detail: Detail,
    private readonly room: number,
  ) {}

  render(rolled: Rolled, struck: boolean): string {
    // Strike a dropped node once; nested strikes would break the markup.
    if (!rolled.kept && !struck) return `~~${this.render(rolled, true)}~~`;
    switch (rolled.type) {
      case 'number':
        return annotate(numberText(rolled.node.value), rolled.node.annotations);
      case 'dice': {
        const { node } = rolled;
        const faces = rolled.plainFaces;
        const count = faces !== null ? faces.length : rolled.dice.length;
        let inside: string;
        if (this.detail === 'subtotals' && count > 1) inside = `${count} dice: ${rolled.value}`;
        // Each die takes at least one character and a separator.
        else if (3 * count - 2 > this.room) throw TOO_LONG;
        else inside = faces !== null ? this.faces(faces, node.sides) : this.dice(rolled.dice, node.sides, struck);
        return annotate(`${formatDice(node)} (${inside})`, node.annotations);
      }
      case 'set': {
        const { node } = rolled;
        const inside = rolled.elements.map((e) => this.render(e, struck)).join(', ') + (rolled.elements.length === 1 ? ',' : '');
        return annotate(`(${inside})${formatOperations(node.operations)}`, node.annotations);
      }
      case 'group': {
        const { node } = rolled;
        return annotate(`(${this.render(rolled.inner, struck)})${formatOperations(node.operations)}`, node.annotations);
      }
      case 'unary':
        return rolled.op + this.render(rolled.operand, struck);
      case 'binary':
        return `${this.render(rolled.left, struck)} ${rolled.op} ${this.render(rolled.right, struck)}`;
    }
  }

  /** Every die between a term's parentheses. */
  private dice(dice: readonly Die[], sides: number, struck: boolean): string {
    let inside = '';
    for (let i = 0; i < dice.length; i++) {
      const die = dice[i];
      if (die === undefined) continue;
      const face = die.plainFace;
      if (face !== null) inside += faceText(face, sides, die.plainExploded, !die.kept && !struck, i > 0);
      else inside += (i > 0 ? ', ' : '') + renderDie(die, sides, struck);
      if (inside.length > this.room) throw TOO_LONG;
    }
    return inside;
  }

  /** `dice` for a term whose dice each show one face, all kept: the faces alone. */
  private faces(faces: readonly number[], sides: number): string {
    let inside = '';
    for (let i = 0; i < faces.length; i++) {
      inside += faceText(faces[i] ?? 0, sides, false, false, i > 0);
      if (inside.length > this.room) throw TOO_LONG;
    }
    return inside;
  }
}

/** `rolled` at `detail`, or null when it does not fit in `room` characters. */
function renderWithin(rolled: Rolled, detail: Detail, room: number): string | null {
  try {
    const text = new Renderer(detail, room).render(rolled, false);
    return text.length <= room ? text : null;
  } catch (e) {
    if (e === TOO_LONG) return null;
    throw e;
  }
}

/** The rolled expression and its total, within `maxLength` characters when at all possible. */
export function renderRoll(expr: Expr, rolled: Rolled, total: number, maxLength = DEFAULT_MAX_TEXT): string {
  const suffix = ` = \`${numberText(total)}\``;
  const budget = maxLength - suffix.length;
  const full = renderWithin(rolled, 'full', budget) ?? renderWithin(rolled, 'subtotals', budget);
  if (full !== null) return full + suffix;
  const notation = formatExpr(expr);
  if (notation.length <= budget) return notation + suffix;
  return `Total` + suffix;
}
