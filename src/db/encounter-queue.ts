/**
 * Runs tasks one after another per key, and tasks of different keys independently. The store
 * queues a process's own commands per channel, so they never race each other for the database.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Keys with tasks waiting or running. */
  get size(): number {
    return this.tails.size;
  }
}
