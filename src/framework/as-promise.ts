/**
 * Runs work that has nothing to wait for and hands back its result as a promise. A throw becomes a
 * rejection, as in an async function, so a caller that attaches its handlers to the promise sees it.
 */
export function asPromise<T>(work: () => T): Promise<T> {
  return new Promise((resolve) => resolve(work()));
}
