import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defaultMigrationPaths, migrationFolders } from '../../../src/db/migration-files';
import { launchArgs } from '../../support/compiled';
import { createTestDatabase, type TestDatabase } from '../../support/database';

// Each run starts a schema-engine worker; with the embedded database, PGlite too.
jest.setTimeout(180_000);

const root = path.resolve(__dirname, '../../..');
const folders = migrationFolders(defaultMigrationPaths().migrationsDir);

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run db:<command>` as package.json defines it (the compiled script, with its Node flags), with the given database settings. */
function migrate(args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...launchArgs('scripts/migrate.ts'), ...args],
      // Empty values, not absent ones, so a developer's .env cannot fill them in.
      { cwd: root, env: { ...process.env, DATABASE_URL: '', DATA_DIR: '', LOG_LEVEL: 'silent', ...env }, timeout: 170_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('on PostgreSQL (DATABASE_URL)', () => {
  let db: TestDatabase;

  beforeEach(async () => {
    db = await createTestDatabase({ migrated: false });
  });

  afterEach(async () => {
    await db.drop();
  });

  test('status lists every migration pending, deploy applies them, status then lists them applied', async () => {
    const env = { DATABASE_URL: db.url };
    const before = await migrate(['status'], env);
    expect(before).toMatchObject({ code: 0, stderr: '' });
    expect(before.stdout).toBe(
      [
        `Migrations for ${db.url}:`,
        ...folders.map((name) => `  pending  ${name}`),
        `0 applied, ${folders.length} pending, 0 failed.`,
        'Run npm run db:migrate to apply the pending ones.',
        '',
      ].join('\n'),
    );

    const deploy = await migrate(['deploy'], env);
    expect(deploy).toMatchObject({ code: 0, stderr: '' });
    expect(deploy.stdout).toBe(
      [`Applied ${folders.length} migration(s) to ${db.url}:`, ...folders.map((name) => `  ${name}`), ''].join('\n'),
    );

    const after = await migrate(['status'], env);
    expect(after.code).toBe(0);
    for (const name of folders)
      expect(after.stdout).toMatch(new RegExp(`^  applied  ${name} +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d UTC$`, 'm'));
    expect(after.stdout).toContain(`${folders.length} applied, 0 pending, 0 failed.`);

    const rows = await db.prisma.$queryRawUnsafe<Array<{ migration_name: string }>>(
      'SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL ORDER BY migration_name',
    );
    expect(rows.map((row) => row.migration_name)).toEqual(folders);

    expect((await migrate(['deploy'], env)).stdout).toBe(`No pending migrations: ${db.url} is up to date.\n`);
  });
});

test('an unreachable database fails with exit code 1 and one line naming it', async () => {
  const run = await migrate(['status'], { DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/none' });
  expect(run).toEqual({ code: 1, stdout: '', stderr: "migrate status failed: Can't reach database server at `127.0.0.1:1`\n" });
});

test('a malformed DATABASE_URL fails with one line naming the variable', async () => {
  const run = await migrate(['deploy'], { DATABASE_URL: 'mysql://localhost/x' });
  expect(run.code).toBe(1);
  expect(run.stderr).toBe(
    'migrate deploy failed: DATABASE_URL must be a PostgreSQL connection string like postgresql://user@host:5432/db (postgres: or postgresql:), got mysql:\n',
  );
});

test('an unknown command prints the usage', async () => {
  expect(await migrate(['upgrade'], {})).toEqual({
    code: 2,
    stdout: '',
    stderr: 'usage: migrate deploy | migrate status | migrate diff <name>\n',
  });
});

test('without DATABASE_URL it migrates the embedded database in DATA_DIR', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-data-'));
  try {
    const deploy = await migrate(['deploy'], { DATA_DIR: dataDir });
    expect(deploy).toMatchObject({ code: 0, stderr: '' });
    expect(deploy.stdout.split('\n')[0]).toBe(`Applied ${folders.length} migration(s) to the embedded database in ${dataDir}:`);
    const status = await migrate(['status'], { DATA_DIR: dataDir });
    expect(status.stdout).toContain(`${folders.length} applied, 0 pending, 0 failed.`);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
