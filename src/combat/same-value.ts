/**
 * Whether two plain JSON values (what an encounter is made of) are equal as their JSON would be:
 * a property holding `undefined` counts as absent, and the order of properties does not count.
 * Saving a change compares every combatant it replaced, and each of their fields, with what was
 * there; this stops at the first difference, where comparing two JSON texts wrote both out whole.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  if (Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  let defined = 0;
  for (const key in left) {
    if (left[key] === undefined) continue;
    defined += 1;
    if (!sameValue(left[key], right[key])) return false;
  }
  for (const key in right) if (right[key] !== undefined) defined -= 1;
  return defined === 0;
}
