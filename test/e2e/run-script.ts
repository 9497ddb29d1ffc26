import { spawn, type ChildProcess } from 'node:child_process';
import { randomInt, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { launchArgs } from '../support/compiled';
import { publicKeyHex } from './signed-http';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Settings a developer's .env might hold; set empty so that dotenv, which never overrides, cannot fill them in. */
const ISOLATED_ENV = {
  DISCORD_TOKEN: '',
  DISCORD_APPLICATION_ID: '',
  DISCORD_GUILD_ID: '',
  DISCORD_API_URL: '',
  DISCORD_PUBLIC_KEY: '',
  PORT: '',
  DATABASE_URL: '',
  PUBLIC_URL: '',
  WEB_PORT: '',
  TRUST_PROXY: '',
  LOG_LEVEL: 'warn',
};

/** The settings of a bot that takes interactions from a fake Discord over HTTP on `port`, on PostgreSQL at `databaseUrl`. */
export function httpBotEnv(
  fake: { applicationId: string; apiUrl: string },
  publicKey: KeyObject,
  port: number,
  databaseUrl: string,
): Record<string, string> {
  return {
    DISCORD_TOKEN: 'http-bot-token',
    DISCORD_APPLICATION_ID: fake.applicationId,
    DISCORD_API_URL: fake.apiUrl,
    DISCORD_PUBLIC_KEY: publicKeyHex(publicKey),
    PORT: String(port),
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'info',
  };
}

export interface RunningScript {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal's name); kills the child if it outlives `timeoutMs`. */
  exited(timeoutMs: number): Promise<number | string>;
}

/** Starts a TypeScript entry point of the project as its npm script would (compiled, with its Node flags), in a child process. */
export function runScript(entry: string, env: Record<string, string>): RunningScript {
  const child = spawn(process.execPath, launchArgs(entry), {
    cwd: REPO_ROOT,
    env: { ...process.env, ...ISOLATED_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exit = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  return {
    child,
    stdout: () => out,
    stderr: () => err,
    async exited(timeoutMs: number) {
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exit;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

/** Below this, ports are left to the machine's own services. */
const LOWEST_TEST_PORT = 10_000;

/**
 * The ports the kernel gives the local end of outgoing connections, Linux's own setting where there
 * is one, else the widest of the usual defaults (Linux's 32768–60999, IANA's 49152–65535).
 */
export function ephemeralPortRange(): readonly [number, number] {
  try {
    const range = /^(\d+)\s+(\d+)$/.exec(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim());
    if (range) return [Number(range[1]), Number(range[2])];
  } catch {
    // No such file off Linux: the default below.
  }
  return [32_768, 65_535];
}

/** Whether a server can listen on `port` on every interface, as the bot does. */
function canListen(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, () => server.close(() => resolve(true)));
  });
}

/**
 * Ports this process has handed out: a test often asks for several before any bot listens (two
 * replicas, say), and a random pick could otherwise give the same free port twice.
 */
const handedOut = new Set<number>();

/**
 * A port nobody listens on right now, for a bot that takes it moments later (PORT=0 is not a valid
 * setting). It lies outside the ephemeral range: a port from there, free when checked, can become
 * the local end of any connection the tests open meanwhile, and the bot then fails with EADDRINUSE.
 */
export async function freePort(): Promise<number> {
  const [low, high] = ephemeralPortRange();
  const below = Math.max(0, low - LOWEST_TEST_PORT);
  const above = Math.max(0, 65_535 - high);
  for (let tries = 0; tries < 100 && below + above > 0; tries++) {
    const pick = randomInt(below + above);
    const port = pick < below ? LOWEST_TEST_PORT + pick : high + 1 + pick - below;
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port outside the ephemeral range ${low}–${high}`);
}

/** Resolves once the child has written `text` to standard error; fails after `timeoutMs`. */
export async function logged(script: RunningScript, text: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!script.stderr().includes(text)) {
    if (Date.now() > deadline || script.child.exitCode !== null)
      throw new Error(`the bot never logged "${text}"; stderr:\n${script.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
