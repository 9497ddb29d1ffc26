import { CONDITIONS_A5E } from '../conditions/a5e';
import type { RulesContext } from '../context';
import { RULESET_SUMMARIES } from '../ids';
import { FATIGUE, STRIFE } from '../tracks';

/** Level Up Advanced 5e (RULES.md column e): fatigue and strife, massive damage, crits double everything. */
export const A5E: RulesContext = {
  id: 'a5e',
  name: RULESET_SUMMARIES.a5e.name,
  conditions: CONDITIONS_A5E,
  tracks: [FATIGUE, STRIFE],
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
    initiativeTieBreak: 'roll-off',
    initiativeScore: false,
    surpriseDisadvantage: false,
    autoCriticals: true,
    critical: { kind: 'double-everything' },
    instantDeath: 'massive-damage',
    damageAtZero: 'attacker-choice',
    deathSaveNatural1: 'fatigue-and-strife',
    deathSaveFailureDamage: null,
    fatigueOnFallingUnconscious: true,
    bloodied: true,
    dodge: 'disadvantage',
    coverOnlyFromFarSide: false,
    coverHelpsHiding: true,
    longRestRestoresMaxHp: false,
    longRestTrackRecovery: 'haven',
  },
};
