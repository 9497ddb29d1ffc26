/**
 * `npm run bench:dice`: Rollcall's dice engine against @dice-roller/rpg-dice-roller, in one process,
 * on a fixed corpus both accept. Each roll parses, rolls and renders the text, for both engines.
 */
import { performance } from 'node:perf_hooks';
import { DiceRoll } from '@dice-roller/rpg-dice-roller';
import { createCryptoRandom, rollDice } from '../src/dice';

const CORPUS = [
  '1d20',
  'd20',
  '1d20+5',
  '1d20-1',
  '2d20kh1',
  '2d20kl1',
  '2d20kh1+7',
  '1d4',
  '1d6',
  '1d8+3',
  '1d10+4',
  '1d12+5',
  '2d6',
  '2d6+3',
  '3d6',
  '4d6kh3',
  '4d6kh3+2',
  '4d6kl3',
  '8d6',
  '10d6',
  '20d6',
  '1d8+1d6+4',
  '2d8+1d6+3',
  '1d4+1d4+1d4',
  '3d6*2',
  '(1d8+3)*2',
  '2d8/2',
  '1d100',
  'd%',
  '6d6+6',
  '1d20+1d4+5',
  '12d6',
  '5d10+5',
  '2d4+2',
];
const PEER_NAME = '@dice-roller/rpg-dice-roller';
/** 1,000 dice, Rollcall's limit; the peer refuses more than 999 in one term. */
const BIG = '500d6+500d6';
const MEASURE_MS = 60;

/** Rolls per second of `roll` over about MEASURE_MS. */
function throughput(roll: () => void): number {
  let count = 0;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < MEASURE_MS) {
    for (let i = 0; i < 50; i++) roll();
    count += 50;
    elapsed = performance.now() - start;
  }
  return (count / elapsed) * 1000;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const upper = sorted[mid] ?? NaN;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? NaN) + upper) / 2;
}

/** Best of a few single rolls: how long one player waits for the largest roll allowed. */
function singleRollMs(roll: () => void): number {
  let best = Infinity;
  for (let i = 0; i < 20; i++) {
    const start = performance.now();
    roll();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

function fmt(n: number): string {
  return Math.round(n).toLocaleString('en-US').padStart(12);
}

function main(): void {
  const random = createCryptoRandom();
  const ours = (expr: string) => () => {
    const result = rollDice(expr, random);
    if (!result.ok) throw new Error(`Rollcall refused ${expr}: ${result.error.message}`);
  };
  const theirs = (expr: string) => () => {
    String(new DiceRoll(expr).output);
  };

  console.log(`dice throughput, rolls per second (parse + roll + render), ${CORPUS.length} expressions`);
  console.log(`${'expression'.padEnd(14)}${'Rollcall'.padStart(12)}${'peer'.padStart(12)}${'ratio'.padStart(8)}`);
  // Warm both engines up on the whole corpus first, so the JIT does not favour whoever runs later.
  for (const expr of CORPUS) {
    throughput(ours(expr));
    throughput(theirs(expr));
  }
  const oursRates: number[] = [];
  const theirRates: number[] = [];
  const ratios: number[] = [];
  for (const expr of CORPUS) {
    // Best of three, interleaved, to damp garbage-collection pauses.
    let a = 0;
    let b = 0;
    for (let round = 0; round < 3; round++) {
      a = Math.max(a, throughput(ours(expr)));
      b = Math.max(b, throughput(theirs(expr)));
    }
    oursRates.push(a);
    theirRates.push(b);
    ratios.push(a / b);
    console.log(`${expr.padEnd(14)}${fmt(a)}${fmt(b)}${(a / b).toFixed(1).padStart(8)}`);
  }
  const medianOurs = median(oursRates);
  const medianTheirs = median(theirRates);
  console.log(
    `median rolls/s: Rollcall ${Math.round(medianOurs).toLocaleString('en-US')}, ${PEER_NAME} ${Math.round(medianTheirs).toLocaleString('en-US')}`,
  );
  console.log(
    `ratio of medians: ${(medianOurs / medianTheirs).toFixed(1)}x; median of per-expression ratios: ${median(ratios).toFixed(1)}x (goal: at least 5x)`,
  );
  console.log(
    `one ${BIG} roll: Rollcall ${singleRollMs(ours(BIG)).toFixed(3)} ms, ${PEER_NAME} ${singleRollMs(theirs(BIG)).toFixed(3)} ms`,
  );
}

main();
