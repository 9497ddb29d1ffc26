import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freshClusterFile } from '../../../src/db/cluster-cache';
import { startEmbeddedDatabase } from '../../../src/db/embedded';

const root = path.resolve(__dirname, '../../..');

describe('npm install prepares the first launch', () => {
  test('postinstall generates the client, then compiles and caches a fresh database', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.postinstall).toBe('node scripts/prisma-generate.js && node scripts/prepare-launch.js');
  });

  test('the cached fresh database it writes is one a new data folder starts from', async () => {
    const before = Date.now();
    // PGlite loads its WebAssembly with a dynamic import, which jest's module sandbox refuses.
    const prepare = spawnSync(
      process.execPath,
      ['-r', 'ts-node/register/transpile-only', '-e', "require('./src/db/cluster-cache').prepareFreshCluster()"],
      { cwd: root, encoding: 'utf8', timeout: 120_000 },
    );
    expect([prepare.status, prepare.stderr]).toEqual([0, '']);
    expect(fs.statSync(freshClusterFile()).mtimeMs).toBeGreaterThanOrEqual(before - 1000);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-first-launch-'));
    const db = await startEmbeddedDatabase({ dataDir });
    try {
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      const { rows } = await client.query<{ answer: number }>('SELECT 41 + 1 AS answer');
      await client.end();
      expect(rows).toEqual([{ answer: 42 }]);
    } finally {
      await db.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  test('an install without the sources (Docker installs dependencies first) prepares nothing and fails nothing', () => {
    const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-prepare-'));
    try {
      fs.mkdirSync(path.join(copy, 'scripts'));
      for (const file of ['prepare-launch.js', 'run-built.js'])
        fs.copyFileSync(path.join(root, 'scripts', file), path.join(copy, 'scripts', file));
      const run = spawnSync(process.execPath, ['scripts/prepare-launch.js'], { cwd: copy, encoding: 'utf8', timeout: 30_000 });
      expect([run.status, run.stdout, run.stderr]).toEqual([0, '', '']);
      expect(fs.existsSync(path.join(copy, 'dist'))).toBe(false);
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  });
});
