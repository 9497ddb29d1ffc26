/**
 * `npm run bench:memory [-- --rounds N] [--channels N] [--compare <checkout>] [--postgres]`: the
 * bot's resident memory (RSS) on the embedded database, as `npm start` runs it against a fake
 * Discord gateway, and how long its commands take.
 * - start: from spawning the compiled bot to its IDENTIFY on the gateway;
 * - idle: RSS once it has identified and sat still for IDLE_MS, and again at SETTLED_MS, after V8's
 *   memory reducer has collected the start's garbage (it runs some 8 s after a start goes quiet);
 * - bestiary: RSS IDLE_MS after a first `/roll`, `/help` and `/init list` (which pay for the first
 *   interaction, the first embed and the first database query of any kind), then the reply time of the first `/monster show` (which loads one book of the
 *   bestiary) and of the second (the book loaded), and RSS IDLE_MS after them: what the bestiary
 *   adds, which start-up does not pay;
 * - load: the highest RSS while CHANNELS channels each play a fight (begin, add, join, then rounds of
 *   next, damage, conditions, lists and rolls, then the end with its recap chart), the channels at
 *   once, each sending its next command when the last is answered; and the commands' reply times;
 * - after: RSS IDLE_MS after the load;
 * - the bot's CPU time per command under load;
 * - launcher: on Linux run-built starts the bot in a child process (for glibc's setting) and stays
 *   beside it; the RSS columns are the bot's, this is what the launcher alone adds (its PSS).
 * Each round starts the bot afresh on a data folder of its own (made by a warm-up start); with
 * `--compare`, the other checkout (a built copy of an older commit, say) runs in turn with this one,
 * round for round, so both see the same load. `--postgres` adds a run on PostgreSQL (a migrated
 * test database) for reference.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { registry } from '../commands';
import { FakeDiscord, type Invoker } from '../test/e2e/fake-discord';
import { createTestDatabase } from '../test/support/database';
import { loadAverages, watchMachine } from './machine-load';

const IDLE_MS = 5_000;
const SETTLED_MS = 12_000;
const SAMPLE_MS = 50;
const START_TIMEOUT_MS = 600_000;
const ROUNDS_PER_FIGHT = 6;
const MONSTERS = ['Goblin', 'Orc', 'Wolf', 'Bandit', 'Skeleton'];
const PLAYERS = ['Alice', 'Bram', 'Cora'];

interface Options {
  rounds: number;
  channels: number;
  checkouts: string[];
  postgres: boolean;
}

interface Measure {
  startMs: number;
  /** The proportional set size of run-built's launcher process, when the bot runs in a child of it (else 0). */
  launcherMb: number;
  idleMb: number;
  settledMb: number;
  /** After a `/roll`, a `/help` and an `/init list`: commands, an embed and a query answered, not yet a book loaded. */
  warmMb: number;
  /** The first `/monster show`'s reply time, the book loading, and the second's, the book loaded. */
  firstShowMs: number;
  secondShowMs: number;
  bookMb: number;
  peakMb: number;
  afterMb: number;
  replyMs: number[];
  /** The bot's CPU time per command under load: the work a command costs, which a busy machine does not inflate as it does the reply time. */
  cpuPerCommandMs: number;
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { rounds: 3, channels: 10, checkouts: [path.resolve(__dirname, '..')], postgres: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if ((arg === '--rounds' || arg === '--channels') && value !== undefined && /^\d+$/.test(value)) {
      options[arg === '--rounds' ? 'rounds' : 'channels'] = Number(value);
      i++;
    } else if (arg === '--compare' && value !== undefined) {
      options.checkouts.unshift(path.resolve(value));
      i++;
    } else if (arg === '--postgres') options.postgres = true;
    else
      throw new Error(
        `usage: npm run bench:memory -- [--rounds N] [--channels N] [--compare <checkout>] [--postgres] (got ${String(arg)})`,
      );
  }
  return options;
}

/** The resident set of one process (all its threads), in MB. */
function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
}

/** The process's children's ids (the bot's, when run-built started it in a child). */
function childrenOf(pid: number): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());

/** User + system CPU time one process (all its threads) has used, in milliseconds. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Private memory (proportional set size) of one process, in MB: what it alone costs the machine. */
function pssMb(pid: number): number {
  const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
  return Number(/Pss:\s+(\d+)/.exec(rollup)?.[1] ?? Number.NaN) / 1024;
}

/** The Node flags `npm start` gives the bot in `checkout` (none in an older checkout). */
function startFlags(checkout: string): string[] {
  const scripts = (JSON.parse(fs.readFileSync(path.join(checkout, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
  return (
    /^node ((?:--\S+ )*)scripts\/run-built\.js/
      .exec(scripts.start ?? '')?.[1]
      ?.trim()
      .split(' ')
      .filter(Boolean) ?? []
  );
}

function startBot(checkout: string, fake: FakeDiscord, env: Record<string, string>): ChildProcess {
  // As `npm start` runs it, without npm's own process in the way of the bot's pid.
  const child = spawn(process.execPath, [...startFlags(checkout), 'scripts/run-built.js', 'src/main.ts'], {
    cwd: checkout,
    env: {
      ...process.env,
      DISCORD_TOKEN: 'bench-token',
      DISCORD_APPLICATION_ID: fake.applicationId,
      DISCORD_API_URL: fake.apiUrl,
      DISCORD_GUILD_ID: '',
      DISCORD_PUBLIC_KEY: '',
      PORT: '',
      WEB_PORT: '',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString('utf8')));
  child.once('exit', (code) => {
    if (code !== 0 && code !== null) process.stderr.write(`the bot in ${checkout} exited ${code}:\n${errors}\n`);
  });
  return child;
}

async function stopBot(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await exited;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Someone in a channel of no fight. */
const VIEWER: Invoker = { userId: '600000000000000001', userName: 'Vera', channelId: '600000000000000002' };

/** A stat block of the SRD 5.2 (the default rule set's book): its reply time. */
async function showMonster(fake: FakeDiscord): Promise<number> {
  const started = performance.now();
  await fake.sendCommand('monster show', { name: 'Adult Red Dragon' }, VIEWER, 60_000);
  return performance.now() - started;
}

/** One channel's fight, command by command; returns the reply time of each. */
async function fight(fake: FakeDiscord, channel: number): Promise<number[]> {
  const channelId = `7${String(channel).padStart(17, '0')}`;
  const gm: Invoker = { userId: `8${String(channel).padStart(17, '0')}`, userName: 'Gina', channelId };
  const players = PLAYERS.map((name, i): Invoker => ({
    userId: `9${String(channel * 10 + i).padStart(17, '0')}`,
    userName: name,
    channelId,
  }));
  const times: number[] = [];
  const send = async (line: string, values: Record<string, string | number>, as: Invoker): Promise<void> => {
    const started = performance.now();
    await fake.sendCommand(line, values, as, 60_000);
    times.push(performance.now() - started);
  };
  await send('init begin', { name: `Bench ${channel}` }, gm);
  for (const [i, name] of MONSTERS.entries()) await send('init add', { name, hp: 30, ac: 12, initiative: 5 + i }, gm);
  for (const player of players) await send('init join', { hp: 40, ac: 15, initiative: 12 }, player);
  for (let round = 0; round < ROUNDS_PER_FIGHT; round++) {
    for (const [i, player] of players.entries()) {
      const target = MONSTERS[(round + i) % MONSTERS.length] ?? 'Goblin';
      await send('init next', {}, gm);
      await send('roll', { dice: '1d20+5 adv' }, player);
      await send('hp damage', { target, amount: '2d6+1 [fire]' }, player);
      await send('condition add', { target, condition: round % 2 === 0 ? 'Prone' : 'Frightened' }, player);
    }
    await send('hp heal', { target: PLAYERS[round % PLAYERS.length] ?? 'Alice', amount: '1d8' }, gm);
    await send('init list', {}, players[0] ?? gm);
  }
  const asked = await fake.sendCommand('init end', {}, gm, 60_000);
  // The confirmation's first button ends the fight; the fake finds the message that carries it.
  const confirm = /"custom_id":"([^"]+)"/.exec(JSON.stringify(asked.message.components))?.[1];
  if (confirm === undefined) throw new Error('/init end offered no button to confirm');
  const started = performance.now();
  await fake.clickButton(asked.message, confirm, gm, 60_000);
  times.push(performance.now() - started);
  return times;
}

async function measure(checkout: string, channels: number, env: Record<string, string>): Promise<Measure> {
  const fake = await FakeDiscord.start({ commands: registry.commands.map((c) => c.definition.toJSON()) });
  const started = performance.now();
  const bot = startBot(checkout, fake, env);
  try {
    await fake.ready(START_TIMEOUT_MS);
    const startMs = performance.now() - started;
    const launcher = bot.pid ?? 0;
    // run-built starts the bot in a child on Linux (for glibc's setting); an older checkout runs it in place.
    const pid = childrenOf(launcher)[0] ?? launcher;
    await sleep(IDLE_MS);
    const launcherMb = pid === launcher ? 0 : pssMb(launcher);
    const idleMb = rssMb(pid);
    await sleep(SETTLED_MS - IDLE_MS);
    const settledMb = rssMb(pid);
    await fake.sendCommand('roll', { dice: '1d20+5' }, VIEWER, 60_000);
    await fake.sendCommand('help', {}, VIEWER, 60_000);
    await fake.sendCommand('init list', {}, VIEWER, 60_000);
    await sleep(IDLE_MS);
    const warmMb = rssMb(pid);
    const firstShowMs = await showMonster(fake);
    const secondShowMs = await showMonster(fake);
    await sleep(IDLE_MS);
    const bookMb = rssMb(pid);
    let peakMb = bookMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(pid))), SAMPLE_MS);
    let replyMs: number[];
    const cpuBefore = cpuMs(pid);
    try {
      replyMs = (await Promise.all(Array.from({ length: channels }, (_, channel) => fight(fake, channel)))).flat();
    } finally {
      clearInterval(sampler);
    }
    peakMb = Math.max(peakMb, rssMb(pid));
    const cpuPerCommandMs = (cpuMs(pid) - cpuBefore) / replyMs.length;
    await sleep(IDLE_MS);
    return {
      startMs,
      launcherMb,
      idleMb,
      settledMb,
      warmMb,
      firstShowMs,
      secondShowMs,
      bookMb,
      peakMb,
      afterMb: rssMb(pid),
      replyMs,
      cpuPerCommandMs,
    };
  } finally {
    await stopBot(bot);
    await fake.close();
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;
}

/** `median [min–max]` of one figure over the rounds. */
function spread(values: readonly number[], digits = 0): string {
  const fmt = (n: number) => n.toFixed(digits);
  return `${fmt(median(values))} [${fmt(Math.min(...values))}–${fmt(Math.max(...values))}]`;
}

async function main(): Promise<void> {
  const { rounds, channels, checkouts, postgres } = parseArgs(process.argv.slice(2));
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-bench-memory-'));
  const database = postgres ? await createTestDatabase({ durable: true }) : null;
  try {
    const runs: { name: string; checkout: string; env: Record<string, string> }[] = checkouts.map((checkout, i) => ({
      name: `PGlite, ${checkout}`,
      checkout,
      env: { DATA_DIR: path.join(scratch, `data-${i}`) },
    }));
    if (database !== null)
      runs.push({ name: `PostgreSQL, ${checkouts.at(-1) ?? ''}`, checkout: checkouts.at(-1) ?? '', env: { DATABASE_URL: database.url } });
    process.stdout.write(`load before: ${loadAverages()}\n`);
    const watch = watchMachine();
    // The warm-up start builds the checkout if it must and makes each data folder.
    for (const run of runs) {
      const fake = await FakeDiscord.start();
      const bot = startBot(run.checkout, fake, run.env);
      try {
        await fake.ready(START_TIMEOUT_MS);
      } finally {
        await stopBot(bot);
        await fake.close();
      }
    }
    const results = new Map(runs.map((run) => [run.name, [] as Measure[]]));
    for (let round = 0; round < rounds; round++) {
      for (const run of runs) results.get(run.name)?.push(await measure(run.checkout, channels, run.env));
    }
    process.stdout.write(`load after: ${loadAverages()}\nover the run: ${watch.summary()}\n`);
    process.stdout.write(`${channels} channels at once, ${rounds} rounds, median [min–max]\n`);
    process.stdout.write(
      `| run | start to IDENTIFY (ms) | bot RSS idle (MB), ${IDLE_MS / 1000} s / ${SETTLED_MS / 1000} s after | after /roll, /help, /init list (MB) | first / second /monster show (ms) | bot RSS after them (MB) | bot RSS peak under load (MB) | bot RSS after (MB) | launcher PSS (MB) | reply p50 / p99 (ms) | bot CPU per command (ms) |\n`,
    );
    process.stdout.write('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |\n');
    for (const [name, measured] of results) {
      const p50 = measured.map((m) => percentile(m.replyMs, 0.5));
      const p99 = measured.map((m) => percentile(m.replyMs, 0.99));
      process.stdout.write(
        `| ${name} | ${spread(measured.map((m) => m.startMs))} | ${spread(measured.map((m) => m.idleMb))} / ${spread(measured.map((m) => m.settledMb))} | ${spread(measured.map((m) => m.warmMb))} | ${spread(measured.map((m) => m.firstShowMs))} / ${spread(measured.map((m) => m.secondShowMs))} | ${spread(measured.map((m) => m.bookMb))} | ${spread(measured.map((m) => m.peakMb))} | ${spread(measured.map((m) => m.afterMb))} | ${spread(
          measured.map((m) => m.launcherMb),
          1,
        )} | ${spread(p50, 1)} / ${spread(p99, 1)} | ${spread(
          measured.map((m) => m.cpuPerCommandMs),
          2,
        )} |\n`,
      );
    }
  } finally {
    await database?.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
