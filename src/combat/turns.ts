import { UserError } from '../errors';
import type { RulesResult, TimedEffect } from '../rules/types';
import { rollPendingConcentrationSaves } from './concentration';
import { repeatSaves } from './repeat-saves';
import { applyRulesChange, endEffects, isDying, type Step } from './effects';
import { requireControl, requireGameMaster } from './permissions';
import { CombatRefusal } from './refusals';
import { findById, findTarget, refOf } from './targets';
import { replaceCombatant, type StepContext, type Transition } from './transition';
import type { Combatant, Encounter, EncounterEvent } from './types';

/** The dead have no turns, player characters included: nobody is pinged for a turn they can't take. */
function isSkipped(combatant: Combatant): boolean {
  return combatant.rules.dead;
}

function requireCombatants(encounter: Encounter): void {
  if (encounter.combatants.length === 0) {
    throw new CombatRefusal({ kind: 'nobody-in-order' });
  }
}

/** The current combatant's controller may end its turn; before round 1, only the game master starts the fight. */
function requireTurnControl(encounter: Encounter, ctx: StepContext, doing: string): void {
  const current = encounter.currentId === null ? undefined : findById(encounter, encounter.currentId);
  if (current === undefined) requireGameMaster(ctx.actor, encounter, 'start the fight');
  else requireControl(ctx.actor, encounter, current, doing);
}

/** Dying, and a creature the rule set gives death saves (player characters, important NPCs). */
function makesDeathSaves(combatant: Combatant, ctx: StepContext): boolean {
  return isDying(combatant) && ctx.ruleSet.makesDeathSaves(combatant.rules);
}

/** Effects the rules engine says end between two points of the encounter. */
function endExpiredEffects(
  encounter: Encounter,
  ctx: StepContext,
  from: { round: number; combatantId: string },
  to: { round: number; combatantId: string },
): Step {
  const timed: TimedEffect[] = encounter.effects.map((e) => ({
    id: e.id,
    expiry: e.expiry,
    ...(e.save !== null && e.targetId !== null ? { saveEndsFor: e.targetId } : {}),
  }));
  if (timed.every((e) => e.expiry === null && e.saveEndsFor === undefined)) return { encounter, events: [] };
  const order = encounter.combatants.map((c) => c.id);
  const { ended, savesDue } = ctx.ruleSet.endingEffects(timed, order, from, to);
  const expired = endEffects(encounter, ended, 'expired');
  const saved = repeatSaves(expired.encounter, ctx, savesDue);
  return { encounter: saved.encounter, events: [...expired.events, ...saved.events] };
}

/** What happens as a combatant's turn starts: its dying rolls a death save, or is asked to. */
function startTurn(encounter: Encounter, ctx: StepContext, combatant: Combatant): Step {
  if (!makesDeathSaves(combatant, ctx)) return { encounter, events: [] };
  if (!encounter.options.autoDeathSaves) {
    return {
      encounter: replaceCombatant(encounter, { ...combatant, deathSavePending: true }),
      events: [{ kind: 'death-save-due', combatant: refOf(combatant) }],
    };
  }
  // A save the rules refuse here is one nobody asked for: the turn starts without it.
  const rolled = rollDeathSave(encounter, ctx, combatant);
  return rolled.ok ? rolled.value : { encounter, events: [] };
}

/** The death save rolled and applied, or the rule set's reason why the combatant makes none. */
function rollDeathSave(encounter: Encounter, ctx: StepContext, combatant: Combatant): RulesResult<Step> {
  const result = ctx.ruleSet.rollDeathSave(combatant.rules, ctx.random);
  if (!result.ok) return result;
  const { roll, total, outcome, damage } = result.value;
  const saved: Combatant = { ...combatant, deathSavePending: false };
  const applied = applyRulesChange(replaceCombatant(encounter, saved), saved, result.value);
  const after = findById(applied.encounter, combatant.id) ?? saved;
  const event: EncounterEvent = { kind: 'death-save', combatant: refOf(after), roll, total, outcome, damage };
  return { ok: true, value: { encounter: applied.encounter, events: [event, ...applied.events] } };
}

/**
 * Saves left to buttons are rolled before the turn moves on, so none is lost: the ending turn's
 * death save and every concentration save still waiting.
 */
function rollPendingSaves(encounter: Encounter, ctx: StepContext): Step {
  const current = encounter.currentId === null ? undefined : findById(encounter, encounter.currentId);
  const death = current?.deathSavePending === true ? rollDeathSave(encounter, ctx, current) : null;
  const afterDeath = death?.ok === true ? death.value : { encounter, events: [] };
  const concentration = rollPendingConcentrationSaves(afterDeath.encounter, ctx);
  return { encounter: concentration.encounter, events: [...afterDeath.events, ...concentration.events] };
}

/** Ends the current turn and starts the next one that can be taken, counting rounds. */
export function nextTurn(before: Encounter, ctx: StepContext): Transition {
  requireCombatants(before);
  requireTurnControl(before, ctx, 'end this turn');
  const pending = rollPendingSaves(before, ctx);
  const encounter = pending.encounter;
  const { combatants } = encounter;
  const startIndex = encounter.currentId === null ? -1 : combatants.findIndex((c) => c.id === encounter.currentId);
  let round = Math.max(encounter.round, 1);
  const events: EncounterEvent[] = [...pending.events];
  if (encounter.round === 0) events.push({ kind: 'round-started', round: 1 });
  let chosen: Combatant | undefined;
  const announced = new Set<string>();
  for (let step = 1; step <= combatants.length; step += 1) {
    const index = startIndex + step;
    if (index === combatants.length) {
      round += 1;
      events.push({ kind: 'round-started', round });
    }
    const candidate = combatants[index % combatants.length];
    if (candidate === undefined) continue;
    if (!isSkipped(candidate)) {
      chosen = candidate;
      break;
    }
    // Said once, the first time its turn is skipped; later rounds pass it silently.
    if (!candidate.deathAnnounced) {
      announced.add(candidate.id);
      events.push({ kind: 'turn-skipped', combatant: refOf(candidate), reason: 'dead' });
    }
  }
  if (chosen === undefined) {
    throw new CombatRefusal({ kind: 'everyone-dead' });
  }
  const combatantsAfter = combatants.map((c) => (announced.has(c.id) ? { ...c, deathAnnounced: true } : c));
  let next: Encounter = { ...encounter, combatants: combatantsAfter, round, currentId: chosen.id };
  if (encounter.currentId !== null) {
    const expired = endExpiredEffects(
      next,
      ctx,
      { round: encounter.round, combatantId: encounter.currentId },
      { round, combatantId: chosen.id },
    );
    next = expired.encounter;
    events.push(...expired.events);
  }
  events.push({ kind: 'turn-started', combatant: refOf(chosen), round, moved: false });
  const started = startTurn(next, ctx, findById(next, chosen.id) ?? chosen);
  events.push(...started.events);
  return { encounter: started.encounter, events, command: 'init next', detail: `round ${round}, ${chosen.name}'s turn` };
}

/** Goes back one turn, as a correction: nothing that happens at a turn's start happens again. */
export function previousTurn(encounter: Encounter, ctx: StepContext): Transition {
  requireCombatants(encounter);
  if (encounter.currentId === null || encounter.round === 0) throw new CombatRefusal({ kind: 'not-started' });
  requireTurnControl(encounter, ctx, 'go back a turn');
  const { combatants } = encounter;
  const startIndex = combatants.findIndex((c) => c.id === encounter.currentId);
  let round = encounter.round;
  for (let step = 1; step <= combatants.length; step += 1) {
    const index = startIndex - step;
    if (index === -1) round -= 1;
    if (round < 1) break;
    const candidate = combatants[(index + combatants.length) % combatants.length];
    if (candidate === undefined || isSkipped(candidate)) continue;
    return {
      encounter: { ...encounter, round, currentId: candidate.id },
      events: [{ kind: 'turn-went-back', combatant: refOf(candidate), round }],
      command: 'init prev',
      detail: `back to round ${round}, ${candidate.name}'s turn`,
    };
  }
  throw new CombatRefusal({ kind: 'first-turn' });
}

/** The game master makes a combatant current, as a correction: nothing turn-start happens (before the fight, round 1 starts quietly). */
export function moveTurn(encounter: Encounter, ctx: StepContext, target: string): Transition {
  requireGameMaster(ctx.actor, encounter, 'move the turn');
  const combatant = findTarget(encounter, target);
  const round = Math.max(encounter.round, 1);
  return {
    encounter: { ...encounter, round, currentId: combatant.id },
    events: [{ kind: 'turn-started', combatant: refOf(combatant), round, moved: true }],
    command: 'init move',
    detail: `moved the turn to ${combatant.name}`,
  };
}

/** A death save the encounter left to a button. */
export function pressDeathSave(encounter: Encounter, ctx: StepContext, target: string): Transition {
  const combatant = findTarget(encounter, target);
  requireControl(ctx.actor, encounter, combatant, `roll ${combatant.name}'s death save`);
  if (!combatant.deathSavePending) {
    const why = isDying(combatant) ? 'it is rolled at the start of its turn' : 'it is not dying';
    throw new UserError(`${combatant.name} has no death save to roll now: ${why}.`);
  }
  const rolled = rollDeathSave(encounter, ctx, combatant);
  if (!rolled.ok) throw new UserError(rolled.reason);
  return { ...rolled.value, command: 'death save', detail: `${combatant.name} rolled a death save` };
}
