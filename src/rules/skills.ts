import type { RuleSetId } from './ids';
import type { Ability } from './types';

/** Every skill a rule set here knows, and the ability it uses by default. */
export const SKILLS = {
  acrobatics: 'dex',
  'animal-handling': 'wis',
  arcana: 'int',
  athletics: 'str',
  culture: 'int',
  deception: 'cha',
  engineering: 'int',
  history: 'int',
  insight: 'wis',
  intimidation: 'cha',
  investigation: 'int',
  medicine: 'wis',
  nature: 'int',
  perception: 'wis',
  performance: 'cha',
  persuasion: 'cha',
  religion: 'int',
  'sleight-of-hand': 'dex',
  stealth: 'dex',
  survival: 'wis',
} as const satisfies Record<string, Ability>;
export type Skill = keyof typeof SKILLS;

export const SKILL_KEYS = Object.keys(SKILLS) as Skill[];

/** Level Up's two additions to the 5e list ([A5E-SRD]; the combat chapter [004] names neither). */
const A5E_ONLY: readonly Skill[] = ['culture', 'engineering'];

/**
 * The skills a rule set's checks may name. 2014, 2024 and C&M share the 18 of the 5e list; the Next
 * playtest text names no list (its Wisdom tasks, such as Listen and Spot, are plain ability checks),
 * so it keeps the 5e one; A5E adds Culture and Engineering (docs/rulesets.md).
 */
export function skillsOf(ruleSet: RuleSetId): Skill[] {
  return ruleSet === 'a5e' ? SKILL_KEYS : SKILL_KEYS.filter((skill) => !A5E_ONLY.includes(skill));
}

/** A skill as typed: case, spaces, hyphens and underscores do not matter ("Sleight of Hand" is `sleight-of-hand`). */
export function skillKey(typed: string): string {
  return typed
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-');
}

export function isSkill(key: string): key is Skill {
  return (SKILL_KEYS as readonly string[]).includes(key);
}
