import { runRoll, USAGE } from '../../../scripts/roll-cli';

const noInput = (): string => {
  throw new Error('standard input was read');
};

describe('npm run roll', () => {
  test.each([['--help'], ['-h']])('%s prints the usage and exits 0', (flag) => {
    expect(runRoll([flag], noInput)).toEqual({ stdout: `${USAGE}\n`, stderr: '', code: 0 });
    expect(USAGE).toMatch(/^Usage: npm run roll -- \[--json\] \[--seed N\] \[EXPR \.\.\.\]/);
  });

  test('an unknown option is refused with the usage, exit 2', () => {
    expect(runRoll(['--loud'], noInput)).toEqual({ stdout: '', stderr: `Unknown option --loud.\n${USAGE}\n`, code: 2 });
  });

  test('blank lines on standard input are skipped, not rolled as errors', () => {
    const run = runRoll(['--json', '--seed', '1'], () => '4d6kh3\n\n   \n1d20+5\n');
    expect(run.code).toBe(0);
    expect(
      run.stdout
        .trim()
        .split('\n')
        .map((line) => (JSON.parse(line) as { expression: string }).expression),
    ).toEqual(['4d6kh3', '1d20+5']);
  });

  test('arguments are rolled, one line each, with the same dice for the same seed', () => {
    const once = runRoll(['--seed', '7', '4d6kh3', '1d20+5 to hit'], noInput);
    expect(once.code).toBe(0);
    expect(once.stdout.split('\n')).toHaveLength(3);
    expect(once.stdout).toMatch(/ {2}# to hit\n$/);
    expect(runRoll(['--seed', '7', '4d6kh3', '1d20+5 to hit'], noInput)).toEqual(once);
  });

  test('an expression that does not roll says why and makes the exit 1', () => {
    expect(runRoll(['--json', '1d0'], noInput)).toMatchObject({ code: 1, stdout: expect.stringContaining('"error"') as unknown });
  });
});
