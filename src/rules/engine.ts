import { castingInterruptionDc, concentrationDc, startConcentration } from './concentration';
import { addCondition, endEncounter, keepHeldConditions, removeCondition, setTrack } from './condition-state';
import { findCondition, maxHpOf, usesPlayerRules, type RulesContext } from './context';
import { attackAgainst, attackOutcome, d20Test, rollD20, rollD20Test } from './d20';
import { applyDamage } from './damage';
import { recoverFromStable, rollDeathSave, stabilise } from './death';
import { cover, dodge } from './defences';
import { endingEffects, expiryAfterRounds, expiryOf, roundsExpiry, roundsLeft } from './durations';
import { applyHealing, isBloodied, reduceMaxHp, setHitPoints, setTempHp } from './hit-points';
import { useHeroicInspiration } from './inspiration';
import { orderInitiative, rollInitiative } from './initiative';
import { canRest, longRest, shortRest } from './rests';
import { speedOf } from './speed';
import type { RuleSet } from './types';

/** A rule set is data (facts, catalogue, tracks); the mechanics are shared and read that data. */
export function buildRuleSet(ctx: RulesContext): RuleSet {
  return {
    id: ctx.id,
    name: ctx.name,
    facts: ctx.facts,
    conditions: ctx.conditions,
    tracks: ctx.tracks,
    condition: (key) => findCondition(ctx, key),
    addCondition: (state, key) => addCondition(ctx, state, key),
    removeCondition: (state, key) => removeCondition(ctx, state, key),
    keepHeldConditions: (before, change, held) => keepHeldConditions(ctx, before, change, held),
    setTrack: (state, track, level) => setTrack(ctx, state, track, level),
    d20Test: (state, request) => d20Test(ctx, state, request),
    rollD20Test: (state, request, own, random) => rollD20Test(ctx, state, request, own, random),
    attackAgainst: (target, request) => attackAgainst(ctx, target, request),
    rollD20,
    attackOutcome,
    useHeroicInspiration: (state, sides, random) => useHeroicInspiration(ctx, state, sides, random),
    speed: (state, baseSpeed) => speedOf(ctx, state, baseSpeed),
    cover: (degrees, fromFarSide) => cover(ctx, degrees, fromFarSide),
    dodge: (state, baseSpeed) => dodge(ctx, state, baseSpeed),
    maxHp: (state) => maxHpOf(ctx, state),
    isBloodied: (state) => isBloodied(ctx, state),
    makesDeathSaves: (state) => usesPlayerRules(ctx, state),
    applyDamage: (state, damage, random) => applyDamage(ctx, state, damage, random),
    applyHealing: (state, amount) => applyHealing(ctx, state, amount),
    setHitPoints: (state, hp) => setHitPoints(ctx, state, hp),
    setTempHp: (state, amount, options) => setTempHp(ctx, state, amount, options),
    reduceMaxHp: (state, reduction) => reduceMaxHp(ctx, state, reduction),
    rollDeathSave: (state, random, effects) => rollDeathSave(ctx, state, random, effects),
    stabilise,
    recoverFromStable: (state, random) => recoverFromStable(ctx, state, random),
    concentrationDc: (damage) => concentrationDc(ctx.facts, damage),
    castingInterruptionDc: (damage) => castingInterruptionDc(ctx.facts, damage),
    startConcentration,
    endEncounter: (state) => endEncounter(ctx, state),
    rollInitiative: (request, random) => rollInitiative(ctx, request, random),
    orderInitiative: (entries, random) => orderInitiative(ctx, entries, random),
    expiryOf,
    expiryAfterRounds,
    roundsExpiry: (count, who, ends, now, order) => roundsExpiry(ctx.facts, count, who, ends, now, order),
    endingEffects,
    roundsLeft,
    canRest,
    shortRest: (state, options, random) => shortRest(ctx, state, options, random),
    longRest: (state, options) => longRest(ctx, state, options),
  };
}
