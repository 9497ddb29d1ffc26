import { afterLoading } from '../../support/load-probe';

describe('discord.js at start-up over HTTP interactions', () => {
  test('the HTTP transport, the app, the database and every command load without it: only the gateway needs its client', () => {
    const loaded = afterLoading(['./src/app', './src/db/open', './src/transports/http-interactions', './commands'], (files) => ({
      discordJs: files.filter((file) => file.includes('/node_modules/discord.js/')).length,
      rest: files.some((file) => file.includes('/node_modules/@discordjs/rest/')),
    }));
    expect(loaded).toEqual({ discordJs: 0, rest: true });
  }, 60_000);

  test('the gateway does load it', () => {
    const loaded = afterLoading(['./src/transports/gateway'], (files) => files.some((file) => file.includes('/node_modules/discord.js/')));
    expect(loaded).toBe(true);
  }, 60_000);
});
