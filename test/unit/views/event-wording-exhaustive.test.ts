import path from 'node:path';
import ts from 'typescript';

const root = path.resolve(__dirname, '../../..');

/**
 * Type-checks `entry` with one source file changed as `edit` says, and returns the errors reported
 * in `entry`: how the compiler reacts when a contributor adds a new kind of event.
 */
const configPath = path.join(root, 'tsconfig.json');
// The compiler's own reader returns the parsed JSON untyped; parseJsonConfigFileContent checks it.
const config: unknown = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file)).config;
const options = { ...ts.parseJsonConfigFileContent(config, ts.sys, root).options, noEmit: true };
/** Parsed files shared by the programs below (all but the edited one are the same), so each test parses only its edit. */
const parsed = new Map<string, ts.SourceFile>();

/**
 * Type-checks `entry` with one source file changed as `edit` says, and returns the errors reported
 * in `entry`: how the compiler reacts when a contributor adds a new kind of event.
 */
function errorsAfterEdit(entry: string, edited: string, edit: (text: string) => string): string[] {
  const host = ts.createCompilerHost(options);
  const target = path.join(root, edited);
  const readFile = host.readFile.bind(host);
  host.readFile = (file) => {
    const text = readFile(file);
    return path.resolve(file) === target && text !== undefined ? edit(text) : text;
  };
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, language, onError) => {
    if (path.resolve(file) === target) return getSourceFile(file, language, onError);
    const known = parsed.get(file) ?? getSourceFile(file, language, onError);
    if (known !== undefined) parsed.set(file, known);
    return known;
  };
  const entryPath = path.join(root, entry);
  const program = ts.createProgram([entryPath], options, host);
  const source = program.getSourceFile(entryPath);
  // The entry's own errors only: checking every file the program holds took seconds per test.
  return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map((d) =>
    ts.flattenDiagnosticMessageText(d.messageText, '\n'),
  );
}

function addKind(union: string, member: string): (text: string) => string {
  return (text) => {
    const at = text.indexOf(union);
    if (at < 0) throw new Error(`${union} not found`);
    return `${text.slice(0, at + union.length)}\n  | ${member}${text.slice(at + union.length)}`;
  };
}

describe('every event kind has wording, or the code does not compile', () => {
  it('the views compile as they are', () => {
    expect(errorsAfterEdit('src/views/encounter-text.ts', 'src/combat/types.ts', (text) => text)).toEqual([]);
  });

  it.each([
    [
      'EncounterEvent',
      'describeEvents',
      'src/views/encounter-text.ts',
      'src/combat/types.ts',
      "{ kind: 'fixture-new-kind'; combatant: CombatantRef }",
    ],
    ['RulesEvent', 'consequenceSentences', 'src/views/encounter-rules-text.ts', 'src/rules/types.ts', "{ kind: 'fixture-new-kind' }"],
  ])('a new %s kind without wording is a compile error in %s', (union, _wording, entry, edited, member) => {
    const errors = errorsAfterEdit(entry, edited, addKind(`export type ${union} =`, member));
    expect(errors.join('\n')).toMatch(/fixture-new-kind.*not assignable to parameter of type 'never'/s);
  });
});
