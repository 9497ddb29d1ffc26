/** Checks `done` (which may ask the database) every 5 ms until it holds; after `timeoutMs`, fails saying what never came (`what`). */
export async function waitUntil(done: () => boolean | Promise<boolean>, what: string, timeoutMs = 5_000): Promise<void> {
  for (let waited = 0; !(await done()); waited += 5) {
    if (waited > timeoutMs) throw new Error(`${what} never came`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
