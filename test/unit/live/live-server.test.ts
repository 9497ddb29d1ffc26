import { randomBytes } from 'node:crypto';
import net from 'node:net';
import pino from 'pino';
import { loadAssets } from '../../../src/live/assets';
import { LiveFeed } from '../../../src/live/feed';
import { LiveHub } from '../../../src/live/hub';
import { newToken } from '../../../src/live/links';
import { liveRoutes } from '../../../src/live/routes';
import { startLiveServer, type LiveServer } from '../../../src/live/server';
import { fetchText, LiveStreamClient } from '../../support/live-client';
import { waitUntil } from '../../support/wait-until';
import { combatant, encounter } from '../commands/init-fixtures';

const MAX_IDLE_CONNECTIONS = 3;
const logger = pino({ level: 'silent' });
let hub: LiveHub;
let server: LiveServer;
let base: string;

beforeEach(async () => {
  hub = new LiveHub({
    feed: new LiveFeed(),
    logger,
    links: { existing: (hashes) => Promise.resolve(new Set(hashes)) },
    source: {
      latest: () => Promise.resolve({ encounter: encounter([combatant('c1', 'Alice', 18)]), turnStartedAt: null, monsterHp: 'words' }),
      afterSave: () => null,
    },
  });
  const routes = liveRoutes({
    hub,
    assets: loadAssets(),
    logger,
    links: { find: () => Promise.resolve({ guildId: 'guild', channelId: 'channel' }) },
  });
  server = await startLiveServer({ port: 0, host: '127.0.0.1', routes, logger, maxIdleConnections: MAX_IDLE_CONNECTIONS });
  base = `http://127.0.0.1:${server.port}`;
});

afterEach(async () => {
  hub.close();
  await server.close();
});

/** A connection that sends nothing, as one client may open by the thousand. */
async function silentConnection(): Promise<{ socket: net.Socket; closed: () => boolean }> {
  const socket = net.connect(server.port, '127.0.0.1');
  let closed = false;
  socket.on('close', () => (closed = true));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  return { socket, closed: () => closed };
}

test("connections that send nothing cannot hold the server: past the limit the oldest is closed, pages' streams are kept, and a page still opens", async () => {
  const link = `${base}/live/${newToken()}`;
  const pages = await Promise.all([1, 2, 3, 4].map(() => LiveStreamClient.open(`${link}/events`)));
  await Promise.all(pages.map((page) => page.view("Round 1 · Alice's turn")));
  const silent: Awaited<ReturnType<typeof silentConnection>>[] = [];
  for (let i = 0; i < MAX_IDLE_CONNECTIONS; i++) silent.push(await silentConnection());
  expect(silent.map((connection) => connection.closed())).toEqual([false, false, false]);

  const answer = await fetchText(link);
  expect(answer.status).toBe(200);
  await waitUntil(() => silent[0]?.closed() === true, 'the oldest silent connection closed', 2_000);
  expect(pages.map((page) => page.ended)).toEqual([false, false, false, false]);
  expect(hub.viewers).toBe(4);
  for (const connection of silent) connection.socket.destroy();
  for (const page of pages) page.close();
});

test('headers trickling in a byte at a time get 408 and the connection closed once the headers timeout has passed', async () => {
  const strict = await startLiveServer({ port: 0, host: '127.0.0.1', routes: () => false, logger, headersTimeoutMs: 500 });
  const socket = net.connect(strict.port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('connect', resolve));
  const started = performance.now();
  const request = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ' + 'x'.repeat(200);
  let sent = 0;
  const trickle = setInterval(() => socket.write(request.charAt(sent++ % request.length)), 100);
  let answer = '';
  socket.on('data', (chunk: Buffer) => (answer += chunk.toString('utf8')));
  await new Promise((resolve) => socket.once('close', resolve));
  clearInterval(trickle);
  const closedAfter = performance.now() - started;
  await strict.close();
  expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  expect(closedAfter).toBeGreaterThanOrEqual(450);
  expect(closedAfter).toBeLessThan(1_500);
}, 45_000);

test('a page that reconnects while its old connection lingers (its network went without a word) replaces it: never locked out, counted once', async () => {
  const link = `${base}/live/${newToken()}`;
  const page = randomBytes(16).toString('hex');
  const other = await LiveStreamClient.open(`${link}/events?page=${randomBytes(16).toString('hex')}`);
  const connections: LiveStreamClient[] = [];
  // More reconnections than the 20 streams one address may hold, none of them closed by the client.
  for (let i = 0; i < 25; i++) {
    const connection = await LiveStreamClient.open(`${link}/events?page=${page}`);
    expect(connection.status).toBe(200);
    await connection.view("Round 1 · Alice's turn");
    connections.push(connection);
  }
  await waitUntil(() => connections.slice(0, -1).every((connection) => connection.ended), 'the lingering connections closed', 2_000);
  expect(connections.at(-1)?.ended).toBe(false);
  expect(other.ended).toBe(false);
  expect(hub.viewers).toBe(2);
  for (const connection of [...connections, other]) connection.close();
});
