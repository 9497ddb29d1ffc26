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
 * console) start the composition root (app), which wires everything, with the recap chart worker
 * that charts starts; config, logger and the log redaction they share are the foundation and
 * import no layer, as does the cap on idle connections both HTTP servers keep (connection-guard).
 */
const ALLOWED: Record<string, readonly string[]> = {
  'src/dice': ['src/dice'],
  'src/rules': ['src/rules', 'src/dice'],
  'src/compendium': ['src/compendium', 'src/rules', 'src/dice'],
  'src/combat': ['src/combat', 'src/compendium', 'src/rules', 'src/dice'],
  'src/views': ['src/views', 'src/characters', 'src/combat', 'src/compendium', 'src/rules', 'src/dice'],
  'src/framework': [...HANDLER_LAYERS, 'src/services'],
  'src/transports': [
    'src/transports',
    'src/framework',
    'src/views',
    'src/services',
    'src/errors',
    'src/config',
    'src/log-redaction',
    'src/connection-guard',
  ],
  'src/settings': ['src/settings', 'src/rules'],
  'src/characters': ['src/characters', 'src/combat', 'src/compendium', 'src/rules', 'src/dice', 'src/errors'],
  'src/db': ['src/db', 'src/settings', 'src/characters', 'src/combat', 'src/compendium', 'src/rules', 'src/dice', 'src/errors', 'src/live'],
  'src/live': ['src/live', 'src/views', 'src/settings', 'src/combat', 'src/connection-guard'],
  commands: ['commands', ...HANDLER_LAYERS],
  'src/errors': [],
  'src/log-redaction': [],
  'src/connection-guard': [],
  'src/config': [],
  'src/logger': ['src/config', 'src/log-redaction'],
  'src/services': ['src/characters', 'src/combat', 'src/compendium', 'src/dice', 'src/settings', 'src/live', 'src/views'],
  'src/charts': ['src/db', 'src/views'],
  'src/app': [
    'commands',
    'src/config',
    'src/services',
    'src/db',
    'src/dice',
    'src/framework',
    'src/transports',
    'src/live',
    'src/views',
    'src/compendium',
    'src/charts',
  ],
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

/** The imports of `file` that land outside `allowed`, and core files that import an edge package. */
function breachesOf(file: string, allowed: readonly string[], core: boolean): string[] {
  const breaches: string[] = [];
  for (const specifier of importsOf(file)) {
    if (specifier.startsWith('.')) {
      const target = layerOf(file, specifier);
      if (!allowed.includes(target)) breaches.push(`${file} imports ${target}`);
    } else if (core && PACKAGES_OF_THE_EDGE.test(specifier)) {
      breaches.push(`${file} imports ${specifier}`);
    }
  }
  return breaches;
}

/**
 * A sentence for a user written as a string literal: text in quotes or backticks that starts with
 * a capital or an interpolation, has three words or more, and ends with a full stop, `!` or `?`.
 * Comments and the messages of `new Error(...)` (bugs, for the logs) are not sentences for users.
 */
function sentenceLiterals(text: string): string[] {
  const found: string[] = [];
  for (const line of text.split('\n')) {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue;
    const code = line.replace(/new Error\((['"`])(?:(?!\1)[^\\]|\\.)*\1/g, 'new Error(');
    for (const match of code.matchAll(/(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g)) {
      const literal = match[2] ?? '';
      if (/^([A-Z]|\$\{)/.test(literal) && /[.!?]$/.test(literal) && literal.trim().split(/\s+/).length >= 3) found.push(literal);
    }
  }
  return found;
}

/**
 * Rule text the rule sets carry as content, like the compendium's: condition and track descriptions,
 * the rule sets' one-line summaries.
 */
const RULES_CONTENT = ['src/rules/conditions/', 'src/rules/tracks.ts', 'src/rules/ids.ts'];

describe('the core has no words', () => {
  it('finds a sentence for a user in a literal, and not a label, a name, a comment or a bug report', () => {
    const sample = [
      "throw new CombatRefusal({ kind: 'name-taken', existing: taken.name });",
      "if (last === null) throw new UserError('There is nothing to undo.');",
      'const why = `${combatant.name} is dead and cannot concentrate.`;',
      'const shout = "Roll for initiative!";',
      "const label = 'hp damage';",
      "const name = input.name ?? 'Encounter';",
      '// This comment says something in plain words.',
      "if (found === undefined) throw new Error('The catalogue has no such condition to build on.');",
    ].join('\n');
    expect(sentenceLiterals(sample)).toEqual([
      'There is nothing to undo.',
      '${combatant.name} is dead and cannot concentrate.',
      'Roll for initiative!',
    ]);
  });

  it('no sentence for a user in src/combat or src/rules: refusals and notes are data, src/views words them', () => {
    const files = ['src/combat', 'src/rules']
      .flatMap(sourceFiles)
      .filter((file) => !RULES_CONTENT.some((content) => file.startsWith(content)));
    const sentences = files.flatMap((file) => sentenceLiterals(fs.readFileSync(path.join(root, file), 'utf8')).map((s) => `${file}: ${s}`));
    expect(sentences).toEqual([]);
  });

  it('no user mistake and no command label is made in the core', () => {
    const found = ['src/combat', 'src/rules'].flatMap(sourceFiles).flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .filter((line) => /UserError|command: '/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });
});

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
    const breaches = sourceFiles(layer).flatMap((file) => breachesOf(file, ALLOWED[layer] ?? [], CORE.includes(layer)));
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
    expect(importCycles()).toEqual([]);
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
