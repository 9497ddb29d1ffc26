import { z } from 'zod';
import { fieldOf } from '../compendium/homebrew';
import { UserError } from '../errors';

/**
 * The pieces the character readers build their zod schemas from, each with the reason a user
 * reads when the field is wrong (`` `hp.max` must be a whole number from 1 to 1000.``).
 */
export type FieldPath = readonly (string | number)[];

export function bad(path: FieldPath, what: string): never {
  throw new UserError(`\`${fieldOf(path)}\` ${what}.`);
}

/** The value read by `schema`, or a UserError naming the first field (under `path`) that is wrong and why. */
export function readAs<S extends z.ZodType>(schema: S, value: unknown, path: FieldPath = []): z.output<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  // A failed parse has at least one issue.
  const issue = parsed.error.issues[0] ?? { path: [], message: 'is not valid' };
  return bad([...path, ...issue.path.map((key) => (typeof key === 'number' ? key : String(key)))], issue.message);
}

export const wholeReason = (min: number, max: number): string => `must be a whole number from ${min} to ${max}`;

export function whole(min: number, max: number) {
  const error = wholeReason(min, max);
  return z.number({ error }).int({ error }).min(min, { error }).max(max, { error });
}

export const text = z.string({ error: 'must be text' });
export const bool = z.boolean({ error: 'must be true or false' });

export function object<T extends z.core.$ZodLooseShape>(shape: T) {
  return z.object(shape, { error: 'must be an object' });
}

export function oneOf<const T extends readonly string[]>(values: T) {
  return z.enum(values, { error: `must be one of: ${values.join(', ')}` });
}

export function listOf<T extends z.ZodType>(item: T, max: number) {
  return z.array(item, { error: 'must be a list' }).max(max, { error: `must hold at most ${max} entries` });
}

export const hitDieText = z.enum(['d6', 'd8', 'd10', 'd12'], { error: 'must be d6, d8, d10 or d12' });
