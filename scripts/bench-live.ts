/**
 * `npm run bench:live`: what open live pages cost the process that serves them. On a database of
 * its own (made on DATABASE_URL's server, or the local one, and dropped at the end), the app runs
 * `/init next` and `/hp damage` through the command handlers in one channel, in rounds side by side:
 * no page open, then 1,000 pages open on that channel (every command is sent to each of them), then
 * none, and so on. The pages are real HTTP connections held by a child process, which notes when
 * each event arrives and what it showed, so the figures include writing to every socket. Reported:
 * command time (p50, p90) and the bot's CPU time a command in each condition, the bot's memory per
 * open page (heap and buffers, and RSS, after a collection), and how long after a command's reply
 * the pages showed it (p50 over commands of the median and the last page). `-- --viewers N`,
 * `-- --commands N`, `-- --rounds N` change the counts; `-- --gap MS` spaces the commands as a table
 * does (seconds apart at a real table), so that a command is not queued behind the previous one's
 * writes to every page, which back to back (the default) it is.
 */
import { spawn } from 'node:child_process';
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
import { liveView } from '../src/views/live-view';
import type { Reply } from '../src/views/reply';
import { loadAverages } from './machine-load';

interface Options {
  viewers: number;
  commands: number;
  rounds: number;
  /** Milliseconds between one command's reply and the next: 0 runs them back to back. */
  gap: number;
}

/** Commands run one after another, as measured. */
interface Phase {
  took: number[];
  repliedAt: number[];
  keys: string[];
  cpuMs: number;
}

function options(argv: readonly string[]): Options {
  const value = (name: string, fallback: number): number => {
    const at = argv.indexOf(`--${name}`);
    const given = at === -1 ? NaN : Number(argv[at + 1]);
    return Number.isInteger(given) && given >= 0 ? given : fallback;
  };
  return { viewers: value('viewers', 1_000), commands: value('commands', 100), rounds: value('rounds', 3), gap: value('gap', 0) };
}

/** Wall-clock milliseconds comparable across processes, to the microsecond. */
function clock(): number {
  return performance.timeOrigin + performance.now();
}

// ---------------------------------------------------------------------------------------------
// The child: holds the pages' connections and notes when each event arrives.
// ---------------------------------------------------------------------------------------------

/** Each page's events: the state each showed (its heading and the hero's HP) and when it arrived. */
type Arrival = [key: string, at: number];
type ToChild = { open: string; count: number } | { report: true } | { drop: true } | { exit: true };
type FromChild = { opened: number } | { arrivals: Arrival[][] } | { dropped: number };

interface ViewKey {
  heading: string;
  combatants: { name: string; health: string | null }[];
}

/** What tells one state of the bench's fight from the next: every command moves the turn or the hero's HP. */
function keyOf(view: ViewKey): string {
  return `${view.heading}|${view.combatants.find((c) => c.name === 'Hero')?.health ?? ''}`;
}

/** The events in what one page received, each with the time its last chunk arrived. */
function eventsOf(chunks: readonly [text: string, at: number][]): Arrival[] {
  const events: Arrival[] = [];
  let buffer = '';
  for (const [text, at] of chunks) {
    buffer += text;
    const frames = buffer.split('\n\n');
    buffer = frames.pop() ?? '';
    for (const frame of frames) {
      const data = /^data: (.*)$/m.exec(frame)?.[1];
      if (frame.startsWith('event: view') && data !== undefined) events.push([keyOf(JSON.parse(data) as ViewKey), at]);
    }
  }
  return events;
}

function viewers(): void {
  // What arrives is only kept, with the time, while commands run: read afterwards, it takes no CPU from the bot meanwhile.
  let received: [text: string, at: number][][] = [];
  let requests: http.ClientRequest[] = [];
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  process.on('message', (message: ToChild) => {
    if ('open' in message) {
      let opened = 0;
      for (let i = 0; i < message.count; i++) {
        const mine: [string, number][] = [];
        received.push(mine);
        const request = http.get(message.open, { agent }, (res) => {
          opened += 1;
          if (opened === message.count) process.send?.({ opened } satisfies FromChild);
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => mine.push([chunk, clock()]));
        });
        requests.push(request);
      }
    } else if ('report' in message) {
      process.send?.({ arrivals: received.map(eventsOf) } satisfies FromChild);
    } else if ('drop' in message) {
      for (const request of requests) request.destroy();
      process.send?.({ dropped: requests.length } satisfies FromChild);
      requests = [];
      received = [];
    } else {
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

/** The JavaScript heap with the buffers outside it (sockets' among them), and the resident size, after a collection. */
function memory(): { heap: number; rss: number } {
  (globalThis as { gc?: () => void }).gc?.();
  const { heapUsed, external, rss } = process.memoryUsage();
  return { heap: heapUsed + external, rss };
}

async function main(): Promise<void> {
  const { viewers: count, commands, rounds, gap } = options(process.argv.slice(2));
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
  // The pages' client runs at the lowest CPU priority: real viewers are other machines, not rivals for the bot's cores.
  const child = spawn('nice', ['-n', '19', process.execPath, '-r', 'ts-node/register/transpile-only', __filename, 'viewers'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
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
    await run('init', 'join', { name: 'Hero', hp: 100_000, ac: 15, initiative: 20 });
    const place = { guildId: 'bench-guild', channelId: 'bench-channel' };
    const shared = await run('init', 'share');
    const link = /http:\/\/\S+\/live\/[A-Za-z0-9_-]{43}/.exec(shared.embeds?.[0]?.description ?? '')?.[0];
    if (link === undefined) throw new Error('no link');

    /**
     * Commands one after another: the time each took, when each reply came, the state it left (as the
     * pages show it: read after the reply, outside the timing), and the bot's CPU time a command.
     */
    const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const phase = async (): Promise<Phase> => {
      const took: number[] = [];
      const repliedAt: number[] = [];
      const keys: string[] = [];
      const cpu = process.cpuUsage();
      for (let i = 0; i < commands; i++) {
        const started = performance.now();
        if (i % 2 === 0) await run('init', 'next');
        else await run('hp', 'damage', { target: 'Hero', amount: '1' });
        took.push(performance.now() - started);
        repliedAt.push(clock());
        const encounter = await app.services.encounters.get(place);
        if (encounter !== null) keys.push(keyOf(liveView(encounter, 'words', null, new Date())));
        if (gap > 0) await settle(gap);
      }
      // The pages' last sends finish before the CPU time is read, so it counts every page's write.
      await new Promise((resolve) => setTimeout(resolve, 200));
      const { user, system } = process.cpuUsage(cpu);
      return { took, repliedAt, keys, cpuMs: (user + system) / 1000 / commands };
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

    const without: Phase[] = [];
    const withPages: Phase[] = [];
    const held: number[] = [];
    const heldRss: number[] = [];
    const delays: { median: number; last: number }[] = [];
    let reached = 0;
    await phase(); // warm-up: the JIT, the pool and the caches
    // Alternating, so that whatever else the machine does weighs on both alike.
    for (let round = 0; round < rounds; round++) {
      without.push(await phase());
      const idle = memory();
      await ask<{ opened: number }>({ open: `${link}/events`, count }, 'opened');
      while (pages.hub.viewers < count) await settle(50);
      await settle(500);
      const open = memory();
      held.push(open.heap - idle.heap);
      heldRss.push(open.rss - idle.rss);
      const during = await phase();
      withPages.push(during);
      await settle(1_000);
      const { arrivals } = await ask<{ arrivals: Arrival[][] }>({ report: true }, 'arrivals');
      await ask<{ dropped: number }>({ drop: true }, 'dropped');
      while (pages.hub.viewers > 0) await settle(50);
      // A page shows command i's change when it gets its state, or a later one that overtook it on the way out.
      const order = new Map(during.keys.map((key, i) => [key, i]));
      for (const [i, replied] of during.repliedAt.entries()) {
        const per = arrivals
          .map((events) => (events.find(([key]) => (order.get(key) ?? -1) >= i)?.[1] ?? NaN) - replied)
          .filter(Number.isFinite);
        if (per.length < count) continue;
        reached += 1;
        delays.push({ median: percentile(per, 50), last: Math.max(...per) });
      }
    }
    without.push(await phase());
    child.send({ exit: true } satisfies ToChild);

    const all = (phases: Phase[]) => ({
      took: phases.flatMap((p) => p.took),
      cpuMs: phases.reduce((sum, p) => sum + p.cpuMs, 0) / phases.length,
    });
    const row = (label: string, { took, cpuMs }: { took: number[]; cpuMs: number }) =>
      `  ${label.padEnd(28)} p50 ${percentile(took, 50).toFixed(2)} ms   p90 ${percentile(took, 90).toFixed(2)} ms   bot CPU ${cpuMs.toFixed(2)} ms a command`;
    const perPage = (bytes: number[]) => `${(percentile(bytes, 50) / count / 1024).toFixed(1)} KiB a page`;
    console.log(
      `live pages: ${rounds} rounds of ${commands} commands without and with ${count} pages open on the commands' channel (/init next and /hp damage alternating, ${
        gap === 0 ? 'back to back' : `${gap} ms apart`
      })`,
    );
    console.log(`load average ${loadAverages()} on ${os.cpus().length} cores at the end`);
    console.log(row('no page open', all(without)));
    console.log(row(`${count} pages open`, all(withPages)));
    console.log(`  memory held by ${count} open pages (median of ${rounds}): heap and buffers ${perPage(held)}, RSS ${perPage(heldRss)}`);
    console.log(
      `  reply → page: p50 over commands of the median page ${percentile(
        delays.map((d) => d.median),
        50,
      ).toFixed(1)} ms, of the last page ${percentile(
        delays.map((d) => d.last),
        50,
      ).toFixed(1)} ms (p90 ${percentile(
        delays.map((d) => d.last),
        90,
      ).toFixed(1)} ms); ${reached} of ${rounds * commands} commands reached every page`,
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
