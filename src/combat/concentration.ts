import { UserError } from '../errors';
import { CombatRefusal } from './refusals';
import { applyRulesChange, concentrationOf, endEffects, type Step } from './effects';
import { requireControl } from './permissions';
import { findById, findTarget, refOf } from './targets';
import { replaceCombatant, takeId, type StepContext, type Transition } from './transition';
import type { Combatant, Encounter, EncounterEffect, EncounterEvent } from './types';
import { requireName } from './validate';

export function startConcentration(encounter: Encounter, ctx: StepContext, input: { target: string; effect: string }): Transition {
  const combatant = findTarget(encounter, input.target);
  requireControl(ctx.actor, encounter, combatant, `start concentration for ${combatant.name}`);
  const name = requireName(input.effect, "The effect's name");
  if (combatant.rules.dead) throw new UserError(`${combatant.name} is dead and cannot concentrate.`);
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
  };
  next = { ...numbered, effects: [...numbered.effects, effect] };
  events.push({ kind: 'concentration-started', combatant: refOf(holder), effect: name });
  return { encounter: next, events, command: 'init concentrate', detail: `${combatant.name} concentrates on ${name}` };
}

export function dropConcentration(encounter: Encounter, ctx: StepContext, target: string): Transition {
  const combatant = findTarget(encounter, target);
  requireControl(ctx.actor, encounter, combatant, `end ${combatant.name}'s concentration`);
  const effect = concentrationOf(encounter, combatant.id);
  if (effect === undefined) throw new UserError(`${combatant.name} is not concentrating on anything.`);
  const ended = endEffects(encounter, [effect.id], 'dropped');
  return { ...ended, command: 'init drop-concentration', detail: `${combatant.name} stopped concentrating on ${effect.name}` };
}

/** Rolls a Constitution save to keep concentration, with the rule set's modifiers for the combatant. */
function rollSave(encounter: Encounter, ctx: StepContext, combatant: Combatant, dc: number): Step {
  const effect = concentrationOf(encounter, combatant.id);
  if (effect === undefined) return { encounter, events: [] };
  const modifiers = ctx.ruleSet.d20Test(combatant.rules, { kind: 'save', ability: 'con', concentration: true });
  const roll = ctx.ruleSet.rollD20(ctx.random, modifiers.mode, combatant.rules.conSaveBonus + modifiers.bonus);
  const success = modifiers.autoFail === null && roll.total >= dc;
  const event: EncounterEvent = {
    kind: 'concentration-save',
    combatant: refOf(combatant),
    effect: effect.name,
    dc,
    rolls: roll.rolls,
    total: roll.total,
    success,
  };
  if (success) return { encounter, events: [event] };
  const ended = endEffects(encounter, [effect.id], 'save-failed');
  return { encounter: ended.encounter, events: [event, ...ended.events] };
}

/**
 * Damage asked for a concentration save (the rules engine's `concentration-save` event gives the
 * DC): roll it now, or leave it for the button, as the encounter's option says.
 */
export function concentrationChecks(encounter: Encounter, ctx: StepContext, combatantId: string, dcs: readonly number[]): Step {
  let next = encounter;
  const events: EncounterEvent[] = [];
  for (const dc of dcs) {
    const combatant = findById(next, combatantId);
    const effect = concentrationOf(next, combatantId);
    if (combatant === undefined || effect === undefined) break;
    if (next.options.autoConcentrationSaves) {
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
        bonus: combatant.rules.conSaveBonus,
      });
    }
  }
  return { encounter: next, events };
}

/**
 * Every concentration save still waiting for its button, rolled oldest first, so that none is lost
 * when the turn moves on (each damage instance keeps its own save).
 */
export function rollPendingConcentrationSaves(encounter: Encounter, ctx: StepContext): Step {
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

/** The button: rolls the oldest concentration save waiting for the combatant. */
export function pressConcentrationSave(encounter: Encounter, ctx: StepContext, target: string): Transition {
  const combatant = findTarget(encounter, target);
  requireControl(ctx.actor, encounter, combatant, `roll ${combatant.name}'s concentration save`);
  const [dc, ...rest] = combatant.pendingConcentrationDcs;
  if (dc === undefined) throw new UserError(`${combatant.name} has no concentration save to roll.`);
  const waiting = { ...combatant, pendingConcentrationDcs: rest };
  const saved = rollSave(replaceCombatant(encounter, waiting), ctx, waiting, dc);
  const outcome = saved.events.find((e) => e.kind === 'concentration-save');
  const result = outcome?.kind === 'concentration-save' && outcome.success ? 'kept' : 'lost';
  return { ...saved, command: 'concentration save', detail: `${combatant.name} rolled DC ${dc} and ${result} concentration` };
}
