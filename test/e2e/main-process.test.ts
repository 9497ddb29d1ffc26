import { generateKeyPairSync } from 'node:crypto';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { fetchText } from '../support/live-client';
import { FakeDiscord } from './fake-discord';
import { freePort, httpBotEnv, logged, runScript, type RunningScript } from './run-script';

// `npm start` as a user runs it: a separate process, configured only by its environment.
let database: TestDatabase;
let fake: FakeDiscord;
let bot: RunningScript | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  fake = await FakeDiscord.start();
});

afterAll(async () => {
  bot?.child.kill('SIGKILL');
  await fake?.close();
  await database?.drop();
});

test('with a token and DISCORD_API_URL it logs in to Discord, answers /help, serves live pages on WEB_PORT, and exits 0 on SIGTERM', async () => {
  const webPort = await freePort();
  bot = runScript('src/main.ts', {
    DISCORD_TOKEN: 'main-process-token',
    DISCORD_APPLICATION_ID: fake.applicationId,
    DISCORD_API_URL: fake.apiUrl,
    DATABASE_URL: database.url,
    WEB_PORT: String(webPort),
    PUBLIC_URL: 'https://rollcall.example.org/table',
  });
  await fake.ready(60_000).catch((error: unknown) => {
    throw new Error(`${String(error)}\nbot stderr:\n${bot?.stderr()}`);
  });
  expect(fake.identify?.token).toBe('main-process-token');

  const { message } = await fake.sendCommand('help');
  expect(message.embeds[0]?.fields?.map((f) => f.name)).toContain('/config');
  expect(message.allowedMentions).toEqual({ parse: [], users: [] });

  const gm = { userId: '400000000000000009', userName: 'Gina' };
  await fake.sendCommand('init begin', {}, gm);
  const shared = await fake.sendCommand('init share', {}, gm);
  const token = /^https:\/\/rollcall\.example\.org\/table\/live\/([A-Za-z0-9_-]{43})$/m.exec(
    shared.message.embeds[0]?.description ?? '',
  )?.[1];
  expect(token).toBeDefined();
  expect((await fetchText(`http://127.0.0.1:${webPort}/live/${token ?? ''}`)).status).toBe(200);

  bot.child.kill('SIGTERM');
  expect(await bot.exited(30_000)).toBe(0);
  await fake.disconnected();
}, 120_000);

test('with DISCORD_PUBLIC_KEY and PORT it answers signed HTTP interactions instead of the gateway, and exits 0 on SIGTERM', async () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const port = await freePort();
  const gatewayAsks = () => fake.requests.filter((r) => r.path === '/api/v10/gateway/bot').length;
  const asksBefore = gatewayAsks();
  bot = runScript('src/main.ts', httpBotEnv(fake, publicKey, port, database.url));
  await logged(bot, 'listening for Discord interactions', 60_000);
  fake.deliverOverHttp(`http://127.0.0.1:${port}/interactions`, privateKey);

  const { message } = await fake.sendCommand('help');
  expect(message.embeds[0]?.fields?.map((f) => f.name)).toContain('/config');
  expect(gatewayAsks()).toBe(asksBefore);

  bot.child.kill('SIGTERM');
  expect(await bot.exited(30_000)).toBe(0);
}, 120_000);

test('with DISCORD_PUBLIC_KEY and PORT but no DISCORD_APPLICATION_ID it says so in one line and exits 1', async () => {
  const run = runScript('src/main.ts', { DISCORD_TOKEN: 'main-process-token', DISCORD_PUBLIC_KEY: 'ab'.repeat(32), PORT: '8080' });
  expect(await run.exited(60_000)).toBe(1);
  expect(run.stderr()).toMatch(/^DISCORD_APPLICATION_ID must be set too when DISCORD_PUBLIC_KEY and PORT are/);
  expect(run.stderr().trim()).not.toContain('\n');
}, 90_000);

test('without a token it explains how to configure it and exits 1', async () => {
  const run = runScript('src/main.ts', {});
  expect(await run.exited(60_000)).toBe(1);
  expect(run.stderr()).toMatch(/^Rollcall needs a Discord bot token/);
  expect(run.stderr()).toContain('npm run console');
}, 90_000);
