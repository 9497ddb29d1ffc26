import { parseDice, rollDice } from '../dice';
import type { RandomSource } from '../dice/random';
import { UserError } from '../errors';
import type { AmountRoll } from './types';

export interface Amount {
  total: number;
  /** The dice rolled; null for a plain number. */
  roll: AmountRoll | null;
}

const MAX_AMOUNT = 1_000_000;

/** A whole number, or a dice expression rolled now (healing, temporary HP, corrections). */
export function rollAmount(text: string, random: RandomSource, label: string): Amount {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { total: checkTotal(Number(trimmed), label), roll: null };
  const parsed = parseDice(trimmed);
  if (!parsed.ok) throw new UserError(`${label} must be a number or dice such as \`2d6+3\`: ${parsed.error.message}`);
  const rolled = rollDice(parsed.value, random);
  if (!rolled.ok) throw new UserError(`${label}: ${rolled.error.message}`);
  return {
    total: checkTotal(rolled.total, label),
    roll: { expression: trimmed, rendered: rolled.text, total: rolled.total },
  };
}

export function checkTotal(total: number, label: string): number {
  if (total < 0) throw new UserError(`${label} came to ${total}; it cannot be negative.`);
  if (total > MAX_AMOUNT) throw new UserError(`${label} can be at most ${MAX_AMOUNT}.`);
  return total;
}
