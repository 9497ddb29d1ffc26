import path from 'node:path';
import { ConfigError, parseConfig } from '../../../src/config';

describe('parseConfig', () => {
  it('gives the documented defaults when nothing is set', () => {
    expect(parseConfig({})).toEqual({
      discordToken: null,
      discordApplicationId: null,
      discordGuildId: null,
      discordApiUrl: 'https://discord.com/api',
      databaseUrl: null,
      dataDir: path.resolve('./data'),
      logLevel: null,
    });
  });

  it('reads every setting and drops a trailing slash from the API base', () => {
    const config = parseConfig({
      DISCORD_TOKEN: ' abc.def.ghi ',
      DISCORD_APPLICATION_ID: '123456789012345678',
      DISCORD_GUILD_ID: '876543210987654321',
      DISCORD_API_URL: 'http://127.0.0.1:9999/api/',
      DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/rollcall',
      DATA_DIR: '/tmp/rollcall-data',
      LOG_LEVEL: 'debug',
    });
    expect(config).toEqual({
      discordToken: 'abc.def.ghi',
      discordApplicationId: '123456789012345678',
      discordGuildId: '876543210987654321',
      discordApiUrl: 'http://127.0.0.1:9999/api',
      databaseUrl: 'postgresql://postgres@127.0.0.1:5432/rollcall',
      dataDir: '/tmp/rollcall-data',
      logLevel: 'debug',
    });
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
