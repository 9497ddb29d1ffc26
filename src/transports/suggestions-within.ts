import type { AutocompleteChoice } from '../framework/command';

/**
 * Suggestions, or none once `withinMs` has passed: an autocomplete answer cannot be deferred and
 * Discord drops one that comes after 3 seconds, so a slow database gives no suggestions rather than
 * an answer nobody sees. The signal `suggest` is given aborts then, so the work behind a dropped
 * answer stops at its next step instead of keeping a core busy.
 */
export async function suggestionsWithin(
  suggest: (signal: AbortSignal) => Promise<AutocompleteChoice[]>,
  withinMs: number,
): Promise<AutocompleteChoice[]> {
  const deadline = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<AutocompleteChoice[]>((resolve) => {
    timer = setTimeout(() => {
      deadline.abort(new Error(`suggestions past their ${withinMs} ms deadline`));
      resolve([]);
    }, withinMs);
  });
  try {
    return await Promise.race([suggest(deadline.signal), late]);
  } finally {
    clearTimeout(timer);
  }
}
