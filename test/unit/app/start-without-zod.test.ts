import { afterLoading } from '../../support/load-probe';

describe('zod at start-up', () => {
  test('the app, the gateway, the database and every command load without it: only an import of a file needs it', () => {
    const loaded = afterLoading(['./src/app', './src/db/open', './src/transports/gateway', './commands'], (files) => ({
      zod: files.filter((file) => file.includes('/node_modules/zod/')).length,
      readers: ['compendium/homebrew.ts', 'characters/character-format.ts', 'characters/portable.ts'].filter((name) =>
        files.some((file) => file.endsWith(name)),
      ),
    }));
    expect(loaded).toEqual({ zod: 0, readers: [] });
  }, 60_000);
});
