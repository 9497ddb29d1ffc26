import { CONDITIONS_A5E } from '../conditions/a5e';
import type { RulesContext } from '../context';
import { RULESET_SUMMARIES } from '../ids';
import { FATIGUE, STRIFE } from '../tracks';
import { FACTS_2014 } from './dnd2014';

/**
 * Level Up Advanced 5e (RULES.md column e) builds on SRD 5.1, so its facts are 2014's but for fatigue
 * and strife, massive damage, crits that double everything, and the other changes below.
 */
export const A5E: RulesContext = {
  id: 'a5e',
  name: RULESET_SUMMARIES.a5e.name,
  conditions: CONDITIONS_A5E,
  tracks: [FATIGUE, STRIFE],
  facts: {
    ...FACTS_2014,
    initiativeTieBreak: 'roll-off',
    critical: { kind: 'double-everything' },
    instantDeath: 'massive-damage',
    damageAtZero: 'attacker-choice',
    deathSaveNatural1: 'fatigue-and-strife',
    fatigueOnFallingUnconscious: true,
    bloodied: true,
    coverHelpsHiding: true,
    longRestTrackRecovery: 'haven',
    revivalLowersTracks: ['fatigue', 'strife'],
  },
};
