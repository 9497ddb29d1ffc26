import type { ChannelMessenger } from '../../../src/framework/command';
import type { Reply } from '../../../src/views/reply';
import { coalesceEdits, type CoalescingMessenger } from '../../../src/transports/coalescing-messenger';

interface Call {
  channelId: string;
  messageId: string;
  title: string | undefined;
  finish(outcome: boolean | Error): void;
}

/** The messenger under test, over one whose edits stay in flight until the test finishes them, in any order. */
function overHeldEdits(): { messenger: CoalescingMessenger; calls: Call[] } {
  const calls: Call[] = [];
  const inner: ChannelMessenger = {
    send: () => Promise.resolve('posted-1'),
    sendDirect: () => Promise.resolve('direct-1'),
    pin: () => Promise.resolve(true),
    edit: (channelId, messageId, message) =>
      new Promise<boolean>((resolve, reject) => {
        calls.push({
          channelId,
          messageId,
          title: message.embeds?.[0]?.title,
          finish: (outcome) => (outcome instanceof Error ? reject(outcome) : resolve(outcome)),
        });
      }),
  };
  return { messenger: coalesceEdits(inner), calls };
}

const round = (n: number): Reply => ({ embeds: [{ title: `Round ${n}` }] });
const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

test('edits of one message in quick succession send the first at once and then only the newest', async () => {
  const { messenger, calls } = overHeldEdits();
  const results = [1, 2, 3, 4].map((n) => messenger.edit('c1', 'm1', round(n)));
  await settle();
  expect(calls.map((c) => c.title)).toEqual(['Round 1']);
  calls[0]?.finish(true);
  await settle();
  expect(calls.map((c) => c.title)).toEqual(['Round 1', 'Round 4']);
  calls[1]?.finish(true);
  expect(await Promise.all(results)).toEqual([true, true, true, true]);
  await messenger.idle();
  expect(calls).toHaveLength(2);
});

test('different messages are edited independently, one request in flight each', async () => {
  const { messenger, calls } = overHeldEdits();
  const first = messenger.edit('c1', 'm1', round(1));
  const other = messenger.edit('c1', 'm2', round(7));
  const sameIdElsewhere = messenger.edit('c2', 'm1', round(9));
  await settle();
  expect(calls.map((c) => `${c.channelId}/${c.messageId}: ${c.title}`)).toEqual(['c1/m1: Round 1', 'c1/m2: Round 7', 'c2/m1: Round 9']);
  calls.forEach((c) => c.finish(true));
  expect(await Promise.all([first, other, sameIdElsewhere])).toEqual([true, true, true]);
});

test('a superseded edit shares the outcome of the edit that replaced it', async () => {
  const { messenger, calls } = overHeldEdits();
  const sent = messenger.edit('c1', 'm1', round(1));
  const superseded = messenger.edit('c1', 'm1', round(2));
  const newest = messenger.edit('c1', 'm1', round(3));
  await settle();
  calls[0]?.finish(true);
  await settle();
  calls[1]?.finish(false);
  expect(await sent).toBe(true);
  expect(await superseded).toBe(false);
  expect(await newest).toBe(false);
});

test('a failed edit rejects its callers and the pending edit still goes out', async () => {
  const { messenger, calls } = overHeldEdits();
  const failing = messenger.edit('c1', 'm1', round(1));
  const pending = messenger.edit('c1', 'm1', round(2));
  await settle();
  calls[0]?.finish(new Error('Discord is down'));
  await expect(failing).rejects.toThrow('Discord is down');
  await settle();
  expect(calls.map((c) => c.title)).toEqual(['Round 1', 'Round 2']);
  calls[1]?.finish(true);
  expect(await pending).toBe(true);
});

test('once an edit has settled, the next one is sent at once', async () => {
  const { messenger, calls } = overHeldEdits();
  const first = messenger.edit('c1', 'm1', round(1));
  await settle();
  calls[0]?.finish(true);
  await first;
  void messenger.edit('c1', 'm1', round(2));
  await settle();
  expect(calls.map((c) => c.title)).toEqual(['Round 1', 'Round 2']);
  calls[1]?.finish(true);
  await messenger.idle();
});

test('idle() waits for the pending edit too, and send and pin pass straight through', async () => {
  const { messenger, calls } = overHeldEdits();
  void messenger.edit('c1', 'm1', round(1));
  void messenger.edit('c1', 'm1', round(2));
  let idle = false;
  const waiting = messenger.idle().then(() => (idle = true));
  await settle();
  calls[0]?.finish(true);
  await settle();
  expect(idle).toBe(false);
  calls[1]?.finish(true);
  await waiting;
  expect(idle).toBe(true);
  expect(await messenger.send('c1', round(1))).toBe('posted-1');
  expect(await messenger.pin('c1', 'm1')).toBe(true);
});
