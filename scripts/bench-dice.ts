/**
 * `npm run bench:dice [-- --runs N] [--baseline DIR] [--only CLASS]`: Rollcall's dice engine against
 * @dice-roller/rpg-dice-roller, in one process. Every roll parses, rolls and renders its text, in
 * both engines. The corpus is spread over classes of expression, each written in both notations
 * with the same meaning (a unit test checks that both engines give the same totals on the same
 * draws). Each expression is measured in several runs, in CPU time so that other processes on the
 * machine count against neither engine; the table gives the median and the spread.
 * `--baseline` adds another build of the engine (a directory holding its `index.ts`), to compare
 * before and after a change in one run; `--only` measures the classes whose name contains CLASS.
 */
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { DiceRoll } from '@dice-roller/rpg-dice-roller';
import * as current from '../src/dice';

export interface BenchCase {
  kind: BenchClass;
  /** Rollcall's (Avrae's) notation. */
  ours: string;
  /** The same roll in the peer's notation. */
  peer: string;
}

export type BenchClass = 'plain' | 'keep/drop' | 'explode' | 'reroll, min/max' | 'arithmetic' | 'many dice' | 'sets';

/** The same notation in both engines. */
function same(kind: BenchClass, ...expressions: string[]): BenchCase[] {
  return expressions.map((e) => ({ kind, ours: e, peer: e }));
}

export const CORPUS: readonly BenchCase[] = [
  ...same('plain', '1d20', 'd20', '2d6', '3d6', '8d6', '1d100', 'd%'),
  ...same('keep/drop', '4d6kh3', '2d20kh1', '2d20kl1', '4d6kl3', '20d6kh10'),
  { kind: 'keep/drop', ours: '4d6pl1', peer: '4d6dl1' },
  { kind: 'keep/drop', ours: '4d6ph1', peer: '4d6dh1' },
  { kind: 'explode', ours: '3d6e6', peer: '3d6!' },
  { kind: 'explode', ours: '10d6e6', peer: '10d6!' },
  { kind: 'explode', ours: '2d10e10', peer: '2d10!' },
  { kind: 'explode', ours: '6d6e>4', peer: '6d6!>4' },
  { kind: 'explode', ours: '8d8e>7', peer: '8d8!>7' },
  { kind: 'reroll, min/max', ours: '2d6rr1', peer: '2d6r=1' },
  { kind: 'reroll, min/max', ours: '4d6rr<3', peer: '4d6r<3' },
  { kind: 'reroll, min/max', ours: '4d6ro1', peer: '4d6ro=1' },
  { kind: 'reroll, min/max', ours: '2d20ro<5', peer: '2d20ro<5' },
  { kind: 'reroll, min/max', ours: '4d6rr1kh3', peer: '4d6r=1kh3' },
  { kind: 'reroll, min/max', ours: '8d6mi2', peer: '8d6min2' },
  { kind: 'reroll, min/max', ours: '4d8ma6', peer: '4d8max6' },
  ...same('arithmetic', '1d20+5', '1d8+1d6+4', '2d8+1d6+3', '(1d8+3)*2', '3d6*2', '1d20+1d4+5-2'),
  // The peer refuses more than 999 dice in one term.
  ...same('many dice', '100d6', '100d20', '250d6', '999d6'),
  { kind: 'sets', ours: '(1d4+1, 3)kh1', peer: '{1d4+1, 3}kh1' },
  { kind: 'sets', ours: '(1d20, 10)kh1', peer: '{1d20, 10}kh1' },
  { kind: 'sets', ours: '(1d8, 1d8, 1d8)pl1', peer: '{1d8, 1d8, 1d8}dl1' },
  { kind: 'sets', ours: '(2d20kh1, 1d20+5)kh1', peer: '{2d20kh1, 1d20+5}kh1' },
  { kind: 'sets', ours: '(4d6kh3, 4d6kh3, 4d6kh3)kh2', peer: '{4d6kh3, 4d6kh3, 4d6kh3}kh2' },
  { kind: 'sets', ours: '(4d6)kh3', peer: '{4d6}kh3' },
];

/**
 * Inputs built to keep the engine busy as long as possible within 500 characters: the one that
 * froze the bot for 21 s and the 198-character damage amount that took 8 s, then the slowest
 * found against the bounded engine (by a search over the property test's worst-case generator).
 */
export const WORST_INPUTS: readonly { name: string; text: string }[] = [
  { name: '1d1000000 e>1 x163', text: '1d1000000' + 'e>1'.repeat(163) },
  { name: '1d1000000 e>1 x63', text: '1d1000000' + 'e>1'.repeat(63) },
  { name: '(1000d1000 mi2p<2ph5pl5 x38)', text: '(1000d1000' + 'mi2p<2ph5pl5'.repeat(38) + ')k1000000' },
  { name: '16 x (999d1000000 ra2 x127)pl1', text: '('.repeat(16) + '999d1000000' + 'ra2'.repeat(127) + ')pl1'.repeat(16) },
  {
    name: '18 x (500d1000 kl999999kh999ra999 x21)k<2',
    text: '('.repeat(18) + '500d1000' + 'kl999999kh999ra999'.repeat(21) + ')k<2'.repeat(18),
  },
  { name: '1000d6 k>0p<0 x82', text: '1000d6' + 'k>0p<0'.repeat(82) },
];

const PEER_NAME = '@dice-roller/rpg-dice-roller';
const MEASURE_MS = 50;
/** CPU time between two readings of the clock, once batches have grown. */
const BATCH_MS = 2;
/** A baseline this slow on one input is timed once, not several times. */
const SLOW_MS = 1000;

interface Engine {
  name: string;
  roll(expression: string): () => void;
}

type DiceModule = Pick<typeof current, 'rollDice' | 'createCryptoRandom'>;

function rollcall(name: string, dice: DiceModule): Engine {
  const random = dice.createCryptoRandom();
  return {
    name,
    roll: (expression) => () => {
      const result = dice.rollDice(expression, random);
      if (!result.ok) throw new Error(`${name} refused ${expression}: ${result.error.message}`);
    },
  };
}

const peer: Engine = {
  name: PEER_NAME,
  roll: (expression) => () => {
    String(new DiceRoll(expression).output);
  },
};

/** Milliseconds of CPU this process has used: unlike the clock, it does not count time spent waiting for a core. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * Rolls per CPU second of `roll`, over about MEASURE_MS of CPU. Reading the CPU clock costs about a
 * microsecond, as much as one or two of the faster engine's rolls: read after every 20 rolls, it
 * counted against that engine alone. Batches double until one takes BATCH_MS, so the clock is read
 * a few dozen times in a measurement, whichever engine is measured.
 */
function throughput(roll: () => void): number {
  let count = 0;
  let batch = 20;
  const start = cpuMs();
  let elapsed = 0;
  while (elapsed < MEASURE_MS) {
    for (let i = 0; i < batch; i++) roll();
    count += batch;
    const before = elapsed;
    elapsed = cpuMs() - start;
    if (elapsed - before < BATCH_MS) batch *= 2;
  }
  return (count / elapsed) * 1000;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const upper = sorted[mid] ?? NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? NaN) + upper) / 2;
}

function geometricMean(values: readonly number[]): number {
  return Math.exp(values.reduce((sum, v) => sum + Math.log(v), 0) / values.length);
}

/** `9.8x (9.1-10.4)`: the median of the runs and their spread. */
function spread(values: readonly number[], digits: number, unit = ''): string {
  const f = (n: number) => (digits === 0 ? Math.round(n).toLocaleString('en-US') : n.toFixed(digits));
  return `${f(median(values))}${unit} (${f(Math.min(...values))}-${f(Math.max(...values))})`;
}

/**
 * Wall-clock milliseconds for one roll of `text`, as a player waits for it: the first roll (the
 * engine has not compiled this input's paths yet) and the median of ten after it; a baseline this
 * slow the first time is not timed again.
 */
function singleRollMs(dice: DiceModule, text: string): { first: number; median: number; answer: string } {
  const random = dice.createCryptoRandom();
  const times: number[] = [];
  let answer = '';
  for (let i = 0; i < 11; i++) {
    const start = performance.now();
    const result = dice.rollDice(text, random);
    times.push(performance.now() - start);
    answer = result.ok ? `total ${result.total}` : result.error.message.replace(/ \(.*/, '');
    if (times[0] !== undefined && times[0] > SLOW_MS) break;
  }
  const [first = NaN, ...rest] = times;
  return { first, median: rest.length > 0 ? median(rest) : first, answer };
}

function options(argv: readonly string[]): { runs: number; baseline: string | null; only: string | null } {
  let runs = 5;
  let baseline: string | null = null;
  let only: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--runs') runs = Math.max(1, Number(argv[++i]));
    else if (argv[i] === '--baseline') baseline = path.resolve(argv[++i] ?? '.');
    else if (argv[i] === '--only') only = argv[++i] ?? null;
  }
  return { runs, baseline, only };
}

async function main(): Promise<void> {
  const { runs, baseline, only } = options(process.argv.slice(2));
  const corpus = only === null ? CORPUS : CORPUS.filter((c) => c.kind.includes(only));
  const before: DiceModule | null = baseline === null ? null : ((await import(baseline)) as DiceModule);
  const engines: Engine[] = [rollcall('Rollcall', current), ...(before === null ? [] : [rollcall('before', before)]), peer];
  const expressionOf = (engine: Engine, c: BenchCase): string => (engine === peer ? c.peer : c.ours);

  // Warm every engine up on the whole corpus first, so the JIT favours no one.
  for (const c of corpus) for (const engine of engines) throughput(engine.roll(expressionOf(engine, c)));
  // rates[case][engine][run]; engines take turns on each expression, in a rotating order.
  const rates = corpus.map(() => engines.map((): number[] => []));
  for (let run = 0; run < runs; run++) {
    corpus.forEach((c, i) => {
      for (let k = 0; k < engines.length; k++) {
        const e = (k + run) % engines.length;
        const engine = engines[e];
        if (engine !== undefined) rates[i]?.[e]?.push(throughput(engine.roll(expressionOf(engine, c))));
      }
    });
  }

  const last = engines.length - 1;
  const ratiosOf = (i: number, e: number): number[] => {
    const mine = rates[i]?.[e] ?? [];
    const theirs = rates[i]?.[last] ?? [];
    return mine.map((rate, run) => rate / (theirs[run] ?? NaN));
  };
  const ours = engines.slice(0, last);
  const header = ['class', 'Rollcall', 'peer', ...engines.map((e) => `${e.name} rolls/s`), ...ours.map((e) => `${e.name} / peer`)];
  console.log(`dice throughput: rolls per CPU second (parse + roll + render), median of ${runs} runs (min-max);`);
  console.log(`Rollcall draws from the crypto source it uses in production, ${PEER_NAME} from Math.random.`);
  console.log(`| ${header.join(' | ')} |`);
  console.log(`|${header.map(() => ' --- ').join('|')}|`);
  corpus.forEach((c, i) => {
    const cells = [
      c.kind,
      `\`${c.ours}\``,
      `\`${c.peer}\``,
      ...engines.map((_, e) => spread(rates[i]?.[e] ?? [], 0)),
      ...ours.map((_, e) => spread(ratiosOf(i, e), 1, 'x')),
    ];
    console.log(`| ${cells.join(' | ')} |`);
  });

  console.log(`\nper class: the geometric mean of its expressions' ratios, median of ${runs} runs (min-max)`);
  const classes = [...new Set(corpus.map((c) => c.kind)), 'all' as const];
  console.log(`| class | expressions | ${ours.map((e) => `${e.name} / peer`).join(' | ')} |`);
  console.log(`| --- | --- |${ours.map(() => ' --- ').join('|')}|`);
  for (const kind of classes) {
    const members = corpus.flatMap((c, i) => (kind === 'all' || c.kind === kind ? [i] : []));
    const cells = ours.map((_, e) => {
      const perRun = Array.from({ length: runs }, (_, run) => geometricMean(members.map((i) => ratiosOf(i, e)[run] ?? NaN)));
      return spread(perRun, 1, 'x');
    });
    console.log(`| ${kind} | ${members.length} | ${cells.join(' | ')} |`);
  }

  console.log('\nthe slowest inputs: wall-clock milliseconds for the first roll and the median of the next ten, and the answer');
  const modules: [string, DiceModule][] = [['Rollcall', current], ...(before === null ? [] : [['before', before] as [string, DiceModule]])];
  console.log(`| input | characters | ${modules.map(([name]) => `${name} first | ${name} median | ${name} answer`).join(' | ')} |`);
  console.log(`| --- | --- |${modules.map(() => ' --- | --- | --- ').join('|')}|`);
  for (const { name, text } of WORST_INPUTS) {
    const cells = modules.map(([, dice]) => {
      const { first, median: typical, answer } = singleRollMs(dice, text);
      return `${first.toFixed(2)} | ${typical.toFixed(2)} | ${answer}`;
    });
    console.log(`| ${name} | ${text.length} | ${cells.join(' | ')} |`);
  }
}

if (require.main === module) void main();
