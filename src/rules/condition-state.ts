import { die } from './concentration';
import { findCondition, findTrack, maxHpOf, type RulesContext } from './context';
import type { CombatantRulesState, ConditionKey, RulesEvent, RulesRefusal, RulesResult, StateChange, TrackKey } from './types';

/**
 * Adds a condition and, transitively, the ones it implies (Unconscious brings Incapacitated and Prone).
 * A condition an active one makes the creature immune to is refused with an event, not an error:
 * the GM asked for something the rules say does nothing, and the reply should say why.
 */
export function addCondition(ctx: RulesContext, state: CombatantRulesState, key: ConditionKey): RulesResult<StateChange, RulesRefusal> {
  if (!findCondition(ctx, key)) {
    return { ok: false, reason: { kind: 'no-such-condition', condition: key, ruleSetName: ctx.name } };
  }
  const events: RulesEvent[] = [];
  const conditions = [...state.conditions];
  const queue: { key: ConditionKey; impliedBy: ConditionKey | null }[] = [{ key, impliedBy: null }];
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (conditions.includes(next.key)) continue;
    const immunity = conditions.find((c) => findCondition(ctx, c)?.mechanics.immuneTo.includes(next.key));
    if (immunity) {
      events.push({ kind: 'condition-immune', condition: next.key, because: immunity });
      continue;
    }
    const def = findCondition(ctx, next.key);
    if (!def) continue;
    conditions.push(next.key);
    events.push({ kind: 'condition-added', condition: next.key, impliedBy: next.impliedBy });
    queue.push(...def.mechanics.implies.map((implied) => ({ key: implied, impliedBy: next.key })));
  }
  let concentration = state.concentration;
  const breaks = conditions.some((c) => !state.conditions.includes(c) && findCondition(ctx, c)?.mechanics.breaksConcentration);
  if (concentration !== null && breaks) {
    concentration = null;
    events.push({ kind: 'concentration-ended', reason: 'incapacitated' });
  }
  return { ok: true, value: { state: { ...state, conditions, concentration }, events } };
}

/**
 * Removes a condition and what it implied, unless another remaining condition still implies it or the
 * condition leaves it behind: Prone stays, as a creature that wakes up is still lying down (RULES.md §15b) and must stand.
 */
export function removeCondition(ctx: RulesContext, state: CombatantRulesState, key: ConditionKey): StateChange {
  if (!state.conditions.includes(key)) return { state, events: [] };
  const removed = new Set<ConditionKey>([key]);
  const mechanics = findCondition(ctx, key)?.mechanics;
  for (const candidate of mechanics?.implies ?? []) {
    if (mechanics?.leavesBehind.includes(candidate)) continue;
    const stillImplied = state.conditions.some(
      (c) => !removed.has(c) && c !== candidate && findCondition(ctx, c)?.mechanics.implies.includes(candidate),
    );
    if (!stillImplied) removed.add(candidate);
  }
  const events: RulesEvent[] = state.conditions
    .filter((c) => removed.has(c))
    .map((condition) => ({ kind: 'condition-removed', condition }));
  return { state: { ...state, conditions: state.conditions.filter((c) => !removed.has(c)) }, events };
}

/**
 * A condition also given on its own (`held`: Incapacitated put on beside Stunned) stays when a change
 * took it away only because a condition implying it ended; the change then does not report it removed.
 */
export function keepHeldConditions(
  ctx: RulesContext,
  before: Pick<CombatantRulesState, 'conditions'>,
  change: StateChange,
  held: readonly ConditionKey[],
): StateChange {
  const after = change.state.conditions;
  const removed = before.conditions.filter((c) => !after.includes(c));
  const kept = removed.filter(
    (c) => held.includes(c) && removed.some((r) => r !== c && findCondition(ctx, r)?.mechanics.implies.includes(c)),
  );
  if (kept.length === 0) return change;
  const conditions = [
    ...before.conditions.filter((c) => after.includes(c) || kept.includes(c)),
    ...after.filter((c) => !before.conditions.includes(c)),
  ];
  return {
    state: { ...change.state, conditions },
    events: change.events.filter((e) => !(e.kind === 'condition-removed' && kept.includes(e.condition))),
  };
}

/** Sets a level track; the last level kills (exhaustion) or dooms (A5E fatigue). */
export function setTrack(
  ctx: RulesContext,
  state: CombatantRulesState,
  key: TrackKey,
  level: number,
): RulesResult<StateChange, RulesRefusal> {
  const track = findTrack(ctx, key);
  if (!track) return { ok: false, reason: { kind: 'no-such-track', track: key, ruleSetName: ctx.name } };
  if (!Number.isInteger(level) || level < 0 || level > track.maxLevel) {
    return { ok: false, reason: { kind: 'track-level-out-of-range', track: track.name, max: track.maxLevel } };
  }
  return { ok: true, value: changeTrack(ctx, state, key, level) };
}

/** Moves a track by a number of levels, clamped to its range; callers know the rule set has it. */
export function shiftTrack(ctx: RulesContext, state: CombatantRulesState, key: TrackKey, by: number): StateChange {
  const track = findTrack(ctx, key);
  if (!track) return { state, events: [] };
  const level = Math.min(track.maxLevel, Math.max(0, state.tracks[key] + by));
  return changeTrack(ctx, state, key, level);
}

function changeTrack(ctx: RulesContext, state: CombatantRulesState, key: TrackKey, level: number): StateChange {
  const track = findTrack(ctx, key)!;
  const previous = state.tracks[key];
  const events: RulesEvent[] = [];
  if (level > previous) events.push({ kind: 'track-gained', track: key, levels: level - previous, level, pending: false });
  if (level < previous) events.push({ kind: 'track-reduced', track: key, levels: previous - level, level });
  let next: CombatantRulesState = { ...state, tracks: { ...state.tracks, [key]: level } };
  next = { ...next, hp: Math.min(next.hp, maxHpOf(ctx, next)) };
  if (level === track.maxLevel && level > previous) {
    if (track.atMax === 'death' && !next.dead) {
      const died = die(next, 'exhaustion');
      next = died.state;
      events.push(...died.events);
    }
    if (track.atMax === 'doomed') {
      const doomed = addCondition(ctx, next, 'doomed');
      if (doomed.ok) {
        next = doomed.value.state;
        events.push({ kind: 'doomed' });
      }
    }
  }
  return { state: next, events };
}

/** A5E: fatigue gained in combat waits until the encounter is over (RULES.md §16e). */
export function gainFatigue(ctx: RulesContext, state: CombatantRulesState, inEncounter: boolean): StateChange {
  if (!findTrack(ctx, 'fatigue')) return { state, events: [] };
  if (!inEncounter) return shiftTrack(ctx, state, 'fatigue', 1);
  const pendingFatigue = state.pendingFatigue + 1;
  return {
    state: { ...state, pendingFatigue },
    events: [{ kind: 'track-gained', track: 'fatigue', levels: 1, level: state.tracks.fatigue + pendingFatigue, pending: true }],
  };
}

export function endEncounter(ctx: RulesContext, state: CombatantRulesState): StateChange {
  if (state.pendingFatigue === 0) return { state, events: [] };
  return shiftTrack(ctx, { ...state, pendingFatigue: 0 }, 'fatigue', state.pendingFatigue);
}

/** Chains state changes, collecting their events in order. */
export function chain(start: StateChange, ...steps: ((state: CombatantRulesState) => StateChange)[]): StateChange {
  return steps.reduce<StateChange>((acc, step) => {
    const next = step(acc.state);
    return { state: next.state, events: [...acc.events, ...next.events] };
  }, start);
}
