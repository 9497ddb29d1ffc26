import { nextUnpassed } from '../rules/durations';
import type { ConditionKey, CustomEffect, RuleSet, StateChange } from '../rules/types';
import { catalogueCondition } from './catalogue';
import { currentPoint } from './lair';
import { rulesOf } from './rules-of';
import { findById, refOf } from './targets';
import { replaceCombatant, type Part } from './transition';
import type { Combatant, EffectEndReason, Encounter, EncounterEffect, EncounterEvent } from './types';

/** Dodge is no action of the encounter's own: an effect of one of these names on a combatant is read as it. */
const DODGE_NAMES = ['dodge', 'dodging'];

export function isDodge(effect: Pick<EncounterEffect, 'name'>): boolean {
  return DODGE_NAMES.includes(effect.name.trim().toLowerCase());
}

/** The effects on a combatant that carry modifiers or are the Dodge action, as the rules read them for its rolls. */
export function customEffectsOn(encounter: Encounter, combatantId: string): CustomEffect[] {
  return encounter.effects
    .filter((e) => e.targetId === combatantId && (e.modifiers.length > 0 || isDodge(e)))
    .map((e) => ({ name: e.name, modifiers: e.modifiers, ...(isDodge(e) ? { dodge: true } : {}) }));
}

/** Armour Class with the `ac` modifiers of the effects on the combatant (Shield of Faith's +2); null when unknown. */
export function armourClassOf(encounter: Pick<Encounter, 'effects'>, combatant: Combatant): number | null {
  if (combatant.armourClass === null) return null;
  const bonus = encounter.effects
    .filter((e) => e.targetId === combatant.id)
    .flatMap((e) => e.modifiers)
    .reduce((sum, m) => (m.kind === 'ac' ? sum + m.amount : sum), 0);
  return combatant.armourClass + bonus;
}

/** An effect on a hidden combatant that the game master did not show: only the game master hears of it. */
export function isPrivateEffect(encounter: Encounter, effect: EncounterEffect): boolean {
  const target = effect.targetId === null ? undefined : findById(encounter, effect.targetId);
  return target?.hidden === true && !effect.shownToPlayers;
}

/**
 * The DC of an effect's repeat save is a hidden combatant's number when that combatant put it on
 * someone else (a hidden dragon's paralysis on a player): the game master's to know, not the table's.
 */
export function isDcPrivate(encounter: Encounter, effect: Pick<EncounterEffect, 'sourceId' | 'targetId'>): boolean {
  if (effect.sourceId === null || effect.sourceId === effect.targetId) return false;
  return findById(encounter, effect.sourceId)?.hidden === true;
}

export function concentrationOf(encounter: Encounter, combatantId: string): EncounterEffect | undefined {
  return encounter.effects.find((e) => e.kind === 'concentration' && e.sourceId === combatantId);
}

/**
 * After a correction that moves the turn or re-sorts the order, an effect whose end point is now
 * behind the turn ends the next time that point comes: passing turns only ends what lies ahead.
 */
export function carryPassedExpiries(encounter: Encounter): Encounter {
  const now = currentPoint(encounter);
  if (now === null) return encounter;
  const order = encounter.combatants.map((c) => c.id);
  let carried = false;
  const effects = encounter.effects.map((effect) => {
    if (effect.expiry === null) return effect;
    const expiry = nextUnpassed(effect.expiry, now, order);
    if (expiry === effect.expiry) return effect;
    carried = true;
    return { ...effect, expiry };
  });
  return carried ? { ...encounter, effects } : encounter;
}

/**
 * Ends effects, and with them every effect their concentration kept up. A combatant whose
 * concentration ends stops concentrating and has no concentration save left to roll.
 */
export function endEffects(encounter: Encounter, ids: readonly string[], reason: EffectEndReason): Part {
  const reasons = new Map<string, EffectEndReason>(ids.map((id) => [id, reason]));
  let grew = true;
  while (grew) {
    grew = false;
    for (const effect of encounter.effects) {
      if (!reasons.has(effect.id) && effect.concentrationId !== null && reasons.has(effect.concentrationId)) {
        reasons.set(effect.id, 'concentration-ended');
        grew = true;
      }
    }
  }
  const ending = encounter.effects.filter((e) => reasons.has(e.id));
  let next: Encounter = { ...encounter, effects: encounter.effects.filter((e) => !reasons.has(e.id)) };
  const events: EncounterEvent[] = [];
  for (const effect of ending) {
    const holderId = effect.targetId ?? effect.sourceId;
    const holder = holderId === null ? undefined : findById(next, holderId);
    if (effect.kind === 'concentration' && effect.sourceId !== null) {
      const source = findById(next, effect.sourceId);
      if (source !== undefined) next = replaceCombatant(next, stopConcentrating(source));
    }
    const source = effect.sourceId === null ? undefined : findById(next, effect.sourceId);
    events.push({
      kind: 'effect-ended',
      effect: { id: effect.id, kind: effect.kind, name: effect.name },
      combatant: holder === undefined ? null : refOf(holder),
      source: source === undefined ? null : refOf(source),
      reason: reasons.get(effect.id) ?? reason,
      private: isPrivateEffect(encounter, effect),
    });
    if (effect.kind === 'condition' && holder !== undefined) {
      const lifted = liftCondition(next, holder, effect.name);
      next = lifted.encounter;
      events.push(...lifted.events);
    }
  }
  return { encounter: next, events: [...events, ...idleConcentrations(encounter, next, ending)] };
}

/**
 * Concentrations that go on though every effect they kept up has just ended. No rule set ends
 * concentration for that (the spell's own text may, and the bot does not know all it does), so the
 * holder is told and may drop it.
 */
function idleConcentrations(before: Encounter, after: Encounter, ending: readonly EncounterEffect[]): EncounterEvent[] {
  return after.effects.flatMap((concentration) => {
    const ended = ending.filter((e) => e.concentrationId === concentration.id);
    if (concentration.kind !== 'concentration' || ended.length === 0) return [];
    if (after.effects.some((e) => e.concentrationId === concentration.id)) return [];
    const holder = concentration.sourceId === null ? undefined : findById(after, concentration.sourceId);
    if (holder === undefined) return [];
    const secret = ended.some((e) => isPrivateEffect(before, e));
    return [{ kind: 'concentration-idle', combatant: refOf(holder), effect: concentration.name, private: secret || holder.hidden }];
  });
}

/**
 * Takes a catalogue condition off its holder when the last effect that put it on ends. The
 * `effect-ended` event names the condition itself; what it implied is reported as rules events.
 */
function liftCondition(encounter: Encounter, holder: Combatant, name: string): Part {
  const ruleSet = rulesOf(encounter);
  const condition = catalogueCondition(ruleSet, name);
  if (condition === undefined) return { encounter, events: [] };
  const stillHeld = encounter.effects.some((e) => e.kind === 'condition' && e.targetId === holder.id && e.name === name);
  // Paralyzed keeps the Incapacitated it implies when a separate Incapacitated ends.
  const stillImplied = holder.rules.conditions.some((c) => catalogueImplies(ruleSet, c, condition.key));
  if (stillHeld || stillImplied) return { encounter, events: [] };
  const change = ruleSet.removeCondition(holder.rules, condition.key);
  const rest = change.events.filter((e) => !(e.kind === 'condition-removed' && e.condition === condition.key));
  return applyRulesChange(encounter, holder, { state: change.state, events: rest });
}

function catalogueImplies(ruleSet: RuleSet, key: ConditionKey, implied: ConditionKey): boolean {
  return key !== implied && ruleSet.conditions.some((c) => c.key === key && c.mechanics.implies.includes(implied));
}

function stopConcentrating(combatant: Combatant): Combatant {
  return { ...combatant, pendingConcentrationDcs: [], rules: { ...combatant.rules, concentration: null } };
}

/**
 * Stores what the rules engine decided for a combatant and reports it; when the engine ended the
 * combatant's concentration (death, incapacitation), the concentration effect ends too.
 */
export function applyRulesChange(encounter: Encounter, combatant: Combatant, engineChange: StateChange): Part {
  const change = rulesOf(encounter).keepHeldConditions(combatant.rules, engineChange, conditionsHeld(encounter, combatant.id));
  const updated: Combatant = { ...combatant, rules: change.state };
  const ref = refOf(updated);
  const events: EncounterEvent[] = change.events.map((event) => ({ kind: 'rules', combatant: ref, event }));
  let next = withoutLiftedConditions(replaceCombatant(encounter, updated), updated);
  const effect = concentrationOf(next, combatant.id);
  if (effect !== undefined && change.state.concentration === null) {
    const ended = endEffects(next, [effect.id], 'broken');
    next = ended.encounter;
    events.push(...ended.events);
  }
  if (!isDying(updated) && updated.deathSavePending) {
    next = replaceCombatant(next, { ...(findById(next, combatant.id) ?? updated), deathSavePending: false });
  }
  return { encounter: next, events };
}

/** The catalogue conditions whose records `chosen` picks, by key. */
function conditionRecords(encounter: Encounter, chosen: (effect: EncounterEffect) => boolean): ConditionKey[] {
  const ruleSet = rulesOf(encounter);
  return encounter.effects.flatMap((e) => {
    const condition = e.kind === 'condition' && chosen(e) ? catalogueCondition(ruleSet, e.name) : undefined;
    return condition === undefined ? [] : [condition.key];
  });
}

/** The catalogue conditions put on a combatant on their own (each has a record), whatever else implies them too. */
function conditionsHeld(encounter: Encounter, combatantId: string): ConditionKey[] {
  return conditionRecords(encounter, (e) => e.targetId === combatantId);
}

/** The catalogue conditions on a combatant that `sourceId` put on it: a Charmed creature's charmer, a Grappled one's grappler. */
export function conditionsFrom(encounter: Encounter, holderId: string, sourceId: string): ConditionKey[] {
  return conditionRecords(encounter, (e) => e.targetId === holderId && e.sourceId === sourceId);
}

/** Drops the records of catalogue conditions the rules engine took off (waking ends Unconscious). */
function withoutLiftedConditions(encounter: Encounter, combatant: Combatant): Encounter {
  const ruleSet = rulesOf(encounter);
  const lifted = (e: EncounterEffect): boolean => {
    if (e.kind !== 'condition' || e.targetId !== combatant.id) return false;
    const condition = catalogueCondition(ruleSet, e.name);
    return condition !== undefined && !combatant.rules.conditions.includes(condition.key);
  };
  return encounter.effects.some(lifted) ? { ...encounter, effects: encounter.effects.filter((e) => !lifted(e)) } : encounter;
}

/** At 0 HP (or below, where the rule set allows it), neither dead nor stable: death saves are due. */
export function isDying(combatant: Combatant): boolean {
  const { rules } = combatant;
  return combatant.hpKnown && rules.hp <= 0 && !rules.dead && !rules.stable;
}
