import fs from 'node:fs';
import path from 'node:path';

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
  'src/combat': ['src/combat', 'src/compendium', 'src/rules', 'src/dice'],
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

/**
 * The files at the top of `src`, and what each may import. The entry points wire every layer; the
 * others are small shared modules that must stay near the bottom. A new top-level file fails the
 * test below until it is placed here.
 */
const EVERY_LAYER = [...Object.keys(ALLOWED), 'src/config', 'src/logger', 'src/services', 'src/app', 'src/errors'];
const TOP_LEVEL: Record<string, readonly string[]> = {
  'src/errors.ts': [],
  'src/config.ts': ['src/transports'],
  'src/logger.ts': ['src/config', 'src/transports'],
  'src/services.ts': ['src/characters', 'src/combat', 'src/dice', 'src/framework', 'src/live', 'src/settings'],
  'src/app.ts': EVERY_LAYER,
  'src/console.ts': EVERY_LAYER,
  'src/main.ts': EVERY_LAYER,
};

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

/**
 * Rules modules whose refusals (`RulesResult.reason`) are still sentences, worded by the rule set
 * itself: each becomes typed data worded in `src/views` and leaves this list. Nothing may join it.
 */
const RULES_STILL_WORDED = ['src/rules/ability-tests.ts', 'src/rules/condition-state.ts', 'src/rules/modifiers.ts', 'src/rules/rests.ts'];

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
      .filter((file) => !RULES_CONTENT.some((content) => file.startsWith(content)) && !RULES_STILL_WORDED.includes(file));
    const sentences = files.flatMap((file) => sentenceLiterals(fs.readFileSync(path.join(root, file), 'utf8')).map((s) => `${file}: ${s}`));
    expect(sentences).toEqual([]);
  });

  it('the rules modules still to be moved do word refusals, so the list above only shrinks', () => {
    const idle = RULES_STILL_WORDED.filter((file) => sentenceLiterals(fs.readFileSync(path.join(root, file), 'utf8')).length === 0);
    expect(idle).toEqual([]);
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

describe('the layers import only what the README allows', () => {
  it.each(Object.keys(ALLOWED))('%s', (layer) => {
    const breaches = sourceFiles(layer).flatMap((file) => breachesOf(file, ALLOWED[layer] ?? [], CORE.includes(layer)));
    expect(breaches).toEqual([]);
  });

  it('the top-level files of src', () => {
    const files = fs
      .readdirSync(path.join(root, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => `src/${entry.name}`);
    expect(files.filter((file) => TOP_LEVEL[file] === undefined)).toEqual([]);
    expect(files.flatMap((file) => breachesOf(file, TOP_LEVEL[file] ?? [], false))).toEqual([]);
  });

  it('nothing in the core names a slash command, not even a comment', () => {
    const named = CORE.flatMap(sourceFiles).flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .filter((line) => /(^|[\s'"`(])\/(roll|init|hp|config|help|condition|character|check|save|attack|rest)\b/.test(line))
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(named).toEqual([]);
  });
});
