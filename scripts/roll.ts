/**
 * `npm run roll -- [--json] [--seed N] [EXPR ...]`: rolls each argument, or each line of standard
 * input when there are none, printing one line per expression. Exits 1 if any failed to roll.
 */
import { readFileSync } from 'node:fs';
import { createCryptoRandom, createSeededRandom, rollDice, type RandomSource } from '../src/dice';

interface Options {
  json: boolean;
  seed: number | null;
  expressions: string[];
}

function usage(message: string): never {
  process.stderr.write(`${message}\nUsage: npm run roll -- [--json] [--seed N] [EXPR ...]   (no EXPR: one per line on standard input)\n`);
  process.exit(2);
}

function parseArgs(args: string[]): Options {
  const options: Options = { json: false, seed: null, expressions: [] };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') {
      options.expressions.push(...args.slice(i + 1));
      break;
    } else if (arg === '--json') {
      options.json = true;
    } else if (arg === '--seed') {
      const value = args[++i];
      if (value === undefined || !/^-?\d+$/.test(value)) usage('--seed needs a whole number.');
      options.seed = Number(value);
    } else if (arg.startsWith('--')) {
      usage(`Unknown option ${arg}.`);
    } else {
      options.expressions.push(arg);
    }
  }
  return options;
}

function readLines(): string[] {
  const input = readFileSync(0, 'utf8');
  if (input === '') return [];
  const lines = input.split(/\r?\n/);
  // A final newline ends the last line; it does not start an empty one.
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
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

function main(): void {
  const options = parseArgs(process.argv.slice(2));
  const random = options.seed === null ? createCryptoRandom() : createSeededRandom(options.seed);
  const expressions = options.expressions.length > 0 ? options.expressions : readLines();
  let allRolled = true;
  const out: string[] = [];
  for (const expression of expressions) {
    const { line, ok } = rollLine(expression, random, options.json);
    out.push(line);
    allRolled &&= ok;
  }
  if (out.length > 0) process.stdout.write(out.join('\n') + '\n');
  process.exitCode = allRolled ? 0 : 1;
}

main();
