import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

describe('the books of the bestiary at start-up', () => {
  test('the app and every command load without a book: the data modules wait for the first use', () => {
    // A process of its own: jest's module registry is not Node's.
    const probe = [
      "require('./src/app');",
      "require('./commands');",
      "const books = Object.keys(require.cache).filter((file) => file.includes('compendium/srd/'));",
      "const loader = Object.keys(require.cache).some((file) => file.includes('compendium/load'));",
      'process.stdout.write(JSON.stringify({ books, loader }));',
    ].join('\n');
    const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', probe], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ books: [], loader: true });
  }, 60_000);
});
