import { command as hp } from '../../../commands/hp';
import { command as init } from '../../../commands/init';
import { limitViolations } from '../transports/discord-limits';

interface OptionJson {
  name: string;
  required?: boolean;
  autocomplete?: boolean;
  choices?: { value: string }[];
  options?: OptionJson[];
}

function subcommands(definition: { toJSON(): unknown }): Record<string, OptionJson[]> {
  const json = definition.toJSON() as { options: OptionJson[] };
  return Object.fromEntries(json.options.map((sub) => [sub.name, sub.options ?? []]));
}

const names = (options: OptionJson[]): string[] => options.map((option) => option.name);

describe('the /init and /hp definitions', () => {
  test("/init has the issue's subcommands and options, kebab-case", () => {
    const subs = subcommands(init.definition);
    expect(Object.fromEntries(Object.entries(subs).map(([name, options]) => [name, names(options)]))).toEqual({
      begin: ['name', 'death-saves', 'concentration-saves', 'monsters-die'],
      options: ['death-saves', 'concentration-saves', 'monsters-die'],
      add: [
        'monster',
        'name',
        'source',
        'init-mod',
        'hp',
        'ac',
        'count',
        'hidden',
        'initiative',
        'mode',
        'legendary',
        'lair',
        'surprised',
        'saves',
        'level',
        'con',
        'resist',
        'immune',
        'vulnerable',
      ],
      join: ['name', 'init-mod', 'hp', 'ac', 'con-save', 'character', 'surprised', 'initiative', 'mode'],
      next: [],
      prev: [],
      move: ['target'],
      'set-initiative': ['target', 'value'],
      remove: ['target'],
      list: [],
      end: [],
      recap: [],
      export: [],
      undo: [],
      log: ['count'],
      concentrate: ['target', 'effect'],
      'drop-concentration': ['target'],
      legendary: ['target', 'cost', 'action', 'on'],
      react: ['target', 'note'],
      ready: ['trigger'],
      delay: [],
      act: ['target'],
      share: ['revoke'],
    });
    expect(subs.add?.find((o) => o.name === 'mode')?.choices?.map((c) => c.value)).toEqual(['advantage', 'disadvantage']);
  });

  test('/hp has damage, heal, temp, set and max; damage takes a type and a critical flag', () => {
    const subs = subcommands(hp.definition);
    expect(Object.keys(subs)).toEqual(['damage', 'heal', 'temp', 'set', 'max']);
    expect(names(subs.damage ?? [])).toEqual(['target', 'amount', 'type', 'critical']);
    expect(subs.damage?.find((o) => o.name === 'type')?.choices).toHaveLength(13);
  });

  test.each([init, hp])('/$definition.name fits every Discord limit', (command) => {
    expect(limitViolations(command.definition.toJSON())).toEqual([]);
  });

  test('every target option is autocompleted, and required but for `/init act` (which defaults to your delaying combatant)', () => {
    const targets = [init, hp]
      .flatMap((c) => Object.entries(subcommands(c.definition)))
      .flatMap(([sub, options]) => options.filter((o) => o.name === 'target').map((o) => ({ sub, ...o })));
    expect(targets).toHaveLength(13);
    expect(targets.every((o) => o.autocomplete === true)).toBe(true);
    expect(targets.filter((o) => o.required !== true).map((o) => o.sub)).toEqual(['act']);
  });
});
