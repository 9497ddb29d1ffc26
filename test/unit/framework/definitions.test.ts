import { ApplicationCommandOptionType } from 'discord.js';
import { registry } from '../../../commands';
import { limitViolations, type Definition, type Option } from '../transports/discord-limits';

const STRING = ApplicationCommandOptionType.String;
const SUB = ApplicationCommandOptionType.Subcommand;

describe.each(registry.commands.map((c) => [c.definition.name, c] as const))('/%s', (_name, command) => {
  test('builds and fits every Discord limit', () => {
    expect(limitViolations(command.definition.toJSON())).toEqual([]);
  });

  // Without max_length Discord lets a user type 6,000 characters, which a refusal or a suggestion ranking would then carry.
  test('bounds every text option, by a length or by its choices', () => {
    const unbounded = (options: readonly (Option & { max_length?: number })[], path: string): string[] =>
      options.flatMap((option) => [
        ...(option.type === STRING && option.max_length === undefined && option.choices === undefined ? [`${path} ${option.name}:`] : []),
        ...unbounded(option.options ?? [], `${path} ${option.name}`),
      ]);
    const definition = command.definition.toJSON() as Definition;
    expect(unbounded(definition.options ?? [], `/${definition.name}`)).toEqual([]);
  });
});

test('the registry offers /help and /config', () => {
  expect(registry.commands.map((c) => c.definition.name)).toEqual(expect.arrayContaining(['help', 'config']));
});

describe('the limit check itself', () => {
  const base = (extra: Partial<Definition>): Definition => ({
    name: 'fine',
    description: 'A fine command',
    ...extra,
  });
  const option = (name: string, extra: Partial<Option> = {}): Option => ({ name, description: `About ${name}`, type: STRING, ...extra });

  test('accepts a definition at the limits', () => {
    const options = Array.from({ length: 25 }, (_, i) =>
      option(`o${i}`, { choices: Array.from({ length: 25 }, (__, j) => ({ name: `c${j}`, value: `v${j}` })) }),
    );
    expect(limitViolations(base({ name: 'x'.repeat(32), description: 'd'.repeat(100), options }))).toEqual([]);
  });

  test.each([
    ['an upper-case name', base({ name: 'Roll' }), '/Roll: name "Roll" must be lowercase'],
    [
      'a name of 33 characters',
      base({ name: 'x'.repeat(33) }),
      `/${'x'.repeat(33)}: name "${'x'.repeat(33)}" must be 1-32 letters, digits, - or _`,
    ],
    ['a space in a name', base({ name: 'two words' }), '/two words: name "two words" must be 1-32 letters, digits, - or _'],
    ['an empty description', base({ description: '' }), '/fine: description has 0 characters, must have 1-100'],
    ['a description of 101 characters', base({ description: 'd'.repeat(101) }), '/fine: description has 101 characters, must have 1-100'],
    [
      '26 options',
      base({ options: Array.from({ length: 26 }, (_, i) => option(`o${i}`)) }),
      '/fine: 26 options or subcommands, at most 25',
    ],
    [
      '26 choices',
      base({ options: [option('pick', { choices: Array.from({ length: 26 }, (_, i) => ({ name: `c${i}`, value: `v${i}` })) })] }),
      '/fine pick: 26 choices, at most 25',
    ],
    [
      'a required option after an optional one',
      base({ options: [option('a'), option('b', { required: true })] }),
      '/fine: required options must come before optional ones',
    ],
    [
      'a bad option name in a subcommand',
      base({ options: [{ name: 'sub', description: 'Sub', type: SUB, options: [option('Bad')] }] }),
      '/fine sub Bad: name "Bad" must be lowercase',
    ],
  ])('rejects %s', (_what, definition, problem) => {
    expect(limitViolations(definition)).toEqual([problem]);
  });

  test('counts names, descriptions and choices of every level toward the 8,000-character total', () => {
    const choices = Array.from({ length: 25 }, () => ({ name: 'n'.repeat(100), value: 'v'.repeat(60) }));
    // 'fine' + 'A fine command' = 18; per subcommand 3 + 3 + 4 + 100 + 25 × (100 + 60) = 4,110; in all 8,238.
    const sub = (name: string): Option => ({
      name,
      description: 'Sub',
      type: SUB,
      options: [option('pick', { description: 'p'.repeat(100), choices })],
    });
    const problems = limitViolations(base({ options: [sub('one'), sub('two')] }));
    expect(problems).toEqual(['/fine: 8238 characters in all, at most 8000']);
  });
});
