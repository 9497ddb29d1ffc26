import pino from 'pino';
import type { Encounter } from '../../../src/combat/types';
import { LiveFeed } from '../../../src/live/feed';
import { LiveHub, type LiveState } from '../../../src/live/hub';
import { LiveStream } from '../../../src/live/stream';
import { loadAssets } from '../../../src/live/assets';
import { newToken, tokenHash } from '../../../src/live/links';
import { liveRoutes } from '../../../src/live/routes';
import type { IncomingMessage } from 'node:http';
import { combatant, encounter } from '../commands/init-fixtures';
import { FakeResponse } from '../../support/fake-response';

const place = { guildId: 'guild', channelId: 'channel' };
const fight = (version: number, currentId: string | null, round = 1): Encounter =>
  encounter([combatant('c1', 'Alice', 18, { rules: { isPlayerCharacter: true } }), combatant('c2', 'Goblin', 12)], {
    version,
    currentId,
    round,
  });

function setUp(states: LiveState[]) {
  const feed = new LiveFeed();
  let reads = 0;
  let release: () => void = () => undefined;
  let hold = false;
  let failing = 0;
  const existing = new Set(['link-a']);
  const laidOver: number[] = [];
  const hub = new LiveHub({
    feed,
    logger: pino({ level: 'silent' }),
    links: { existing: (hashes) => Promise.resolve(new Set(hashes.filter((h) => existing.has(h)))) },
    source: {
      latest: async () => {
        reads += 1;
        if (hold) await new Promise<void>((resolve) => (release = resolve));
        if (failing > 0) {
          failing -= 1;
          throw new Error('Connection terminated unexpectedly');
        }
        return states[Math.min(reads, states.length) - 1] ?? null;
      },
      // The rows a test's notice brings name the state they lead to, or none for rows that do not read.
      afterSave: (before, rows) => {
        laidOver.push(before.version);
        return (rows as { after: Encounter | null }).after;
      },
    },
  });
  const open = async (hash = 'link-a') => {
    const res = new FakeResponse();
    await hub.join(place, new LiveStream(res.asResponse(), hash));
    return res;
  };
  return {
    feed,
    hub,
    open,
    existing,
    reads: () => reads,
    laidOver,
    holdReads: () => (hold = true),
    failReads: (count: number) => (failing = count),
    release: () => {
      hold = false;
      release();
    },
  };
}

const state = (e: Encounter): LiveState => ({ encounter: e, turnStartedAt: null, monsterHp: 'words' });
/** Lets what the hub queued run: reads resolve, and sends go out a turn of the event loop later. */
const flush = async () => {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
};

test('a page opens on the state read once for its channel; a second page of the channel reads nothing', async () => {
  const { open, reads, hub } = setUp([state(fight(1, null, 0))]);
  const first = await open();
  const second = await open();
  await flush();
  expect([first.views(), second.views()]).toEqual([
    [expect.objectContaining({ heading: 'Not started yet.' })],
    [expect.objectContaining({ heading: 'Not started yet.' })],
  ]);
  expect(reads()).toBe(1);
  expect(hub.viewers).toBe(2);
  hub.close();
  expect([first.ended, second.ended]).toEqual([true, true]);
});

test("a change saved in this process is shown as saved, with no read; another process's change is read, and its echo ignored", async () => {
  const { open, feed, reads, hub } = setUp([state(fight(1, null, 0)), state(fight(3, 'c2'))]);
  const page = await open();
  await flush();
  feed.publish({ kind: 'changed', channelId: 'channel', encounterId: 'enc1', version: 2, encounter: fight(2, 'c1') });
  feed.publish({ kind: 'changed', channelId: 'channel', encounterId: 'enc1', version: 2 });
  await flush();
  expect(reads()).toBe(1);
  feed.publish({ kind: 'changed', channelId: 'channel', encounterId: 'enc1', version: 3 });
  await flush();
  expect(reads()).toBe(2);
  expect(page.views().map((v) => v.heading)).toEqual(['Not started yet.', "Round 1 · Alice's turn", "Round 1 · Goblin's turn"]);
  hub.close();
});

test("another process's change is shown from the rows its notice brought, with no read, when they lead on from the state shown", async () => {
  const { open, feed, reads, laidOver, hub } = setUp([state(fight(1, null, 0)), state(fight(3, 'c2')), state(fight(5, 'c1', 2))]);
  const page = await open();
  await flush();
  const changed = (version: number, after: Encounter | null) =>
    feed.publish({ kind: 'changed', channelId: 'channel', encounterId: 'enc1', version, rows: { after } });
  changed(2, fight(2, 'c1'));
  await flush();
  expect(reads()).toBe(1);
  // Rows this version cannot read, then a notice past a version this process never heard of: read.
  changed(3, null);
  await flush();
  expect(reads()).toBe(2);
  changed(5, fight(5, 'c2', 9));
  await flush();
  expect(reads()).toBe(3);
  expect(laidOver).toEqual([1, 2]);
  expect(page.views().map((v) => v.heading)).toEqual([
    'Not started yet.',
    "Round 1 · Alice's turn",
    "Round 1 · Goblin's turn",
    "Round 2 · Alice's turn",
  ]);
  hub.close();
});

test('a burst of changes while a read is under way costs one more read, not one each', async () => {
  const { open, feed, reads, holdReads, release, hub } = setUp([state(fight(1, null, 0)), state(fight(9, 'c2'))]);
  const page = await open();
  holdReads();
  for (let version = 2; version <= 9; version++) feed.publish({ kind: 'changed', channelId: 'channel', encounterId: 'enc1', version });
  release();
  await flush();
  release();
  await flush();
  expect(reads()).toBe(3);
  expect(page.views().at(-1)?.heading).toBe("Round 1 · Goblin's turn");
  hub.close();
});

test('a failed read closes the pages shown nothing yet, which reconnect and read again; a page shown a state keeps it', async () => {
  const { open, feed, reads, failReads, hub } = setUp([state(fight(1, null, 0))]);
  failReads(1);
  const first = await open();
  expect([first.ended, first.views()]).toEqual([true, []]);
  const reconnected = await open();
  await flush();
  expect(reconnected.views().map((view) => view.heading)).toEqual(['Not started yet.']);
  // A change this page missed (versions 2 to 4) asks for a read, and that read fails too.
  failReads(1);
  feed.publish({ kind: 'changed', channelId: 'channel', encounterId: 'enc1', version: 5 });
  await flush();
  expect([reads(), reconnected.ended, reconnected.views().length]).toEqual([3, false, 1]);
  hub.close();
});

test('a revocation closes, with the revoked event, only the pages whose link is gone', async () => {
  const { open, feed, existing, hub } = setUp([state(fight(1, null, 0))]);
  const kept = await open('link-a');
  existing.add('link-b');
  const revoked = await open('link-b');
  existing.delete('link-b');
  feed.publish({ kind: 'revoked', channelId: 'channel' });
  await flush();
  expect(revoked.ended).toBe(true);
  expect(revoked.written.endsWith('event: revoked\ndata: {}\n\n')).toBe(true);
  expect(kept.ended).toBe(false);
  expect(hub.viewers).toBe(1);
  hub.close();
});

test('a page whose link was looked up just before a revocation is closed by it too, once it joins', async () => {
  const { feed, existing, hub } = setUp([state(fight(1, null, 0))]);
  const token = newToken();
  existing.add(tokenHash(token));
  let answerLookup: () => void = () => undefined;
  const routes = liveRoutes({
    hub,
    assets: loadAssets(),
    logger: pino({ level: 'silent' }),
    // The lookup found the link before the revocation; its answer arrives after the revocation's notice.
    links: { find: () => new Promise((resolve) => (answerLookup = () => resolve(place))) },
  });
  const page = new FakeResponse();
  const request = { url: `/live/${token}/events`, method: 'GET', headers: {}, socket: { remoteAddress: '10.0.0.1' } };
  routes(request as unknown as IncomingMessage, page.asResponse());
  existing.delete(tokenHash(token));
  feed.publish({ kind: 'revoked', channelId: 'channel' });
  await flush();
  answerLookup();
  await flush();
  expect(page.ended).toBe(true);
  expect(page.written.endsWith('event: revoked\ndata: {}\n\n')).toBe(true);
  hub.close();
});

test('a page that cannot keep up is dropped rather than buffered without end', async () => {
  const { open, feed, hub } = setUp([state(fight(1, null, 0))]);
  const slow = await open();
  slow.writableLength = 300 * 1024;
  feed.publish({ kind: 'changed', channelId: 'channel', encounterId: 'enc1', version: 2, encounter: fight(2, 'c1') });
  await flush();
  expect(slow.destroyed).toBe(true);
  expect(hub.viewers).toBe(0);
  hub.close();
});

test('a page that left while its link was looked up is not counted, so it holds no place', async () => {
  const { hub } = setUp([state(fight(1, null, 0))]);
  const gone = new FakeResponse();
  gone.destroyed = true;
  await hub.join(place, new LiveStream(gone.asResponse(), 'link-a'));
  expect(hub.viewers).toBe(0);
  hub.close();
});

test('a change goes out after the work that saved it, a slice of pages at a time, and a newer state overtakes one still going out', async () => {
  const { open, feed, hub } = setUp([state(fight(1, null, 0))]);
  const pages = [];
  for (let i = 0; i < 250; i++) pages.push(await open());
  await flush();
  feed.publish({ kind: 'changed', channelId: 'channel', encounterId: 'enc1', version: 2, encounter: fight(2, 'c1') });
  // Nothing is written while the command that saved the change is still running.
  expect(pages.every((page) => page.views().length === 1)).toBe(true);
  await new Promise((resolve) => setImmediate(resolve));
  expect(pages.filter((page) => page.views().length === 2)).toHaveLength(100);
  feed.publish({ kind: 'changed', channelId: 'channel', encounterId: 'enc1', version: 3, encounter: fight(3, 'c2') });
  await flush();
  await flush();
  expect(pages.every((page) => page.views().at(-1)?.heading === "Round 1 · Goblin's turn")).toBe(true);
  // The 150 the older state had not reached yet never get it.
  expect(pages.filter((page) => page.views().length === 2)).toHaveLength(150);
  hub.close();
});

test("a change the players cannot see (a hidden monster's HP) sends nothing, so not even its timing reaches them", async () => {
  const withChief = (version: number, hp: number): Encounter => ({
    ...fight(version, 'c1'),
    combatants: [...fight(version, 'c1').combatants, combatant('c3', 'Chief', 9, { hidden: true, rules: { maxHp: 65, hp } })],
  });
  const { open, feed, hub } = setUp([state(withChief(1, 65))]);
  const page = await open();
  await flush();
  feed.publish({ kind: 'changed', channelId: 'channel', encounterId: 'enc1', version: 2, encounter: withChief(2, 30) });
  await flush();
  expect(page.views()).toHaveLength(1);
  feed.publish({ kind: 'changed', channelId: 'channel', encounterId: 'enc1', version: 3, encounter: fight(3, 'c2') });
  await flush();
  expect(page.views().map((v) => v.heading)).toEqual(["Round 1 · Alice's turn", "Round 1 · Goblin's turn"]);
  hub.close();
});
