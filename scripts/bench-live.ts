/**
 * `npm run bench:live`: what open live pages cost the process that serves them. On a database of
 * its own (made on DATABASE_URL's server, or the local one, and dropped at the end), the app runs
 * `/init next` and `/hp damage` through the command handlers in one channel, in three phases side by
 * side: no page open, VIEWERS pages open on that channel (every command is sent to each of them),
 * and none again. The pages are real HTTP connections held by a child process, which notes when each
 * event arrives, so the figures include writing to every socket. Reported: command time (p50, p90),
 * the bot's memory per open page (heap and buffers, and RSS, after a collection, over the pages it holds), and how
 * long after a command's reply the page received it (p50 over commands of the median and the last
 * page). `-- --viewers N`, `-- --commands N` change the counts.
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import pino from 'pino';
import { openApp } from '../src/app';
import { parseConfig } from '../src/config';
import { applyMigrations } from '../src/db/migrations';
import type { ChannelMessenger, CommandContext, OptionValue } from '../src/framework/command';
import { dispatchCommand } from '../src/framework/dispatch';
import { RateLimiter } from '../src/live/rate-limit';
import type { LiveRequestHandler } from '../src/live/routes';
import { startLiveServer } from '../src/live/server';
import type { Reply } from '../src/views/reply';

interface Options {
  viewers: number;
  commands: number;
}

function options(argv: readonly string[]): Options {
  const value = (name: string, fallback: number): number => {
    const at = argv.indexOf(`--${name}`);
    const given = at === -1 ? NaN : Number(argv[at + 1]);
    return Number.isInteger(given) && given > 0 ? given : fallback;
  };
  return { viewers: value('viewers', 1_000), commands: value('commands', 200) };
}

/** Wall-clock milliseconds comparable across processes, to the microsecond. */
function clock(): number {
  return performance.timeOrigin + performance.now();
}

// ---------------------------------------------------------------------------------------------
// The child: holds the pages' connections and notes when each event arrives.
// ---------------------------------------------------------------------------------------------

type ToChild = { open: string; count: number } | { report: true } | { close: true };
type FromChild = { opened: number } | { arrivals: number[][] };

function viewers(): void {
  const arrivals: number[][] = [];
  const requests: http.ClientRequest[] = [];
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  process.on('message', (message: ToChild) => {
    if ('open' in message) {
      let opened = 0;
      for (let i = 0; i < message.count; i++) {
        const mine: number[] = [];
        arrivals.push(mine);
        const request = http.get(message.open, { agent }, (res) => {
          opened += 1;
          if (opened === message.count) process.send?.({ opened } satisfies FromChild);
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            const at = clock();
            for (let n = chunk.split('event: view').length - 1; n > 0; n--) mine.push(at);
          });
        });
        requests.push(request);
      }
    } else if ('report' in message) {
      process.send?.({ arrivals } satisfies FromChild);
    } else {
      for (const request of requests) request.destroy();
      process.exit(0);
    }
  });
}

// ---------------------------------------------------------------------------------------------
// The bot's side.
// ---------------------------------------------------------------------------------------------

const quietMessenger: ChannelMessenger = {
  send: () => Promise.resolve('m1'),
  sendDirect: () => Promise.resolve(null),
  edit: () => Promise.resolve(true),
  pin: () => Promise.resolve(true),
};

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** The JavaScript heap with the buffers outside it (sockets' among them), and the resident size, after a collection. */
function memory(): { heap: number; rss: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, external, rss } = process.memoryUsage();
  return { heap: heapUsed + external, rss };
}

async function main(): Promise<void> {
  const { viewers: count, commands } = options(process.argv.slice(2));
  if (typeof (globalThis as { gc?: () => void }).gc !== 'function') throw new Error('run with --expose-gc (npm run bench:live does)');
  const base = new URL(process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  const name = `rollcall_bench_live_${randomBytes(4).toString('hex')}`;
  const admin = async (sql: string): Promise<void> => {
    const client = new pg.Client({ connectionString: base.toString() });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const logger = pino({ level: 'warn' });
  const child = fork(__filename, ['viewers'], { execArgv: ['-r', 'ts-node/register/transpile-only'] });
  try {
    await applyMigrations(url.toString());
    const app = await openApp({ config: parseConfig({ DATABASE_URL: url.toString() }), logger });
    let routes: LiveRequestHandler = () => false;
    const server = await startLiveServer({ port: 0, host: '127.0.0.1', routes: (req, res) => routes(req, res), logger });
    // Every page comes from this machine's one address: the per-address limits are lifted for the measurement.
    const pages = await app.serveLivePages({
      baseUrl: `http://127.0.0.1:${server.port}`,
      limiter: new RateLimiter({ burst: count * 2, perSecond: count }),
      streamsPerAddress: count,
    });
    routes = pages.routes;

    let counter = 0;
    const run = async (command: string, subcommand: string, values: Record<string, OptionValue> = {}): Promise<Reply> => {
      counter += 1;
      const ctx: CommandContext = {
        interactionId: `bench-${counter}`,
        user: { id: 'bench-gm', name: 'Bench GM' },
        guildId: 'bench-guild',
        channelId: 'bench-channel',
        permissions: { manageGuild: true, manageChannels: true },
        options: { subcommandGroup: null, subcommand, values },
        services: app.services,
        messenger: quietMessenger,
      };
      return dispatchCommand(app.registry, command, ctx);
    };
    await run('init', 'begin', { name: 'Bench' });
    await run('init', 'add', { name: 'Ogre', hp: 100_000, ac: 11, initiative: 5, count: 4 });
    await run('init', 'add', { name: 'Goblin', hp: 100_000, ac: 15, initiative: 12, count: 4 });
    const shared = await run('init', 'share');
    const link = /http:\/\/\S+\/live\/[A-Za-z0-9_-]{43}/.exec(shared.embeds?.[0]?.description ?? '')?.[0];
    if (link === undefined) throw new Error('no link');

    /** Commands one after another; the time each took, and when each reply came. */
    const phase = async (): Promise<{ took: number[]; repliedAt: number[] }> => {
      const took: number[] = [];
      const repliedAt: number[] = [];
      for (let i = 0; i < commands; i++) {
        const started = performance.now();
        if (i % 2 === 0) await run('init', 'next');
        else await run('hp', 'damage', { target: `Ogre ${1 + (i % 4)}`, amount: '1' });
        took.push(performance.now() - started);
        repliedAt.push(clock());
      }
      return { took, repliedAt };
    };
    const ask = <T extends FromChild>(message: ToChild, key: keyof T): Promise<T> =>
      new Promise((resolve) => {
        const listen = (reply: FromChild): void => {
          if (!(key in reply)) return;
          child.off('message', listen);
          resolve(reply as T);
        };
        child.on('message', listen);
        child.send(message);
      });

    await phase(); // warm-up: the JIT, the pool and the caches
    const before = await phase();
    const idle = memory();
    await ask<{ opened: number }>({ open: `${link}/events`, count }, 'opened');
    while (pages.hub.viewers < count) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const held = memory();
    const { arrivals: openedWith } = await ask<{ arrivals: number[][] }>({ report: true }, 'arrivals');
    const seenBefore = openedWith.map((a) => a.length);
    const during = await phase();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const { arrivals } = await ask<{ arrivals: number[][] }>({ report: true }, 'arrivals');
    child.send({ close: true } satisfies ToChild);
    while (pages.hub.viewers > 0) await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await phase();

    // Each page got one event per command (a burst may be coalesced into fewer: only whole rounds are compared).
    const delays = during.repliedAt.map((replied, i) => {
      const per = arrivals.map((a, page) => (a[(seenBefore[page] ?? 0) + i] ?? NaN) - replied).filter(Number.isFinite);
      return { median: percentile(per, 50), last: Math.max(...per), pages: per.length };
    });
    const complete = delays.filter((d) => d.pages === count);

    const row = (label: string, took: number[]) =>
      `  ${label.padEnd(28)} p50 ${percentile(took, 50).toFixed(2)} ms   p90 ${percentile(took, 90).toFixed(2)} ms`;
    console.log(
      `live pages: ${commands} commands per phase (/init next and /hp damage alternating), ${count} pages on the commands' channel`,
    );
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${os.cpus().length} cores at the end`,
    );
    console.log(row('no page open', before.took));
    console.log(row(`${count} pages open`, during.took));
    console.log(row('no page open, after', after.took));
    console.log(
      `  memory held by ${count} open pages: heap and buffers ${mib(held.heap - idle.heap)} (${((held.heap - idle.heap) / count / 1024).toFixed(1)} KiB a page), RSS ${mib(held.rss - idle.rss)} (${((held.rss - idle.rss) / count / 1024).toFixed(1)} KiB a page)`,
    );
    console.log(
      `  reply → page: p50 over commands of the median page ${percentile(
        complete.map((d) => d.median),
        50,
      ).toFixed(1)} ms, of the last page ${percentile(
        complete.map((d) => d.last),
        50,
      ).toFixed(1)} ms (p90 ${percentile(
        complete.map((d) => d.last),
        90,
      ).toFixed(1)} ms); ${complete.length} of ${commands} commands reached every page one by one`,
    );
    await server.close();
    await app.close();
  } finally {
    child.kill();
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

if (process.argv[2] === 'viewers') viewers();
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
