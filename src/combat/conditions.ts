import { expiryAfterRounds } from '../rules/durations';
import { modifiersText, parseModifiers, stackedModifiersProblem } from '../rules/modifiers';
import { CONDITION_KEYS, type Ability, type CustomModifier, type RuleSet, type StateChange, type TrackDefinition } from '../rules/types';
import { catalogueCondition, catalogueTrack } from './catalogue';
import { applyRulesChange, concentrationOf, endEffects, isPrivateEffect } from './effects';
import { currentPoint } from './lair';
import { isGameMaster, requireControl, requireMayHarm } from './permissions';
import { chain, eachOf, step, type Link } from './compose';
import { CombatRefusal } from './refusals';
import { findById, findTarget, normaliseName, refOf, requireAlive } from './targets';
import { takeId, type StepContext, type Transition } from './transition';
import type { Actor, Combatant, EffectKind, Encounter, EncounterEffect, EncounterEvent, RepeatSave } from './types';
import { requireName } from './validate';

/** Longest duration in rounds: a day is 14,400, but an encounter that long is a typing mistake. */
export const MAX_DURATION_ROUNDS = 1000;
export const MAX_SAVE_DC = 40;
export const NOTE_MAX_LENGTH = 200;
/**
 * Conditions and named effects one combatant may carry, and an encounter: more is no fight anyone
 * runs, and every command reads them (a player once piled 5,000 on one combatant).
 */
export const MAX_EFFECTS_PER_COMBATANT = 20;
export const MAX_EFFECTS_PER_ENCOUNTER = 300;

export interface AddConditionInput {
  target: string;
  condition: string;
  level?: number;
  /** Rounds, counted as the rule set counts them (`RuleSet.roundsExpiry`): `ends` picks the end or the start of the turn they count to. */
  duration?: number;
  ends?: 'start' | 'end';
  /** The combatant whose turns the duration counts ("until the end of its next turn"), instead of the rule set's count of rounds. */
  turnOf?: string;
  save?: Ability;
  dc?: number;
  source?: string;
  /** The source's concentration does not hold it up: what a spell cast without concentration, or an attack, brings. */
  withoutConcentration?: true;
  note?: string;
  /** What a named effect does, in the modifier syntax (`attack:+1d4 save:+1d4`). */
  modifiers?: string;
  /** The game master shows it to players although the target is hidden. */
  public?: boolean;
  /** The server lets players harm anyone's combatants: a level of exhaustion is harm. */
  anyoneMayHarm?: boolean;
}

export interface RemoveConditionInput {
  target: string;
  condition: string;
  /** Levels to take off a track; every level when absent. */
  levels?: number;
}

/** What `condition` names in the rule set in force: a level track, a catalogue condition or a custom effect. */
type Named = { kind: 'track'; track: TrackDefinition } | { kind: 'condition' | 'effect'; name: string };

function named(ruleSet: RuleSet, typed: string): Named {
  const track = catalogueTrack(ruleSet, typed);
  if (track !== undefined) return { kind: 'track', track };
  const condition = catalogueCondition(ruleSet, typed);
  if (condition !== undefined) return { kind: 'condition', name: condition.name };
  const wanted = normaliseName(typed);
  // A condition or track of another rule set is a mistake here, not a custom effect.
  if ((CONDITION_KEYS as readonly string[]).includes(wanted) || ['exhaustion', 'fatigue', 'strife'].includes(wanted)) {
    throw new CombatRefusal({
      kind: 'not-in-catalogue',
      typed: typed.trim(),
      ruleSetName: ruleSet.name,
      catalogue: catalogueNames(ruleSet),
    });
  }
  return { kind: 'effect', name: requireName(typed, 'effect-name') };
}

/** The conditions and tracks a user can name in the rule set, in catalogue order. */
export function catalogueNames(ruleSet: Pick<RuleSet, 'conditions' | 'tracks'>): string[] {
  return [...ruleSet.conditions.map((c) => c.name), ...ruleSet.tracks.map((t) => t.name)];
}

function checkTimes(input: AddConditionInput, subject: Named): RepeatSave | null {
  if (subject.kind === 'track' && (input.duration !== undefined || input.save !== undefined || input.dc !== undefined)) {
    throw new CombatRefusal({ kind: 'track-not-timed', track: subject.track.name });
  }
  if (input.duration !== undefined && (!Number.isInteger(input.duration) || input.duration < 1 || input.duration > MAX_DURATION_ROUNDS)) {
    throw new CombatRefusal({ kind: 'duration-out-of-range', max: MAX_DURATION_ROUNDS });
  }
  if ((input.save === undefined) !== (input.dc === undefined)) throw new CombatRefusal({ kind: 'save-needs-dc' });
  if (input.save === undefined || input.dc === undefined) return null;
  if (!Number.isInteger(input.dc) || input.dc < 1 || input.dc > MAX_SAVE_DC) {
    throw new CombatRefusal({ kind: 'dc-out-of-range', max: MAX_SAVE_DC });
  }
  return { ability: input.save, dc: input.dc };
}

function readModifiers(input: AddConditionInput, subject: Named): CustomModifier[] {
  if (input.modifiers === undefined) return [];
  if (subject.kind === 'track') throw new CombatRefusal({ kind: 'modifiers-on-track', track: subject.track.name });
  const parsed = parseModifiers(input.modifiers);
  if (!parsed.ok) throw new CombatRefusal({ kind: 'bad-modifiers', refusal: parsed.reason });
  return parsed.value;
}

function trackLevel(track: TrackDefinition, current: number, level: number | undefined): number {
  const wanted = level ?? current + 1;
  if (!Number.isInteger(wanted) || wanted < 1 || wanted > track.maxLevel) {
    throw new CombatRefusal({ kind: 'level-out-of-range', track: track.name, max: track.maxLevel });
  }
  return wanted;
}

/**
 * The target's stat block makes it immune to what `subject` names: a catalogue condition, or a level
 * of Exhaustion (the other rule sets' tracks are none of the block's business).
 */
function immuneByBlock(ruleSet: RuleSet, target: Combatant, subject: Named): boolean {
  const immunities = target.monster?.conditionImmunities ?? [];
  if (subject.kind === 'track') return subject.track.key === 'exhaustion' && immunities.includes('exhaustion');
  const key = subject.kind === 'condition' ? catalogueCondition(ruleSet, subject.name)?.key : undefined;
  return key !== undefined && immunities.includes(key);
}

function labelOf(subject: Named): string {
  return subject.kind === 'track' ? subject.track.name : subject.name;
}

/**
 * Players add and remove conditions on their own combatants, and effects they cause (with one of
 * their combatants as `source`) on anyone; the game master does anything.
 */
function requireMayAffect(actor: Actor, encounter: Encounter, target: Combatant, source: Combatant | undefined, doing: string): void {
  if (isGameMaster(actor, encounter) || target.controllerId === actor.userId) return;
  requireControl(actor, encounter, source ?? target, doing);
}

function ruleChange(ruleSet: RuleSet, target: Combatant, subject: Named, level: number | undefined): StateChange | null {
  if (subject.kind === 'track') {
    const set = ruleSet.setTrack(target.rules, subject.track.key, trackLevel(subject.track, target.rules.tracks[subject.track.key], level));
    return set.ok ? set.value : null;
  }
  if (level !== undefined) throw new CombatRefusal({ kind: 'condition-without-levels', condition: subject.name });
  if (subject.kind === 'effect') return null;
  const condition = catalogueCondition(ruleSet, subject.name);
  const added = condition === undefined ? null : ruleSet.addCondition(target.rules, condition.key);
  return added?.ok ? added.value : null;
}

/**
 * A new effect (with `modifiers`) on `target` stays within the caps on effects and on what their
 * modifiers add up to. A player's are counted among the effects they can see: a refusal must not
 * tell what the game master keeps to themselves on a hidden monster, whose own effects are capped
 * in turn, so a combatant carries at most twice the cap.
 */
function requireRoomFor(encounter: Encounter, target: Combatant, modifiers: readonly CustomModifier[], seesPrivate: boolean): void {
  const carried = encounter.effects.filter((e) => e.kind !== 'concentration');
  if (carried.length >= MAX_EFFECTS_PER_ENCOUNTER)
    throw new CombatRefusal({ kind: 'too-many-effects-in-encounter', max: MAX_EFFECTS_PER_ENCOUNTER });
  const on = carried.filter((e) => e.targetId === target.id && (seesPrivate || !isPrivateEffect(encounter, e)));
  if (on.length >= MAX_EFFECTS_PER_COMBATANT) {
    throw new CombatRefusal({ kind: 'too-many-effects', combatant: target.name, max: MAX_EFFECTS_PER_COMBATANT });
  }
  const problem = stackedModifiersProblem([...on.flatMap((e) => e.modifiers), ...modifiers]);
  if (problem !== null) throw new CombatRefusal({ kind: 'modifiers-stack-too-high', combatant: target.name, problem });
}

/** Adds a catalogue condition (with what it implies), a track level, or a named effect. */
export function addCondition(encounter: Encounter, ctx: StepContext, input: AddConditionInput): Transition {
  const target = findTarget(encounter, input.target);
  const source = input.source === undefined ? undefined : findTarget(encounter, input.source);
  const subject = named(ctx.ruleSet, input.condition);
  requireAlive(target, 'condition');
  const label = labelOf(subject);
  requireMayAffect(ctx.actor, encounter, target, source, `put ${label} on ${target.name}`);
  if (subject.kind === 'track')
    requireMayHarm(ctx.actor, encounter, target, `put ${label} on ${target.name}`, input.anyoneMayHarm ?? false);
  // After the permission checks: whoever may not affect the target learns nothing of its block.
  if (immuneByBlock(ctx.ruleSet, target, subject)) {
    throw new CombatRefusal({ kind: 'immune-to-condition', combatants: [target.name], condition: label });
  }
  const save = checkTimes(input, subject);
  const modifiers = readModifiers(input, subject);
  // Damage dealt as the effect runs out lands as any damage does: it is harm, whoever's effect it is.
  if (modifiers.some((m) => m.kind === 'expiry-damage'))
    requireMayHarm(ctx.actor, encounter, target, `put ${label} on ${target.name}`, input.anyoneMayHarm ?? false);
  // A hidden monster's conditions are the game master's to know unless they say otherwise; a
  // player who puts an effect on it has already seen it.
  const shownToPlayers = !target.hidden || input.public === true || !isGameMaster(ctx.actor, encounter);
  const note = input.note === undefined ? null : input.note.trim().slice(0, NOTE_MAX_LENGTH) || null;
  const change = ruleChange(ctx.ruleSet, target, subject, input.level);

  const events: EncounterEvent[] = [];
  let next = encounter;
  if (change !== null) {
    // The effect-started sentence names the condition itself; what it implied stays a rules event.
    const own = subject.kind === 'condition' ? catalogueCondition(ctx.ruleSet, subject.name)?.key : undefined;
    const applied = applyRulesChange(next, target, {
      state: change.state,
      events: change.events.filter((e) => !(e.kind === 'condition-added' && e.condition === own)),
    });
    next = applied.encounter;
    events.push(...applied.events);
    if (own !== undefined && !change.state.conditions.includes(own)) {
      return { encounter: next, events, note: { kind: 'immune', combatant: target.name, condition: label } };
    }
  }
  if (subject.kind === 'track') {
    const level = change?.state.tracks[subject.track.key] ?? 0;
    if (!shownToPlayers) return privateTrackChange(next, events, { kind: 'effect-added', combatant: target.name, effect: null });
    return { encounter: next, events, note: { kind: 'track-level', combatant: target.name, track: label, level } };
  }

  requireRoomFor(next, target, modifiers, isGameMaster(ctx.actor, encounter));
  const order = next.combatants.map((c) => c.id);
  const now = currentPoint(next);
  const who = { sourceId: source?.id ?? null, targetId: target.id };
  const turnOf = input.turnOf === undefined ? undefined : findTarget(next, input.turnOf);
  const expiry =
    input.duration === undefined
      ? null
      : turnOf !== undefined
        ? expiryAfterRounds(input.duration, turnOf.id, input.ends ?? 'end', now, order)
        : ctx.ruleSet.roundsExpiry(input.duration, who, input.ends, now, order);
  const anchor = expiry === null ? undefined : findById(next, expiry.combatantId);
  const concentration = source === undefined || input.withoutConcentration === true ? undefined : concentrationOf(next, source.id);
  const [id, numbered] = takeId(next, 'e');
  const kind: EffectKind = subject.kind;
  const effect: EncounterEffect = {
    id,
    kind,
    name: subject.name,
    sourceId: source?.id ?? null,
    targetId: target.id,
    startedRound: numbered.round,
    expiry,
    concentrationId: concentration?.id ?? null,
    appliedBy: ctx.actor.userId,
    note,
    save,
    modifiers,
    shownToPlayers,
    savePending: false,
  };
  next = { ...numbered, effects: [...numbered.effects, effect] };
  events.unshift({
    kind: 'effect-started',
    effect: { id, kind, name: subject.name },
    combatant: refOf(target),
    source: source === undefined ? null : refOf(source),
    rounds: input.duration ?? null,
    ends: expiry === null ? null : expiry.boundary,
    anchor: anchor === undefined ? null : refOf(anchor),
    save,
    concentration: concentration?.name ?? null,
    note,
    modifiers: modifiersText(modifiers),
    private: !shownToPlayers,
  });
  return { encounter: next, events, note: { kind: 'effect-added', combatant: target.name, effect: shownToPlayers ? subject.name : null } };
}

/** A condition for several combatants at once: the members of a group the caller confirmed, by id. */
export interface GroupConditionInput extends Omit<AddConditionInput, 'target'> {
  targets: string[];
}

/**
 * Puts the condition on each of `targets` still in the fight and alive (the dead and the removed
 * are passed over, as the confirmation named the living), as one change that one undo reverts.
 */
export function addConditionToEach(encounter: Encounter, ctx: StepContext, input: GroupConditionInput): Transition {
  const { targets, ...rest } = input;
  const living = targets.flatMap((id) => {
    const found = findById(encounter, id);
    return found === undefined || found.rules.dead ? [] : [found];
  });
  if (living.length === 0) throw new CombatRefusal({ kind: 'group-none-alive' });
  const subject = named(ctx.ruleSet, rest.condition);
  // As for one target: whoever may not affect them all learns nothing of their blocks.
  const source = rest.source === undefined ? undefined : findTarget(encounter, rest.source);
  for (const target of living) requireMayAffect(ctx.actor, encounter, target, source, `put ${labelOf(subject)} on ${target.name}`);
  const immune = living.filter((target) => immuneByBlock(ctx.ruleSet, target, subject));
  const affected = living.filter((target) => !immune.includes(target));
  const condition = labelOf(subject);
  if (affected.length === 0) throw new CombatRefusal({ kind: 'immune-to-condition', combatants: immune.map((c) => c.name), condition });
  // Members its block makes immune are passed over, and the reply says so; the others get it.
  const passedOver =
    (target: Combatant): Link =>
    (current) => ({
      encounter: current,
      events: [{ kind: 'condition-immunity', combatant: refOf(target), condition }],
      note: { kind: 'immune', combatant: target.name, condition },
    });
  return chain(
    eachOf(affected, (target) => step(addCondition, { ...rest, target: target.id })),
    eachOf(immune, passedOver),
  )(encounter, ctx);
}

/**
 * The game master's change to a hidden monster's level track (Exhaustion 2): theirs alone, as its
 * conditions are, so the reply is private and the log says "an effect".
 */
function privateTrackChange(encounter: Encounter, events: readonly EncounterEvent[], note: Transition['note']): Transition {
  return { encounter, events: events.map((event) => (event.kind === 'rules' ? { ...event, private: true } : event)), note };
}

/** Lowers a track, or ends a condition or effect (and what it implied; Prone stays). */
export function removeCondition(encounter: Encounter, ctx: StepContext, input: RemoveConditionInput): Transition {
  const target = findTarget(encounter, input.target);
  const subject = named(ctx.ruleSet, input.condition);
  if (subject.kind === 'track') {
    requireMayAffect(ctx.actor, encounter, target, undefined, `change ${target.name}'s ${subject.track.name}`);
    const current = target.rules.tracks[subject.track.key];
    if (current === 0) throw new CombatRefusal({ kind: 'not-affected', combatant: target.name, condition: subject.track.name });
    if (input.levels !== undefined && (!Number.isInteger(input.levels) || input.levels < 1 || input.levels > subject.track.maxLevel)) {
      throw new CombatRefusal({ kind: 'level-out-of-range', track: subject.track.name, max: subject.track.maxLevel });
    }
    const level = Math.max(0, current - (input.levels ?? current));
    const set = ctx.ruleSet.setTrack(target.rules, subject.track.key, level);
    const applied = set.ok ? applyRulesChange(encounter, target, set.value) : { encounter, events: [] };
    if (target.hidden && isGameMaster(ctx.actor, encounter)) {
      return privateTrackChange(applied.encounter, applied.events, { kind: 'effect-removed', combatant: target.name, effect: null });
    }
    return { ...applied, note: { kind: 'track-level', combatant: target.name, track: subject.track.name, level } };
  }
  if (input.levels !== undefined) throw new CombatRefusal({ kind: 'condition-without-levels', condition: subject.name });
  const wanted = normaliseName(subject.name);
  const matching = encounter.effects.filter(
    (e) => e.kind !== 'concentration' && e.targetId === target.id && normaliseName(e.name) === wanted,
  );
  const condition = subject.kind === 'condition' ? catalogueCondition(ctx.ruleSet, subject.name) : undefined;
  const doing = `remove ${subject.name} from ${target.name}`;
  const mayAffect = isGameMaster(ctx.actor, encounter) || target.controllerId === ctx.actor.userId;
  // Anyone else lifts only what they caused themselves (with their own combatant as source), and
  // is refused alike whether the target has it or not: a hidden monster's state is no oracle.
  const records = mayAffect ? matching : matching.filter((e) => e.appliedBy === ctx.actor.userId && e.sourceId !== null);
  if (!mayAffect && records.length === 0) requireMayAffect(ctx.actor, encounter, target, undefined, doing);
  const held = mayAffect && condition !== undefined && target.rules.conditions.includes(condition.key);
  if (records.length === 0 && !held) throw new CombatRefusal({ kind: 'not-affected', combatant: target.name, condition: subject.name });

  const ended = endEffects(
    encounter,
    records.map((e) => e.id),
    'removed',
  );
  let next = ended.encounter;
  const events = [...ended.events];
  const holder = next.combatants.find((c) => c.id === target.id);
  // What others put on, or another condition implies, stays when a player lifts only their own.
  if (mayAffect && condition !== undefined && holder?.rules.conditions.includes(condition.key)) {
    // Put on by the rules engine (Prone after Unconscious), so no effect record lifted it.
    const applied = applyRulesChange(next, holder, ctx.ruleSet.removeCondition(holder.rules, condition.key));
    next = applied.encounter;
    events.push(...applied.events);
  }
  const secret = records.length > 0 && records.every((e) => isPrivateEffect(encounter, e));
  return { encounter: next, events, note: { kind: 'effect-removed', combatant: target.name, effect: secret ? null : subject.name } };
}
