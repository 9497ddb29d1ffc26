/**
 * What `npm run roll` does, apart from reading standard input and writing out: rolls each argument,
 * or each line of standard input when there are none, one line per expression; exits 1 if any failed.
 */
import { createCryptoRandom, createSeededRandom, rollDice, type RandomSource } from '../src/dice';

export const USAGE = `Usage: npm run roll -- [--json] [--seed N] [EXPR ...]

Rolls each EXPR, or each line of standard input when none is given (blank lines are skipped),
and prints one line per expression: the dice and the total.
  --json     one JSON object a line: {"expression", "total", "text", "annotations", "comment"},
             or {"expression", "error"}
  --seed N   reproducible dice
  --help     this text
Exits 1 when an expression did not roll, 2 on a wrong option.
Example: npm run --silent roll -- --seed 1 4d6kh3 "1d20+5 adv"`;

interface Options {
  json: boolean;
  seed: number | null;
  expressions: string[];
}

/** What a run printed and how it ended. */
export interface RollRun {
  stdout: string;
  stderr: string;
  code: number;
}

function refused(message: string): RollRun {
  return { stdout: '', stderr: `${message}\n${USAGE}\n`, code: 2 };
}

function parseArgs(args: readonly string[]): Options | RollRun {
  const options: Options = { json: false, seed: null, expressions: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') {
      options.expressions.push(...args.slice(i + 1));
      break;
    } else if (arg === '--help' || arg === '-h') {
      return { stdout: `${USAGE}\n`, stderr: '', code: 0 };
    } else if (arg === '--json') {
      options.json = true;
    } else if (arg === '--seed') {
      const value = args[++i];
      if (value === undefined || !/^-?\d+$/.test(value)) return refused('--seed needs a whole number.');
      options.seed = Number(value);
    } else if (arg.startsWith('--')) {
      return refused(`Unknown option ${arg}.`);
    } else {
      options.expressions.push(arg);
    }
  }
  return options;
}

/** The expressions of standard input, one a line; a blank line is no expression. */
function linesOf(input: string): string[] {
  return input.split(/\r?\n/).filter((line) => line.trim() !== '');
}

function rollLine(expression: string, random: RandomSource, json: boolean): { line: string; ok: boolean } {
  const result = rollDice(expression, random);
  if (!result.ok) {
    const line = json ? JSON.stringify({ expression, error: result.error.message }) : `error: ${result.error.message}`;
    return { line, ok: false };
  }
  if (json) {
    const { total, text, annotations, comment } = result;
    return { line: JSON.stringify({ expression, total, text, annotations, comment }), ok: true };
  }
  return { line: result.comment === null ? result.text : `${result.text}  # ${result.comment}`, ok: true };
}

/** One run of the script: `readInput` is called only when no expression is given as an argument. */
export function runRoll(args: readonly string[], readInput: () => string): RollRun {
  const options = parseArgs(args);
  if (!('expressions' in options)) return options;
  const random = options.seed === null ? createCryptoRandom() : createSeededRandom(options.seed);
  const expressions = options.expressions.length > 0 ? options.expressions : linesOf(readInput());
  let allRolled = true;
  const out: string[] = [];
  for (const expression of expressions) {
    const { line, ok } = rollLine(expression, random, options.json);
    out.push(line);
    allRolled &&= ok;
  }
  return { stdout: out.length > 0 ? `${out.join('\n')}\n` : '', stderr: '', code: allRolled ? 0 : 1 };
}
