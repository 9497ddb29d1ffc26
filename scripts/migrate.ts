// npm run db:migrate | db:status | db:diff -- <name>
// Works on DATABASE_URL when set (from the environment or .env), else on the embedded database in
// DATA_DIR, the same way the bot chooses.
import path from 'node:path';
import { loadConfig, type Config } from '../src/config';
import { startEmbeddedDatabase } from '../src/db/embedded';
import { defaultMigrationPaths } from '../src/db/migration-files';
import { applyMigrations, createMigration, migrationStatus, type MigrationEntry } from '../src/db/migrations';
import { redactPassword } from '../src/db/open';

const USAGE = 'usage: migrate deploy | migrate status | migrate diff <name>';

async function withDatabase<T>(config: Config, use: (url: string, label: string) => Promise<T>): Promise<T> {
  if (config.databaseUrl !== null) return use(config.databaseUrl, redactPassword(config.databaseUrl));
  const embedded = await startEmbeddedDatabase({ dataDir: config.dataDir });
  try {
    return await use(embedded.url, `the embedded database in ${config.dataDir}`);
  } finally {
    await embedded.close();
  }
}

async function deploy(config: Config): Promise<void> {
  await withDatabase(config, async (url, label) => {
    const applied = await applyMigrations(url);
    if (applied.length === 0) {
      console.log(`No pending migrations: ${label} is up to date.`);
      return;
    }
    console.log(`Applied ${applied.length} migration(s) to ${label}:`);
    for (const name of applied) console.log(`  ${name}`);
  });
}

function statusLine(entry: MigrationEntry, nameWidth: number): string {
  const when = entry.finishedAt === null ? '' : `  ${entry.finishedAt.toISOString().replace('T', ' ').slice(0, 19)} UTC`;
  const edited = entry.edited ? '  (migration.sql changed since it was applied)' : '';
  return `  ${entry.state.padEnd(8)} ${entry.name.padEnd(when === '' ? 0 : nameWidth)}${when}${edited}`;
}

/** Exit code 1 when a migration has failed: the database needs a person before anything else runs. */
async function status(config: Config): Promise<number> {
  return withDatabase(config, async (url, label) => {
    const report = await migrationStatus(url);
    console.log(`Migrations for ${label}:`);
    if (report.migrations.length === 0) console.log('  (prisma/migrations has none)');
    const nameWidth = Math.max(0, ...report.migrations.map((entry) => entry.name.length));
    for (const entry of report.migrations) console.log(statusLine(entry, nameWidth));
    for (const name of report.notInFolder) console.log(`  unknown  ${name}  (applied to the database, missing from prisma/migrations)`);
    const count = (state: MigrationEntry['state']) => report.migrations.filter((entry) => entry.state === state).length;
    console.log(`${count('applied')} applied, ${count('pending')} pending, ${count('failed')} failed.`);
    if (count('pending') > 0) console.log('Run npm run db:migrate to apply the pending ones.');
    if (count('failed') > 0) {
      console.log('A failed migration must be repaired by hand, then marked rolled back in _prisma_migrations.');
      return 1;
    }
    return 0;
  });
}

/** The engine needs a live PostgreSQL for a diff, but only compares the two schema texts. */
async function diff(config: Config, name: string | undefined): Promise<number> {
  if (name === undefined) {
    console.error(`${USAGE}\n(name the migration: npm run db:diff -- add_encounters)`);
    return 2;
  }
  const created = await withDatabase(config, (url) => createMigration(url, name));
  if (created === null) {
    const schemaFile = path.relative(process.cwd(), defaultMigrationPaths().schemaPath);
    console.log(`No changes in ${schemaFile} since the last migration: nothing written.`);
    return 0;
  }
  console.log(`Wrote ${path.relative(process.cwd(), path.join(created.directory, 'migration.sql'))}:\n`);
  console.log(created.sql.trimEnd());
  console.log('\nReview it, then run npm run db:migrate.');
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const [command, name] = argv;
  switch (command) {
    case 'deploy':
      await deploy(loadConfig());
      return 0;
    case 'status':
      return status(loadConfig());
    case 'diff':
      return diff(loadConfig(), name);
    default:
      console.error(USAGE);
      return 2;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`migrate ${process.argv[2] ?? ''} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
