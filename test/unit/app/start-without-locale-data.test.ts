import { afterLoading } from '../../support/load-probe';

/** Wraps every call that loads ICU's locale or collation data, noting each by name. */
function noteLocaleCalls(): void {
  const noted: string[] = [];
  (globalThis as { localeCalls?: string[] }).localeCalls = noted;
  const wrap = (owner: object, key: string, name: string): void => {
    const original = Reflect.get(owner, key) as (...args: unknown[]) => unknown;
    Reflect.set(owner, key, function (this: unknown, ...args: unknown[]) {
      noted.push(name);
      return Reflect.apply(original, this, args);
    });
  };
  wrap(String.prototype, 'localeCompare', 'String.prototype.localeCompare');
  for (const type of [Number, BigInt, Date, Array]) wrap(type.prototype, 'toLocaleString', `${type.name}.prototype.toLocaleString`);
  wrap(Date.prototype, 'toLocaleDateString', 'Date.prototype.toLocaleDateString');
  wrap(Date.prototype, 'toLocaleTimeString', 'Date.prototype.toLocaleTimeString');
  for (const key of ['Collator', 'NumberFormat', 'DateTimeFormat', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter']) {
    const original = Reflect.get(Intl, key) as new (...args: unknown[]) => unknown;
    const construct = (target: typeof original, args: unknown[]): object => {
      noted.push(`Intl.${key}`);
      return Reflect.construct(target, args) as object;
    };
    Reflect.set(Intl, key, new Proxy(original, { construct }));
  }
}

describe("ICU's locale data at start-up", () => {
  // Each kind loads its share of ICU's data into the bot's memory for good: together some 8 MB of
  // the bot's RSS, idle and at its peak, on the embedded database.
  test("loading the app, both transports, the console's session, the live page's server, the database and every command, then reading the migrations as a start does, calls nothing locale-aware", () => {
    const calls = afterLoading(
      [
        './src/app',
        './src/db/open',
        './src/transports/gateway',
        './src/transports/http-interactions',
        './src/transports/console-session',
        './src/live/server',
        './commands',
      ],
      () => {
        const migrationFiles = Object.keys(require.cache).find((file) => file.endsWith('/src/db/migration-files.js'));
        // The probe runs this function alone in a plain Node process, where only require() is synchronous.
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const migrations = require(
          migrationFiles ?? 'the migration files were not loaded',
        ) as typeof import('../../../src/db/migration-files');
        migrations.migrationFolders(migrations.defaultMigrationPaths().migrationsDir);
        return (globalThis as { localeCalls?: string[] }).localeCalls;
      },
      noteLocaleCalls,
    );
    expect(calls).toEqual([]);
  }, 60_000);
});
