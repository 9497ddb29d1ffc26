import type { AutocompleteContext } from '../../../src/framework/command';
import { flag, integer, OptionReader, targetOption, text } from '../../../src/framework/options';
import { commandOfSubcommands, subcommand } from '../../../src/framework/slash-command';

// `npm test` type-checks the tests (`tsc --noEmit`) before running them: each `@ts-expect-error`
// below is a line that must not compile, and would fail the build if it did.

const OPTIONS = {
  target: targetOption(),
  count: integer('How many', { min: 1, max: 20 }),
  hidden: flag('Keep it hidden'),
  note: text('A note'),
} as const;

function reader(values: Record<string, string | number | boolean>): OptionReader<typeof OPTIONS> {
  return new OptionReader(OPTIONS, { subcommandGroup: null, subcommand: null, values });
}

describe('options declared once', () => {
  it('read back by the names and types the declaration gives', () => {
    const options = reader({ target: ' Goblin 2 ', count: 3 });
    const target: string = options.text('target');
    const count: number | null = options.integer('count');
    expect([target, count, options.flag('hidden'), options.givenFlag('hidden'), options.text('note')]).toEqual([
      'Goblin 2',
      3,
      false,
      undefined,
      null,
    ]);
  });

  it('refuse a required option left out, in words naming it', () => {
    expect(() => reader({ count: 3 }).text('target')).toThrow('Give the `target` option.');
  });

  it('do not compile when a name is misspelt, read as the wrong type or a left-out value is ignored', () => {
    const options = reader({ target: 'Goblin' });
    // @ts-expect-error `targte` is not a declared option.
    expect(options.text('targte')).toBeNull();
    // @ts-expect-error `count` is a whole number, not text.
    expect(options.text('count')).toBeNull();
    // @ts-expect-error `count` is optional, so it may be null.
    const count: number = options.integer('count');
    expect(count).toBeNull();
  });

  it('give autocomplete only to options the command declares', async () => {
    const suggestNames = (_ctx: AutocompleteContext, typed: string) => Promise.resolve([{ name: typed, value: typed }]);
    const command = commandOfSubcommands({
      name: 'probe',
      description: 'A probe',
      examples: [],
      subcommands: { look: subcommand({ description: 'Look', options: OPTIONS, run: () => Promise.resolve({}) }) },
      // @ts-expect-error `targte` is not an option of any subcommand.
      suggest: { target: suggestNames, targte: suggestNames },
    });
    const focused = (name: string) => ({ ...({} as AutocompleteContext), focused: { name, value: 'gob' } });
    expect(await command.autocomplete?.(focused('target'))).toEqual([{ name: 'gob', value: 'gob' }]);
    expect(await command.autocomplete?.(focused('note'))).toEqual([]);
  });
});
