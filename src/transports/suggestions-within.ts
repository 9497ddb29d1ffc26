import type { AutocompleteChoice } from '../framework/command';

/**
 * Suggestions, or none once `withinMs` has passed: an autocomplete answer cannot be deferred and
 * Discord drops one that comes after 3 seconds, so a slow database gives no suggestions rather than
 * an answer nobody sees.
 */
export async function suggestionsWithin(suggesting: Promise<AutocompleteChoice[]>, withinMs: number): Promise<AutocompleteChoice[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<AutocompleteChoice[]>((resolve) => {
    timer = setTimeout(() => resolve([]), withinMs);
  });
  try {
    return await Promise.race([suggesting, late]);
  } finally {
    clearTimeout(timer);
  }
}
