import { CombatRefusal, type Field } from './refusals';
import { NAME_MAX_LENGTH } from './types';
import { cleanName } from '../rules/names';

/** A whole number in [min, max], or a refusal saying which. */
export function requireWhole(value: number, field: Field, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new CombatRefusal({ kind: 'not-whole', field, min, max });
  }
  return value;
}

/** Clean text (`cleanName`: one line, no invisible characters), not empty and at most `max` characters long. */
export function requireText(text: string, field: Field, max: number): string {
  const cleaned = cleanName(text);
  if (cleaned === '') throw new CombatRefusal({ kind: 'empty-text', field });
  if (cleaned.length > max) throw new CombatRefusal({ kind: 'text-too-long', field, max });
  return cleaned;
}

/** A clean, non-empty name that fits the tracker. */
export function requireName(text: string, field: Field): string {
  return requireText(text, field, NAME_MAX_LENGTH);
}
