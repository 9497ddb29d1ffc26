import { CONDITIONS_2014 } from '../conditions/dnd2014';
import type { RulesContext } from '../context';
import { RULESET_SUMMARIES } from '../ids';
import { EXHAUSTION_2014 } from '../tracks';

/** The 2014 rules as SRD 5.1 gives them (RULES.md column a). */
export const DND2014: RulesContext = {
  id: 'dnd2014',
  name: RULESET_SUMMARIES.dnd2014.name,
  conditions: CONDITIONS_2014,
  tracks: [EXHAUSTION_2014],
  facts: {
    hasTempHp: true,
    hasHeroicInspiration: false,
    negativeHp: false,
    knockOutHp: 0,
    deathSaveDc: 10,
    deathSaveIsConSave: false,
    stabiliseDc: 10,
    stableRecoveryDie: 4,
    concentrationDcCap: null,
    concentrationFromDamage: true,
    longRestHitDice: 'half',
    nextRestRules: false,
    shortRestMinutes: 60,
    hitDieMinimum: 0,
    monstersMakeDeathSaves: false,
    initiativeTieBreak: 'modifier-then-roll',
    initiativeScore: false,
    surpriseDisadvantage: false,
    autoCriticals: true,
    critical: { kind: 'double-dice' },
    instantDeath: 'leftover-max-hp',
    damageAtZero: 'death-save-failures',
    deathSaveNatural1: 'two-failures',
    deathSaveFailureDamage: null,
    fatigueOnFallingUnconscious: false,
    bloodied: false,
    dodge: 'disadvantage',
    coverOnlyFromFarSide: false,
    coverHelpsHiding: false,
    longRestRestoresMaxHp: false,
    longRestTrackRecovery: 'one-if-fed',
  },
};
