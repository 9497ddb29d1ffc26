import { UserError } from '../errors';
import { NAME_MAX_LENGTH } from './types';
import { cleanName } from '../rules/names';

/** A whole number in [min, max], or a message saying which. */
export function requireWhole(value: number, label: string, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new UserError(`${label} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

/** A clean (`cleanName`), non-empty name that fits the tracker. */
export function requireName(text: string, label: string): string {
  const name = cleanName(text);
  if (name === '') throw new UserError(`${label} cannot be empty.`);
  if (name.length > NAME_MAX_LENGTH) throw new UserError(`${label} can be at most ${NAME_MAX_LENGTH} characters long.`);
  return name;
}
