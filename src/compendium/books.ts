import type { RuleSetId } from '../rules/ids';

/** The two books of the compendium: the SRD 5.2 (2024 rules) and the SRD 5.1 (2014 rules). */
export const BOOK_IDS = ['srd-5.2', 'srd-5.1'] as const;
export type BookId = (typeof BOOK_IDS)[number];

/** Where a stat block is kept: a book of the compendium, or the server's homebrew. */
export type MonsterSource = BookId | 'homebrew';

/** 2024 and Crown & Misery use the SRD 5.2; 2014, the D&D Next playtest and A5E the SRD 5.1. */
const BOOK_OF: Readonly<Record<RuleSetId, BookId>> = {
  dnd2024: 'srd-5.2',
  'crown-misery': 'srd-5.2',
  dnd2014: 'srd-5.1',
  'dnd-next': 'srd-5.1',
  a5e: 'srd-5.1',
};

export function bookOf(ruleSet: RuleSetId): BookId {
  return BOOK_OF[ruleSet];
}

/** The book `source:` picks instead of the rule set's own. */
export function otherBook(book: BookId): BookId {
  return book === 'srd-5.2' ? 'srd-5.1' : 'srd-5.2';
}
