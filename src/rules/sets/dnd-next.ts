import { CONDITIONS_NEXT } from '../conditions/dnd-next';
import type { RulesContext } from '../context';
import { RULESET_SUMMARIES } from '../ids';

/**
 * The D&D Next playtest "How to Play" (RULES.md column d): negative HP, no exhaustion; temporary HP
 * as in 2014 (the seed is silent on them); Bloodied only inside Experimental Rule 2's rests.
 */
export const DND_NEXT: RulesContext = {
  id: 'dnd-next',
  name: RULESET_SUMMARIES['dnd-next'].name,
  conditions: CONDITIONS_NEXT,
  tracks: [],
  facts: {
    hasTempHp: true,
    hasHeroicInspiration: false,
    negativeHp: true,
    knockOutHp: 0,
    deathSaveDc: 10,
    deathSaveIsConSave: true,
    stabiliseDc: 15,
    stableRecoveryDie: 8,
    concentrationDcCap: null,
    concentrationFromDamage: false,
    longRestHitDice: 'all',
    nextRestRules: true,
    shortRestMinutes: 10,
    shortRestNeedsHp: false,
    hitDieMinimum: 0,
    monstersMakeDeathSaves: false,
    initiativeTieBreak: 'roll-off',
    initiativeScore: false,
    surpriseDisadvantage: false,
    delay: true,
    readyMovesInOrder: true,
    autoCriticals: false,
    critical: { kind: 'max-dice-plus-weapon-die' },
    instantDeath: 'death-threshold',
    damageAtZero: 'toward-threshold',
    deathSaveNatural1: 'failure',
    deathSaveFailureDamage: 6,
    fatigueOnFallingUnconscious: false,
    bloodied: false,
    dodge: 'plus-four',
    coverOnlyFromFarSide: true,
    coverHelpsHiding: false,
    longRestRestoresMaxHp: false,
    longRestTrackRecovery: 'one',
    revivalLowersTracks: [],
    roundsLast: 'to-start-of-turn-begun',
  },
};
