// `npm run roll -- [--json] [--seed N] [EXPR ...]`: see scripts/roll-cli.ts and `npm run roll -- --help`.
import { readFileSync } from 'node:fs';
import { runRoll } from './roll-cli';

const run = runRoll(process.argv.slice(2), () => readFileSync(0, 'utf8'));
process.stdout.write(run.stdout);
process.stderr.write(run.stderr);
process.exitCode = run.code;
