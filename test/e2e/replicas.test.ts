import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { fetchText, LiveStreamClient } from '../support/live-client';
import { FakeDiscord, type FakeMessage, type Invoker } from './fake-discord';
import { freePort, httpBotEnv, logged, runScript, type RunningScript } from './run-script';

/*
 * Two replicas of the bot, as docker-compose.yml runs them (docs/deployment.md): two processes of the real
 * app taking HTTP interactions, on one PostgreSQL database. Discord (the fake) sends the
 * interactions to them in turn, as a round-robin proxy would, many at once.
 */

const gm: Invoker = { userId: '400000000000000001', userName: 'Gina' };
const STARTUP_MS = 180_000;

let database: TestDatabase;
let fake: FakeDiscord;
const replicas: RunningScript[] = [];
const urls: string[] = [];
let privateKey: KeyObject;

function description(message: FakeMessage): string {
  return message.embeds.map((embed) => embed.description ?? '').join('\n');
}

beforeAll(async () => {
  database = await createTestDatabase();
  const keys = generateKeyPairSync('ed25519');
  const { publicKey } = keys;
  privateKey = keys.privateKey;
  fake = await FakeDiscord.start();
  for (let i = 0; i < 2; i++) {
    const port = await freePort();
    replicas.push(runScript('src/main.ts', httpBotEnv(fake, publicKey, port, database.url)));
    urls.push(`http://127.0.0.1:${port}/interactions`);
  }
  await Promise.all(replicas.map((replica) => logged(replica, 'listening for Discord interactions', STARTUP_MS)));
  fake.deliverOverHttp(urls, privateKey);
}, STARTUP_MS + 30_000);

afterAll(async () => {
  for (const replica of replicas) replica.child.kill('SIGKILL');
  await fake?.close();
  await database?.drop();
});

test('interleaved across two replicas, every hit lands on the latest HP and every turn advances once', async () => {
  await fake.sendCommand('init begin', { name: 'Siege' }, gm);
  await fake.sendCommand('init add', { name: 'Ogre', hp: 200, ac: 11, initiative: 5 }, gm);
  await fake.sendCommand('init add', { name: 'Goblin', hp: 7, ac: 15, initiative: 12 }, gm);
  await fake.sendCommand('init add', { name: 'Kobold', hp: 5, ac: 12, initiative: 8 }, gm);

  // Twelve hits of 1 to 12 at once, half through each replica: 78 damage in all.
  const amounts = Array.from({ length: 12 }, (_, i) => i + 1);
  const hits = await Promise.all(amounts.map((amount) => fake.sendCommand('hp damage', { target: 'Ogre', amount: String(amount) }, gm)));
  const outcomes = hits.map(({ message }) => {
    const match = /^Ogre takes (\d+) damage and is at (\d+) HP\.$/.exec(description(message));
    if (!match) throw new Error(`unexpected answer: ${description(message)}`);
    return { damage: Number(match[1]), hp: Number(match[2]) };
  });
  expect(outcomes.map((o) => o.damage).sort((a, b) => a - b)).toEqual(amounts);
  // Applied one after another in some order: each hit starts from the HP the previous one left.
  outcomes.sort((a, b) => b.hp - a.hp);
  let hp = 200;
  for (const outcome of outcomes) {
    hp -= outcome.damage;
    expect(outcome.hp).toBe(hp);
  }
  expect(hp).toBe(122);

  // Seven turns at once: Goblin (12), Kobold (8), Ogre (5), each announced exactly once per round.
  const turns = await Promise.all(Array.from({ length: 7 }, () => fake.sendCommand('init next', {}, gm)));
  const goblin = "It's **Goblin**'s turn.";
  const kobold = "It's **Kobold**'s turn.";
  const ogre = "It's **Ogre**'s turn.";
  expect(turns.map(({ message }) => description(message)).sort()).toEqual(
    [
      `**Round 1** begins.\n${goblin}`,
      kobold,
      ogre,
      `**Round 2** begins.\n${goblin}`,
      kobold,
      ogre,
      `**Round 3** begins.\n${goblin}`,
    ].sort(),
  );

  const list = await fake.sendCommand('init list', {}, gm);
  const tracker = description(list.message);
  expect(tracker).toContain("Round **3** · **Goblin**'s turn");
  expect(tracker).toContain('**Ogre** · 122/200 HP · AC 11');

  const answeredBy = new Set(fake.httpDeliveries.map((d) => d.url));
  expect([...answeredBy].sort()).toEqual([...urls].sort());
}, 120_000);

test('a command through one replica updates a live page served by the other within 200 ms of its reply', async () => {
  // Every interaction to the first replica; the page is read from the second, which hears of each change through LISTEN/NOTIFY.
  const inLive: Invoker = { ...gm, channelId: '500000000000000001' };
  fake.deliverOverHttp(urls[0] ?? '', privateKey);
  await fake.sendCommand('init begin', { name: 'Skirmish' }, inLive);
  await fake.sendCommand('init add', { name: 'Ogre', hp: 59, ac: 11, initiative: 5 }, inLive);
  await fake.sendCommand('init add', { name: 'Goblin', hp: 7, ac: 15, initiative: 12 }, inLive);
  const shared = await fake.sendCommand('init share', {}, inLive);
  const link = /http:\/\/localhost:(\d+)\/live\/[A-Za-z0-9_-]{43}/.exec(description(shared.message));
  if (link === null) throw new Error(`no link in: ${description(shared.message)}`);
  expect(`http://127.0.0.1:${link[1]}/interactions`).toBe(urls[0]);
  const onSecond = link[0].replace(/^http:\/\/localhost:\d+/, (urls[1] ?? '').replace('/interactions', ''));
  expect((await fetchText(onSecond)).status).toBe(200);

  const page = await LiveStreamClient.open(`${onSecond}/events`);
  await page.view('Not started yet.');
  const latencies: number[] = [];
  const step = async (line: string, values: Record<string, string>, heading: string) => {
    const seen = page.events.length;
    await fake.sendCommand(line, values, inLive);
    const replied = performance.now();
    const shown = await page.view(heading, seen);
    latencies.push(Math.max(0, shown.at - replied));
    return shown.view;
  };
  await step('init next', {}, "Round 1 · Goblin's turn");
  await step('init next', {}, "Round 1 · Ogre's turn");
  await step('init next', {}, "Round 2 · Goblin's turn");
  const view = await step('hp damage', { target: 'Ogre', amount: '30' }, "Round 2 · Goblin's turn");
  expect(view.combatants.map((c) => [c.name, c.health])).toEqual([
    ['Goblin', 'unhurt'],
    ['Ogre', 'bloodied'],
  ]);
  page.close();
  fake.deliverOverHttp(urls, privateKey);
  console.log(`replica 1 reply → replica 2 page, ms: ${latencies.map((ms) => ms.toFixed(1)).join(', ')}`);
  for (const ms of latencies) expect(ms).toBeLessThan(200);
}, 60_000);

test('both replicas stop cleanly on SIGTERM', async () => {
  for (const replica of replicas) replica.child.kill('SIGTERM');
  expect(await Promise.all(replicas.map((replica) => replica.exited(30_000)))).toEqual([0, 0]);
}, 60_000);
