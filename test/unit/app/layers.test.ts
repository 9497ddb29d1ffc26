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
 * Which folders (and top-level files of src) each layer may import from, as the README's layer
 * picture draws it. `errors` is the one shared base class of user mistakes; `services` and the
 * entry points wire the layers. The top-level files import downwards only: the entry points (main,
 * console) start the composition root (app), which wires everything; config, logger and the log
 * redaction they share are the foundation and import no layer.
 */
const ALLOWED: Record<string, readonly string[]> = {
  'src/dice': ['src/dice'],
  'src/rules': ['src/rules', 'src/dice'],
  'src/compendium': ['src/compendium', 'src/rules', 'src/dice'],
  'src/combat': ['src/combat', 'src/compendium', 'src/rules', 'src/dice', 'src/errors'],
  'src/views': ['src/views', 'src/characters', 'src/combat', 'src/compendium', 'src/rules', 'src/dice'],
  'src/framework': [...HANDLER_LAYERS, 'src/services'],
  'src/transports': ['src/transports', 'src/framework', 'src/views', 'src/services', 'src/errors', 'src/config', 'src/log-redaction'],
  'src/settings': ['src/settings', 'src/rules'],
  'src/characters': ['src/characters', 'src/combat', 'src/compendium', 'src/rules', 'src/dice', 'src/errors'],
  'src/db': ['src/db', 'src/settings', 'src/characters', 'src/combat', 'src/compendium', 'src/rules', 'src/dice', 'src/errors', 'src/live'],
  'src/live': ['src/live', 'src/views', 'src/settings', 'src/combat'],
  commands: ['commands', ...HANDLER_LAYERS],
  'src/errors': [],
  'src/log-redaction': [],
  'src/config': [],
  'src/logger': ['src/config', 'src/log-redaction'],
  'src/services': ['src/characters', 'src/combat', 'src/dice', 'src/settings', 'src/live'],
  'src/app': ['commands', 'src/config', 'src/services', 'src/db', 'src/dice', 'src/framework', 'src/transports', 'src/live', 'src/views'],
  'src/main': ['src/app', 'src/config', 'src/logger', 'src/db', 'src/transports', 'src/live'],
  'src/console': ['src/app', 'src/config', 'src/logger', 'src/db', 'src/transports', 'src/live'],
};
const PACKAGES_OF_THE_EDGE = /^(discord\.js|@discordjs\/|discord-api-types|@prisma\/|prisma|pg$|@electric-sql\/)/;
const CORE = ['src/dice', 'src/rules', 'src/combat', 'src/compendium'];

/** The TypeScript files of a layer: a folder's, or the one file a top-level layer of src is. */
function sourceFiles(folder: string): string[] {
  if (fs.existsSync(path.join(root, `${folder}.ts`))) return [`${folder}.ts`];
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

/**
 * The one ring left in src/combat (issue 18 item 3 rewrites these modules): a cycle among any
 * other files, or one that reaches outside these, fails.
 */
const KNOWN_CYCLE = [
  'src/combat/catalogue.ts',
  'src/combat/effects.ts',
  'src/combat/incapacity.ts',
  'src/combat/refusals.ts',
  'src/combat/rules-of.ts',
  'src/combat/targets.ts',
];

/** The file a relative import names, if it is one of ours. */
function resolved(file: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return [`${target}.ts`, `${target}/index.ts`].find((candidate) => known.has(candidate));
}

/** The strongly connected groups of two or more files in the import graph of src and commands (Tarjan's algorithm). */
function importCycles(): string[][] {
  const files = [...sourceFiles('src'), ...sourceFiles('commands')];
  const known = new Set(files);
  const edges = new Map(
    files.map((file) => [
      file,
      importsOf(file)
        .filter((specifier) => specifier.startsWith('.'))
        .flatMap((specifier) => resolved(file, specifier, known) ?? []),
    ]),
  );
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (stack.includes(next)) low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member !== undefined) group.push(member);
    } while (member !== undefined && member !== file);
    if (group.length > 1) cycles.push(group.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
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

  it('every top-level file of src has its place in the picture', () => {
    const topLevel = fs
      .readdirSync(path.join(root, 'src'))
      .filter((name) => name.endsWith('.ts'))
      .map((name) => `src/${name.replace(/\.ts$/, '')}`);
    expect(topLevel.filter((file) => !(file in ALLOWED))).toEqual([]);
  });

  it('no module imports itself through others (type-only imports included)', () => {
    expect(importCycles().filter((cycle) => !cycle.every((file) => KNOWN_CYCLE.includes(file)))).toEqual([]);
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
