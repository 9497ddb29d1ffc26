import { afterLoading } from '../../support/load-probe';

describe('the books of the bestiary at start-up', () => {
  test('the app and every command load without a book: the data modules wait for the first use', () => {
    const loaded = afterLoading(['./src/app', './commands'], (files) => ({
      books: files.filter((file) => file.includes('compendium/srd/')),
      loader: files.some((file) => file.includes('compendium/load')),
    }));
    expect(loaded).toEqual({ books: [], loader: true });
  }, 60_000);
});
