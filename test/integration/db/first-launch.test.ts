import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino, { type Logger } from 'pino';
import { defaultMigrationPaths, migrationFolders } from '../../../src/db/migration-files';
import { isFirstOpenPrepared, openDatabase, type StartStep } from '../../../src/db/open';
import { compiled } from '../../support/compiled';

const root = path.resolve(__dirname, '../../..');

/** The slow steps a second open of the same folder announces: none, as for any later launch. */
async function stepsOfAReopen(dataDir: string, logger: Logger): Promise<StartStep[]> {
  const steps: StartStep[] = [];
  const db = await openDatabase({ databaseUrl: null, dataDir, logger, onStep: (step) => steps.push(step) });
  await db.close();
  return steps;
}

describe('npm install prepares the first launch', () => {
  test('postinstall generates the client, then compiles and caches a migrated database', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.postinstall).toBe('node scripts/prisma-generate.js && node scripts/prepare-launch.js');
  });

  test('after it, the first open of a new data folder applies no migration: its database comes migrated, history and all', async () => {
    // PGlite loads its WebAssembly with a dynamic import, which jest's module sandbox refuses: a process
    // of its own, on the compiled module, as postinstall (scripts/prepare-launch.js) runs it.
    const prepare = spawnSync(process.execPath, ['-e', `require(${JSON.stringify(compiled('src/db/open.ts'))}).prepareFirstOpen()`], {
      cwd: root,
      encoding: 'utf8',
      timeout: 170_000,
    });
    expect([prepare.status, prepare.stderr]).toEqual([0, '']);
    expect(isFirstOpenPrepared()).toBe(true);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-first-launch-'));
    const steps: StartStep[] = [];
    const logger = pino({ level: 'silent' });
    try {
      const db = await openDatabase({ databaseUrl: null, dataDir, logger, onStep: (step) => steps.push(step) });
      try {
        const rows = await db.prisma.$queryRawUnsafe<{ migration_name: string }[]>(
          'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name',
        );
        expect(rows.map((r) => r.migration_name)).toEqual(migrationFolders(defaultMigrationPaths().migrationsDir));
      } finally {
        await db.close();
      }
      expect(steps).toEqual(['creating']);
      expect(await stepsOfAReopen(dataDir, logger)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);

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
