import pino from 'pino';
import type { Browser } from 'playwright-core';
import { openApp, type App } from '../../src/app';
import { parseConfig } from '../../src/config';
import type { LiveRequestHandler } from '../../src/live/routes';
import { startLiveServer, type LiveServer } from '../../src/live/server';
import { launchChromium } from '../support/chromium';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { ALICE, GM, Table, text } from '../integration/commands/support';

/* What the page's script does with its connection, in Chromium: it loses it, says so, and catches up. */

declare const document: { querySelector(selector: string): { textContent: string | null } | null };

const logger = pino({ level: 'silent' });
let database: TestDatabase;
let app: App;
let browser: Browser;
let server: LiveServer;
let routes: LiveRequestHandler = () => false;

const serve = (port: number) => startLiveServer({ port, host: '127.0.0.1', routes: (req, res) => routes(req, res), logger });

beforeAll(async () => {
  database = await createTestDatabase();
  app = await openApp({ config: parseConfig({ DATABASE_URL: database.url }), logger });
  [browser, server] = await Promise.all([launchChromium(), serve(0)]);
  routes = (await app.serveLivePages({ baseUrl: `http://127.0.0.1:${server.port}` })).routes;
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await app?.close();
  await database?.drop();
});

test('a page that loses its connection says so, reconnects by itself and catches up on what it missed', async () => {
  const table = new Table(app.services, 'channel-reconnect');
  await table.run(GM, 'init', 'begin', { name: 'Ambush' });
  await table.run(ALICE, 'init', 'join', { name: 'Alice', hp: 12, ac: 14, initiative: 18 });
  await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, initiative: 12 });
  const link = /http:\/\/\S+\/live\/[A-Za-z0-9_-]{43}/.exec(text(await table.run(GM, 'init', 'share')))?.[0] ?? '';
  const page = await browser.newPage();
  await page.goto(link);
  await page.getByText('Not started yet.').waitFor();

  const { port } = server;
  await server.close();
  await page.waitForFunction(() => document.querySelector('#status')?.textContent === 'Connection lost: reconnecting…', undefined, {
    timeout: 5_000,
  });
  // While the page is away, the fight goes on.
  await table.run(GM, 'init', 'next');
  await table.run(GM, 'hp', 'damage', { target: 'Goblin', amount: '4' });
  server = await serve(port);

  await page.waitForFunction(() => document.querySelector('#heading')?.textContent === "Round 1 · Alice's turn", undefined, {
    timeout: 10_000,
  });
  expect(await page.locator('#order').textContent()).toContain('Goblinbloodied');
  expect(await page.locator('#status').textContent()).toBe('');
  await page.close();
}, 60_000);
