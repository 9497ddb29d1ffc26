/**
 * Which pool members an operator acts on. Linear in the members looked at (plus one sort for
 * highest or lowest), each look paid from the roll's work budget, so no input can make selection
 * run away.
 */
import type { Selector } from './ast';
import type { WorkBudget } from './budget';

/** Whatever an operator can select from: dice, or the elements of a set. */
export interface Item {
  value: number;
  kept: boolean;
}

/** Below this many members, sorting by insertion beats the built-in sort and its comparator. */
const INSERTION_SORT_MAX = 24;

/** `k1k1` selects what `k1` does: repeats are dropped once per operation, not per selection. */
export function distinctSelectors(selectors: readonly Selector[]): readonly Selector[] {
  if (selectors.length === 1) return selectors;
  const seen = new Set<string>();
  const distinct: Selector[] = [];
  for (const selector of selectors) {
    const key = `${selector.kind}${selector.value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    distinct.push(selector);
  }
  return distinct;
}

function valueOf(items: readonly Item[], index: number): number {
  return items[index]?.value ?? 0;
}

function matches(selector: Selector, value: number): boolean {
  switch (selector.kind) {
    case 'exact':
      return value === selector.value;
    case 'greater':
      return value > selector.value;
    case 'less':
      return value < selector.value;
    default:
      return false;
  }
}

/** Indices of the kept items, all of them or those among `among`, in pool order. */
function keptIndices(items: readonly Item[], among: readonly number[] | null, budget: WorkBudget): number[] {
  const kept: number[] = [];
  if (among === null) {
    budget.spend(items.length);
    for (let i = 0; i < items.length; i++) if (items[i]?.kept === true) kept.push(i);
  } else {
    budget.spend(among.length);
    for (const i of among) if (items[i]?.kept === true) kept.push(i);
  }
  return kept;
}

/**
 * `indices` (in pool order) sorted in place by value, highest or lowest first. Stable, so among
 * equal values the earlier member comes first: what "the highest" means when values tie.
 */
function byValue(items: readonly Item[], indices: number[], highest: boolean, budget: WorkBudget): number[] {
  const n = indices.length;
  budget.spend(n * Math.max(1, Math.ceil(Math.log2(n))));
  // Highest first is lowest first on negated values.
  const sign = highest ? -1 : 1;
  // A value that is not a number (∞ - ∞ in a set) compares "equal" to everything, and only the
  // built-in sort then orders as it always did.
  if (n > INSERTION_SORT_MAX || indices.some((i) => Number.isNaN(valueOf(items, i)))) {
    return indices.sort((a, b) => sign * (valueOf(items, a) - valueOf(items, b)));
  }
  for (let i = 1; i < n; i++) {
    const index = indices[i] ?? 0;
    const key = sign * valueOf(items, index);
    let j = i - 1;
    for (; j >= 0 && sign * valueOf(items, indices[j] ?? 0) > key; j--) indices[j + 1] = indices[j] ?? 0;
    indices[j + 1] = index;
  }
  return indices;
}

/** `k`/`p`: keeps only the selected members, or drops them. The union of `selectors` is selected. */
export function keepOrDrop(items: readonly Item[], op: 'k' | 'p', selectors: readonly Selector[], budget: WorkBudget): void {
  const keep = op === 'k';
  const [only] = selectors;
  if (only !== undefined && selectors.length === 1) {
    if (only.kind === 'highest' || only.kind === 'lowest') {
      const order = byValue(items, keptIndices(items, null, budget), only.kind === 'highest', budget);
      const count = Math.min(only.value, order.length);
      budget.spend(order.length);
      // Keeping the first `count` drops the rest; dropping them drops just those.
      for (let i = keep ? count : 0; i < (keep ? order.length : count); i++) drop(items, order[i]);
      return;
    }
    budget.spend(items.length);
    for (const item of items) if (item.kept && matches(only, item.value) !== keep) item.kept = false;
    return;
  }
  const chosen = chosenFlags(items, selectors, budget);
  budget.spend(items.length);
  items.forEach((item, i) => {
    if (chosen[i] !== keep) item.kept = false;
  });
}

function drop(items: readonly Item[], index: number | undefined): void {
  const item = index === undefined ? undefined : items[index];
  if (item !== undefined) item.kept = false;
}

/** Marks the kept items that match any of `selectors`: their union, in no particular order. */
function chosenFlags(items: readonly Item[], selectors: readonly Selector[], budget: WorkBudget): boolean[] {
  const chosen = new Array<boolean>(items.length).fill(false);
  let pool: number[] | null = null;
  for (const selector of selectors) {
    if (selector.kind === 'highest' || selector.kind === 'lowest') {
      pool ??= keptIndices(items, null, budget);
      const order = byValue(items, pool.slice(), selector.kind === 'highest', budget);
      const count = Math.min(selector.value, order.length);
      for (let i = 0; i < count; i++) chosen[order[i] ?? 0] = true;
    } else {
      budget.spend(items.length);
      for (let i = 0; i < items.length; i++) {
        const item = items[i];
        if (item !== undefined && item.kept && matches(selector, item.value)) chosen[i] = true;
      }
    }
  }
  return chosen;
}

/**
 * The kept items matching any of `selectors`, as indices into `items`, in the order Avrae acts on
 * them (which decides which die gets which new face): selector by selector, each one's matches in
 * pool order (by value for highest and lowest, earlier first among equals), every item once, at
 * most `limit`. `among` (ascending indices) narrows the search to those items.
 */
export function select(
  items: readonly Item[],
  selectors: readonly Selector[],
  budget: WorkBudget,
  limit = Infinity,
  among: readonly number[] | null = null,
): number[] {
  const [only] = selectors;
  if (only !== undefined && selectors.length === 1 && only.kind !== 'highest' && only.kind !== 'lowest') {
    return matchingInOrder(items, only, budget, limit, among);
  }
  const pool = keptIndices(items, among, budget);
  const chosen: number[] = [];
  // With several selectors, each item is chosen once, without searching what was chosen.
  const seen = selectors.length > 1 ? new Set<number>() : null;
  const take = (index: number): void => {
    if (seen !== null) {
      if (seen.has(index)) return;
      seen.add(index);
    }
    chosen.push(index);
  };
  let highestFirst: number[] | null = null;
  let lowestFirst: number[] | null = null;
  for (const selector of selectors) {
    if (chosen.length >= limit) break;
    if (selector.kind === 'highest' || selector.kind === 'lowest') {
      const order =
        selector.kind === 'highest'
          ? (highestFirst ??= byValue(items, pool.slice(), true, budget))
          : (lowestFirst ??= byValue(items, pool.slice(), false, budget));
      const count = Math.min(selector.value, order.length);
      budget.spend(count);
      for (let i = 0; i < count && chosen.length < limit; i++) take(order[i] ?? 0);
    } else {
      budget.spend(pool.length);
      for (let at = 0; at < pool.length && chosen.length < limit; at++) {
        const index = pool[at] ?? 0;
        if (matches(selector, valueOf(items, index))) take(index);
      }
    }
  }
  return chosen;
}

/** `select` for the usual single selector that looks at each member on its own (`ro1`, `e6`, `rr<3`). */
function matchingInOrder(
  items: readonly Item[],
  selector: Selector,
  budget: WorkBudget,
  limit: number,
  among: readonly number[] | null,
): number[] {
  const chosen: number[] = [];
  const count = among === null ? items.length : among.length;
  budget.spend(count);
  for (let at = 0; at < count && chosen.length < limit; at++) {
    const index = among === null ? at : (among[at] ?? 0);
    const item = items[index];
    if (item !== undefined && item.kept && matches(selector, item.value)) chosen.push(index);
  }
  return chosen;
}
