import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { timeUntil } from '../../../scripts/launch-timing';

/** `script` in a node process leading a group of its own, as bench:startup starts npm. */
function launch(script: string) {
  return spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'pipe'], detached: true });
}

const STOP_MS = 300;
/**
 * Says it is ready, then on SIGTERM takes STOP_MS of CPU and writes a line that holds "ready" again.
 * Its handler goes in before the ready line: a SIGTERM that came between the two, on a loaded
 * machine, ended the process at once, with no slow stop to tell apart.
 */
const READY_THEN_SLOW_STOP = `
process.on('SIGTERM', () => {
  const until = Date.now() + ${STOP_MS};
  while (Date.now() < until);
  process.stderr.write('stopping, though ready a moment ago\\n');
  setTimeout(() => process.exit(0), 20);
});
process.stderr.write('ready\\n');
setInterval(() => undefined, 1000);
`;

describe('bench:startup times a launch', () => {
  test('until the first ready line, not a later line the stopping process writes', async () => {
    const started = performance.now();
    const timing = await timeUntil(launch(READY_THEN_SLOW_STOP), 'stderr', (output) => output.includes('ready'), 10_000);
    const whole = performance.now() - started;
    expect(whole - timing.wallMs).toBeGreaterThanOrEqual(STOP_MS);
    // The launched process is counted, as it was when it said it was ready.
    expect(timing.cpuMs).toBeGreaterThan(0);
  });

  test('a process that exits before the line fails the run with what it wrote', async () => {
    const child = launch(`process.stdout.write('half a line'); process.stderr.write('no database'); process.exit(3);`);
    await expect(timeUntil(child, 'stdout', (output) => output.includes('\n'), 10_000)).rejects.toThrow(
      /^exited 3 before answering:\nhalf a line\nno database$/,
    );
  });
});
