import { parseDice, rollDice } from '../dice';
import type { RandomSource } from '../dice/random';
import { CombatRefusal, type Field } from './refusals';
import type { AmountRoll } from './types';

export interface Amount {
  total: number;
  /** The dice rolled; null for a plain number. */
  roll: AmountRoll | null;
}

const MAX_AMOUNT = 1_000_000;

/** A whole number, or a dice expression rolled now (healing, temporary HP, corrections). */
export function rollAmount(text: string, random: RandomSource, field: Field): Amount {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { total: checkTotal(Number(trimmed), field), roll: null };
  const parsed = parseDice(trimmed);
  if (!parsed.ok) throw new CombatRefusal({ kind: 'amount-unreadable', field, message: parsed.error.message });
  const rolled = rollDice(parsed.value, random);
  if (!rolled.ok) throw new CombatRefusal({ kind: 'amount-unrolled', field, message: rolled.error.message });
  return {
    total: checkTotal(rolled.total, field),
    roll: { expression: trimmed, rendered: rolled.text, total: rolled.total },
  };
}

export function checkTotal(total: number, field: Field): number {
  if (total < 0) throw new CombatRefusal({ kind: 'amount-negative', field, total });
  if (total > MAX_AMOUNT) throw new CombatRefusal({ kind: 'amount-too-large', field, max: MAX_AMOUNT });
  return total;
}
