/**
 * Which pool members an operator acts on. Linear in the members looked at, each look paid from the
 * roll's work budget, so no input can make selection run away.
 */
import type { Selector } from './ast';
import type { WorkBudget } from './budget';

/** Whatever an operator can select from: dice, or the elements of a set. */
export interface Item {
  value: number;
  kept: boolean;
}

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

/** Indices of the kept items, all of them or those among `among`, in pool order. */
function keptIndices(items: readonly Item[], among: readonly number[] | null, budget: WorkBudget): number[] {
  const kept: number[] = [];
  if (among === null) {
    budget.spend(items.length);
    for (let i = 0; i < items.length; i++) if (items[i].kept) kept.push(i);
  } else {
    budget.spend(among.length);
    for (const i of among) if (items[i].kept) kept.push(i);
  }
  return kept;
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

/** Positions in `pool` by value, highest or lowest first; the sort is stable, so equals keep pool order. */
function byValue(items: readonly Item[], pool: readonly number[], highest: boolean, budget: WorkBudget): number[] {
  budget.spend(pool.length * Math.max(1, Math.ceil(Math.log2(pool.length))));
  const positions = Array.from(pool.keys());
  const valueAt = (at: number): number => items[pool[at]].value;
  return positions.sort(highest ? (a, b) => valueAt(b) - valueAt(a) : (a, b) => valueAt(a) - valueAt(b));
}

/**
 * The kept items matching any of `selectors`, as indices into `items`, in the order Avrae acts on
 * them: selector by selector, each one's matches in pool order (by value for highest and lowest,
 * earlier first among equals), every item once, at most `limit`. `among` (ascending indices)
 * narrows the search to those items.
 */
export function select(
  items: readonly Item[],
  selectors: readonly Selector[],
  budget: WorkBudget,
  limit = Infinity,
  among: readonly number[] | null = null,
): number[] {
  const pool = keptIndices(items, among, budget);
  const chosen: number[] = [];
  // Flags by position in `pool`: each item is chosen once, without searching what was chosen.
  const taken = selectors.length > 1 ? new Uint8Array(pool.length) : null;
  let highestFirst: number[] | null = null;
  let lowestFirst: number[] | null = null;
  const take = (at: number): void => {
    if (taken !== null) {
      if (taken[at] === 1) return;
      taken[at] = 1;
    }
    chosen.push(pool[at]);
  };
  for (const selector of selectors) {
    if (chosen.length >= limit) break;
    if (selector.kind === 'highest' || selector.kind === 'lowest') {
      const order = selector.kind === 'highest' ? (highestFirst ??= byValue(items, pool, true, budget)) : (lowestFirst ??= byValue(items, pool, false, budget));
      const count = Math.min(selector.value, order.length);
      budget.spend(count);
      for (let i = 0; i < count && chosen.length < limit; i++) take(order[i]);
    } else {
      budget.spend(pool.length);
      for (let at = 0; at < pool.length && chosen.length < limit; at++) {
        if (matches(selector, items[pool[at]].value)) take(at);
      }
    }
  }
  return chosen;
}
