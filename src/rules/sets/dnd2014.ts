import { CONDITIONS_2014 } from '../conditions/dnd2014';
import type { RulesContext } from '../context';
import { RULESET_SUMMARIES } from '../ids';
import { EXHAUSTION_2014 } from '../tracks';
import type { RuleSetFacts } from '../types';
import { FACTS_2024 } from './dnd2024';

/** The 2024 revision kept most of SRD 5.1's facts; these are the ones it changed. */
export const FACTS_2014: RuleSetFacts = {
  ...FACTS_2024,
  hasHeroicInspiration: false,
  knockOutHp: 0,
  concentrationDcCap: null,
  longRestHitDice: 'half',
  shortRestNeedsHp: false,
  hitDieMinimum: 0,
  initiativeScore: false,
  surpriseDisadvantage: false,
  delay: true,
  bloodied: false,
  longRestRestoresMaxHp: false,
  longRestTrackRecovery: 'one-if-fed',
  revivalLowersTracks: [],
};

/** The 2014 rules as SRD 5.1 gives them (RULES.md column a). */
export const DND2014: RulesContext = {
  id: 'dnd2014',
  name: RULESET_SUMMARIES.dnd2014.name,
  conditions: CONDITIONS_2014,
  tracks: [EXHAUSTION_2014],
  facts: FACTS_2014,
};
