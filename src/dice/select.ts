/**
 * Which pool members an operator acts on. Linear in the members looked at (plus one sort for
 * highest or lowest), each look paid from the roll's work budget, so no input can make selection
 * run away. Members are read once into plain arrays: dice and set elements are objects of many
 * shapes, and reading them over and over inside a sort was slow.
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
/** Up to this many members (4d6kh3, 2d20kl1), keep and drop rank them without sorting or lists. */
const RANKING_MAX = 8;

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

function isCounted(selector: Selector): boolean {
  return selector.kind === 'highest' || selector.kind === 'lowest';
}

/** The kept members, in pool order: where each is in `items`, and its value. */
interface Pool {
  indices: number[];
  values: number[];
}

/** The kept members of `items` from index `from` on, or of those at `among` (ascending indices). */
function keptPool(items: readonly Item[], among: readonly number[] | null, budget: WorkBudget, from = 0): Pool {
  const pool: Pool = { indices: [], values: [] };
  const count = among === null ? items.length - from : among.length;
  budget.spend(count);
  for (let at = 0; at < count; at++) {
    const index = among === null ? from + at : (among[at] ?? -1);
    const item = items[index];
    if (item === undefined || !item.kept) continue;
    pool.indices.push(index);
    pool.values.push(item.value);
  }
  return pool;
}

/** What sorting n members costs: n·⌈log2 n⌉, with the logarithm read off the bits (Math.log2 cost more than a small sort). */
function sortCost(n: number): number {
  return n * Math.max(1, 32 - Math.clz32(n - 1));
}

/**
 * Positions in `pool` ordered by value, highest or lowest first. Stable, so among equal values the
 * earlier member comes first: what "the highest" means when values tie.
 */
function byValue(pool: Pool, highest: boolean, budget: WorkBudget): number[] {
  const { values } = pool;
  const n = values.length;
  budget.spend(sortCost(n));
  // Highest first is lowest first on negated values.
  const sign = highest ? -1 : 1;
  const order: number[] = [];
  for (let at = 0; at < n; at++) order.push(at);
  // A value that is not a number (∞ - ∞ in a set) compares "equal" to everything, and only the
  // built-in sort then orders as it always did.
  if (n > INSERTION_SORT_MAX || values.some(Number.isNaN)) {
    return order.sort((a, b) => sign * ((values[a] ?? 0) - (values[b] ?? 0)));
  }
  for (let i = 1; i < n; i++) {
    const key = sign * (values[i] ?? 0);
    let j = i - 1;
    for (; j >= 0 && sign * (values[order[j] ?? 0] ?? 0) > key; j--) order[j + 1] = order[j] ?? 0;
    order[j + 1] = i;
  }
  return order;
}

function drop(items: readonly Item[], index: number | undefined): void {
  const item = index === undefined ? undefined : items[index];
  if (item !== undefined) item.kept = false;
}

/** `k`/`p`: keeps only the selected members, or drops them. The union of `selectors` is selected. */
export function keepOrDrop(items: readonly Item[], op: 'k' | 'p', selectors: readonly Selector[], budget: WorkBudget): void {
  const keep = op === 'k';
  const [only] = selectors;
  if (only !== undefined && selectors.length === 1) {
    if (!isCounted(only)) {
      budget.spend(items.length);
      for (const item of items) if (item.kept && matches(only, item.value) !== keep) item.kept = false;
      return;
    }
    if (items.length <= RANKING_MAX && keptOrDroppedByRank(items, keep, only, budget)) return;
    if (keptOrDroppedByCount(items, keep, only, budget)) return;
    const pool = keptPool(items, null, budget);
    const order = byValue(pool, only.kind === 'highest', budget);
    const count = Math.min(only.value, order.length);
    budget.spend(order.length);
    // Keeping the first `count` drops the rest; dropping them drops just those.
    for (let i = keep ? count : 0; i < (keep ? order.length : count); i++) drop(items, pool.indices[order[i] ?? 0]);
    return;
  }
  const pool = keptPool(items, null, budget);
  const chosen = new Array<boolean>(pool.values.length).fill(false);
  for (const selector of selectors) {
    if (isCounted(selector)) {
      const order = byValue(pool, selector.kind === 'highest', budget);
      const count = Math.min(selector.value, order.length);
      for (let i = 0; i < count; i++) chosen[order[i] ?? 0] = true;
    } else {
      budget.spend(pool.values.length);
      pool.values.forEach((value, at) => {
        if (matches(selector, value)) chosen[at] = true;
      });
    }
  }
  budget.spend(pool.values.length);
  chosen.forEach((selected, at) => {
    if (selected !== keep) drop(items, pool.indices[at]);
  });
}

/** Scratch for `keptOrDroppedByRank`: members are read into it once, then compared there. */
const RANK_KEYS = new Float64Array(RANKING_MAX);

/**
 * The `count` best of the members in `among` (bit i: member i), as bits: by least key, the earlier
 * first among equals, as a stable sort orders them. With `worst`, the `count` that such an order
 * puts last instead: by greatest key, the later first among equals.
 */
function pickByKey(among: number, n: number, count: number, worst: boolean): number {
  let picked = 0;
  for (let k = 0; k < count; k++) {
    let at = -1;
    let atKey = 0;
    for (let i = 0; i < n; i++) {
      if (((among >> i) & 1) === 0 || ((picked >> i) & 1) === 1) continue;
      const key = RANK_KEYS[i] ?? 0;
      if (at < 0 || (worst ? key >= atKey : key < atKey)) {
        at = i;
        atKey = key;
      }
    }
    picked |= 1 << at;
  }
  return picked;
}

/**
 * `k`/`p` with one highest or lowest selector on a few members, without sorting or lists: the
 * selected members are picked one by one (or the others, when they are fewer: `4d6kh3` picks the
 * one lowest die), where a stable sort would put them. Decides every member before changing any.
 * False, changing nothing, when a value is not a number: then only the built-in sort orders as it
 * always did. Each member is read once: they are dice or set elements of many shapes, slow to read
 * over and over.
 */
function keptOrDroppedByRank(items: readonly Item[], keep: boolean, selector: Selector, budget: WorkBudget): boolean {
  const n = items.length;
  budget.spend(n * n);
  const sign = selector.kind === 'highest' ? -1 : 1;
  let kept = 0; // bit i: member i is kept so far
  let keptCount = 0;
  for (let i = 0; i < n; i++) {
    const item = items[i];
    if (item === undefined || !item.kept) continue;
    const key = sign * item.value;
    if (Number.isNaN(key)) return false;
    RANK_KEYS[i] = key;
    kept |= 1 << i;
    keptCount++;
  }
  const count = Math.min(selector.value, keptCount);
  const chosen = count <= keptCount - count ? pickByKey(kept, n, count, false) : kept & ~pickByKey(kept, n, keptCount - count, true);
  // The kept members that end up on the wrong side of the selection are dropped.
  let dropped = keep ? kept & ~chosen : kept & chosen;
  for (let i = 0; dropped !== 0; i++, dropped >>>= 1) {
    const item = items[i];
    if ((dropped & 1) !== 0 && item !== undefined) item.kept = false;
  }
  return true;
}

/** Values below this are counted in a table by `keptOrDroppedByCount`: the faces of any usual die. */
const COUNTED_VALUES = 1024;
/** How many kept members show each value; zero again after each use. */
const VALUE_COUNTS = new Int32Array(COUNTED_VALUES);

/**
 * `k`/`p` with one highest or lowest selector on more members than ranking suits, when every kept
 * value is a whole number below COUNTED_VALUES (dice faces): the members showing each value are
 * counted, which gives the value the selection ends at; members beyond it are selected, and of
 * those showing it the earliest, as many as fit, which is where a stable sort would put them.
 * Linear, without lists or a sort, though it charges what sorting them does. False, changing
 * nothing, for other values: then the sort decides.
 */
function keptOrDroppedByCount(items: readonly Item[], keep: boolean, selector: Selector, budget: WorkBudget): boolean {
  const n = items.length;
  let m = 0;
  let low = COUNTED_VALUES;
  let high = -1;
  for (let i = 0; i < n; i++) {
    const item = items[i];
    if (item === undefined || !item.kept) continue;
    const value = item.value;
    if (!(Number.isInteger(value) && value >= 0 && value < COUNTED_VALUES)) {
      VALUE_COUNTS.fill(0, 0, high + 1);
      return false;
    }
    VALUE_COUNTS[value]!++;
    m++;
    if (value < low) low = value;
    if (value > high) high = value;
  }
  budget.spend(n + sortCost(m) + m);
  const highest = selector.kind === 'highest';
  const count = Math.min(selector.value, m);
  // Walk the values from the selected end until `count` members are covered.
  let edge = highest ? high : low;
  let covered = 0;
  for (; count > 0; edge += highest ? -1 : 1) {
    covered += VALUE_COUNTS[edge] ?? 0;
    if (covered >= count) break;
  }
  // Of the members showing the edge value, the earliest `ties` are selected.
  let ties = count > 0 ? count - (covered - (VALUE_COUNTS[edge] ?? 0)) : 0;
  VALUE_COUNTS.fill(0, low, high + 1);
  for (let i = 0; i < n; i++) {
    const item = items[i];
    if (item === undefined || !item.kept) continue;
    let selected = count > 0 && (highest ? item.value > edge : item.value < edge);
    if (item.value === edge && ties > 0) {
      selected = true;
      ties--;
    }
    if (selected !== keep) item.kept = false;
  }
  return true;
}

/**
 * The kept items matching any of `selectors`, as indices into `items`, in the order Avrae acts on
 * them (which decides which die gets which new face): selector by selector, each one's matches in
 * pool order (by value for highest and lowest, earlier first among equals), every item once, at
 * most `limit`. `among` (ascending indices) narrows the search to those items; else `from` to
 * the items from that index on (the dice an explosion just added).
 */
export function select(
  items: readonly Item[],
  selectors: readonly Selector[],
  budget: WorkBudget,
  limit = Infinity,
  among: readonly number[] | null = null,
  from = 0,
): number[] {
  const [only] = selectors;
  if (only !== undefined && selectors.length === 1 && !isCounted(only)) return matchingInOrder(items, only, budget, limit, among, from);
  const pool = keptPool(items, among, budget, from);
  const chosen: number[] = [];
  // With several selectors, each member is chosen once, without searching what was chosen.
  const taken = selectors.length > 1 ? new Array<boolean>(pool.values.length).fill(false) : null;
  const take = (at: number): void => {
    if (taken !== null) {
      if (taken[at] === true) return;
      taken[at] = true;
    }
    chosen.push(pool.indices[at] ?? 0);
  };
  let highestFirst: number[] | null = null;
  let lowestFirst: number[] | null = null;
  for (const selector of selectors) {
    if (chosen.length >= limit) break;
    if (isCounted(selector)) {
      const order =
        selector.kind === 'highest' ? (highestFirst ??= byValue(pool, true, budget)) : (lowestFirst ??= byValue(pool, false, budget));
      const count = Math.min(selector.value, order.length);
      budget.spend(count);
      for (let i = 0; i < count && chosen.length < limit; i++) take(order[i] ?? 0);
    } else {
      budget.spend(pool.values.length);
      for (let at = 0; at < pool.values.length && chosen.length < limit; at++) {
        if (matches(selector, pool.values[at] ?? 0)) take(at);
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
  from: number,
): number[] {
  const chosen: number[] = [];
  const count = among === null ? items.length - from : among.length;
  budget.spend(count);
  for (let at = 0; at < count && chosen.length < limit; at++) {
    const index = among === null ? from + at : (among[at] ?? -1);
    const item = items[index];
    if (item !== undefined && item.kept && matches(selector, item.value)) chosen.push(index);
  }
  return chosen;
}
