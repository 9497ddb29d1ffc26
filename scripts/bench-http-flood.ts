/**
 * Unauthenticated load on the HTTP interactions endpoint, loopback only and bounded in count and
 * time. For each scenario, a server (in a process of its own) faces slow senders (from another
 * process) for WINDOW_MS while this process times a signed PING every PING_EVERY_MS. Prints the
 * server's RSS, CPU and event-loop delay, the PINGs' round trips, how many connections the server
 * still held when the window closed, and how many error lines it logged.
 *
 *   npx ts-node --transpile-only scripts/bench-http-flood.ts [checkout[=bodyLimit] ...]
 *
 * Each argument is a checkout whose src/transports/http-interactions.ts is measured (default: this
 * one), so older code is measured in the same run: `git worktree add /tmp/old <ref>`, then pass
 * `/tmp/old=1048576 .`. `bodyLimit` is that code's body limit in bytes (default 65536). Shapes:
 * "trickle" writes the request one byte a second from its first byte; "near limit" declares a body
 * of the limit and sends all of it but the last TAIL bytes at once, then one byte a second.
 * "reconnecting" senders connect again RECONNECT_MS after the server cuts them, until the window ends.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';

const WINDOW_MS = 20_000;
const PING_EVERY_MS = 500;
const PING_TIMEOUT_MS = 10_000;
/** Bytes of a near-limit body left to trickle, one a second: more than the window lasts. */
const TAIL = 60;
/** A cut sender connects again after this long, as a determined attacker would. */
const RECONNECT_MS = 250;
const DEFAULT_LIMIT = 64 * 1024;

type Shape = 'trickle' | 'near limit';

interface Scenario {
  senders: number;
  shape: Shape;
  /** A cut sender connects again, as a determined attacker would; otherwise it is done. */
  reconnect: boolean;
}

const SCENARIOS: readonly Scenario[] = [
  { senders: 1_500, shape: 'trickle', reconnect: false },
  { senders: 1_500, shape: 'near limit', reconnect: false },
  { senders: 1_500, shape: 'near limit', reconnect: true },
  { senders: 3_000, shape: 'trickle', reconnect: true },
];

interface Variant {
  dir: string;
  bodyLimit: number;
}

interface Measure {
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
  idlePingMs: number;
  pings: number[];
  pingFailures: number;
  connections: number;
  /** Senders whose connection the server still held when the window closed. */
  stillOpen: number;
  /** CPU seconds the server used during the window. */
  serverCpuS: number;
  /** How late the server's event loop ran during the window. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  errorLines: number;
  stackLines: number;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** User + system CPU seconds of a process so far. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? Number.NaN;
}

function signedPing(port: number, key: KeyObject): Promise<number> {
  const body = JSON.stringify({ id: '1', application_id: '1', type: 1, token: 'ping', version: 1 });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = sign(null, Buffer.from(timestamp + body), key).toString('hex');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/interactions',
        method: 'POST',
        agent: false,
        timeout: PING_TIMEOUT_MS,
        headers: { 'content-type': 'application/json', 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp },
      },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`status ${res.statusCode}`)),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

interface Counter {
  connections: number;
  open: number;
}

/** One connection of a slow sender; resolves true when the server cut it before `until`. */
function slowConnection(port: number, shape: Shape, headers: string, bulk: Buffer, until: number, counter: Counter): Promise<boolean> {
  counter.connections += 1;
  counter.open += 1;
  // The trickled headers alone outlast the window.
  const trickled = shape === 'trickle' ? Buffer.from(headers) : Buffer.alloc(TAIL, 'x');
  return new Promise((done) => {
    const socket = net.connect(port, '127.0.0.1');
    let sent = 0;
    let timer: NodeJS.Timeout | undefined;
    socket.on('connect', () => {
      if (shape === 'near limit') socket.write(Buffer.concat([Buffer.from(headers), bulk]));
      timer = setInterval(() => {
        if (Date.now() >= until || sent >= trickled.length) socket.destroy();
        else socket.write(trickled.subarray(sent, (sent += 1)));
      }, 1_000);
    });
    socket.on('data', () => undefined);
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      counter.open -= 1;
      done(Date.now() < until);
    });
  });
}

/** A slow sender: one slow connection, and another each time the server cuts one if it reconnects, until `until`. */
async function slowSender(port: number, scenario: Scenario, bulk: Buffer, until: number, counter: Counter): Promise<void> {
  const headers = `POST /interactions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${bulk.length + TAIL}\r\n\r\n`;
  while ((await slowConnection(port, scenario.shape, headers, bulk, until, counter)) && scenario.reconnect) {
    await sleep(RECONNECT_MS);
    if (Date.now() >= until) return;
  }
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onExit = (code: number | null): void => reject(new Error(`a ${child.spawnargs.join(' ')} process exited with ${code}`));
    child.once('message', (value: T) => {
      child.off('exit', onExit);
      resolve(value);
    });
    child.once('exit', onExit);
  });
}

/** This script in another process, in one of its roles; resolves once that process says it is ready. */
async function spawnRole<T>(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ child: ChildProcess; message: T }> {
  const child = fork(__filename, args, { execArgv: ['-r', 'ts-node/register/transpile-only'], env: { ...process.env, ...env } });
  return { child, message: await nextMessage<T>(child) };
}

/** The attacker's side, in its own process so its work does not delay the PINGs timed here. */
async function attack(port: number, scenario: Scenario, bodyLimit: number): Promise<void> {
  const until = await new Promise<number>((resolve) => {
    process.once('message', (message: { until: number }) => resolve(message.until));
    process.send?.({ ready: true });
  });
  const counter: Counter = { connections: 0, open: 0 };
  let stillOpen = 0;
  const snapshot = setTimeout(() => (stillOpen = counter.open), until - Date.now() - 100);
  // One buffer for every sender: the load is on the server, not on this process.
  const bulk = Buffer.alloc(Math.max(0, bodyLimit - TAIL), 'x');
  const senders: Promise<void>[] = [];
  for (let i = 0; i < scenario.senders; i += 1) {
    senders.push(slowSender(port, scenario, bulk, until, counter));
    if (i % 100 === 99) await sleep(20);
  }
  await Promise.all(senders);
  clearTimeout(snapshot);
  process.send?.({ connections: counter.connections, stillOpen });
  process.disconnect?.();
}

async function measure(variant: Variant, scenario: Scenario, key: KeyObject, publicKeyHex: string): Promise<Measure> {
  const logFile = path.join(os.tmpdir(), `rollcall-flood-${process.pid}-${Date.now()}.log`);
  const { child, message } = await spawnRole<{ port: number }>(['--serve', variant.dir, logFile], { BENCH_PUBLIC_KEY: publicKeyHex });
  const { port } = message;
  const pid = child.pid ?? 0;
  try {
    await sleep(2_000);
    const idle: number[] = [];
    for (let i = 0; i < 5; i += 1) idle.push(await signedPing(port, key));
    const rssBeforeMb = rssMb(pid);
    const cpuBefore = cpuSeconds(pid);
    let rssPeakMb = rssBeforeMb;
    const sampler = setInterval(() => {
      rssPeakMb = Math.max(rssPeakMb, rssMb(pid));
    }, 200);
    const attacker = (await spawnRole(['--attack', String(port), JSON.stringify(scenario), String(variant.bodyLimit)])).child;
    const attackerResult = nextMessage<{ connections: number; stillOpen: number }>(attacker);
    const until = Date.now() + WINDOW_MS;
    child.send('reset');
    attacker.send({ until });
    const pings: number[] = [];
    let pingFailures = 0;
    await sleep(1_000);
    while (Date.now() < until) {
      const started = performance.now();
      try {
        pings.push(await signedPing(port, key));
      } catch {
        pingFailures += 1;
      }
      await sleep(Math.max(0, PING_EVERY_MS - (performance.now() - started)));
    }
    const serverCpuS = cpuSeconds(pid) - cpuBefore;
    const loopDelay = nextMessage<{ p99Ms: number; maxMs: number }>(child);
    child.send('report');
    const { p99Ms: loopDelayP99Ms, maxMs: loopDelayMaxMs } = await loopDelay;
    const { connections, stillOpen } = await attackerResult;
    clearInterval(sampler);
    await sleep(2_000);
    const rssAfterMb = rssMb(pid);
    const lines = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').split('\n').filter(Boolean) : [];
    const errors = lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
    idle.sort((a, b) => a - b);
    pings.sort((a, b) => a - b);
    return {
      rssBeforeMb,
      rssPeakMb,
      rssAfterMb,
      idlePingMs: percentile(idle, 0.5),
      pings,
      pingFailures,
      connections,
      stillOpen,
      serverCpuS,
      loopDelayP99Ms,
      loopDelayMaxMs,
      errorLines: errors.length,
      stackLines: errors.filter((line) => line.includes('"stack"')).length,
    };
  } finally {
    child.kill('SIGKILL');
    fs.rmSync(logFile, { force: true });
  }
}

/** The server side: the checkout's own transport, answering PINGs; nothing here reaches the database. */
async function serve(dir: string, logFile: string): Promise<void> {
  /* eslint-disable @typescript-eslint/no-require-imports -- the checkout to measure is only known at run time */
  const { startHttpInteractions } = require(
    path.join(dir, 'src/transports/http-interactions'),
  ) as typeof import('../src/transports/http-interactions');
  const { CommandRegistry } = require(path.join(dir, 'src/framework/registry')) as typeof import('../src/framework/registry');
  const { createPrismaClient } = require(path.join(dir, 'src/db/client')) as typeof import('../src/db/client');
  const { buildServices } = require(path.join(dir, 'src/app')) as typeof import('../src/app');
  const { createSeededRandom } = require(path.join(dir, 'src/dice/seeded')) as typeof import('../src/dice/seeded');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const logger = pino({ level: 'info' }, pino.destination({ dest: logFile, sync: false }));
  const prisma = createPrismaClient('postgresql://postgres@127.0.0.1:5432/postgres', 1);
  const services = buildServices({ prisma, random: createSeededRandom(1), logger });
  const server = await startHttpInteractions({
    publicKey: process.env.BENCH_PUBLIC_KEY ?? '',
    port: 0,
    host: '127.0.0.1',
    applicationId: '100000000000000001',
    token: 'bench-token',
    apiUrl: 'http://127.0.0.1:9/api',
    registry: new CommandRegistry([]),
    services,
    logger,
    // PINGs claim no id; the ledger is there because the transport requires one.
    ledger: {
      claim: () => Promise.reject(new Error('the flood sends only PINGs')),
      claimedBySave: () => {
        throw new Error('the flood sends only PINGs');
      },
    },
  });
  // The event loop's delay during the load, when the parent asks: "reset" at the start, "report" at the end.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  process.on('message', (message: 'reset' | 'report') => {
    if (message === 'reset') delay.reset();
    else process.send?.({ p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 });
  });
  process.send?.({ port: server.port });
}

function fmt(n: number, digits = 0): string {
  return Number.isFinite(n) ? n.toFixed(digits) : '-';
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--serve') return serve(args[1] ?? '.', args[2] ?? '/dev/null');
  if (args[0] === '--attack') return attack(Number(args[1]), JSON.parse(args[2] ?? '{}') as Scenario, Number(args[3]));
  const variants: Variant[] = (args.length > 0 ? args : ['.']).map((arg) => {
    const [dir = '.', limit] = arg.split('=');
    return { dir: path.resolve(dir), bodyLimit: limit === undefined ? DEFAULT_LIMIT : Number(limit) };
  });
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const publicKeyHex = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('hex');
  console.log(`slow senders for ${WINDOW_MS / 1000} s each, a signed PING every ${PING_EVERY_MS} ms, loopback`);
  console.log(
    '| code | senders | shape | RSS before → peak → 2 s after (MB) | server CPU (s) | server event-loop delay p99 / max (ms) | PING idle (ms) | PING under load p50 / p95 / max (ms) | PINGs failed | connections opened | held at the end | error lines (with stack) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const variant of variants) {
    for (const scenario of SCENARIOS) {
      const m = await measure(variant, scenario, privateKey, publicKeyHex);
      const shape = `${scenario.shape}${scenario.shape === 'near limit' ? ` (${variant.bodyLimit} B)` : ''}${scenario.reconnect ? ', reconnecting' : ''}`;
      console.log(
        `| ${variant.dir} | ${scenario.senders} | ${shape} | ${fmt(m.rssBeforeMb)} → ${fmt(m.rssPeakMb)} → ${fmt(m.rssAfterMb)} | ${fmt(m.serverCpuS, 1)} | ${fmt(m.loopDelayP99Ms)} / ${fmt(m.loopDelayMaxMs)} | ${fmt(m.idlePingMs, 1)} | ${fmt(percentile(m.pings, 0.5), 1)} / ${fmt(percentile(m.pings, 0.95), 1)} / ${fmt(m.pings.at(-1) ?? Number.NaN, 1)} | ${m.pingFailures} of ${m.pings.length + m.pingFailures} | ${m.connections} | ${m.stillOpen} | ${m.errorLines} (${m.stackLines}) |`,
      );
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
