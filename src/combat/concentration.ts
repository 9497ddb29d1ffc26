import { ASKED_FOR } from '../rules/ability-tests';
import type { DamageType, RollMode } from '../rules/types';
import { CombatRefusal } from './refusals';
import { applyRulesChange, concentrationOf, endEffects, isPrivateEffect } from './effects';
import { requireControl } from './permissions';
import { rollCombatantSave, saveBonus } from './saves';
import { findById, findTarget, refOf } from './targets';
import { replaceCombatant, takeId, type Part, type StepContext, type Transition } from './transition';
import type { Combatant, Encounter, EncounterEffect, EncounterEvent } from './types';
import { requireName } from './validate';

export function startConcentration(
  encounter: Encounter,
  ctx: StepContext,
  input: { target: string; effect: string; spellLevel?: number; damageType?: DamageType },
): Transition {
  const combatant = findTarget(encounter, input.target);
  requireControl(ctx.actor, encounter, combatant, `start concentration for ${combatant.name}`);
  const name = requireName(input.effect, 'effect-name');
  if (combatant.rules.dead) throw new CombatRefusal({ kind: 'dead-cannot-concentrate', combatant: combatant.name });
  const incapacitating = combatant.rules.conditions
    .map((key) => ctx.ruleSet.condition(key))
    .find((condition) => condition?.mechanics.breaksConcentration === true);
  if (incapacitating !== undefined)
    throw new CombatRefusal({ kind: 'cannot-concentrate', combatant: combatant.name, condition: incapacitating.name });
  const events: EncounterEvent[] = [];
  let next = encounter;
  const previous = concentrationOf(next, combatant.id);
  if (previous !== undefined) {
    const ended = endEffects(next, [previous.id], 'replaced');
    next = ended.encounter;
    events.push(...ended.events);
  }
  const holder = findById(next, combatant.id) ?? combatant;
  const change = ctx.ruleSet.startConcentration(holder.rules, name);
  const applied = applyRulesChange(next, holder, change);
  next = applied.encounter;
  events.push(...applied.events);
  const [id, numbered] = takeId(next, 'e');
  const effect: EncounterEffect = {
    id,
    kind: 'concentration',
    name,
    sourceId: combatant.id,
    targetId: combatant.id,
    startedRound: numbered.round,
    expiry: null,
    concentrationId: null,
    appliedBy: ctx.actor.userId,
    note: null,
    save: null,
    modifiers: [],
    shownToPlayers: true,
    savePending: false,
    ...(input.spellLevel === undefined ? {} : { spellLevel: input.spellLevel }),
    ...(input.damageType === undefined ? {} : { damageType: input.damageType }),
  };
  next = { ...numbered, effects: [...numbered.effects, effect] };
  events.push({ kind: 'concentration-started', combatant: refOf(holder), effect: name });
  return { encounter: next, events, note: { kind: 'concentrating', combatant: combatant.name, effect: name } };
}

/**
 * A concentration the table was not told of (a secret cast, or a cast whose reply went to the game
 * master alone) is the game master's: on a hidden combatant the players' views leave it out.
 */
export function concentrationUntold(encounter: Encounter, combatantId: string): Encounter {
  const effect = concentrationOf(encounter, combatantId);
  if (effect === undefined || !effect.shownToPlayers) return encounter;
  return { ...encounter, effects: encounter.effects.map((e) => (e.id === effect.id ? { ...e, shownToPlayers: false } : e)) };
}

export function dropConcentration(encounter: Encounter, ctx: StepContext, target: string): Transition {
  const combatant = findTarget(encounter, target);
  requireControl(ctx.actor, encounter, combatant, `end ${combatant.name}'s concentration`);
  const effect = concentrationOf(encounter, combatant.id);
  if (effect === undefined) throw new CombatRefusal({ kind: 'not-concentrating', combatant: combatant.name });
  const ended = endEffects(encounter, [effect.id], 'dropped');
  return { ...ended, note: { kind: 'stopped-concentrating', combatant: combatant.name, effect: effect.name } };
}

/**
 * Rolls a Constitution save to keep concentration, with the rule set's modifiers for the combatant;
 * `mode` is the advantage or disadvantage its roller asks for, which joins theirs.
 */
function rollSave(encounter: Encounter, ctx: StepContext, combatant: Combatant, dc: number, mode: RollMode = 'normal'): Part {
  const effect = concentrationOf(encounter, combatant.id);
  if (effect === undefined) return { encounter, events: [] };
  const save = rollCombatantSave(encounter, ctx, combatant, 'con', dc, {
    concentration: true,
    advantage: mode === 'advantage' ? [ASKED_FOR] : [],
    disadvantage: mode === 'disadvantage' ? [ASKED_FOR] : [],
  });
  const secret = isPrivateEffect(encounter, effect) ? { private: true } : {};
  const event: EncounterEvent = { kind: 'concentration-save', combatant: refOf(combatant), effect: effect.name, dc, ...save, ...secret };
  if (save.success) return { encounter, events: [event] };
  const ended = endEffects(encounter, [effect.id], 'save-failed');
  return { encounter: ended.encounter, events: [event, ...ended.events] };
}

/**
 * Damage asked for a concentration save (the rules engine's `concentration-save` event gives the
 * DC): roll it now, or leave it for the button, as the encounter's option says. A concentration the
 * table was not told of is rolled now: a button in the channel would tell of it.
 */
export function concentrationChecks(encounter: Encounter, ctx: StepContext, combatantId: string, dcs: readonly number[]): Part {
  let next = encounter;
  const events: EncounterEvent[] = [];
  for (const dc of dcs) {
    const combatant = findById(next, combatantId);
    const effect = concentrationOf(next, combatantId);
    if (combatant === undefined || effect === undefined) break;
    if (next.options.autoConcentrationSaves || isPrivateEffect(next, effect)) {
      const saved = rollSave(next, ctx, combatant, dc);
      next = saved.encounter;
      events.push(...saved.events);
    } else {
      next = replaceCombatant(next, { ...combatant, pendingConcentrationDcs: [...combatant.pendingConcentrationDcs, dc] });
      events.push({
        kind: 'concentration-check',
        combatant: refOf(combatant),
        effect: effect.name,
        dc,
        bonus: saveBonus(combatant, 'con'),
      });
    }
  }
  return { encounter: next, events };
}

/**
 * Every concentration save still waiting for its button, rolled oldest first, so that none is lost
 * when the turn moves on (each damage instance keeps its own save).
 */
export function rollPendingConcentrationSaves(encounter: Encounter, ctx: StepContext): Part {
  let next = encounter;
  const events: EncounterEvent[] = [];
  for (const { id } of encounter.combatants) {
    for (let combatant = findById(next, id); combatant !== undefined && combatant.pendingConcentrationDcs.length > 0;) {
      const [dc, ...rest] = combatant.pendingConcentrationDcs;
      const waiting = { ...combatant, pendingConcentrationDcs: rest };
      const saved = rollSave(replaceCombatant(next, waiting), ctx, waiting, dc ?? 0);
      next = saved.encounter;
      events.push(...saved.events);
      combatant = findById(next, id);
    }
  }
  return { encounter: next, events };
}

/** The button: rolls the oldest concentration save waiting for the combatant, with the advantage or disadvantage asked for. */
export function pressConcentrationSave(encounter: Encounter, ctx: StepContext, target: string, mode: RollMode = 'normal'): Transition {
  const combatant = findTarget(encounter, target);
  requireControl(ctx.actor, encounter, combatant, `roll ${combatant.name}'s concentration save`);
  const [dc, ...rest] = combatant.pendingConcentrationDcs;
  if (dc === undefined) throw new CombatRefusal({ kind: 'no-concentration-save-due', combatant: combatant.name });
  const waiting = { ...combatant, pendingConcentrationDcs: rest };
  const saved = rollSave(replaceCombatant(encounter, waiting), ctx, waiting, dc, mode);
  const outcome = saved.events.find((e) => e.kind === 'concentration-save');
  const kept = outcome?.kind === 'concentration-save' && outcome.success;
  return { ...saved, note: { kind: 'concentration-save', combatant: combatant.name, dc, kept, hidden: combatant.hidden } };
}
