import { CONDITIONS_2024 } from '../conditions/dnd2024';
import type { RulesContext } from '../context';
import { RULESET_SUMMARIES } from '../ids';
import { EXHAUSTION_2024 } from '../tracks';
import type { RuleSetFacts } from '../types';

/** The 2024 free rules (RULES.md column b); chapter-1 facts missing from the seed come from SRD 5.2. */
export const FACTS_2024: RuleSetFacts = {
  hasTempHp: true,
  hasHeroicInspiration: true,
  negativeHp: false,
  knockOutHp: 1,
  deathSaveDc: 10,
  deathSaveIsConSave: false,
  stabiliseDc: 10,
  stableRecoveryDie: 4,
  concentrationDcCap: 30,
  concentrationFromDamage: true,
  longRestHitDice: 'all',
  nextRestRules: false,
  shortRestMinutes: 60,
  shortRestNeedsHp: true,
  hitDieMinimum: 1,
  monstersMakeDeathSaves: false,
  initiativeTieBreak: 'modifier-then-roll',
  initiativeScore: true,
  surpriseDisadvantage: true,
  delay: false,
  readyMovesInOrder: false,
  autoCriticals: true,
  critical: { kind: 'double-dice' },
  instantDeath: 'leftover-max-hp',
  damageAtZero: 'death-save-failures',
  deathSaveNatural1: 'two-failures',
  deathSaveFailureDamage: null,
  fatigueOnFallingUnconscious: false,
  bloodied: true,
  dodge: 'disadvantage',
  coverOnlyFromFarSide: false,
  coverHelpsHiding: false,
  longRestRestoresMaxHp: true,
  longRestTrackRecovery: 'one',
  revivalLowersTracks: ['exhaustion'],
  roundsLast: 'to-end-of-source-turn',
};

export const DND2024: RulesContext = {
  id: 'dnd2024',
  name: RULESET_SUMMARIES.dnd2024.name,
  facts: FACTS_2024,
  conditions: CONDITIONS_2024,
  tracks: [EXHAUSTION_2024],
};
