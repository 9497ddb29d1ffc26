import type { Dice } from './types';

/** `NdX+B`, `NdX-B`, `NdX` or a flat `B`, as the compendium writes dice. */
export const DICE_PATTERN = /^(?:(\d+)d(\d+)(?:([+-])(\d+))?|(\d+))$/;

/** Dice as numbers: `count` dice of `sides` faces plus `bonus` (no dice: `count` 0). */
export interface DiceFormula {
  count: number;
  sides: number;
  bonus: number;
}

/** The numbers of dice the compendium wrote; null for anything else. */
export function parseDice(dice: Dice): DiceFormula | null {
  const match = DICE_PATTERN.exec(dice);
  if (match === null) return null;
  const [, count, sides, sign, bonus, flat] = match;
  if (flat !== undefined) return { count: 0, sides: 0, bonus: Number(flat) };
  return { count: Number(count), sides: Number(sides), bonus: (sign === '-' ? -1 : 1) * Number(bonus ?? 0) };
}

/** The compendium's way of writing dice: `2d6+3`, `17d6`, `4`. */
export function formatDice(formula: DiceFormula): Dice {
  if (formula.count === 0) return String(formula.bonus);
  const bonus = formula.bonus === 0 ? '' : formula.bonus > 0 ? `+${formula.bonus}` : `-${-formula.bonus}`;
  return `${formula.count}d${formula.sides}${bonus}`;
}

/** The average a stat block prints before the dice: `17d6` is 59, `1d10+8` is 13 (rounded down). */
export function averageOf(formula: DiceFormula): number {
  return Math.floor((formula.count * (formula.sides + 1)) / 2 + formula.bonus);
}

/** `8d6` plus `1d6` is `9d6`; dice of different sides cannot be added this way (null). */
export function addDice(base: DiceFormula, extra: DiceFormula, times = 1): DiceFormula | null {
  if (extra.count > 0 && base.count > 0 && base.sides !== extra.sides) return null;
  return {
    count: base.count + extra.count * times,
    sides: base.count > 0 ? base.sides : extra.sides,
    bonus: base.bonus + extra.bonus * times,
  };
}
