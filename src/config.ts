import path from 'node:path';
import dotenv from 'dotenv';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Every setting Rollcall reads from its environment, validated. */
/** How many gateway shards to run: a number, or as many as Discord recommends. */
export type ShardCount = number | 'auto';

export interface Config {
  discordToken: string | null;
  discordApplicationId: string | null;
  discordGuildId: string | null;
  /** REST base without the API version, as discord.js's `rest.api` option takes it. */
  discordApiUrl: string;
  /** The application's public key (64 hex characters), for verifying HTTP interactions. */
  discordPublicKey: string | null;
  /** Where HTTP interactions are served; with `discordPublicKey`, the bot takes interactions over HTTP instead of the gateway. */
  port: number | null;
  /** PostgreSQL connection string; null means the embedded database in `dataDir`. */
  databaseUrl: string | null;
  dataDir: string;
  /** null when LOG_LEVEL is unset: each entry point picks its own default. */
  logLevel: LogLevel | null;
  /** Gateway shards to run in this process: a count, `auto` for Discord's recommendation, or null for one connection. */
  shardCount: ShardCount | null;
  /** The address people reach the live pages at, for the links `/init share` gives; null: this machine's. */
  publicUrl: string | null;
  /** Over the gateway, where live pages are served; null: not at all (HTTP interactions serve them on `port`). */
  webPort: number | null;
  /** Behind a proxy that appends the client's address to X-Forwarded-For: live pages limit requests by that address. */
  trustProxy: boolean;
}

/** A missing or malformed setting. Its message is one line naming the variable and what it expects. */
export class ConfigError extends Error {
  constructor(variable: string, expectation: string) {
    super(`${variable} ${expectation}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

const SNOWFLAKE = /^\d{17,20}$/;
/** Discord asks for a shard per 1,000 to 2,500 servers; this allows 25 million servers and stops typos of extra digits. */
const MAX_SHARDS = 10_000;

function optional(env: Env, name: string): string | null {
  const value = env[name]?.trim();
  return value ? value : null;
}

function snowflake(env: Env, name: string, what: string): string | null {
  const value = optional(env, name);
  if (value !== null && !SNOWFLAKE.test(value)) {
    throw new ConfigError(name, `must be ${what} (a Discord id of 17 to 20 digits), got "${value}"`);
  }
  return value;
}

function url(env: Env, name: string, protocols: readonly string[], what: string): string | null {
  const value = optional(env, name);
  if (value === null) return null;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(name, `must be ${what}, got something that is not a URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must be ${what} (${protocols.join(' or ')}), got ${parsed.protocol}`);
  }
  return value;
}

function port(env: Env, name: string): number | null {
  const value = optional(env, name);
  if (value === null) return null;
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= 1 && number <= 65535)) throw new ConfigError(name, `must be a port number from 1 to 65535, got "${value}"`);
  return number;
}

function shardCount(env: Env, name: string): ShardCount | null {
  const value = optional(env, name);
  if (value === null) return null;
  if (value.toLowerCase() === 'auto') return 'auto';
  const number = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!(number >= 1 && number <= MAX_SHARDS))
    throw new ConfigError(name, `must be auto or a number of shards from 1 to ${MAX_SHARDS}, got "${value}"`);
  return number;
}

function flag(env: Env, name: string): boolean {
  const value = optional(env, name)?.toLowerCase() ?? 'false';
  if (value !== 'true' && value !== 'false') throw new ConfigError(name, `must be true or false, got "${value}"`);
  return value === 'true';
}

/** Reads and validates the settings. Throws `ConfigError` on the first bad value. */
export function parseConfig(env: Env): Config {
  const token = optional(env, 'DISCORD_TOKEN');
  if (token !== null && /\s/.test(token)) {
    throw new ConfigError('DISCORD_TOKEN', 'must be the bot token from the Developer Portal, with no spaces');
  }
  const apiUrl = url(
    env,
    'DISCORD_API_URL',
    ['http:', 'https:'],
    'an http(s) URL of the REST API without the version, like https://discord.com/api',
  );
  const publicKey = optional(env, 'DISCORD_PUBLIC_KEY');
  if (publicKey !== null && !/^[0-9a-f]{64}$/i.test(publicKey)) {
    throw new ConfigError(
      'DISCORD_PUBLIC_KEY',
      "must be the application's public key from the Developer Portal (64 hexadecimal characters)",
    );
  }
  const logLevel = optional(env, 'LOG_LEVEL');
  if (logLevel !== null && !(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  return {
    discordToken: token,
    discordApplicationId: snowflake(env, 'DISCORD_APPLICATION_ID', "the application's id"),
    discordGuildId: snowflake(env, 'DISCORD_GUILD_ID', "a server's id"),
    discordApiUrl: (apiUrl ?? 'https://discord.com/api').replace(/\/+$/, ''),
    discordPublicKey: publicKey,
    port: port(env, 'PORT'),
    databaseUrl: url(
      env,
      'DATABASE_URL',
      ['postgres:', 'postgresql:'],
      'a PostgreSQL connection string like postgresql://user@host:5432/db',
    ),
    dataDir: path.resolve(optional(env, 'DATA_DIR') ?? './data'),
    logLevel: logLevel as LogLevel | null,
    shardCount: shardCount(env, 'SHARD_COUNT'),
    publicUrl: url(
      env,
      'PUBLIC_URL',
      ['http:', 'https:'],
      'the http(s) address people reach the live pages at, like https://rollcall.example.org',
    ),
    webPort: port(env, 'WEB_PORT'),
    trustProxy: flag(env, 'TRUST_PROXY'),
  };
}

/** Loads `.env` (if present) into the process environment, then reads the settings once. */
export function loadConfig(): Config {
  dotenv.config({ quiet: true });
  return parseConfig(process.env);
}
