import { isDeepStrictEqual } from 'node:util';
import type { Combatant, Encounter, EncounterEffect, EncounterOptions, HiddenHitPoints, HitPointNumbers } from './types';
import type { CombatantRulesState } from '../rules/types';

/*
 * A change to an encounter as the event log keeps it: the encounter's own fields, and only the
 * combatants and effects the change touched, as they were before and after. `undo` puts the
 * "before" side back; the store writes the "after" side, and logs of it only what undo and the log
 * read (`LoggedSide`).
 */

/** What a change may alter on the encounter itself. */
export interface EncounterFields {
  round: number;
  currentId: string | null;
  options: EncounterOptions;
  nextSeq: number;
  /** ISO text, so the whole change is plain JSON. */
  endedAt: string | null;
}

export interface PlacedCombatant {
  /** Its place in the initiative order. */
  sortOrder: number;
  combatant: Combatant;
}

export interface EncounterSide {
  fields: EncounterFields;
  combatants: PlacedCombatant[];
  effects: EncounterEffect[];
}

/**
 * What the log needs of a combatant after a change: that it is there (so undo knows what a change
 * added) and its hit points, which the log words for hidden ones. A whole `Combatant` is one too.
 */
export interface LoggedCombatant {
  id: string;
  name: string;
  hidden: boolean;
  hpKnown: boolean;
  rules: HitPointNumbers;
}

/** The "after" side as the log keeps it: the fields, and what the change touched, as much as undo and the log read. */
export interface LoggedSide {
  fields: EncounterFields;
  combatants: { sortOrder: number; combatant: LoggedCombatant }[];
  effects: Pick<EncounterEffect, 'id'>[];
}

export interface EncounterDelta {
  /** Combatants and effects changed or removed, as they were. */
  before: EncounterSide;
  /** Combatants and effects changed or added, as they are now. */
  after: EncounterSide;
}

/**
 * A combatant as the log keeps its "before" side: whole when the change removed it; otherwise its
 * id, the names the log words it by, and only the fields the change altered, each as it was (of its
 * rules too, only those altered). Undo lays those over the combatant as it is after the change, whose
 * other fields are still as they were: a hit logs the hit points it changed, not the stat block
 * link, actions, initiative and the rest of its rules too.
 */
export type LoggedBeforeCombatant = Pick<Combatant, 'id' | 'name' | 'hidden' | 'hpKnown'> &
  Partial<Omit<Combatant, 'rules'>> & { rules?: Partial<CombatantRulesState> };

/** The "before" side as the log keeps it. */
export interface LoggedBeforeSide {
  fields: EncounterFields;
  combatants: { sortOrder: number; combatant: LoggedBeforeCombatant }[];
  effects: EncounterEffect[];
}

/** A delta as the log keeps it: undo puts its "before" side back and needs only the ids of its "after" side. */
export interface LoggedDelta {
  before: LoggedBeforeSide;
  after: LoggedSide;
}

/** The "after" side cut to what the log reads: a hit logs the hit points it changed, not the whole combatant twice. */
export function loggedSide(side: EncounterSide): LoggedSide {
  return {
    fields: side.fields,
    combatants: side.combatants.map(({ sortOrder, combatant: { id, name, hidden, hpKnown, rules } }) => ({
      sortOrder,
      combatant: { id, name, hidden, hpKnown, rules: { hp: rules.hp, maxHp: rules.maxHp, tempHp: rules.tempHp } },
    })),
    effects: side.effects.map(({ id }) => ({ id })),
  };
}

/** The "before" side cut to what undo and the log read: the combatants the change kept, as the fields it altered. */
export function loggedBefore(delta: EncounterDelta): LoggedBeforeSide {
  const after = new Map(delta.after.combatants.map((p) => [p.combatant.id, p.combatant]));
  return {
    ...delta.before,
    combatants: delta.before.combatants.map(({ sortOrder, combatant }) => {
      const now = after.get(combatant.id);
      return { sortOrder, combatant: now === undefined ? combatant : alteredFields(combatant, now) };
    }),
  };
}

/**
 * Whether a change left `was` as it is in `now`. Steps replace only what they change and share the
 * rest, so what a change left alone is still the very same value or object, which === settles
 * without the structural comparison's work (most fields are a number, a text or a flag).
 * Combatants, effects and their rows are plain JSON (objects, arrays, texts, numbers, flags, null):
 * compared as such, a replaced combatant costs a walk to its first difference, without the
 * generality of util.isDeepStrictEqual (prototypes, Maps, cycles): that took a fifth of the
 * JavaScript a command runs before its save goes out.
 */
export function unchanged(was: unknown, now: unknown): boolean {
  if (Object.is(was, now)) return true;
  if (typeof was !== 'object' || typeof now !== 'object' || was === null || now === null) return false;
  if (Array.isArray(was)) return Array.isArray(now) && sameItems(was, now);
  if (Array.isArray(now)) return false;
  // Anything but plain JSON (a Date, say, whose fields are not its own) takes the general comparison.
  if (!isPlainObject(was) || !isPlainObject(now)) return isDeepStrictEqual(was, now);
  return sameFields(was, now);
}

/** An object literal's (of any realm: a test's, or structuredClone's), or one without a prototype. */
function isPlainObject(value: object): value is Readonly<Record<string, unknown>> {
  const prototype: object | null = Object.getPrototypeOf(value) as object | null;
  return prototype === null || Object.getPrototypeOf(prototype) === null;
}

function sameItems(was: readonly unknown[], now: readonly unknown[]): boolean {
  if (was.length !== now.length) return false;
  for (let index = 0; index < was.length; index += 1) if (!unchanged(was[index], now[index])) return false;
  return true;
}

function sameFields(was: Readonly<Record<string, unknown>>, now: Readonly<Record<string, unknown>>): boolean {
  const keys = Object.keys(was);
  if (keys.length !== Object.keys(now).length) return false;
  for (const key of keys) if (!Object.hasOwn(now, key) || !unchanged(was[key], now[key])) return false;
  return true;
}

/** The fields of `was` that differ in `now`, as they were. */
function altered<T extends object>(was: T, now: T): Partial<T> {
  const kept: Partial<T> = {};
  for (const key of Object.keys(was) as (keyof T)[]) if (!unchanged(was[key], now[key])) kept[key] = was[key];
  return kept;
}

function alteredFields(was: Combatant, now: Combatant): LoggedBeforeCombatant {
  const { rules, ...fields } = altered(was, now);
  // The names first: `fields` holds them only when the change altered them, as they were, the same
  // values. Written after the spread they would give every entry a hidden class of its own in Node
  // 20's V8, and every later read of it a miss.
  return {
    id: was.id,
    name: was.name,
    hidden: was.hidden,
    hpKnown: was.hpKnown,
    ...fields,
    ...(rules === undefined ? {} : { rules: altered(was.rules, now.rules) }),
  };
}

/** A logged combatant's rules laid over `current`'s: whole when logged whole, else only the fields the change altered. */
function restoredRules(current: CombatantRulesState, logged: Partial<CombatantRulesState> | undefined): CombatantRulesState {
  return logged === undefined ? current : { ...current, ...logged };
}

function fieldsOf(encounter: Encounter): EncounterFields {
  return {
    round: encounter.round,
    currentId: encounter.currentId,
    options: encounter.options,
    nextSeq: encounter.nextSeq,
    endedAt: encounter.endedAt?.toISOString() ?? null,
  };
}

interface Indexed<T> {
  item: T;
  index: number;
}

/**
 * What a change removed or altered (as it was) and added or altered (as it is), keeping each entry's
 * place; with `ordered`, an entry at another place counts as altered. Steps replace only what they
 * change and share the rest, so an entry still the very same object is unchanged and only replaced
 * ones are compared by value: a command costs little whatever the size of the encounter.
 */
function differing<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
  ordered: boolean,
): { before: Indexed<T>[]; after: Indexed<T>[] } {
  return alignedDiffering(before, after) ?? matchedDiffering(before, after, ordered);
}

/**
 * `differing` for the usual change, which adds, removes and moves nothing: each entry is at its
 * place on both sides, so a walk down the two lists finds what changed without maps of ids. Null
 * when an entry was added, removed or moved.
 */
function alignedDiffering<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
): { before: Indexed<T>[]; after: Indexed<T>[] } | null {
  if (before.length !== after.length) return null;
  const was: Indexed<T>[] = [];
  const now: Indexed<T>[] = [];
  for (let index = 0; index < before.length; index += 1) {
    const item = before[index];
    const match = after[index];
    if (item === match) continue;
    if (item === undefined || match === undefined || item.id !== match.id) return null;
    if (unchanged(item, match)) continue;
    was.push({ item, index });
    now.push({ item: match, index });
  }
  return { before: was, after: now };
}

function matchedDiffering<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
  ordered: boolean,
): { before: Indexed<T>[]; after: Indexed<T>[] } {
  const now = new Map(after.map((item, index) => [item.id, { item, index }]));
  const same = new Set<string>();
  const was = before.flatMap((item, index) => {
    const match = now.get(item.id);
    const kept = match !== undefined && (!ordered || match.index === index) && unchanged(item, match.item);
    if (kept) same.add(item.id);
    return kept ? [] : [{ item, index }];
  });
  return { before: was, after: after.flatMap((item, index) => (same.has(item.id) ? [] : [{ item, index }])) };
}

const placedAt = ({ item, index }: Indexed<Combatant>): PlacedCombatant => ({ sortOrder: index, combatant: item });
const itemOf = <T>({ item }: Indexed<T>): T => item;

export function deltaOf(before: Encounter, after: Encounter): EncounterDelta {
  const combatants = differing(before.combatants, after.combatants, true);
  const effects = differing(before.effects, after.effects, false);
  return {
    before: { fields: fieldsOf(before), combatants: combatants.before.map(placedAt), effects: effects.before.map(itemOf) },
    after: { fields: fieldsOf(after), combatants: combatants.after.map(placedAt), effects: effects.after.map(itemOf) },
  };
}

/** The whole encounter as one side: what the log records for `begin`. */
export function wholeSide(encounter: Encounter): EncounterSide {
  return { ...deltaOf({ ...encounter, combatants: [], effects: [] }, encounter).after, fields: fieldsOf(encounter) };
}

/** Ids of what a delta added (after only) and removed (before only). */
export function addedAndRemoved<T extends { id: string }>(
  before: readonly T[],
  after: readonly T[],
): { added: string[]; removed: string[] } {
  const beforeIds = new Set(before.map((x) => x.id));
  const afterIds = new Set(after.map((x) => x.id));
  return { added: [...afterIds].filter((id) => !beforeIds.has(id)), removed: [...beforeIds].filter((id) => !afterIds.has(id)) };
}

function effectNumber(effect: EncounterEffect): number {
  return Number(effect.id.slice(1));
}

/**
 * The encounter with a change taken back: what it added is gone, what it changed or removed is as
 * it was. Valid on the state right after the change, which is what `undo` always has.
 */
export function revert(current: Encounter, delta: LoggedDelta): Encounter {
  const { before, after } = delta;
  const combatantIds = addedAndRemoved<{ id: string }>(
    before.combatants.map((p) => p.combatant),
    after.combatants.map((p) => p.combatant),
  );
  const effectIds = addedAndRemoved(before.effects, after.effects);
  const now = new Map(current.combatants.map((combatant) => [combatant.id, combatant]));
  const restored = before.combatants.map(({ sortOrder, combatant }): PlacedCombatant => {
    const kept = now.get(combatant.id);
    // A combatant the change removed is logged whole; one it kept, as the fields it altered.
    return {
      sortOrder,
      combatant:
        kept === undefined ? (combatant as Combatant) : { ...kept, ...combatant, rules: restoredRules(kept.rules, combatant.rules) },
    };
  });
  const restoredIds = new Set(restored.map((p) => p.combatant.id));
  const combatants = current.combatants
    .map((combatant, sortOrder): PlacedCombatant => ({ sortOrder, combatant }))
    .filter((p) => !combatantIds.added.includes(p.combatant.id) && !restoredIds.has(p.combatant.id))
    .concat(restored)
    .sort((a, b) => a.sortOrder - b.sortOrder)
    .map((p) => p.combatant);
  const restoredEffects = new Set(before.effects.map((e) => e.id));
  const effects = current.effects
    .filter((e) => !effectIds.added.includes(e.id) && !restoredEffects.has(e.id))
    .concat(before.effects)
    .sort((a, b) => effectNumber(a) - effectNumber(b));
  return {
    ...current,
    round: before.fields.round,
    currentId: before.fields.currentId,
    options: before.fields.options,
    endedAt: before.fields.endedAt === null ? null : new Date(before.fields.endedAt),
    // Ids handed out by the undone change are not handed out again.
    nextSeq: Math.max(current.nextSeq, before.fields.nextSeq),
    combatants,
    effects,
  };
}

function hitPoints(combatant: LoggedCombatant | undefined): HitPointNumbers | null {
  if (combatant === undefined || !combatant.hpKnown) return null;
  const { hp, maxHp, tempHp } = combatant.rules;
  return { hp, maxHp, tempHp };
}

function sameHitPoints(a: HitPointNumbers | null, b: HitPointNumbers | null): boolean {
  return a === null || b === null ? a === b : a.hp === b.hp && a.maxHp === b.maxHp && a.tempHp === b.tempHp;
}

/**
 * The hit points of the hidden combatants a logged change touched, before and after, in encounter
 * order: what the log's words keep from players and the game master's log shows. `before` is null
 * for the change that began the encounter.
 */
export function hiddenHitPointChanges(before: LoggedBeforeSide | null, after: LoggedSide): HiddenHitPoints[] {
  const earlier = new Map((before?.combatants ?? []).map((p) => [p.combatant.id, p.combatant]));
  const later = new Map(after.combatants.map((p) => [p.combatant.id, p.combatant]));
  const changes: HiddenHitPoints[] = [];
  for (const id of new Set([...later.keys(), ...earlier.keys()])) {
    const was = earlier.get(id);
    const is = later.get(id);
    if (!(was?.hidden === true || is?.hidden === true)) continue;
    // What the "before" side leaves out of its rules (all of them, or the hit points) the change left as they are after.
    const wasRules = is === undefined ? was?.rules : { ...is.rules, ...was?.rules };
    const numbers = {
      before: hitPoints(was === undefined || wasRules === undefined ? undefined : { ...was, rules: wasRules as HitPointNumbers }),
      after: hitPoints(is),
    };
    if (sameHitPoints(numbers.before, numbers.after)) continue;
    changes.push({ name: (is ?? was)?.name ?? id, ...numbers });
  }
  return changes;
}
