import type { BookId } from '../compendium/books';
import type { Ability, RulesResult } from '../rules/types';

/** The classes whose spellcasting the sheet knows: the SRD's eight casters, and the artificer. */
export const CASTER_CLASSES = ['artificer', 'bard', 'cleric', 'druid', 'paladin', 'ranger', 'sorcerer', 'warlock', 'wizard'] as const;
export type CasterClass = (typeof CASTER_CLASSES)[number];

export const MAX_SLOT_LEVEL = 9;
/** The most slots of one level a custom table may give: past any class's 4, for homebrew. */
export const MAX_SLOTS_PER_LEVEL = 9;

type Progression = 'full' | 'half' | 'pact';

const CLASS_CASTING: Readonly<Record<CasterClass, { ability: Ability; progression: Progression }>> = {
  artificer: { ability: 'int', progression: 'half' },
  bard: { ability: 'cha', progression: 'full' },
  cleric: { ability: 'wis', progression: 'full' },
  druid: { ability: 'wis', progression: 'full' },
  paladin: { ability: 'cha', progression: 'half' },
  ranger: { ability: 'wis', progression: 'half' },
  sorcerer: { ability: 'cha', progression: 'full' },
  warlock: { ability: 'cha', progression: 'pact' },
  wizard: { ability: 'int', progression: 'full' },
};

export function classAbility(casterClass: CasterClass): Ability {
  return CLASS_CASTING[casterClass].ability;
}

/** The full caster's table of both SRDs, by character level (index 0: level 1), slots by slot level. */
const FULL_CASTER: readonly (readonly number[])[] = [
  [2],
  [3],
  [4, 2],
  [4, 3],
  [4, 3, 2],
  [4, 3, 3],
  [4, 3, 3, 1],
  [4, 3, 3, 2],
  [4, 3, 3, 3, 1],
  [4, 3, 3, 3, 2],
  [4, 3, 3, 3, 2, 1],
  [4, 3, 3, 3, 2, 1],
  [4, 3, 3, 3, 2, 1, 1],
  [4, 3, 3, 3, 2, 1, 1],
  [4, 3, 3, 3, 2, 1, 1, 1],
  [4, 3, 3, 3, 2, 1, 1, 1],
  [4, 3, 3, 3, 2, 1, 1, 1, 1],
  [4, 3, 3, 3, 3, 1, 1, 1, 1],
  [4, 3, 3, 3, 3, 2, 1, 1, 1],
  [4, 3, 3, 3, 3, 2, 2, 1, 1],
];

/**
 * A half caster's slots are the full caster's at half its level, rounded up. The SRD 5.2's
 * paladin and ranger cast from level 1; the SRD 5.1's from level 2 (the artificer, outside both
 * books, casts from level 1 in its own).
 */
function halfCasterSlots(casterClass: CasterClass, level: number, book: BookId): number[] {
  if (level === 1 && book === 'srd-5.1' && casterClass !== 'artificer') return [];
  return [...fullCasterSlots(Math.ceil(level / 2))];
}

function fullCasterSlots(level: number): readonly number[] {
  return FULL_CASTER[level - 1] ?? [];
}

/** Pact Magic: 1 slot at level 1, 2 from 2nd, 3 from 11th, 4 from 17th; all of one level, up to 5th. */
function pactSlots(level: number): number[] {
  const count = level >= 17 ? 4 : level >= 11 ? 3 : level >= 2 ? 2 : 1;
  const slotLevel = Math.min(5, Math.ceil(level / 2));
  return Array.from({ length: slotLevel }, (_, index) => (index === slotLevel - 1 ? count : 0));
}

/** What a sheet says about its slots: the class and a custom table that replaces the class's. */
export interface SlotSource {
  casterClass: CasterClass | null;
  /** Slots by slot level (index 0: 1st), written by the player; null: the class's table. */
  customSlots: readonly number[] | null;
}

/** A caster's slots by slot level (index 0: 1st); `pact` slots come back on a short rest too. */
export interface SlotTable {
  slots: readonly number[];
  pact: boolean;
}

/** The slots a character of `level` has: its custom table, else its class's in the rule set's book. */
export function slotTable(source: SlotSource, level: number, book: BookId): SlotTable {
  if (source.customSlots !== null) return { slots: source.customSlots, pact: false };
  if (source.casterClass === null) return { slots: [], pact: false };
  switch (CLASS_CASTING[source.casterClass].progression) {
    case 'full':
      return { slots: fullCasterSlots(level), pact: false };
    case 'half':
      return { slots: halfCasterSlots(source.casterClass, level, book), pact: false };
    case 'pact':
      return { slots: pactSlots(level), pact: true };
  }
}

/** Slots spent by slot level (index 0: 1st), as stored: no trailing zeros, so nothing spent is `[]`. */
export type SlotsSpent = readonly number[];

/** A caster's slots as play finds them: the table and what is spent of it. */
export interface SheetSlots {
  table: SlotTable;
  spent: SlotsSpent;
}

export interface SlotCount {
  level: number;
  total: number;
  left: number;
}

/** Every slot level the table gives, with what is left of it (never below 0, whatever was spent before a level or class changed). */
export function slotsLeft({ table, spent }: SheetSlots): SlotCount[] {
  return table.slots.flatMap((total, index) =>
    total === 0 ? [] : [{ level: index + 1, total, left: Math.max(0, total - (spent[index] ?? 0)) }],
  );
}

/** A count by slot level as stored: trailing zeros dropped, so none at all is `[]`. */
export function trimmed(spent: readonly number[]): number[] {
  const copy = [...spent];
  while (copy.length > 0 && copy[copy.length - 1] === 0) copy.pop();
  return copy;
}

function withSpent(spent: SlotsSpent, level: number, count: number): number[] {
  const copy = Array.from({ length: Math.max(spent.length, level) }, (_, index) => spent[index] ?? 0);
  copy[level - 1] = count;
  return trimmed(copy);
}

/** Why a slot cannot be spent: the caster has no slot of that level, or none is left. */
export type SlotRefusal = { kind: 'no-slots-of-level'; level: number } | { kind: 'no-slot-left'; level: number; total: number };

/** Spends one slot of `level`: the slots spent after it, or why not. */
export function spendSlot(slots: SheetSlots, level: number): RulesResult<number[], SlotRefusal> {
  const count = slotsLeft(slots).find((c) => c.level === level);
  if (count === undefined) return { ok: false, reason: { kind: 'no-slots-of-level', level } };
  if (count.left === 0) return { ok: false, reason: { kind: 'no-slot-left', level, total: count.total } };
  return { ok: true, value: withSpent(slots.spent, level, count.total - count.left + 1) };
}

/** Gives back one slot of `level` (an undone cast); nothing when none of that level is spent. */
export function restoreSlot(slots: SheetSlots, level: number): number[] {
  const spent = slots.spent[level - 1] ?? 0;
  return spent === 0 ? [...slots.spent] : withSpent(slots.spent, level, spent - 1);
}

/** The slots spent after a rest: a long rest restores them all, a short rest pact slots only. */
export function slotsAfterRest(slots: SheetSlots, kind: 'short' | 'long'): number[] {
  return kind === 'long' || slots.table.pact ? [] : [...slots.spent];
}
