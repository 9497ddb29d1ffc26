import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from '../../e2e/run-script';
import { createTestDatabase } from '../../support/database';

const root = path.resolve(__dirname, '../../..');

function check(env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ['scripts/check-test-database.js'], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('npm test without PostgreSQL', () => {
  test('npm test checks the server first, before compiling or testing', () => {
    const scripts = (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.test).toMatch(/^node scripts\/check-test-database\.js && /);
  });

  test('the check stops with one message that says how to start PostgreSQL or set TEST_DATABASE_URL', async () => {
    const port = await freePort();
    const run = check({ TEST_DATABASE_URL: `postgresql://postgres:pw-of-the-test@127.0.0.1:${port}/postgres` });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain(
      `The tests need PostgreSQL, and none answered at 127.0.0.1:${port} as user postgres (connect ECONNREFUSED 127.0.0.1:${port}).`,
    );
    expect(run.stderr).toContain('pg_ctlcluster');
    expect(run.stderr).toContain('or set TEST_DATABASE_URL');
    expect(run.stderr).not.toContain('pw-of-the-test');
  });

  test('the check passes quietly when the server answers', () => {
    const run = check();
    expect([run.status, run.stdout, run.stderr]).toEqual([0, '', '']);
  });

  test('a test file run on its own gives the same advice when the server is down', async () => {
    const saved = process.env.TEST_DATABASE_URL;
    process.env.TEST_DATABASE_URL = `postgresql://postgres@127.0.0.1:${await freePort()}/postgres`;
    try {
      await expect(createTestDatabase()).rejects.toThrow(/The tests need PostgreSQL[\s\S]*TEST_DATABASE_URL/);
    } finally {
      if (saved === undefined) delete process.env.TEST_DATABASE_URL;
      else process.env.TEST_DATABASE_URL = saved;
    }
  });
});
