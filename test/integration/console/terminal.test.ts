import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { launchArgs } from '../../support/compiled';

const root = path.resolve(__dirname, '../../..');
const CONSOLE = [
  'node',
  ...launchArgs('src/console.ts').map((arg) => (path.isAbsolute(arg) ? path.relative(root, arg) : arg)),
  '--memory',
  '--seed',
  '1',
].join(' ');
const ENV = { ...process.env, DISCORD_TOKEN: '', DATABASE_URL: '', LOG_LEVEL: 'warn', NO_COLOR: '' };
const ESC = '\u001b';

/** The console on a terminal of its own (util-linux `script` gives it one): its output once `line` is answered. */
function onATerminal(line: string): Promise<string> {
  const child = spawn('script', ['-qfec', CONSOLE, '/dev/null'], { cwd: root, env: ENV, stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString('utf8');
    // Ctrl-D once the answer is in: the console ends as a person would end it.
    if (out.includes('Total:')) child.stdin.write('\u0004');
  });
  child.stdin.write(`${line}\n`);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 100_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(out);
      else reject(new Error(`script exited with ${code}: ${out}`));
    });
  });
}

describe('the console in a terminal and in a pipe', () => {
  test('on a terminal, code is a terminal style, not Markdown', async () => {
    const out = await onATerminal('/roll dice:1d20');
    expect(out).toMatch(new RegExp(`1d20 \\(\\d+\\) = ${ESC}\\[36m\\d+${ESC}\\[39m`));
    expect(out).not.toMatch(/= `\d+`/);
  }, 120_000);

  test('in a pipe, the text is as Discord would get it, with no terminal codes', () => {
    const run = spawnSync('sh', ['-c', CONSOLE], { cwd: root, env: ENV, input: '/roll dice:1d20\n', encoding: 'utf8', timeout: 100_000 });
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^1d20 \(\d+\) = `\d+`$/m);
    expect(run.stdout).not.toContain(ESC);
  }, 120_000);
});
