import { generateKeyPairSync } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { fetchText, LiveStreamClient } from '../support/live-client';
import { FakeDiscord, type FakeMessage, type Invoker } from './fake-discord';
import { freePort, httpBotEnv, logged, runScript, type RunningScript } from './run-script';

/*
 * Two real replicas taking HTTP interactions on one PostgreSQL database, as docker-compose.yml runs
 * them, each serving live pages on its interactions port. The game master's commands reach the
 * first; a page is open on the second, which hears of each change through LISTEN/NOTIFY.
 */

const gm: Invoker = { userId: '400000000000000001', userName: 'Gina' };
const STARTUP_MS = 180_000;

let database: TestDatabase;
let fake: FakeDiscord;
const replicas: RunningScript[] = [];
const bases: string[] = [];

function description(message: FakeMessage): string {
  return message.embeds.map((embed) => embed.description ?? '').join('\n');
}

beforeAll(async () => {
  database = await createTestDatabase();
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  fake = await FakeDiscord.start();
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    replicas.push(runScript('src/main.ts', { ...httpBotEnv(fake, publicKey, port, database.url), PUBLIC_URL: base }));
    bases.push(base);
  }
  await Promise.all(replicas.map((replica) => logged(replica, 'listening for Discord interactions', STARTUP_MS)));
  fake.deliverOverHttp(`${bases[0] ?? ''}/interactions`, privateKey);
}, STARTUP_MS + 30_000);

afterAll(async () => {
  for (const replica of replicas) replica.child.kill('SIGKILL');
  await fake?.close();
  await database?.drop();
});

test('a command through one replica updates a page served by the other within 200 ms of its reply', async () => {
  await fake.sendCommand('init begin', { name: 'Siege' }, gm);
  await fake.sendCommand('init add', { name: 'Ogre', hp: 59, ac: 11, initiative: 5 }, gm);
  await fake.sendCommand('init add', { name: 'Goblin', hp: 7, ac: 15, initiative: 12 }, gm);
  const shared = await fake.sendCommand('init share', {}, gm);
  const link = /http:\/\/127\.0\.0\.1:\d+\/live\/[A-Za-z0-9_-]{43}/.exec(description(shared.message))?.[0] ?? '';
  expect(link.startsWith(`${bases[0] ?? ''}/live/`)).toBe(true);
  const onSecond = link.replace(bases[0] ?? '', bases[1] ?? '');
  expect((await fetchText(onSecond)).status).toBe(200);

  const page = await LiveStreamClient.open(`${onSecond}/events`);
  await page.view('Not started yet.');
  const latencies: number[] = [];
  for (const heading of ["Round 1 · Goblin's turn", "Round 1 · Ogre's turn", "Round 2 · Goblin's turn"]) {
    const seen = page.events.length;
    await fake.sendCommand('init next', {}, gm);
    const replied = performance.now();
    latencies.push(Math.max(0, (await page.view(heading, seen)).at - replied));
  }
  const seen = page.events.length;
  await fake.sendCommand('hp damage', { target: 'Ogre', amount: '30' }, gm);
  const replied = performance.now();
  const { view, at } = await page.view("Round 2 · Goblin's turn", seen);
  latencies.push(Math.max(0, at - replied));
  expect(view.combatants.map((c) => [c.name, c.health])).toEqual([
    ['Goblin', 'unhurt'],
    ['Ogre', 'bloodied'],
  ]);
  page.close();
  console.log(`replica 1 reply → replica 2 page, ms: ${latencies.map((ms) => ms.toFixed(1)).join(', ')}`);
  for (const ms of latencies) expect(ms).toBeLessThan(200);
}, 60_000);
