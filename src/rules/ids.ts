/** The rule sets a server or channel can choose, in the order `/config` lists them. */
export const RULESET_IDS = ['dnd2024', 'dnd2014', 'crown-misery', 'dnd-next', 'a5e'] as const;

export type RuleSetId = (typeof RULESET_IDS)[number];

export const DEFAULT_RULESET: RuleSetId = 'dnd2024';

/** Names and one-line descriptions, as `/config` offers them (Discord allows 100 characters). */
export const RULESET_SUMMARIES: Readonly<Record<RuleSetId, { name: string; description: string }>> = {
  dnd2024: { name: '5e 2024', description: 'The 2024 free rules: exhaustion −2 per level, Heroic Inspiration, all hit dice back on a long rest.' },
  dnd2014: { name: '5e 2014', description: 'The 2014 rules: six-level exhaustion table, half your hit dice back on a long rest.' },
  'crown-misery': { name: 'Crown & Misery', description: '2024 rules with the Crown & Misery house changes: critical hits double the total damage.' },
  'dnd-next': { name: 'D&D Next playtest', description: 'Negative hit points, 1d6 damage on a failed death save, no concentration saves from damage.' },
  a5e: { name: 'Level Up A5E', description: 'Fatigue and strife, massive damage, critical hits double every number.' },
};

export function isRuleSetId(value: string): value is RuleSetId {
  return (RULESET_IDS as readonly string[]).includes(value);
}
