/**
 * `npm run bench:startup [-- --runs N] [-- --compare <checkout>]`: how long a user waits after typing
 * the command, as they type it.
 * - `npm run console -- --memory`: from spawning npm to the answer of the first line it reads.
 * - `npm start` on the gateway and the embedded database (a data folder the warm-up run made): from
 *   spawning npm to its IDENTIFY on a fake Discord gateway.
 * - `npm start` over HTTP interactions on PostgreSQL (a migrated test database): from spawning npm to
 *   the "listening" log line.
 * Each is timed N times (default 5) after one warm-up run (which builds, migrates, fills the file
 * cache); with `--compare`, the other checkout (a worktree of an older commit, say) is timed in
 * turn with this one, run for run, so both see the same load. Prints the median and the spread of
 * the wall time, and of the CPU time the process tree had used by then (read from /proc, so it shows
 * the work a launch does even on a busy machine where the wall time mostly shows the waiting).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { FakeDiscord } from '../test/e2e/fake-discord';
import { freePort } from '../test/e2e/run-script';
import { createTestDatabase } from '../test/support/database';
import { timeUntil, treeCpuMs, type Timing } from './launch-timing';
import { loadAverages, watchMachine } from './machine-load';

const TIMEOUT_MS = 60_000;
/** The warm-up run may compile the project first. */
const WARM_UP_TIMEOUT_MS = 600_000;
const FIRST_LINE = '/roll dice:1d20+5';
const READY_LINE = 'listening for Discord interactions';

interface Options {
  runs: number;
  checkouts: string[];
}

function parseArgs(argv: readonly string[]): Options {
  const options: Options = { runs: 5, checkouts: [path.resolve(__dirname, '..')] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = argv[i + 1];
    if (arg === '--runs' && value !== undefined && /^\d+$/.test(value)) {
      options.runs = Number(value);
      i++;
    } else if (arg === '--compare' && value !== undefined) {
      options.checkouts.unshift(path.resolve(value));
      i++;
    } else throw new Error(`usage: npm run bench:startup -- [--runs N] [--compare <checkout>] (got ${String(arg)})`);
  }
  return options;
}

/** Spawns `npm run <args>` in its own process group, so the whole tree can be stopped. */
function npm(checkout: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn('npm', ['run', '--silent', ...args], {
    cwd: checkout,
    env: { ...process.env, LOG_LEVEL: 'warn', DISCORD_TOKEN: '', DATABASE_URL: '', PORT: '', DISCORD_PUBLIC_KEY: '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
}

function consoleFirstReply(checkout: string, timeoutMs = TIMEOUT_MS): Promise<Timing> {
  const child = npm(checkout, ['console', '--', '--memory'], {});
  const time = timeUntil(child, 'stdout', (output) => output.includes('\n'), timeoutMs);
  child.stdin?.write(`${FIRST_LINE}\n`);
  return time;
}

async function startReady(checkout: string, databaseUrl: string, timeoutMs = TIMEOUT_MS): Promise<Timing> {
  const child = npm(checkout, ['start'], {
    DISCORD_TOKEN: 'bench-token',
    DISCORD_APPLICATION_ID: '100000000000000001',
    DISCORD_PUBLIC_KEY: 'ab'.repeat(32),
    PORT: String(await freePort()),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
  });
  return timeUntil(child, 'stderr', (output) => output.includes(READY_LINE), timeoutMs);
}

/** `npm start` on the gateway and the embedded database in `dataDir`: until it identifies to a fake Discord. */
async function startIdentified(checkout: string, dataDir: string, timeoutMs = TIMEOUT_MS): Promise<Timing> {
  const fake = await FakeDiscord.start();
  const child = npm(checkout, ['start'], {
    DISCORD_TOKEN: 'bench-token',
    DISCORD_APPLICATION_ID: fake.applicationId,
    DISCORD_API_URL: fake.apiUrl,
    DATA_DIR: dataDir,
  });
  const started = performance.now();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await fake.ready(timeoutMs);
    return { wallMs: performance.now() - started, cpuMs: child.pid === undefined ? Number.NaN : treeCpuMs(child.pid) };
  } finally {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    await exited;
    await fake.disconnected(TIMEOUT_MS).catch(() => undefined);
    await fake.close();
  }
}

function summary(times: readonly number[]): string {
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  const seconds = (ms: number): string => (ms / 1000).toFixed(2);
  return `median ${seconds(median)} s (${seconds(sorted[0] ?? Number.NaN)}–${seconds(sorted.at(-1) ?? Number.NaN)})`;
}

async function main(): Promise<void> {
  const { runs, checkouts } = parseArgs(process.argv.slice(2));
  // A migrated copy of the tests' template database, on TEST_DATABASE_URL's server (default the local one).
  const database = await createTestDatabase({ durable: true });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-bench-startup-'));
  // Each checkout its own data folder, made by the warm-up run, as a bot restarted on its data.
  const dataDir = (checkout: string) => path.join(scratch, String(checkouts.indexOf(checkout)));
  try {
    process.stdout.write(`load before: ${loadAverages()}\n`);
    const watch = watchMachine();
    const cases = [
      { name: 'npm run console -- --memory, first reply', time: consoleFirstReply },
      {
        name: 'npm start (gateway, PGlite), identified',
        time: (checkout: string, timeoutMs?: number) => startIdentified(checkout, dataDir(checkout), timeoutMs),
      },
      {
        name: 'npm start (HTTP, PostgreSQL), ready',
        time: (checkout: string, timeoutMs?: number) => startReady(checkout, database.url, timeoutMs),
      },
    ];
    for (const { name, time } of cases) {
      const times = new Map(checkouts.map((checkout) => [checkout, [] as Timing[]]));
      for (const checkout of checkouts) await time(checkout, WARM_UP_TIMEOUT_MS);
      for (let run = 0; run < runs; run++) for (const checkout of checkouts) times.get(checkout)?.push(await time(checkout));
      for (const [checkout, measured] of times) {
        const wall = summary(measured.map((t) => t.wallMs));
        const cpu = summary(measured.map((t) => t.cpuMs));
        process.stdout.write(`${name} in ${checkout}: wall ${wall}, CPU ${cpu}\n`);
      }
    }
    process.stdout.write(`load after: ${loadAverages()}\nover the run: ${watch.summary()}\n`);
  } finally {
    await database.drop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
