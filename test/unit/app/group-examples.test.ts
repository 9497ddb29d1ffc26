import fs from 'node:fs';
import path from 'node:path';
import { registry } from '../../../commands';

const root = path.resolve(__dirname, '..', '..', '..');

/** The value of `name:` in an example: quoted, or up to the next option, as the console reads it. */
function optionValue(example: string, name: string): string | null {
  const match = new RegExp(`(?:^|\\s)${name}:(?:"([^"]*)"|(.+?))(?=\\s+[\\w-]+:|$)`).exec(example);
  return match === null ? null : (match[1] ?? match[2] ?? '').trim();
}

/**
 * Examples that name a `count:` group as if it were one combatant. A group's name (Goblin, after
 * `/init add name:Goblin count:2`, or the block's after `monster:Goblin count:2` without a name)
 * names nobody alone: only `/condition add` takes it, for the whole group; everything else must say
 * Goblin 1 or Goblin 2.
 */
function groupMisuses(examples: readonly string[]): string[] {
  const groups = examples.flatMap((e) => {
    const name = /^\/init add\b/.test(e) && optionValue(e, 'count') !== null ? (optionValue(e, 'name') ?? optionValue(e, 'monster')) : null;
    return name === null ? [] : [name.toLowerCase()];
  });
  return examples.filter((e) =>
    ['target', 'source', 'attacker'].some((option) => {
      const value = optionValue(e, option)?.toLowerCase();
      return value !== undefined && groups.includes(value) && !(option === 'target' && /^\/condition add\b/.test(e));
    }),
  );
}

/** The README and the reference pages in docs/. */
function documentationFiles(): string[] {
  const docs = fs.readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md'));
  return [path.join(root, 'README.md'), ...docs.map((name) => path.join(root, 'docs', name))];
}

/** The commands of a page's code block or tables: lines typed in the console (`> @gm /hp …`) and code spans starting with `/`. */
function pageUnits(file: string): string[][] {
  const readme = fs.readFileSync(file, 'utf8');
  const blocks = [...readme.matchAll(/```[a-z]*\n([\s\S]*?)```/g)].map((m) =>
    (m[1] ?? '').split('\n').flatMap((line) => {
      const typed = /^> (?:@\S+ )?(\/.*)$/.exec(line);
      return typed?.[1] === undefined ? [] : [typed[1]];
    }),
  );
  const table = [...readme.replace(/```[\s\S]*?```/g, '').matchAll(/`(\/[a-z][^`]*)`/g)].map((m) => m[1] ?? '');
  return [...blocks, table];
}

describe("examples address a count: group's members, or the whole group where a command takes it", () => {
  test("/help's examples, which the overview shows side by side", () => {
    const examples = registry.commands.flatMap((command) => command.examples ?? []);
    expect(examples).toContain('/init add name:Goblin hp:7 ac:15 count:2');
    expect(examples).toContain('/condition add target:Goblin condition:Poisoned duration:1');
    expect(groupMisuses(examples)).toEqual([]);
  });

  test("the README's and docs/' walk-throughs and tables", () => {
    const units = documentationFiles().flatMap(pageUnits);
    expect(units.flat()).toContain('/init add monster:"Goblin Warrior" count:3');
    expect(units.flatMap(groupMisuses)).toEqual([]);
  });

  test('the check sees a misuse', () => {
    expect(
      groupMisuses(['/init add name:Goblin count:2', '/hp damage target:Goblin amount:3', '/condition add target:goblin condition:Prone']),
    ).toEqual(['/hp damage target:Goblin amount:3']);
    expect(groupMisuses(['/init add monster:"Goblin Warrior" count:3', '/check skill:stealth target:Goblin Warrior'])).toEqual([
      '/check skill:stealth target:Goblin Warrior',
    ]);
  });
});
