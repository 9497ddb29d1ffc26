import { isPlainName } from '../rules/names';

/** Discord shows at most 25 suggestions. */
export const MAX_SUGGESTIONS = 25;

/** How well a name matches what the user typed so far; lower is better, null is no match. */
function matchRank(name: string, typed: string): number | null {
  const query = normalise(typed);
  if (query === '') return 0;
  const candidate = normalise(name);
  if (candidate.startsWith(query)) return 0;
  if (candidate.split(' ').some((word) => word.startsWith(query))) return 1;
  if (candidate.includes(query)) return 2;
  // "goblin 2" must not suggest Goblin 1: numbers tell members of a group apart, so fuzziness stops there.
  if (!numbersOf(query).every((number) => numbersOf(candidate).includes(number))) return null;
  if (isSubsequence(query, candidate)) return 3;
  // One typo per four letters typed: fewer letters than that must match as typed ("gob" is not "bob").
  const allowed = Math.floor(query.length / 4);
  if (allowed > 0 && editDistance(query, candidate.slice(0, query.length)) <= allowed) return 4;
  return null;
}

/**
 * The names that match, best first (prefix, then word prefix, then substring, then fuzzy); equal
 * ranks keep the order they came in, which is the initiative order.
 */
export function rankByName<T>(items: readonly T[], nameOf: (item: T) => string, typed: string, limit = MAX_SUGGESTIONS): T[] {
  return items
    .map((item, index) => ({ item, index, rank: matchRank(nameOf(item), typed) }))
    .filter((entry): entry is { item: T; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.item);
}

/** Names compare without case, accents or extra spaces: "Ádult  red dragon" is "adult red dragon". */
export function normalise(text: string): string {
  // Plain ASCII words one space apart (nearly every name) have no accents or spaces to fix: a cast looks up each spell its caster lists.
  if (isPlainName(text)) return text.toLowerCase();
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

function numbersOf(text: string): string[] {
  return text.match(/\d+/g) ?? [];
}

function isSubsequence(query: string, candidate: string): boolean {
  let at = 0;
  for (const char of candidate) {
    if (char === query[at]) at += 1;
    if (at === query.length) return true;
  }
  return false;
}

/** Edits (insert, delete, replace, swap two neighbours) that turn a into b: "alcie" is one from "alice". */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, index) => index)];
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const above = rows[i - 1] ?? [];
      let best = Math.min((above[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (above[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, (rows[i - 2]?.[j - 2] ?? 0) + 1);
      row.push(best);
    }
    rows.push(row);
  }
  return rows[a.length]?.[b.length] ?? 0;
}
