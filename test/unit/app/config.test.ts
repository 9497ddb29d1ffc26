import path from 'node:path';
import { ConfigError, parseConfig } from '../../../src/config';

describe('parseConfig', () => {
  it('gives the documented defaults when nothing is set', () => {
    expect(parseConfig({})).toEqual({
      discordToken: null,
      discordApplicationId: null,
      discordGuildId: null,
      discordApiUrl: 'https://discord.com/api',
      discordPublicKey: null,
      port: null,
      databaseUrl: null,
      dataDir: path.resolve('./data'),
      logLevel: null,
      shardCount: null,
      publicUrl: null,
      webPort: null,
      trustProxy: false,
    });
  });

  it('reads every setting and drops a trailing slash from the API base', () => {
    const config = parseConfig({
      DISCORD_TOKEN: ' abc.def.ghi ',
      DISCORD_APPLICATION_ID: '123456789012345678',
      DISCORD_GUILD_ID: '876543210987654321',
      DISCORD_API_URL: 'http://127.0.0.1:9999/api/',
      DISCORD_PUBLIC_KEY: 'c7a3f1e0b2d4968a5e7f0c1d2b3a4958677a8b9c0d1e2f3a4b5c6d7e8f901234',
      PORT: '8080',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/rollcall',
      DATA_DIR: '/tmp/rollcall-data',
      LOG_LEVEL: 'debug',
      SHARD_COUNT: '4',
      PUBLIC_URL: 'https://rollcall.example.org',
      WEB_PORT: '8081',
      TRUST_PROXY: 'true',
    });
    expect(config).toEqual({
      discordToken: 'abc.def.ghi',
      discordApplicationId: '123456789012345678',
      discordGuildId: '876543210987654321',
      discordApiUrl: 'http://127.0.0.1:9999/api',
      discordPublicKey: 'c7a3f1e0b2d4968a5e7f0c1d2b3a4958677a8b9c0d1e2f3a4b5c6d7e8f901234',
      port: 8080,
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/rollcall',
      dataDir: '/tmp/rollcall-data',
      logLevel: 'debug',
      shardCount: 4,
      publicUrl: 'https://rollcall.example.org',
      webPort: 8081,
      trustProxy: true,
    });
  });

  it('takes ports from 1 to 65535', () => {
    expect(parseConfig({ PORT: '1' }).port).toBe(1);
    expect(parseConfig({ PORT: ' 65535 ' }).port).toBe(65535);
  });

  it('takes the live pages settings: an http(s) PUBLIC_URL, a WEB_PORT, TRUST_PROXY true or false', () => {
    expect(parseConfig({ PUBLIC_URL: 'http://192.168.1.20:8081/rollcall' }).publicUrl).toBe('http://192.168.1.20:8081/rollcall');
    expect(() => parseConfig({ PUBLIC_URL: 'rollcall.example.org' })).toThrow(/^PUBLIC_URL must be the http\(s\) address/);
    expect(() => parseConfig({ PUBLIC_URL: 'ftp://rollcall.example.org' })).toThrow(/PUBLIC_URL .*got ftp:/);
    expect(() => parseConfig({ WEB_PORT: '70000' })).toThrow('WEB_PORT must be a port number from 1 to 65535, got "70000"');
    expect(parseConfig({ TRUST_PROXY: ' TRUE ' }).trustProxy).toBe(true);
    expect(() => parseConfig({ TRUST_PROXY: 'yes' })).toThrow('TRUST_PROXY must be true or false, got "yes"');
  });

  it('takes a shard count from 1 to 10000, or auto in any case', () => {
    expect(parseConfig({ SHARD_COUNT: '1' }).shardCount).toBe(1);
    expect(parseConfig({ SHARD_COUNT: '10000' }).shardCount).toBe(10_000);
    expect(parseConfig({ SHARD_COUNT: ' Auto ' }).shardCount).toBe('auto');
    expect(parseConfig({ SHARD_COUNT: '' }).shardCount).toBeNull();
  });

  it('treats empty values as unset', () => {
    expect(parseConfig({ DISCORD_TOKEN: '', DATABASE_URL: '  ' })).toMatchObject({ discordToken: null, databaseUrl: null });
  });

  it.each([
    [{ DISCORD_APPLICATION_ID: 'my-bot' }, 'DISCORD_APPLICATION_ID must be'],
    [{ DISCORD_GUILD_ID: '12' }, 'DISCORD_GUILD_ID must be'],
    [{ DISCORD_API_URL: 'discord.com/api' }, 'DISCORD_API_URL must be'],
    [{ DISCORD_API_URL: 'ftp://example.com/api' }, 'DISCORD_API_URL must be'],
    [{ DATABASE_URL: 'mysql://root@localhost/db' }, 'DATABASE_URL must be'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ DISCORD_TOKEN: 'two words' }, 'DISCORD_TOKEN must be'],
    [{ DISCORD_PUBLIC_KEY: 'c7a3f1e0b2d4968a5e7f0c1d2b3a4958' }, "DISCORD_PUBLIC_KEY must be the application's public key"],
    [
      { DISCORD_PUBLIC_KEY: 'g7a3f1e0b2d4968a5e7f0c1d2b3a4958677a8b9c0d1e2f3a4b5c6d7e8f901234' },
      "DISCORD_PUBLIC_KEY must be the application's public key",
    ],
    [{ PORT: '0' }, 'PORT must be a port number from 1 to 65535, got "0"'],
    [{ PORT: '65536' }, 'PORT must be a port number from 1 to 65535, got "65536"'],
    [{ PORT: '80.5' }, 'PORT must be a port number from 1 to 65535, got "80.5"'],
    [{ PORT: 'http' }, 'PORT must be a port number from 1 to 65535, got "http"'],
    [{ SHARD_COUNT: '0' }, 'SHARD_COUNT must be auto or a number of shards from 1 to 10000, got "0"'],
    [{ SHARD_COUNT: '10001' }, 'SHARD_COUNT must be auto or a number of shards from 1 to 10000, got "10001"'],
    [{ SHARD_COUNT: '2.5' }, 'SHARD_COUNT must be auto or a number of shards from 1 to 10000, got "2.5"'],
    [{ SHARD_COUNT: 'many' }, 'SHARD_COUNT must be auto or a number of shards from 1 to 10000, got "many"'],
  ])('refuses %j with one line naming the variable', (env, start) => {
    let error: unknown;
    try {
      parseConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.startsWith(start)).toBe(true);
    expect(message).not.toContain('\n');
  });
});
