// `npm test` runs this first: the integration and end-to-end tests need a PostgreSQL server, and
// without one each of them would fail on its own with ECONNREFUSED. One clear message instead.
// Usage: node scripts/check-test-database.js   (exit 0 when the server answers, 1 with what to do)
'use strict';
const pg = require('pg');

const DEFAULT_URL = 'postgresql://postgres@127.0.0.1:5432/postgres';
/** A server that is up answers at once; one that drops packets would otherwise keep the run waiting. */
const TIMEOUT_MS = 5000;

/** The server the tests make their databases on: TEST_DATABASE_URL, else the local one as user postgres. */
function testDatabaseUrl(env = process.env) {
  return env.TEST_DATABASE_URL?.trim() || DEFAULT_URL;
}

/** Where the tests looked, without the password. */
function where(url) {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432} as user ${decodeURIComponent(parsed.username) || '(none)'}`;
  } catch {
    return 'TEST_DATABASE_URL (not a valid URL)';
  }
}

/** What to tell someone whose tests found no PostgreSQL at `url`. */
function unreachable(url, reason) {
  return [
    `The tests need PostgreSQL, and none answered at ${where(url)} (${reason}).`,
    'Start it, for instance:',
    '  Debian or Ubuntu:  sudo pg_ctlcluster $(ls /etc/postgresql) main start   (or: sudo service postgresql start)',
    '  Docker:            docker run -d -p 5432:5432 -e POSTGRES_HOST_AUTH_METHOD=trust postgres:16',
    'or set TEST_DATABASE_URL to a server where the user may create databases, e.g.',
    '  TEST_DATABASE_URL=postgresql://me:secret@db.example:5432/postgres npm test',
    'The unit tests alone need no database: npx jest test/unit',
  ].join('\n');
}

/** Resolves null when the server answers a query, else the reason it did not. */
async function problemWith(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: TIMEOUT_MS });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return null;
  } catch (error) {
    return error instanceof Error && error.message ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function main() {
  const url = testDatabaseUrl();
  const problem = await problemWith(url);
  if (problem === null) return 0;
  process.stderr.write(`${unreachable(url, problem)}\n`);
  return 1;
}

if (require.main === module) main().then((code) => (process.exitCode = code));

module.exports = { testDatabaseUrl, unreachable };
