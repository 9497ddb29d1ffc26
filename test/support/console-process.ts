import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { launchArgs } from './compiled';
import type { ConsoleJson } from './console';

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/**
 * `npm run console -- --json …` kept running, typed into one line at a time as a person would, with
 * each reply read as it is printed (the one-shot `runConsole` writes a whole script at once).
 */
export class ConsoleProcess {
  /** Standard error so far: where `--web` says where the pages are. */
  stderr = '';
  private readonly lines: ConsoleJson[] = [];
  private waiting: (() => void) | null = null;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    readline.createInterface({ input: child.stdout }).on('line', (line) => {
      this.lines.push(JSON.parse(line) as ConsoleJson);
      this.waiting?.();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      this.stderr += chunk.toString('utf8');
      this.waiting?.();
    });
    child.once('exit', () => this.waiting?.());
  }

  static start(args: readonly string[], env: Record<string, string> = {}): ConsoleProcess {
    const child = spawn(process.execPath, [...launchArgs('src/console.ts'), '--json', ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DISCORD_TOKEN: '', DATABASE_URL: '', PUBLIC_URL: '', LOG_LEVEL: 'warn', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    return new ConsoleProcess(child);
  }

  private until<T>(found: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting = null;
        reject(new Error(`${what}: nothing within ${timeoutMs} ms; standard error:\n${this.stderr}`));
      }, timeoutMs);
      const look = (): void => {
        const value = found();
        if (value !== undefined) {
          clearTimeout(timer);
          this.waiting = null;
          resolve(value);
        } else if (this.child.exitCode !== null) {
          clearTimeout(timer);
          reject(new Error(`${what}: the console exited (${this.child.exitCode}); standard error:\n${this.stderr}`));
        }
      };
      this.waiting = look;
      look();
    });
  }

  /** Resolves when standard error matches `pattern` (the console is up, and where it serves pages). */
  waitForStderr(pattern: RegExp, timeoutMs: number): Promise<RegExpExecArray> {
    return this.until(() => pattern.exec(this.stderr) ?? undefined, timeoutMs, `waiting for ${String(pattern)}`);
  }

  /** Types `line` and resolves with its reply (or error) as soon as it is printed, and when that was. */
  async type(line: string, timeoutMs = 30_000): Promise<{ reply: ConsoleJson; at: number }> {
    const from = this.lines.length;
    this.child.stdin.write(`${line}\n`);
    const reply = await this.until(
      () => this.lines.slice(from).find((l) => (l.kind === 'reply' || l.kind === 'error') && l.input === line),
      timeoutMs,
      line,
    );
    return { reply, at: Date.now() };
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
}
