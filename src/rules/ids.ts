/** The rule sets a server or channel can choose, in the order they are offered. */
export const RULESET_IDS = ['dnd2024', 'dnd2014', 'crown-misery', 'dnd-next', 'a5e'] as const;

export type RuleSetId = (typeof RULESET_IDS)[number];

export const DEFAULT_RULESET: RuleSetId = 'dnd2024';

/** Names and one-line descriptions, offered as `name — description` within Discord's 100 characters for a choice. */
export const RULESET_SUMMARIES: Readonly<Record<RuleSetId, { name: string; description: string }>> = {
  dnd2024: { name: '5e 2024', description: 'The 2024 rules: exhaustion −2 per level, all hit dice back on a long rest.' },
  dnd2014: { name: '5e 2014', description: 'The 2014 rules: six-level exhaustion table, half your hit dice back.' },
  'crown-misery': { name: 'Crown & Misery', description: '2024 rules with house changes: a critical hit doubles the total.' },
  'dnd-next': { name: 'D&D Next playtest', description: 'Negative hit points, 1d6 damage on a failed death save.' },
  a5e: { name: 'Level Up A5E', description: 'Fatigue and strife, massive damage, crits double every number.' },
};

export function isRuleSetId(value: string): value is RuleSetId {
  return (RULESET_IDS as readonly string[]).includes(value);
}
