import fs from 'node:fs';
import path from 'node:path';
import { registry } from '../../../commands';

const root = path.resolve(__dirname, '../../..');

/** What the command modules and the framework under them may both use. */
const HANDLER_LAYERS = [
  'src/framework',
  'src/views',
  'src/settings',
  'src/characters',
  'src/combat',
  'src/compendium',
  'src/rules',
  'src/dice',
  'src/errors',
];

/**
 * Which folders each layer may import from, as the README's layer picture draws it. `errors` is
 * the one shared base class of user mistakes; `services` and the entry points wire the layers.
 */
const ALLOWED: Record<string, readonly string[]> = {
  'src/dice': ['src/dice'],
  'src/rules': ['src/rules', 'src/dice'],
  'src/compendium': ['src/compendium', 'src/rules', 'src/dice'],
  'src/combat': ['src/combat', 'src/compendium', 'src/rules', 'src/dice', 'src/errors'],
  'src/views': ['src/views', 'src/characters', 'src/combat', 'src/compendium', 'src/rules', 'src/dice'],
  'src/framework': [...HANDLER_LAYERS, 'src/services'],
  'src/transports': ['src/transports', 'src/framework', 'src/views', 'src/services', 'src/errors'],
  'src/settings': ['src/settings', 'src/rules'],
  'src/characters': ['src/characters', 'src/combat', 'src/compendium', 'src/rules', 'src/dice', 'src/errors'],
  'src/db': ['src/db', 'src/settings', 'src/characters', 'src/combat', 'src/compendium', 'src/rules', 'src/dice', 'src/errors', 'src/live'],
  'src/live': ['src/live', 'src/views', 'src/settings', 'src/combat'],
  commands: ['commands', ...HANDLER_LAYERS],
};
const PACKAGES_OF_THE_EDGE = /^(discord\.js|@discordjs\/|discord-api-types|@prisma\/|prisma|pg$|@electric-sql\/)/;
const CORE = ['src/dice', 'src/rules', 'src/combat', 'src/compendium'];

function sourceFiles(folder: string): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory() && relative !== 'src/db/generated') found.push(...sourceFiles(relative));
    else if (entry.isFile() && entry.name.endsWith('.ts')) found.push(relative);
  }
  return found;
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  return [...text.matchAll(/^(?:import|export)\b[^'"]*?from\s+'([^']+)'/gm)].map((match) => match[1] ?? '');
}

/** The layer (or shared module) a relative import lands in. */
function layerOf(file: string, specifier: string): string {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return Object.keys(ALLOWED).find((layer) => target === layer || target.startsWith(`${layer}/`)) ?? target;
}

describe('the layers import only what the README allows', () => {
  it.each(Object.keys(ALLOWED))('%s', (layer) => {
    const breaches: string[] = [];
    for (const file of sourceFiles(layer)) {
      for (const specifier of importsOf(file)) {
        if (specifier.startsWith('.')) {
          const target = layerOf(file, specifier);
          if (!(ALLOWED[layer] ?? []).includes(target)) breaches.push(`${file} imports ${target}`);
        } else if (CORE.includes(layer) && PACKAGES_OF_THE_EDGE.test(specifier)) {
          breaches.push(`${file} imports ${specifier}`);
        }
      }
    }
    expect(breaches).toEqual([]);
  });

  it('nothing in the core names a slash command, not even a comment', () => {
    const names = registry.commands.map((command) => command.definition.name).join('|');
    const slashCommand = new RegExp(`(^|[\\s'"\`(])\\/(${names})\\b`);
    const named = CORE.flatMap(sourceFiles).flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .filter((line) => slashCommand.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(named).toEqual([]);
  });
});
