import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../../..');

describe('zod at start-up', () => {
  test('the app, the gateway, the database and every command load without it: only an import of a file needs it', () => {
    // A process of its own: jest's module registry is not Node's.
    const probe = [
      "require('./src/app');",
      "require('./src/db/open');",
      "require('./src/transports/gateway');",
      "require('./commands');",
      "const zod = Object.keys(require.cache).filter((file) => file.includes('/node_modules/zod/'));",
      "const readers = ['compendium/homebrew.ts', 'characters/character-format.ts', 'characters/portable.ts'].filter((name) => Object.keys(require.cache).some((file) => file.endsWith(name)));",
      'process.stdout.write(JSON.stringify({ zod: zod.length, readers }));',
    ].join('\n');
    const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', '-e', probe], {
      cwd: root,
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual({ zod: 0, readers: [] });
  }, 60_000);
});
