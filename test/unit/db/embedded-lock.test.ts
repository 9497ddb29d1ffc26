import { spawn, fork, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { EmbeddedDatabaseInUseError, lockFolder } from '../../../src/db/embedded-lock';
import { processStart } from '../../../src/db/embedded-lock-holder';
import type { Race, RaceResult } from './lock-contender';

// Start times come from /proc: elsewhere a lock naming a live pid counts as held, as before.
const onLinux = fs.existsSync('/proc/self/stat') ? describe : describe.skip;

/** No process can have this id: Linux's pid_max is at most 2^22. */
const DEAD_PID = 2147483646;

let dataDir: string;
let lockPath: string;
const children: ChildProcess[] = [];

beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-lock-'));
  lockPath = path.join(dataDir, 'rollcall.lock');
});

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A lock file as Rollcall writes it: pid, start time, nonce. */
function lockNaming(pid: number, started: string | null, nonce = '0123456789abcdef'): string {
  return `${pid}\n${started ?? ''}\n${nonce}\n`;
}

function startOf(pid: number): string {
  const started = processStart(pid);
  if (started === null) throw new Error(`no start time for pid ${pid}`);
  return started;
}

/** The start time of another process than the one living under `pid` now. */
function anotherStartThan(pid: number): string {
  const [boot, ticks] = startOf(pid).split(':');
  return `${boot}:${Number(ticks) + 1}`;
}

/** A live process that is not Rollcall. */
function otherProcess(): number {
  const child = spawn('sleep', ['60'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  children.push(child);
  if (child.pid === undefined) throw new Error('sleep did not start');
  return child.pid;
}

function claimOn(content: string): string {
  return path.join(dataDir, `rollcall.lock.${crypto.createHash('sha256').update(content).digest('hex').slice(0, 16)}`);
}

function holderPid(): number {
  return Number(fs.readFileSync(lockPath, 'utf8').split('\n')[0]);
}

onLinux('whether a lock file still has a holder', () => {
  test('a lock naming PID 1 started at another time, as after a container restart, is taken over', () => {
    fs.writeFileSync(lockPath, lockNaming(1, anotherStartThan(1)));
    const release = lockFolder(dataDir);
    expect(holderPid()).toBe(process.pid);
    release();
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });

  test('a lock naming a live process is in use when that process started when the lock says, and stale otherwise', () => {
    const pid = otherProcess();
    fs.writeFileSync(lockPath, lockNaming(pid, startOf(pid)));
    expect(() => lockFolder(dataDir)).toThrow(new EmbeddedDatabaseInUseError(dataDir, pid));
    expect(holderPid()).toBe(pid);

    fs.writeFileSync(lockPath, lockNaming(pid, anotherStartThan(pid)));
    lockFolder(dataDir)();
  });

  test('a lock from an older Rollcall (a pid alone) is stale when that pid belongs to a process started after the lock was written', () => {
    const pid = otherProcess();
    fs.writeFileSync(lockPath, `${pid}\n`);
    expect(() => lockFolder(dataDir)).toThrow(new EmbeddedDatabaseInUseError(dataDir, pid));

    const longBefore = new Date('2001-01-01T00:00:00Z');
    fs.utimesSync(lockPath, longBefore, longBefore);
    lockFolder(dataDir)();
    fs.writeFileSync(lockPath, '1\n');
    fs.utimesSync(lockPath, longBefore, longBefore);
    lockFolder(dataDir)();
  });

  test('this process cannot lock a folder twice, but takes over a lock naming it that it does not hold', () => {
    fs.writeFileSync(lockPath, lockNaming(process.pid, startOf(process.pid)));
    const release = lockFolder(dataDir);
    expect(() => lockFolder(dataDir)).toThrow(new EmbeddedDatabaseInUseError(dataDir, process.pid));
    const alias = path.join(os.tmpdir(), `rollcall-lock-alias-${process.pid}`);
    fs.symlinkSync(dataDir, alias);
    try {
      expect(() => lockFolder(alias)).toThrow(EmbeddedDatabaseInUseError);
    } finally {
      fs.rmSync(alias);
    }
    release();
    lockFolder(dataDir)();
  });

  test('a takeover left half done by a process that died does not block the folder; one in progress in a live process does', () => {
    const stale = lockNaming(DEAD_PID, null);
    fs.writeFileSync(lockPath, stale);
    const claim = claimOn(stale);
    fs.writeFileSync(claim, lockNaming(DEAD_PID - 1, null));
    const release = lockFolder(dataDir);
    expect(holderPid()).toBe(process.pid);
    expect(fs.readdirSync(dataDir)).toEqual(['rollcall.lock']);
    release();

    const pid = otherProcess();
    fs.writeFileSync(lockPath, stale);
    fs.writeFileSync(claim, lockNaming(pid, startOf(pid)));
    expect(() => lockFolder(dataDir)).toThrow(new EmbeddedDatabaseInUseError(dataDir, pid));
    expect(fs.readFileSync(lockPath, 'utf8')).toBe(stale);
  });
});

onLinux('processes starting at once', () => {
  const CONTENDERS = 3;
  const TRIALS = 100;

  function startContender(): Promise<ChildProcess> {
    const child = fork(path.join(__dirname, 'lock-contender.ts'), [], {
      execArgv: ['-r', 'ts-node/register/transpile-only'],
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(child);
    return new Promise((resolve, reject) => {
      child.once('message', () => resolve(child));
      child.once('exit', (code) => reject(new Error(`a contender exited with ${code} before it was ready`)));
    });
  }

  function race(child: ChildProcess, order: Race): Promise<RaceResult> {
    return new Promise((resolve) => {
      child.once('message', (result: RaceResult) => resolve(result));
      child.send(order);
    });
  }

  /** A folder for one trial, where it finds no lock, a dead holder's, or one naming PID 1 started at another time. */
  function trialFolder(trial: number): string {
    const folder = path.join(dataDir, `trial-${trial}`);
    fs.mkdirSync(folder);
    const lock = path.join(folder, 'rollcall.lock');
    if (trial % 3 === 1) fs.writeFileSync(lock, `${DEAD_PID}\n`);
    if (trial % 3 === 2) fs.writeFileSync(lock, lockNaming(1, anotherStartThan(1)));
    return folder;
  }

  test(`exactly one of ${CONTENDERS} takes the folder, in each of ${TRIALS} trials`, async () => {
    const contenders = await Promise.all(Array.from({ length: CONTENDERS }, startContender));
    const outcomes: string[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      const folder = trialFolder(trial);
      const startAt = performance.timeOrigin + performance.now() + 20;
      const results = await Promise.all(contenders.map((child) => race(child, { dataDir: folder, startAt })));
      outcomes.push(results.sort().join(', '));
    }
    const expected = ['locked', ...Array.from({ length: CONTENDERS - 1 }, () => 'in use')].sort().join(', ');
    expect(outcomes).toEqual(Array.from({ length: TRIALS }, () => expected));
  }, 120_000);
});
