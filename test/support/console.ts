import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { openApp } from '../../src/app';
import { createChartRenderer } from '../../src/charts';
import { launchArgs } from './compiled';
import { parseConfig } from '../../src/config';
import { openDatabase, type Database } from '../../src/db/open';
import { emptyDatabase } from './database';
import { EntryReader, openConsoleSession, runEntry } from '../../src/transports/console-script';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** One line of `npm run console -- --json`, as documented in docs/console.md. */
export interface ConsoleJson {
  /**
   * A reply to the line, a line that was not a valid command, a channel message the bot posted or
   * edited, or a direct message it sent (to `user`).
   */
  kind: 'reply' | 'error' | 'posted' | 'edited' | 'dm';
  input: string;
  messageId?: string;
  pinned?: boolean;
  user?: string;
  channel?: string;
  ephemeral?: boolean;
  content?: string | null;
  embeds?: {
    title: string | null;
    description: string | null;
    fields: { name: string; value: string }[];
    footer: string | null;
    image: string | null;
  }[];
  /** Files sent with the reply: their names and sizes, and where the console saved them (or why not). */
  files?: { name: string; bytes: number; path?: string; error?: string }[];
  components?: { buttons: { customId: string; label: string; style: string; disabled: boolean }[] }[];
  error?: string;
}

/** The replies of `runConsoleOutput`, one per line of the script that did something. */
export async function runConsole(
  lines: readonly string[],
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ConsoleJson[]> {
  const output = await runConsoleOutput(lines, args, env);
  return output.filter((line) => line.kind === 'reply' || line.kind === 'error');
}

/**
 * Pipes a script through the console entry point with `--json` (as `npm run console` runs it, minus
 * npm) and returns every output line parsed, channel messages included. Settings a developer's .env
 * might hold are blanked. The files replies carry are saved in a folder of the run's own, deleted
 * after it, unless `args` names one with `--files`.
 */
export async function runConsoleOutput(
  lines: readonly string[],
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ConsoleJson[]> {
  const files = mkdtempSync(path.join(os.tmpdir(), 'rollcall-console-files-'));
  try {
    return await runConsoleIn(lines, args.includes('--files') ? args : ['--files', files, ...args], env);
  } finally {
    rmSync(files, { recursive: true, force: true });
  }
}

const SILENT = pino({ level: 'silent' });

/**
 * The in-memory embedded database a test file's scripts share, emptied before each script: as fresh
 * as the one a new console makes, without starting PostgreSQL in WebAssembly for each (a second).
 */
let shared: Promise<Database> | null = null;
afterAll(async () => {
  const database = await shared?.catch(() => null);
  shared = null;
  await database?.close();
});

/** The replies of `playConsoleOutput`, one per line of the script that did something. */
export async function playConsole(lines: readonly string[], seed: number): Promise<ConsoleJson[]> {
  const output = await playConsoleOutput(lines, seed);
  return output.filter((line) => line.kind === 'reply' || line.kind === 'error');
}

/**
 * What `runConsoleOutput(lines, ['--memory', '--seed', seed])` prints, played in this process: the
 * console's own loop on a fresh in-memory database, without the seconds a new console process takes
 * to load the bot. Tests of commands use it; tests of the console itself start one.
 */
export async function playConsoleOutput(lines: readonly string[], seed: number): Promise<ConsoleJson[]> {
  shared ??= openDatabase({ databaseUrl: null, dataDir: os.tmpdir(), memory: true, logger: SILENT });
  const database = await shared;
  await emptyDatabase(database.prisma);
  const files = mkdtempSync(path.join(os.tmpdir(), 'rollcall-console-files-'));
  // Closed after the script, as the app would close its own: its worker would outlive the file.
  const charts = createChartRenderer();
  // The app is left open: closing it would close the database the file's other scripts use.
  const app = await openApp({
    config: parseConfig({}),
    logger: SILENT,
    memory: true,
    seed,
    database: Promise.resolve(database),
    livePagesOff: 'console',
    charts,
  });
  try {
    const session = openConsoleSession(app, files);
    const style = { json: true, styled: false };
    const entries = new EntryReader();
    const out: string[] = [];
    // Split as the console's reader splits what it is piped.
    for (const line of lines.join('\n').split(/\r?\n/)) {
      const entry = entries.push(line);
      if (entry !== null) out.push(...(await runEntry(session, entry, style)));
    }
    const last = entries.end();
    if (last !== null) out.push(...(await runEntry(session, last, style)));
    return out.map((line) => JSON.parse(line) as ConsoleJson);
  } finally {
    await charts.close();
    rmSync(files, { recursive: true, force: true });
  }
}

function runConsoleIn(lines: readonly string[], args: readonly string[], env: Record<string, string>): Promise<ConsoleJson[]> {
  const child = spawn(process.execPath, [...launchArgs('src/console.ts'), '--json', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DISCORD_TOKEN: '', DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  child.stdin.end(`${lines.join('\n')}\n`);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code !== 0) reject(new Error(`console exited with ${code}: ${err}`));
      else
        resolve(
          out
            .trim()
            .split('\n')
            .filter((line) => line !== '')
            .map((line) => JSON.parse(line) as ConsoleJson),
        );
    });
  });
}
