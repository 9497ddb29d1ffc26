import net from 'node:net';
import pino from 'pino';
import { buildServices, openApp, type App } from '../../../src/app';
import { createSeededRandom } from '../../../src/dice/seeded';
import { parseConfig } from '../../../src/config';
import type { LiveRequestHandler } from '../../../src/live/routes';
import { startLiveServer, type LiveServer } from '../../../src/live/server';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { fetchText, LiveStreamClient } from '../../support/live-client';
import { ALICE, GM, MODERATOR, Table, text } from '../commands/support';

/*
 * Two replicas of the app on one PostgreSQL database, in one test process: each with its own
 * connection pool, its own LISTEN connection and its own live page server. Commands go through one
 * (A); pages are read from the other (B), so every update a page gets crossed the database.
 */

interface Replica {
  app: App;
  server: LiveServer;
  base: string;
}

const logger = pino({ level: 'silent' });
let database: TestDatabase;
const replicas: Replica[] = [];

async function replica(): Promise<Replica> {
  const app = await openApp({ config: parseConfig({ DATABASE_URL: database.url }), logger });
  let routes: LiveRequestHandler = () => false;
  const server = await startLiveServer({ port: 0, host: '127.0.0.1', routes: (req, res) => routes(req, res), logger });
  const base = `http://127.0.0.1:${server.port}`;
  // Behind a proxy, as in docker-compose.yml: each test speaks from an address of its own.
  routes = (await app.serveLivePages({ baseUrl: base, trustProxy: true })).routes;
  return { app, server, base };
}

beforeAll(async () => {
  database = await createTestDatabase();
  replicas.push(await replica(), await replica());
}, 60_000);

afterAll(async () => {
  for (const { app, server } of replicas) {
    await server.close();
    await app.close();
  }
  await database.drop();
});

const through = () => replicas[0] as Replica;
const served = () => replicas[1] as Replica;

/** A fresh channel with a fight, the link its game master got from replica A, and that link on replica B. */
async function sharedFight(channelId: string): Promise<{ table: Table; link: string; onB: string }> {
  const table = new Table(through().app.services, channelId);
  await table.run(GM, 'init', 'begin', { name: 'Ambush at the ford' });
  await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, initiative: 12, count: 2 });
  await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 12, ac: 14, initiative: 18 });
  const reply = await table.run(GM, 'init', 'share');
  expect(reply.ephemeral).toBe(true);
  const link = /http:\/\/\S+\/live\/[A-Za-z0-9_-]{43}/.exec(text(reply))?.[0];
  if (link === undefined) throw new Error(`no link in: ${text(reply)}`);
  expect(link.startsWith(`${through().base}/live/`)).toBe(true);
  return { table, link, onB: link.replace(through().base, served().base) };
}

let address = 0;
/** A client address of its own for each caller, so that one test's requests do not count against another's. */
function from(): { 'x-forwarded-for': string } {
  address += 1;
  return { 'x-forwarded-for': `198.51.100.${address}` };
}

test('a command through one replica reaches a page served by the other within 200 ms of its reply', async () => {
  const { table, onB } = await sharedFight('channel-latency');
  const page = await LiveStreamClient.open(`${onB}/events`, from());
  await page.view('Not started yet.');
  const latencies: number[] = [];
  for (const heading of ["Round 1 · Alice's turn", "Round 1 · Goblin 1's turn", "Round 1 · Goblin 2's turn", "Round 2 · Alice's turn"]) {
    const seen = page.events.length;
    await table.run(GM, 'init', 'next');
    const replied = performance.now();
    const { at } = await page.view(heading, seen);
    latencies.push(Math.max(0, at - replied));
  }
  const hit = page.events.length;
  await table.run(GM, 'hp', 'damage', { target: 'Goblin 1', amount: '4' });
  const replied = performance.now();
  const { view, at } = await page.view("Round 2 · Alice's turn", hit);
  latencies.push(Math.max(0, at - replied));
  expect(view.combatants.find((c) => c.name === 'Goblin 1')?.health).toBe('bloodied');
  page.close();
  console.log(`replica A command → replica B page, ms after the reply: ${latencies.map((ms) => ms.toFixed(1)).join(', ')}`);
  for (const ms of latencies) expect(ms).toBeLessThan(200);
});

test("a hidden monster's name, numbers and conditions never cross the wire, even on its turn", async () => {
  const { table, onB } = await sharedFight('channel-hidden');
  await table.run(GM, 'init', 'add', { name: 'Bugbear Chief', hp: 65, ac: 17, initiative: 15, hidden: true });
  await table.run(GM, 'condition', 'add', { target: 'Bugbear Chief', condition: 'Poisoned', duration: 3 });
  const page = await LiveStreamClient.open(`${onB}/events`, from());
  await table.run(GM, 'init', 'next');
  await table.run(GM, 'init', 'next');
  await page.view("Round 1 · The game master's turn");
  await table.run(GM, 'hp', 'damage', { target: 'Bugbear Chief', amount: '40' });
  await table.run(GM, 'init', 'next');
  await page.view("Round 1 · Goblin 1's turn");
  page.close();
  // The turn timer's milliseconds are the one number that may happen to read like the Chief's.
  const sent = page.raw.replace(/"turnElapsedMs":\d+/g, '');
  for (const secret of ['Bugbear', 'Chief', 'Poisoned', '65', '25', '17', 'bloodied'])
    expect([secret, sent.includes(secret)]).toEqual([secret, false]);
  expect(page.raw).toContain('Goblin 1');
});

test('a mistyped, a never-made and a revoked link get the same 404; an open page hears the revocation', async () => {
  const { table, onB } = await sharedFight('channel-revoke');
  const client = from();
  const open = await LiveStreamClient.open(`${onB}/events`, client);
  await open.view('Not started yet.');
  const page = await fetchText(onB, client);
  expect(page.status).toBe(200);

  const refused = await table.run(ALICE, 'init', 'share', { revoke: true });
  expect(text(refused)).toContain(
    "Only the game master (Gina) or a member with Manage Channels can revoke this channel's live page links.",
  );
  const revoked = await table.run(MODERATOR, 'init', 'share', { revoke: true });
  expect(text(revoked)).toContain('Revoked the link');
  const last = await open.next((e) => e.event === 'revoked');
  expect(last.data).toBe('{}');
  await open.next(() => false, 0, 2_000).catch(() => undefined);
  expect(open.ended).toBe(true);

  const never = `${served().base}/live/${'A'.repeat(43)}`;
  const mistyped = `${served().base}/live/not-a-token`;
  const answers = await Promise.all([onB, never, mistyped, `${onB}/events`].map((url) => fetchText(url, client)));
  expect(answers.map((a) => a.status)).toEqual([404, 404, 404, 404]);
  expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  expect(answers[0]?.body).toContain('This link does not open a live page');
});

/** What the server answers to `request` written as is on a connection of its own, to its close. */
function rawAnswer(base: string, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(new URL(base).port), '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
  });
}

test('a request target URL cannot parse (`GET //[`) gets a 404, and the server goes on serving', async () => {
  const { onB } = await sharedFight('channel-target');
  for (const target of ['//[', 'http://[/live/x', '//a:99999/live/']) {
    const answer = await rawAnswer(served().base, `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 404 Not Found');
  }
  expect((await fetchText(onB, from())).status).toBe(200);
});

test('the page is served with a strict Content-Security-Policy, no inline script and no cookie', async () => {
  const { onB } = await sharedFight('channel-headers');
  const page = await fetchText(`${onB}?overlay=1`, from());
  expect(page.status).toBe(200);
  expect(page.headers['content-security-policy']).toBe(
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  );
  expect(page.headers['set-cookie']).toBeUndefined();
  expect(page.body).toContain('<html lang="en" class="overlay">');
  expect(page.body).not.toMatch(/<script>|<script(?![^>]*\bsrc=)|\son[a-z]+=|style=/i);
  const script = await fetchText(`${served().base}/live/_/live.js`, from());
  expect([script.status, script.headers['content-type']]).toEqual([200, 'text/javascript; charset=utf-8']);
});

test('requests are rate-limited per address: past the burst, 429 with when to retry, while another address is served', async () => {
  const { onB } = await sharedFight('channel-rate');
  const flooder = from();
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: 80 }, () => fetchText(onB, flooder)));
  const seconds = (performance.now() - started) / 1000;
  const statuses = answers.map((a) => a.status);
  // A burst of 60, and 2 more a second while the flood lasts.
  const allowed = statuses.filter((s) => s === 200).length;
  expect(allowed).toBeGreaterThanOrEqual(60);
  expect(allowed).toBeLessThanOrEqual(60 + Math.ceil(2 * seconds));
  expect(statuses.filter((s) => s === 429)).toHaveLength(80 - allowed);
  expect(Number(answers.find((a) => a.status === 429)?.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  expect((await fetchText(onB, from())).status).toBe(200);
  // One IPv6 subscriber holds a whole /64: a new address for each request is still one client.
  const rotating = await Promise.all(
    Array.from({ length: 80 }, (_, i) => fetchText(onB, { 'x-forwarded-for': `2001:db8:7:7::${(i + 1).toString(16)}` })),
  );
  expect(rotating.filter((answer) => answer.status === 429).length).toBeGreaterThanOrEqual(80 - 60 - Math.ceil(4 * seconds));
});

test("/config live-page monster-hp:hidden hides monsters' health on open pages at once", async () => {
  const { table, onB } = await sharedFight('channel-settings');
  const page = await LiveStreamClient.open(`${onB}/events`, from());
  const first = await page.view('Not started yet.');
  expect(first.view.combatants.map((c) => c.health)).toEqual(['12/12 HP', 'unhurt', 'unhurt']);
  const seen = page.events.length;
  const denied = await table.run(GM, 'config', 'live-page', { 'monster-hp': 'hidden' });
  expect(text(denied)).toContain("Only members with the Manage Server permission can change the server's live pages.");
  await table.run({ ...GM, admin: true }, 'config', 'live-page', { 'monster-hp': 'hidden' });
  const after = await page.view('Not started yet.', seen);
  expect(after.view.combatants.map((c) => c.health)).toEqual(['12/12 HP', null, null]);
  await table.run({ ...GM, admin: true }, 'config', 'live-page', { 'monster-hp': 'words' });
  page.close();
});

test('/init share: only the game master (or Manage Channels) gets a link; with no fight, only Manage Channels; where no pages are served, it says how to turn them on', async () => {
  const table = new Table(through().app.services, 'channel-who');
  expect(text(await table.run(ALICE, 'init', 'share'))).toContain(
    "No fight runs here: only a member with the Manage Channels permission can share this channel's live page now.",
  );
  expect(text(await table.run(MODERATOR, 'init', 'share'))).toMatch(/^Live page of this channel\nhttp:\/\/127\.0\.0\.1:\d+\/live\//);
  await table.run(GM, 'init', 'begin', {});
  expect(text(await table.run(ALICE, 'init', 'share'))).toContain(
    "Only the game master (Gina) or a member with Manage Channels can share this channel's live page.",
  );
  const second = text(await table.run(GM, 'init', 'share'));
  expect(second).toContain("This channel's 2 links all work until `/init share revoke:true` revokes them.");

  // A process that serves no pages (over the gateway without WEB_PORT): no link is made.
  const unserved = new Table(buildServices({ prisma: database.prisma, random: createSeededRandom(1), logger }), 'channel-who');
  const off = await unserved.run(GM, 'init', 'share');
  expect(off.ephemeral).toBe(true);
  expect(text(off)).toContain('Live pages are off: this bot serves them only when `WEB_PORT` is set');
  expect(text(await table.run(GM, 'init', 'share', { revoke: true }))).toContain('Revoked all 2 links');
});
