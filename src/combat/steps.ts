/**
 * Every change a command can make to an encounter, as a pure step for `EncounterService.apply`.
 * A new command adds its step here (in the module that owns its rules) and a view for its events.
 */
export { attack } from './attacks';
export { addCondition, addConditionToEach, removeCondition } from './conditions';
export { dropConcentration, pressConcentrationSave, startConcentration } from './concentration';
export { dealDamage, grantTempHp, heal, setHp, setMaxHp } from './hit-points';
export { changeOptions, endEncounter } from './lifecycle';
export { addMonsters, joinEncounter, removeCombatant, setInitiative } from './roster';
export { pressRepeatSave } from './repeat-saves';
export { actNow, delayTurn, moveTurn, nextTurn, pressDeathSave, previousTurn } from './turns';
export { monsterAction } from './monster-actions';
export { castSpell, spellOngoing } from './spells';
export { readyAction, spendLegendaryAction, useReaction } from './turn-actions';
