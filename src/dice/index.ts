/** The dice engine: parse, transform, roll and render Avrae-style dice notation. Pure. */
export type * from './ast';
export { parseDice } from './parse';
export { rollDice, sumOfTotals, type RollOptions, type RollResult, type RollSuccess, type FirstD20 } from './roll';
export type { Rolled } from './rolled';
export { formatExpr } from './notation';
export { rangeOf, totalRange, type Range } from './range';
export { addDice, applyMode, combineModes, diceTerm, doubleDice, mapDice, maximizeDice, modesCancel, multiplyTotal } from './transforms';
export { MAX_DEPTH, MAX_DICE, MAX_LENGTH, MAX_SIDES, MAX_WORK } from './limits';
export type { RandomSource } from './random';
export { WorkBudget } from './budget';
export { createSeededRandom } from './seeded';
export { createCryptoRandom } from './crypto-random';
