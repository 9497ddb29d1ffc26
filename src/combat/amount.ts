import { parseDice, rollDice } from '../dice';
import type { RandomSource } from '../dice/random';
import { UserError } from '../errors';
import { criticalDamage } from '../rules/critical';
import { DAMAGE_TYPES, type CriticalMethod, type DamageType } from '../rules/types';
import type { AmountRoll, CriticalApplied } from './types';

export interface Amount {
  total: number;
  /** The dice rolled; null for a plain number. */
  roll: AmountRoll | null;
  /** The first `[type]` annotation naming a damage type. */
  damageType: DamageType | null;
  /** Null when the amount was not asked for as a critical hit. */
  critical: CriticalApplied | null;
}

const MAX_AMOUNT = 1_000_000;

function damageTypeOf(annotations: readonly string[]): DamageType | null {
  for (const annotation of annotations) {
    const word = annotation.toLowerCase();
    const found = DAMAGE_TYPES.find((type) => type === word);
    if (found !== undefined) return found;
  }
  return null;
}

/**
 * A whole number, or a dice expression rolled now. `critical` (damage only) rolls the expression
 * as the rule set's critical hit; a plain number is taken as already rolled.
 */
export function rollAmount(text: string, random: RandomSource, label: string, critical: CriticalMethod | null = null): Amount {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return plainAmount(Number(trimmed), label, critical);
  const parsed = parseDice(trimmed);
  if (!parsed.ok) throw new UserError(`${label} must be a number or dice such as \`2d6+3\`: ${parsed.error.message}`);
  const root = critical === null ? parsed.value.root : criticalDamage(parsed.value.root, critical);
  const rolled = rollDice({ ...parsed.value, root }, random);
  if (!rolled.ok) throw new UserError(`${label}: ${rolled.error.message}`);
  return {
    total: checkTotal(rolled.total, label),
    roll: { expression: trimmed, rendered: rolled.text, total: rolled.total },
    damageType: damageTypeOf(parsed.value.annotations),
    critical: critical === null ? null : 'rolled',
  };
}

/**
 * A number is taken as already rolled. Rule sets that double a critical's total, modifiers
 * included (C&M, A5E), double it too; the others double dice, and a number has none.
 */
function plainAmount(value: number, label: string, critical: CriticalMethod | null): Amount {
  if (critical === null) return { total: checkTotal(value, label), roll: null, damageType: null, critical: null };
  const doubles = critical.kind === 'double-total' || critical.kind === 'double-everything';
  return {
    total: checkTotal(doubles ? value * 2 : value, label),
    roll: null,
    damageType: null,
    critical: doubles ? 'doubled' : 'no-dice',
  };
}

function checkTotal(total: number, label: string): number {
  if (total < 0) throw new UserError(`${label} came to ${total}; it cannot be negative.`);
  if (total > MAX_AMOUNT) throw new UserError(`${label} can be at most ${MAX_AMOUNT}.`);
  return total;
}
