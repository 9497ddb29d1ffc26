import path from 'node:path';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../support/chromium';
import { ConsoleProcess } from '../support/console-process';
import { fetchText, LiveStreamClient } from '../support/live-client';

/*
 * The live page in real headless Chromium, following a fight typed into the console, as a game
 * master would try it: `npm run console -- --web <port>`, `/init share`, the printed link opened.
 * `UPDATE_SCREENSHOTS=1` also writes the page and the overlay into docs/.
 */

/* What the functions run in the page (page.evaluate) use of it: the project compiles without the DOM library. */
interface PageElement {
  textContent: string | null;
}
declare const document: { querySelector(selector: string): PageElement | null; documentElement: PageElement; body: PageElement };
declare const window: { seen?: { at: number; text: string }[]; axe?: typeof axe };
declare function getComputedStyle(element: PageElement): { backgroundColor: string };
declare class MutationObserver {
  constructor(callback: () => void);
  observe(target: PageElement, options: { subtree: boolean; childList: boolean; characterData: boolean }): void;
}

const STARTUP_MS = 120_000;
const XSS = '<img src=x onerror=alert(1)>';
const DOCS = path.resolve(__dirname, '..', '..', 'docs');

let console_: ConsoleProcess;
let browser: Browser;
let link: string;
let raw: LiveStreamClient;
const dialogs: string[] = [];

async function gm(line: string): Promise<number> {
  const { reply, at } = await console_.type(`@gm ${line}`);
  if (reply.kind === 'error') throw new Error(`${line}: ${reply.error}`);
  return at;
}

async function openPage(url: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 900, height: 760 } });
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await page.goto(url);
  return page;
}

/** Records, in the page, when (Date.now()) each text of `#heading` and `#order` first appeared. */
async function watch(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: { at: number; text: string }[] = [];
    window.seen = seen;
    const main = document.querySelector('main');
    const note = (): void => {
      const heading = document.querySelector('#heading')?.textContent ?? '';
      seen.push({ at: Date.now(), text: `${heading}\n${document.querySelector('#order')?.textContent ?? ''}` });
    };
    if (main !== null) new MutationObserver(note).observe(main, { subtree: true, childList: true, characterData: true });
    note();
  });
}

/** When the page first showed `text` (page clock), waiting for it. */
async function shownAt(page: Page, text: string): Promise<number> {
  const handle = await page.waitForFunction((wanted) => window.seen?.find((s) => s.text.includes(wanted))?.at, text, { timeout: 5_000 });
  return (await handle.jsonValue()) as number;
}

/** Waits until the element `selector` reads `text` (all of it, or containing it with `contains`); false: never did within 5 s. */
async function reads(page: Page, selector: string, text: string, how: 'is' | 'contains' | 'lacks' = 'is'): Promise<boolean> {
  return page
    .waitForFunction(
      ([sel, wanted, mode]) => {
        const now = document.querySelector(sel)?.textContent ?? '';
        return mode === 'is' ? now === wanted : mode === 'contains' ? now.includes(wanted) : !now.includes(wanted);
      },
      [selector, text, how] as const,
      { timeout: 5_000 },
    )
    .then(
      () => true,
      () => false,
    );
}

beforeAll(async () => {
  console_ = ConsoleProcess.start(['--memory', '--seed', '2', '--web', '0']);
  const [, started] = await Promise.all([
    launchChromium().then((b) => (browser = b)),
    console_.waitForStderr(/Live pages at (\S+)\/live\//, STARTUP_MS),
  ]);
  expect(started[1]).toMatch(/^http:\/\/localhost:\d+$/);
  await gm('/init begin name:"Crypt of the Ash King"');
  await gm('/init add name:Goblin hp:12 ac:15 count:2 initiative:12');
  await gm('/init add name:"Bugbear Chief" hp:65 ac:17 hidden:true initiative:14');
  await gm(`/init add name:"${XSS}" hp:9 ac:11 initiative:3`);
  await console_.type('@alice /init join name:Alice hp:12 ac:14 initiative:20');
  await console_.type('@bob /init join name:Bram hp:18 ac:16 initiative:15');
  await console_.type('@alice /init concentrate target:Alice effect:Bless');
  await gm('/condition add target:"Goblin 2" condition:Prone');
  const { reply } = await console_.type('@gm /init share');
  expect(reply.ephemeral).toBe(true);
  const found = /http:\/\/localhost:\d+\/live\/[A-Za-z0-9_-]{43}/.exec(reply.embeds?.[0]?.description ?? '');
  if (found === null) throw new Error(`no link in the reply: ${JSON.stringify(reply)}`);
  link = found[0];
  raw = await LiveStreamClient.open(`${link.replace('localhost', '127.0.0.1')}/events`);
}, STARTUP_MS + 30_000);

afterAll(async () => {
  raw?.close();
  await browser?.close();
  await console_?.stop();
});

test('the page at the printed link follows a fight typed in the console: turn, HP words, a condition appearing and expiring', async () => {
  const page = await openPage(link);
  await page.getByText('Not started yet.').waitFor();
  await watch(page);
  const latencies: Record<string, number> = {};
  const step = async (label: string, line: string, shows: string) => {
    const replied = await gm(line);
    latencies[label] = (await shownAt(page, shows)) - replied;
  };

  await step('turn', '/init next', "Round 1 · Alice's turn");
  expect(await reads(page, 'li.current .name', '▶ Current turn: Alice')).toBe(true);
  await step('HP words', '/hp damage target:"Goblin 1" amount:6', 'Goblin 1bloodied');
  await step('condition appears', '/condition add target:Bram condition:Poisoned duration:1', 'Poisoned (1 round left)');
  await step('next turn', '/init next', "Round 1 · Bram's turn");
  expect(await reads(page, '#order', 'Poisoned (1 round left)', 'contains')).toBe(true);
  // One round from Alice's turn: it ends at the end of Bram's next turn, the one just begun.
  await step('condition expires', '/init next', "Round 1 · The game master's turn");
  expect(await reads(page, '#order', 'Poisoned', 'lacks')).toBe(true);
  expect(await page.locator('#timer').textContent()).toMatch(/^Turn time 0:0\d$/);

  console.log(
    `console reply → page, ms: ${Object.entries(latencies)
      .map(([label, ms]) => `${label} ${ms}`)
      .join(', ')}`,
  );
  for (const [label, ms] of Object.entries(latencies)) expect([label, ms < 200]).toEqual([label, true]);
  await page.close();
}, 60_000);

test('a hidden monster is absent from the DOM and from the raw stream', async () => {
  const page = await openPage(link);
  await page.locator('li.combatant').first().waitFor();
  const html = await page.content();
  expect(html).not.toContain('Bugbear');
  const names = await page.locator('li.combatant .name').allTextContents();
  expect(names.map((name) => name.replace('▶ Current turn: ', ''))).toEqual(['Alice', 'Bram', 'Goblin 1', 'Goblin 2', XSS]);
  expect(raw.events.filter((e) => e.event === 'view').length).toBeGreaterThan(5);
  const sent = raw.raw.replace(/"turnElapsedMs":\d+/g, '');
  for (const secret of ['Bugbear', 'Chief', '65', '17']) expect([secret, sent.includes(secret)]).toEqual([secret, false]);
  await page.close();
});

test('a combatant named like markup is text on the page, and nothing runs', async () => {
  const page = await openPage(link);
  const name = page.locator('li.combatant .name', { hasText: XSS });
  await name.waitFor();
  expect(await name.count()).toBe(1);
  expect(await page.locator('main img').count()).toBe(0);
  expect(dialogs).toEqual([]);
  await page.close();
});

test('the overlay has a transparent background', async () => {
  const page = await openPage(`${link}?overlay=1`);
  await page.locator('li.combatant').first().waitFor();
  const backgrounds = await page.evaluate(() =>
    [document.documentElement, document.body].map((node) => getComputedStyle(node).backgroundColor),
  );
  expect(backgrounds).toEqual(['rgba(0, 0, 0, 0)', 'rgba(0, 0, 0, 0)']);
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    await page.setViewportSize({ width: 460, height: 420 });
    await page.screenshot({ path: path.join(DOCS, 'live-overlay.png'), omitBackground: true });
  }
  await page.close();
});

test('the page passes an accessibility check: a real list, the turn change announced, no serious axe violations', async () => {
  const page = await openPage(link);
  await page.locator('li.combatant').first().waitFor();
  expect(await page.locator('ol#order > li').count()).toBe(5);
  await page.evaluate(axe.source);
  const results = await page.evaluate(() => {
    if (window.axe === undefined) throw new Error('axe-core did not load');
    return window.axe.run({ resultTypes: ['violations'] });
  });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`);
  expect(serious).toEqual([]);
  const before = await page.locator('#heading').textContent();
  await gm('/init next');
  expect(await reads(page, '#heading', before ?? '', 'lacks')).toBe(true);
  const after = (await page.locator('#heading').textContent()) ?? '';
  expect(after).toMatch(/^Round \d · .+'s turn$/);
  expect(await reads(page, '[aria-live="polite"]', after)).toBe(true);
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    await gm('/hp damage target:Bram amount:20');
    await reads(page, '#order', 'Death saves', 'contains');
    await page.setViewportSize({ width: 900, height: 760 });
    await page.screenshot({ path: path.join(DOCS, 'live-page.png') });
  }
  await page.close();
});

test('a revoked link shows the revoked page, and then opens nothing', async () => {
  const page = await openPage(link);
  await page.locator('li.combatant').first().waitFor();
  await gm('/init share revoke:true');
  expect(await reads(page, 'h1', 'This link was revoked')).toBe(true);
  await page.reload();
  expect(await reads(page, 'h1', 'No live page here')).toBe(true);
  expect((await fetchText(link.replace('localhost', '127.0.0.1'))).status).toBe(404);
  await page.close();
});
