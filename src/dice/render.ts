/**
 * Discord Markdown for a rolled expression, in Avrae's style: `4d6kh3 (5, 4, ~~**1**~~, **6**) = `15``.
 * Every die is shown; dropped and rerolled values are struck through, highest and lowest faces are
 * bold, exploded dice carry `!`, forced values read `1 -> 2`. Too long a result is summarised
 * term by term, never cut inside markup.
 */
import type { Expr } from './ast';
import type { Rolled, RolledDie } from './evaluate';
import { annotate, formatDice, formatExpr, formatOperations } from './notation';

/** Leaves room in a 2,000-character Discord message for a title and the comment. */
export const DEFAULT_MAX_TEXT = 1500;

type Detail = 'full' | 'subtotals';

function renderFace(face: number, sides: number): string {
  return face === 1 || face === sides ? `**${face}**` : String(face);
}

function renderDie(die: RolledDie, sides: number, struck: boolean): string {
  let text = '';
  for (const [i, roll] of die.rolls.entries()) {
    let s = renderFace(roll.natural, sides);
    if (roll.value !== roll.natural) s += ` -> ${roll.value}`;
    if (roll.exploded) s += '!';
    if (i > 0) text += ', ';
    text += roll.rerolled && !struck ? `~~${s}~~` : s;
  }
  return die.kept || struck ? text : `~~${text}~~`;
}

function render(rolled: Rolled, detail: Detail, struck: boolean): string {
  // Strike a dropped node once; nested strikes would break the markup.
  if (!rolled.kept && !struck) return `~~${render(rolled, detail, true)}~~`;
  switch (rolled.type) {
    case 'number':
      return annotate(String(rolled.node.value), rolled.node.annotations);
    case 'dice': {
      const { node } = rolled;
      let inside = '';
      if (detail === 'full' || rolled.dice.length <= 1) {
        for (const [i, die] of rolled.dice.entries()) inside += (i > 0 ? ', ' : '') + renderDie(die, node.sides, struck);
      } else {
        inside = `${rolled.dice.length} dice: ${rolled.value}`;
      }
      return annotate(`${formatDice(node)} (${inside})`, node.annotations);
    }
    case 'set': {
      const { node } = rolled;
      const inside = rolled.elements.map((e) => render(e, detail, struck)).join(', ') + (rolled.elements.length === 1 ? ',' : '');
      return annotate(`(${inside})${formatOperations(node.operations)}`, node.annotations);
    }
    case 'group': {
      const { node } = rolled;
      return annotate(`(${render(rolled.inner, detail, struck)})${formatOperations(node.operations)}`, node.annotations);
    }
    case 'unary':
      return rolled.op + render(rolled.operand, detail, struck);
    case 'binary':
      return `${render(rolled.left, detail, struck)} ${rolled.op} ${render(rolled.right, detail, struck)}`;
  }
}

/** The rolled expression and its total, within `maxLength` characters when at all possible. */
export function renderRoll(expr: Expr, rolled: Rolled, total: number, maxLength = DEFAULT_MAX_TEXT): string {
  const suffix = ` = \`${total}\``;
  const budget = maxLength - suffix.length;
  const full = render(rolled, 'full', false);
  if (full.length <= budget) return full + suffix;
  const subtotals = render(rolled, 'subtotals', false);
  if (subtotals.length <= budget) return subtotals + suffix;
  const notation = formatExpr(expr);
  if (notation.length <= budget) return notation + suffix;
  return `Total` + suffix;
}
