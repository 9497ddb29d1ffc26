import type { RulesContext } from '../context';
import { RULESET_SUMMARIES } from '../ids';
import { DND2024, FACTS_2024 } from './dnd2024';

/**
 * Crown & Misery: the 2024 rules with RULES.md §25's changes. Its glossary drops conditions,
 * concentration and exhaustion, which fall back to 2024 (decision §27.2); the one mechanical change
 * the engine sees are the critical hit (roll normally, then double the total, decision §27.1) and
 * the Death Saving Throws entry, which names no one and has no instant death [001]: every creature
 * at 0 HP makes death saves, and damage at 0 HP only adds failures.
 */
export const CROWN_MISERY: RulesContext = {
  ...DND2024,
  id: 'crown-misery',
  name: RULESET_SUMMARIES['crown-misery'].name,
  facts: { ...FACTS_2024, critical: { kind: 'double-total' }, monstersMakeDeathSaves: true, instantDeath: 'none' },
};
