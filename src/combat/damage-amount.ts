import { parseDice, rollDice, WorkBudget, type Expr, type ParsedDice } from '../dice';
import { collectAnnotations } from '../dice/notation';
import { DEFAULT_MAX_TEXT } from '../dice/render';
import type { RandomSource } from '../dice/random';
import { createSeededRandom } from '../dice/seeded';
import { criticalDamage, type CriticalOptions } from '../rules/critical';
import { dealtDamage } from '../rules/damage';
import { isDamageType, type CriticalMethod, type DamagePart, type DamageType } from '../rules/types';
import { checkTotal, type Amount } from './amount';
import { CombatRefusal } from './refusals';
import type { CriticalApplied } from './types';

/**
 * Words a damage annotation may carry besides its type (`[magical slashing]`). No rule set here
 * resists "nonmagical" damage, so they are accepted and change nothing (docs/rules-decisions.md).
 */
export const DAMAGE_QUALIFIERS = ['magical', 'nonmagical', 'silvered', 'adamantine'] as const;

export interface DamageAmount extends Amount {
  /** The type of the first part: the whole amount's when it has one type. */
  damageType: DamageType | null;
  /** Null when the amount was not asked for as a critical hit. */
  critical: CriticalApplied | null;
  /** Each run of terms with its own type, in reading order; one part when the type is the same throughout. */
  parts: DamagePart[];
}

/**
 * A number is taken as already rolled. Rule sets that double a critical's total, modifiers
 * included (C&M, A5E), double it too; the others double dice, and a number has none.
 */
function plainDamage(value: number, type: DamageType | null, critical: CriticalMethod | null): DamageAmount {
  const doubles = critical !== null && (critical.kind === 'double-total' || critical.kind === 'double-everything');
  const total = checkTotal(doubles ? value * 2 : value, 'damage');
  const applied: CriticalApplied | null = critical === null ? null : doubles ? 'doubled' : 'no-dice';
  return { total, roll: null, damageType: type, critical: applied, parts: [{ amount: total, type }] };
}

function hasDice(expr: Expr): boolean {
  switch (expr.type) {
    case 'dice':
      return true;
    case 'number':
      return false;
    case 'set':
      return expr.elements.some(hasDice);
    case 'group':
      return hasDice(expr.inner);
    case 'unary':
      return hasDice(expr.operand);
    case 'binary':
      return hasDice(expr.left) || hasDice(expr.right);
  }
}

/** The damage type an annotation names, null for qualifiers alone; refuses words that are neither. */
function typeOfAnnotation(annotation: string): DamageType | null {
  const words = annotation
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word !== '');
  const types = words.filter(isDamageType);
  const unknown = words.find((word) => !isDamageType(word) && !(DAMAGE_QUALIFIERS as readonly string[]).includes(word));
  if (unknown !== undefined || types.length > 1) {
    throw new CombatRefusal({ kind: 'not-a-damage-type', annotation });
  }
  return types[0] ?? null;
}

function typeOfTerm(term: Expr): DamageType | null {
  for (const annotation of collectAnnotations(term)) {
    const type = typeOfAnnotation(annotation);
    if (type !== null) return type;
  }
  return null;
}

/** `a + b - c` as its signed terms; anything else is one term. */
function terms(expr: Expr, sign: '+' | '-' = '+'): { sign: '+' | '-'; expr: Expr }[] {
  if (expr.type === 'binary' && (expr.op === '+' || expr.op === '-')) {
    return [...terms(expr.left, sign), ...terms(expr.right, expr.op)];
  }
  return [{ sign, expr }];
}

function joined(parts: readonly { sign: '+' | '-'; expr: Expr }[]): Expr {
  return parts.reduce<Expr | null>((left, term) => {
    if (left === null) return term.sign === '-' ? { type: 'unary', op: '-', operand: term.expr } : term.expr;
    return { type: 'binary', op: term.sign, left, right: term.expr };
  }, null) as Expr;
}

/**
 * Splits `1d8+3 [slashing] + 2d6 [fire]` at each typed term: a type covers the terms since the
 * previous typed one, and terms after the last type are untyped (they take `fallback`).
 */
function typedRuns(root: Expr, fallback: DamageType | null): { expr: Expr; type: DamageType | null }[] {
  const runs: { expr: Expr; type: DamageType | null }[] = [];
  let pending: { sign: '+' | '-'; expr: Expr }[] = [];
  for (const term of terms(root)) {
    pending.push(term);
    const type = typeOfTerm(term.expr);
    if (type !== null) {
      runs.push({ expr: joined(pending), type });
      pending = [];
    }
  }
  if (pending.length > 0) runs.push({ expr: joined(pending), type: fallback });
  return runs;
}

/**
 * One piece rolled against the amount's budget, its text within `maxLength` (the pieces share what
 * one roll may show); its total is the caller's to check.
 */
function rollPart(
  parsed: ParsedDice,
  root: Expr,
  random: RandomSource,
  budget: WorkBudget,
  maxLength?: number,
): { total: number; rendered: string } {
  const rolled = rollDice({ ...parsed, root }, random, { budget, maxLength });
  if (!rolled.ok) throw new CombatRefusal({ kind: 'amount-unrolled', field: 'damage', message: rolled.error.message });
  return { total: rolled.total, rendered: rolled.text };
}

/** Damage text read but not rolled: a number, or dice cut into their typed pieces. */
type DamageText =
  | { kind: 'number'; value: number }
  | { kind: 'dice'; trimmed: string; parsed: ParsedDice; pieces: { expr: Expr; type: DamageType | null }[] };

/**
 * Reads damage text as `rollDamage` will, refusing bad dice and unknown `[types]` before anything
 * is rolled (an attack checks its damage before it knows whether it hits).
 */
export function readDamage(text: string, fallback: DamageType | null): DamageText {
  // Read once per text and fallback: an attack reads its text for its type and again for its roll
  // (a new text a third time, to rehearse it), and a table rolls the same few texts all evening.
  // Nothing mutates a reading (rolls build new expressions), so every caller may share it.
  return remembered(readings, `${fallback ?? ''}\n${text}`, () => freshReading(text, fallback));
}

const readings = new Map<string, DamageText>();

function freshReading(text: string, fallback: DamageType | null): DamageText {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { kind: 'number', value: Number(trimmed) };
  const parsed = parseDice(trimmed);
  if (!parsed.ok) throw new CombatRefusal({ kind: 'amount-unreadable', field: 'damage', message: parsed.error.message });
  const runs = typedRuns(parsed.value.root, fallback);
  const single = runs.every((run) => run.type === runs[0]?.type);
  const pieces = single ? [{ expr: parsed.value.root, type: runs[0]?.type ?? fallback }] : runs;
  return { kind: 'dice', trimmed, parsed: parsed.value, pieces };
}

/** Throwaway dice for a rehearsal: fixed, so a rehearsal never depends on the table's dice. */
const REHEARSAL_SEED = 1;

/**
 * Rolls damage text once on throwaway dice and keeps nothing: the dice limit and work budget it
 * would meet (600d6 [fire] + 600d6 [cold] parses, but rolls more than 1,000 dice) refuse it now,
 * before an attack's d20 decides whether it is rolled for real.
 */
export function rehearseDamage(text: string): void {
  const refusal = remembered(rehearsals, text, () => rehearsal(text));
  if (refusal !== null) throw refusal;
}

/** What rehearsing each text refused (null: nothing): on its fixed dice, a text always rehearses the same way. */
const rehearsals = new Map<string, CombatRefusal | null>();

/** Texts each of the maps above keeps. */
const TEXTS_KEPT = 500;

/**
 * `kept`'s value for `key`, made and kept the first time. A table attacks with the same few damage
 * texts over and over; anyone typing new ones only empties the map. What `make` throws is not kept.
 */
function remembered<T>(kept: Map<string, T>, key: string, make: () => T): T {
  const known = kept.get(key);
  if (known !== undefined) return known;
  const made = make();
  if (kept.size >= TEXTS_KEPT) kept.clear();
  kept.set(key, made);
  return made;
}

function rehearsal(text: string): CombatRefusal | null {
  try {
    const read = readDamage(text, null);
    if (read.kind === 'number') return null;
    const random = createSeededRandom(REHEARSAL_SEED);
    const budget = new WorkBudget();
    for (const piece of read.pieces) rollPart(read.parsed, piece.expr, random, budget);
    return null;
  } catch (error) {
    if (error instanceof CombatRefusal) return error;
    throw error;
  }
}

/** The type the first piece of damage text has: its first `[type]`, or null for a number or untyped dice. */
export function leadingDamageType(text: string): DamageType | null {
  const read = readDamage(text, null);
  return read.kind === 'number' ? null : (read.pieces.find((piece) => piece.type !== null)?.type ?? null);
}

/**
 * A damage amount: a number, or dice whose `[type]` annotations type the terms before them, each
 * part rolled (as a critical hit when asked) and kept apart so resistance meets each on its own.
 * `options.weapon` false (a spell) keeps Next's extra weapon die off a critical.
 */
export function rollDamage(
  text: string,
  random: RandomSource,
  fallback: DamageType | null,
  critical: CriticalMethod | null,
  options: CriticalOptions = {},
): DamageAmount {
  const read = readDamage(text, fallback);
  if (read.kind === 'number') return plainDamage(read.value, fallback, critical);
  const { trimmed, parsed, pieces } = read;
  // Next adds one weapon die per critical: the first part with dice gets it.
  const weaponPart = pieces.findIndex((piece) => hasDice(piece.expr));
  // One budget for the whole amount: rolled part by part, it may cost no more than rolled whole.
  const budget = new WorkBudget();
  const rolled = pieces.map((piece, index) => {
    const root =
      critical === null ? piece.expr : criticalDamage(piece.expr, critical, { weapon: index === weaponPart && options.weapon !== false });
    const part = rollPart(parsed, root, random, budget, Math.floor(DEFAULT_MAX_TEXT / pieces.length));
    // Each typed part floors at 0 on its own, so a penalty to one type never eats another's damage.
    return { total: checkTotal(dealtDamage(part.total), 'damage'), rendered: part.rendered, type: piece.type };
  });
  const total = checkTotal(
    rolled.reduce((sum, part) => sum + part.total, 0),
    'damage',
  );
  return {
    total,
    roll: { expression: trimmed, rendered: rolled.map((part) => part.rendered).join(' + '), total },
    damageType: rolled[0]?.type ?? null,
    critical: critical === null ? null : 'rolled',
    parts: rolled.map((part) => ({ amount: part.total, type: part.type })),
  };
}

/**
 * Half of damage already rolled, rounded down part by part (a save for half damage): the roll is
 * the one everybody took, only what lands is halved.
 */
export function halved(amount: DamageAmount): DamageAmount {
  const parts = amount.parts.map((part) => ({ ...part, amount: Math.floor(part.amount / 2) }));
  return { ...amount, total: parts.reduce((sum, part) => sum + part.amount, 0), parts };
}
