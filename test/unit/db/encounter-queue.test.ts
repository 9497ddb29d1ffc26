import { KeyedQueue } from '../../../src/db/encounter-queue';

function deferred(): { promise: Promise<void>; resolve(): void; reject(error: Error): void } {
  let resolve = (): void => undefined;
  let reject = (_error: Error): void => undefined;
  const promise = new Promise<void>((yes, no) => {
    resolve = () => yes();
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Lets every already-settled promise callback run. */
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("the per-channel queue of a process's commands", () => {
  it("runs one channel's tasks one after another, and other channels' alongside", async () => {
    const queue = new KeyedQueue();
    const started: string[] = [];
    const first = deferred();
    const a1 = queue.run('tavern', async () => {
      started.push('tavern 1');
      await first.promise;
    });
    const a2 = queue.run('tavern', () => {
      started.push('tavern 2');
      return Promise.resolve();
    });
    const b1 = queue.run('crypt', () => {
      started.push('crypt 1');
      return Promise.resolve();
    });
    await settle();
    expect(started).toEqual(['tavern 1', 'crypt 1']);
    first.resolve();
    await Promise.all([a1, a2, b1]);
    expect(started).toEqual(['tavern 1', 'crypt 1', 'tavern 2']);
    expect(queue.size).toBe(0);
  });

  it('goes on after a task fails, and hands the failure to its caller alone', async () => {
    const queue = new KeyedQueue();
    const failing = deferred();
    const broken = queue.run('tavern', () => failing.promise);
    const next = queue.run('tavern', () => Promise.resolve('next ran'));
    failing.reject(new Error('refused'));
    await expect(broken).rejects.toThrow('refused');
    await expect(next).resolves.toBe('next ran');
  });
});
