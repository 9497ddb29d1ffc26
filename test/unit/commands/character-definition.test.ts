import { command as character } from '../../../commands/character';
import { command as rest } from '../../../commands/rest';
import { limitViolations } from '../transports/discord-limits';

interface OptionJson {
  name: string;
  required?: boolean;
  options?: OptionJson[];
}

function subcommands(definition: { toJSON(): unknown }): Record<string, string[]> {
  const json = definition.toJSON() as { options: OptionJson[] };
  return Object.fromEntries(json.options.map((sub) => [sub.name, (sub.options ?? []).map((o) => (o.required ? `${o.name}*` : o.name))]));
}

const SHEET = [
  'str',
  'dex',
  'con',
  'int',
  'wis',
  'cha',
  'hp',
  'ac',
  'hit-die',
  'saves',
  'skills',
  'expertise',
  'init-bonus',
  'speed',
  'class',
  'spell-ability',
  'spell-dc',
  'spell-attack',
  'slots',
];

describe('the /character and /rest definitions keep the option names the issue fixes (* required)', () => {
  test('/character', () => {
    expect(subcommands(character.definition)).toEqual({
      create: ['name*', 'level*', ...SHEET],
      edit: ['name*', 'level', ...SHEET],
      show: ['name'],
      list: [],
      revive: ['name*', 'hp'],
      use: ['name*'],
      export: ['name'],
      import: ['file', 'json'],
      delete: ['name*'],
    });
  });

  test('/rest', () => {
    expect(subcommands(rest.definition)).toEqual({
      short: ['hit-dice', 'character', 'healers-kit', 'hours', 'minutes'],
      long: ['character', 'party', 'haven', 'supply', 'roughing-it', 'hours', 'strenuous'],
    });
  });

  test('both fit within what Discord accepts', () => {
    expect(limitViolations(character.definition.toJSON())).toEqual([]);
    expect(limitViolations(rest.definition.toJSON())).toEqual([]);
  });
});
