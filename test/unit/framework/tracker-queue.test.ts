import { TrackerQueue } from '../../../src/framework/tracker-queue';

/** Work that stays running until the test finishes it, recording which version ran. */
function heldWork(ran: number[], version: number): { work: () => Promise<void>; finish(error?: Error): void } {
  let finish: (error?: Error) => void = () => undefined;
  const done = new Promise<void>((resolve, reject) => {
    finish = (error) => (error ? reject(error) : resolve());
  });
  return {
    work: () => {
      ran.push(version);
      return done;
    },
    finish: (error) => finish(error),
  };
}

/** Long enough for every update that can start to have started: each starts on a later turn of the event loop. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 10));

test('updates asked for while one runs wait, and only the newest of them runs', async () => {
  const queue = new TrackerQueue();
  const ran: number[] = [];
  const updates = [1, 2, 3, 4].map((version) => heldWork(ran, version));
  const settled = updates.map((u, i) => queue.run('e1', i + 1, u.work));
  await settle();
  expect(ran).toEqual([1]);
  updates[0]?.finish();
  await settle();
  expect(ran).toEqual([1, 4]);
  updates[3]?.finish();
  await Promise.all(settled);
  await queue.idle();
  expect(ran).toEqual([1, 4]);
});

test('an older version than one shown or waiting never runs, even when it is asked for last', async () => {
  const queue = new TrackerQueue();
  const ran: number[] = [];
  const five = heldWork(ran, 5);
  const seven = heldWork(ran, 7);
  const first = queue.run('e1', 5, five.work);
  void queue.run('e1', 7, seven.work);
  await queue.run('e1', 6, heldWork(ran, 6).work);
  await queue.run('e1', 4, heldWork(ran, 4).work);
  five.finish();
  await first;
  await settle();
  seven.finish();
  await queue.idle();
  await queue.run('e1', 7, heldWork(ran, 7).work);
  expect(ran).toEqual([5, 7]);
});

test('encounters update side by side', async () => {
  const queue = new TrackerQueue();
  const ran: number[] = [];
  const one = heldWork(ran, 1);
  const two = heldWork(ran, 2);
  void queue.run('e1', 1, one.work);
  void queue.run('e2', 2, two.work);
  await settle();
  expect(ran).toEqual([1, 2]);
  one.finish();
  two.finish();
  await queue.idle();
});

test('a failing update rejects for every caller it carried, and the next one still runs', async () => {
  const queue = new TrackerQueue();
  const ran: number[] = [];
  const one = heldWork(ran, 1);
  const two = heldWork(ran, 2);
  const first = queue.run('e1', 1, one.work);
  const replaced = queue.run('e1', 2, heldWork(ran, 2).work);
  const second = queue.run('e1', 3, two.work);
  await settle();
  one.finish(new Error('REST is down'));
  await expect(first).rejects.toThrow('REST is down');
  await settle();
  two.finish(new Error('still down'));
  await expect(replaced).rejects.toThrow('still down');
  await expect(second).rejects.toThrow('still down');
  expect(ran).toEqual([1, 2]);
});

test('idle() waits for the update that a finishing one starts', async () => {
  const queue = new TrackerQueue();
  const ran: number[] = [];
  const one = heldWork(ran, 1);
  const two = heldWork(ran, 2);
  void queue.run('e1', 1, one.work);
  void queue.run('e1', 2, two.work);
  let idle = false;
  const waiting = queue.idle().then(() => (idle = true));
  one.finish();
  await settle();
  expect(idle).toBe(false);
  two.finish();
  await waiting;
  expect(ran).toEqual([1, 2]);
});

test('it remembers a bounded number of encounters, forgetting the least recently updated idle ones', async () => {
  const queue = new TrackerQueue(3);
  const busy = heldWork([], 1);
  void queue.run('busy', 1, busy.work);
  for (let n = 0; n < 50; n += 1) await queue.run(`e${n}`, 1, () => Promise.resolve());
  expect(queue.size).toBe(3);
  // The busy one was kept: a second update of it still waits for the first.
  const ran: number[] = [];
  void queue.run('busy', 2, heldWork(ran, 2).work);
  await settle();
  expect(ran).toEqual([]);
  busy.finish();
  await settle();
  expect(ran).toEqual([2]);
});
