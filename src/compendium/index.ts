export * from './types';
export { BOOK_IDS, bookOf, otherBook, type BookId, type MonsterSource } from './books';
export { createBestiary, HOMEBREW_PER_SERVER, type Bestiary, type FoundMonster, type HomebrewShelf } from './bestiary';
export { createNameIndex, nameKey, type NameIndex, type Named } from './lookup';
export { monstersOf, spellsOf } from './load';
export { averageOf, formatDice, parseDice, type DiceFormula } from './dice';
export { CANTRIP_TIERS, damageExpression, effectAtLevel, ongoingAtLevel, scalingSteps, type CastLevel } from './effects';
export { HOMEBREW_LIMITS } from './homebrew-limits';
// The reader itself (and zod) from './homebrew', loaded when a file is imported.
export type { HomebrewIssue, HomebrewMonster, HomebrewResult } from './homebrew';
