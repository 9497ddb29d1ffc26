import http, { type ServerResponse } from 'node:http';
import net from 'node:net';
import pino from 'pino';
import { loadAssets } from '../../../src/live/assets';
import { LiveFeed } from '../../../src/live/feed';
import { LiveHub } from '../../../src/live/hub';
import { newToken } from '../../../src/live/links';
import { liveRoutes } from '../../../src/live/routes';
import { startLiveServer, type LiveServer } from '../../../src/live/server';
import { waitUntil } from '../../support/wait-until';
import { combatant, encounter } from '../commands/init-fixtures';

/*
 * Pages over real sockets on loopback, one open page allowed per address, and a connection given
 * STALLED_AFTER_MS to drain once it is full.
 */

const STALLED_AFTER_MS = 400;
const place = { guildId: 'guild', channelId: 'channel' };
// A big fight, so that a few changes fill the kernel's buffers rather than thousands.
const goblins = Array.from({ length: 200 }, (_, i) => combatant(`c${i}`, `Goblin ${i + 1}`, 12));
const fight = (round: number) => encounter(goblins, { round, version: round });

const logger = pino({ level: 'silent' });
let feed: LiveFeed;
let hub: LiveHub;
let server: LiveServer;
let round: number;
/** The server's side of each stream, to tell when its connection is full. */
let responses: ServerResponse[];
const token = newToken();

beforeEach(async () => {
  feed = new LiveFeed();
  round = 1;
  responses = [];
  hub = new LiveHub({
    feed,
    logger,
    links: { existing: (hashes) => Promise.resolve(new Set(hashes)) },
    source: { latest: () => Promise.resolve({ encounter: fight(round), turnStartedAt: null, monsterHp: 'words' }), afterSave: () => null },
  });
  const routes = liveRoutes({
    hub,
    assets: loadAssets(),
    logger,
    links: { find: () => Promise.resolve(place) },
    streamsPerAddress: 1,
    stalledAfterMs: STALLED_AFTER_MS,
  });
  server = await startLiveServer({
    port: 0,
    host: '127.0.0.1',
    logger,
    routes: (req, res) => {
      if (req.url?.endsWith('/events') === true) responses.push(res);
      return routes(req, res);
    },
  });
});

afterEach(async () => {
  hub.close();
  await server.close();
});

/** A page's stream opened over a raw socket, which stops reading when told to. */
async function rawPage(): Promise<{ socket: net.Socket; received: () => string; closed: () => boolean }> {
  const socket = net.connect(server.port, '127.0.0.1');
  let received = '';
  let closed = false;
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (received += chunk));
  socket.on('close', () => (closed = true));
  socket.write(`GET /live/${token}/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  await waitUntil(() => received.includes('event: view'), 'the first view');
  return { socket, received: () => received, closed: () => closed };
}

/** Turns the fight's rounds until the stream's connection is full (the page reads nothing meanwhile). */
async function changeUntilFull(res: ServerResponse): Promise<void> {
  while (!res.writableNeedDrain) {
    round += 1;
    feed.publish({ kind: 'changed', channelId: 'channel', encounterId: 'enc1', version: round, encounter: fight(round) });
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

/** The status another page from the same address gets; a page that opens is closed at once. */
function anotherPage(): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${server.port}/live/${token}/events`, (res) => {
        resolve(res.statusCode ?? 0);
        res.destroy();
      })
      .on('error', reject);
  });
}

test("a page that stops reading is closed once its connection stays full, and its address's place is free again", async () => {
  const stalled = await rawPage();
  stalled.socket.pause();
  await changeUntilFull(responses[0] as ServerResponse);
  const full = performance.now();
  expect(await anotherPage()).toBe(429);
  expect(hub.viewers).toBe(1);

  // The page's own socket hears of it only once it reads what was sent before; the server lets go at once.
  await waitUntil(() => hub.viewers === 0, 'the stalled page closed', 3_000);
  expect(performance.now() - full).toBeGreaterThanOrEqual(STALLED_AFTER_MS - 50);
  expect(await anotherPage()).toBe(200);
  stalled.socket.destroy();
});

test('a page that reads slowly is not closed: it catches up within the time it is given', async () => {
  const slow = await rawPage();
  slow.socket.pause();
  await changeUntilFull(responses[0] as ServerResponse);
  await new Promise((resolve) => setTimeout(resolve, STALLED_AFTER_MS / 2));
  slow.socket.resume();
  await waitUntil(() => slow.received().includes(`Round ${round} · Goblin 1`), 'the last change', 3_000);
  await new Promise((resolve) => setTimeout(resolve, STALLED_AFTER_MS));
  expect(slow.closed()).toBe(false);
  expect(hub.viewers).toBe(1);
  slow.socket.destroy();
});
