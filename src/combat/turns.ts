import { rollRecharges } from './recharge';
import type { EndingEffects, RulesRefusal, RulesResult, TimedEffect, TurnPoint } from '../rules/types';
import { rollPendingConcentrationSaves } from './concentration';
import { repeatSaves } from './repeat-saves';
import { applyRulesChange, carryPassedExpiries, customEffectsOn, isDying } from './effects';
import { expireEffects } from './expiries';
import { isGameMaster, requireControl, requireGameMaster } from './permissions';
import { currentPoint, lairActing, lairDue, lairTakenBefore, lairTakenEarlier, roundOfCurrent, turnTaker } from './lair';
import type { TurnNote } from './notes';
import { countOf, rankInOrder, settleHeldPlaces, unsettleHeldPlaces } from './order';
import { CombatRefusal, type NoDeathSaveDue } from './refusals';
import { findById, findTarget, refOf, requireAlive } from './targets';
import { replaceCombatant, type Part, type StepContext, type Transition } from './transition';
import type { Combatant, Encounter, EncounterEffect, EncounterEvent, LairTurn, TurnActions } from './types';

/**
 * The dead have no turns, player characters included: nobody is pinged for a turn they can't take.
 * A delaying combatant waits outside the order until it acts.
 */
function isSkipped(combatant: Combatant): boolean {
  return combatant.rules.dead || combatant.actions.delayed;
}

function requireCombatants(encounter: Encounter): void {
  if (encounter.combatants.length === 0) {
    throw new CombatRefusal({ kind: 'nobody-in-order' });
  }
}

/**
 * The current combatant's controller may end its turn (a lair turn is its lair creature's); before
 * round 1, only the game master starts the fight.
 */
function requireTurnControl(encounter: Encounter, ctx: StepContext, doing: string): void {
  const current = turnTaker(encounter);
  if (current === undefined) requireGameMaster(ctx.actor, encounter, 'start the fight');
  else requireControl(ctx.actor, encounter, current, doing);
}

/** Which timed effects a turn change ends: all, or, around a lair turn, those before or at the next turn's start. */
type ExpiryPart = 'all' | 'before-start' | 'at-start';

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
  part: ExpiryPart,
  walked: readonly string[],
  order: readonly string[] = encounter.combatants.map((c) => c.id),
): Part {
  // A lair turn sits between one turn's end and the next one's start: what ends as that turn starts waits for it.
  const atStart = (e: EncounterEffect): boolean =>
    e.expiry?.boundary === 'start' && e.expiry.combatantId === to.combatantId && e.expiry.round === to.round;
  const considered = part === 'all' ? encounter.effects : encounter.effects.filter((e) => atStart(e) === (part === 'at-start'));
  // The ending turn's own repeat saves were rolled as it ended (endTurn); on the way to a turn reached
  // before, those of the turns passed were rolled the first time.
  const replayed = reachedBefore(findById(encounter, to.combatantId), to.round);
  const timed: TimedEffect[] = considered.map((e) => ({
    id: e.id,
    expiry: e.expiry,
    ...(e.save !== null && e.targetId !== null && e.targetId !== from.combatantId ? { saveEndsFor: e.targetId } : {}),
  }));
  if (timed.every((e) => e.expiry === null && e.saveEndsFor === undefined)) return { encounter, events: [] };
  const { ended, savesDue } = endingBetween(ctx, timed, walked, order, from, to);
  const expired = expireEffects(encounter, ctx, ended);
  // The saves at the ends of turns were made as the lair turn began.
  const saved = repeatSaves(expired.encounter, ctx, part === 'at-start' || replayed ? [] : savesDue);
  return { encounter: saved.encounter, events: [...expired.events, ...saved.events] };
}

/**
 * What ends from `from` to `to`. Where a place held through `from`'s round was settled as it ended,
 * that round went in the order it was walked in (`walked`) and the next goes in the settled `order`:
 * each part is judged in its own.
 */
function endingBetween(
  ctx: StepContext,
  timed: readonly TimedEffect[],
  walked: readonly string[],
  order: readonly string[],
  from: TurnPoint,
  to: TurnPoint,
): EndingEffects {
  const [first] = walked;
  const last = order.at(-1);
  if (to.round <= from.round || first === undefined || last === undefined || walked.every((id, i) => order[i] === id)) {
    return ctx.ruleSet.endingEffects(timed, order, from, to);
  }
  const inFromRound = (e: TimedEffect): boolean => e.expiry !== null && e.expiry.round <= from.round;
  const ending = ctx.ruleSet.endingEffects(timed, walked, from, { round: from.round + 1, combatantId: first });
  // From the start of the settled order's last turn in `from`'s round: its end there is the walked part's to judge.
  const starting = ctx.ruleSet.endingEffects(timed, order, { round: from.round, combatantId: last }, to);
  const ended = [
    ...ending.ended.filter((id) => timed.some((e) => e.id === id && inFromRound(e))),
    ...starting.ended.filter((id) => timed.some((e) => e.id === id && !inFromRound(e))),
  ];
  const savesFor = new Map(timed.map((e) => [e.id, e.saveEndsFor]));
  const saves = new Set([...ending.savesDue, ...starting.savesDue.filter((id) => savesFor.get(id) !== last)]);
  return { ended, savesDue: [...saves].filter((id) => !ended.includes(id)) };
}

/**
 * Whether the turn after `from` started before (it was gone back from): only then was the turn
 * ending now ended before too. A plain next turn has noted no turn of this round, and walks no order.
 */
function nextReachedBefore(encounter: Encounter, from: TurnPoint): boolean {
  if (!roundReachedBefore(encounter, from.round)) return false;
  const after = upcomingTurn(encounter, from.round);
  return reachedBefore(after.chosen, after.round);
}

/**
 * A round some turn of which was gone back from: the walk reaches it again, and it does not begin
 * anew. Asked once per round passed, of turns noted as reached, so a plain next turn writes nothing.
 */
function roundReachedBefore(encounter: Encounter, round: number): boolean {
  return encounter.combatants.some((c) => c.actions.startedRound >= round);
}

/** A turn that started before: going back a turn and on again reaches it once more, and rolls nothing twice. */
function reachedBefore(combatant: Combatant | undefined, round: number): boolean {
  return combatant !== undefined && combatant.actions.startedRound >= round;
}

/**
 * The end of the turn in progress, told before what passes after it (a new round, dead turns
 * skipped): what ends with it, then its combatant's repeat saves, unless they were rolled as it
 * ended before (`replayed`: it was gone back to).
 */
function endTurn(encounter: Encounter, ctx: StepContext, from: TurnPoint, replayed: boolean): Part {
  const endsNow = (e: EncounterEffect): boolean =>
    e.expiry?.boundary === 'end' && e.expiry.combatantId === from.combatantId && e.expiry.round === from.round;
  const expired = expireEffects(
    encounter,
    ctx,
    encounter.effects.filter(endsNow).map((e) => e.id),
  );
  const due = replayed ? [] : expired.encounter.effects.filter((e) => e.save !== null && e.targetId === from.combatantId).map((e) => e.id);
  const saved = repeatSaves(expired.encounter, ctx, due);
  return { encounter: saved.encounter, events: [...expired.events, ...saved.events] };
}

/**
 * What happens as a combatant's turn in `round` starts: its reaction and legendary actions come back,
 * its recharging actions roll to recharge, a readied action lapses, and its dying rolls a death save,
 * or is asked to. Once a turn: a turn reached again after `prev` starts with none of it.
 */
function startTurn(before: Encounter, ctx: StepContext, starting: Combatant, round: number): Part {
  if (reachedBefore(starting, round)) return { encounter: before, events: [] };
  const recharged = rollRecharges(before, ctx.random, starting);
  const started = startTurnActions(recharged.encounter, ctx, findById(recharged.encounter, starting.id) ?? starting);
  return { encounter: started.encounter, events: [...recharged.events, ...started.events] };
}

function startTurnActions(before: Encounter, ctx: StepContext, starting: Combatant): Part {
  const { legendary, readied } = starting.actions;
  const combatant: Combatant = {
    ...starting,
    actions: {
      ...starting.actions,
      legendary: legendary === null ? null : { ...legendary, left: legendary.max },
      reactionUsed: false,
      reactionNote: null,
      readied: null,
      lapsedReady: readied,
    },
  };
  const encounter = replaceCombatant(before, combatant);
  const lapsed: EncounterEvent[] =
    readied === null ? [] : [{ kind: 'readied-action-lapsed', combatant: refOf(combatant), trigger: readied }];
  if (!makesDeathSaves(combatant, ctx)) return { encounter, events: lapsed };
  if (!encounter.options.autoDeathSaves) {
    return {
      encounter: replaceCombatant(encounter, { ...combatant, deathSavePending: true }),
      events: [...lapsed, { kind: 'death-save-due', combatant: refOf(combatant) }],
    };
  }
  // A save the rules refuse here is one nobody asked for: the turn starts without it.
  const rolled = rollDeathSave(encounter, ctx, combatant);
  return rolled.ok ? { encounter: rolled.value.encounter, events: [...lapsed, ...rolled.value.events] } : { encounter, events: lapsed };
}

/** The death save rolled and applied, or the rule set's reason why the combatant makes none. */
function rollDeathSave(encounter: Encounter, ctx: StepContext, combatant: Combatant): RulesResult<Part, RulesRefusal> {
  const result = ctx.ruleSet.rollDeathSave(combatant.rules, ctx.random, customEffectsOn(encounter, combatant.id));
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
function rollPendingSaves(encounter: Encounter, ctx: StepContext): Part {
  const current = encounter.currentId === null ? undefined : findById(encounter, encounter.currentId);
  const death = current?.deathSavePending === true ? rollDeathSave(encounter, ctx, current) : null;
  const afterDeath = death?.ok === true ? death.value : { encounter, events: [] };
  const concentration = rollPendingConcentrationSaves(afterDeath.encounter, ctx);
  return { encounter: concentration.encounter, events: [...afterDeath.events, ...concentration.events] };
}

/** The next turn that can be taken after the current one, with what passing to it says on the way. */
interface Upcoming {
  chosen: Combatant;
  round: number;
  /** Rounds begun and turns skipped, in order; rounds up to the encounter's own are not repeated. */
  events: EncounterEvent[];
  /** The order with skipped deaths marked as said and lost surprise turns spent. */
  combatants: Combatant[];
}

/**
 * Walks the order from the current combatant, whose turn is in `fromRound` (a lair turn may have
 * begun the next round). Past the round's end, the order is the one `settle` makes of it.
 */
function upcomingTurn(
  encounter: Encounter,
  fromRound: number,
  settle: (order: readonly Combatant[], round: number) => readonly Combatant[] = (order) => order,
): Upcoming {
  let combatants: readonly Combatant[] = encounter.combatants;
  const startIndex = encounter.currentId === null ? -1 : combatants.findIndex((c) => c.id === encounter.currentId);
  let round = Math.max(fromRound, 1);
  const events: EncounterEvent[] = [];
  const announced = new Set<string>();
  const surprised = new Set<string>();
  const lostIn = new Map<string, number>();
  for (let step = 1; step <= combatants.length; step += 1) {
    const index = startIndex + step;
    if (index === combatants.length) {
      round += 1;
      combatants = settle(combatants, round);
      if (round > encounter.round) events.push({ kind: roundReachedBefore(encounter, round) ? 'round-resumed' : 'round-started', round });
    }
    const candidate = combatants[index % combatants.length];
    // A turn lost to surprise is passed quietly when walked again: after a lair turn, or after going back.
    if (candidate === undefined || candidate.actions.lostTurnRound === round) continue;
    if (!isSkipped(candidate) && !candidate.actions.surprised) {
      const marked = combatants.map((c) => {
        if (announced.has(c.id)) return { ...c, deathAnnounced: true };
        // The first turn lost to surprise has passed: from now on it may react and act.
        if (surprised.has(c.id)) return { ...c, actions: { ...c.actions, surprised: false, lostTurnRound: lostIn.get(c.id) ?? 0 } };
        return c;
      });
      return { chosen: candidate, round, events, combatants: marked };
    }
    if (candidate.rules.dead) {
      // Said once, the first time its turn is skipped; later rounds pass it silently.
      if (!candidate.deathAnnounced) {
        announced.add(candidate.id);
        events.push({ kind: 'turn-skipped', combatant: refOf(candidate), reason: 'dead' });
      }
    } else if (candidate.actions.surprised && !candidate.actions.delayed) {
      surprised.add(candidate.id);
      lostIn.set(candidate.id, round);
      events.push({ kind: 'turn-skipped', combatant: refOf(candidate), reason: 'surprised' });
    }
  }
  const waiting = combatants.some((c) => c.actions.delayed && !c.rules.dead);
  throw new CombatRefusal({ kind: waiting ? 'all-delayed' : 'everyone-dead' });
}

/**
 * The order as walked, with what the walk marked on its combatants (deaths said, surprise spent) but
 * the places they hold. Where the walk's end of the round broke a tie to settle a held place, that
 * answer is kept for the place to be taken by.
 */
function marksOnto(walked: readonly Combatant[], marked: readonly Combatant[]): Combatant[] {
  const byId = new Map(marked.map((c) => [c.id, c]));
  return walked.map((c) => {
    const after = byId.get(c.id);
    if (after === undefined) return c;
    const { surprised, lostTurnRound } = after.actions;
    const marks = { ...c, deathAnnounced: after.deathAnnounced, actions: { ...c.actions, surprised, lostTurnRound } };
    if (c.actions.heldPlace === null) return marks;
    return { ...marks, initiative: after.initiative, actions: { ...marks.actions, heldRank: rankInOrder(marked, c.id) } };
  });
}

function withLair(combatant: Combatant, lair: { round: number; acting: boolean }): Combatant {
  return { ...combatant, actions: { ...combatant.actions, lair } };
}

/**
 * Starts `chosen`'s turn in `round`: what ends between the current turn and its start ends (`part`
 * says which of it, around a lair turn), then everything that happens as a turn starts.
 */
function beginTurnOf(
  encounter: Encounter,
  ctx: StepContext,
  from: TurnPoint | null,
  chosen: Combatant,
  round: number,
  part: ExpiryPart,
  walked: readonly string[] = encounter.combatants.map((c) => c.id),
): Part {
  const events: EncounterEvent[] = [];
  let next: Encounter = { ...encounter, round, currentId: chosen.id };
  // The fight's first turn: what was put on before it, to end as this turn starts, ends; nothing else had a turn to pass.
  const last = next.combatants.at(-1);
  const since = from ?? (last === undefined ? null : { round: round - 1, combatantId: last.id });
  if (since !== null) {
    const expired = endExpiredEffects(next, ctx, since, { round, combatantId: chosen.id }, from === null ? 'at-start' : part, walked);
    next = expired.encounter;
    events.push(...expired.events);
  }
  events.push({ kind: 'turn-started', combatant: refOf(chosen), round, moved: false });
  const started = startTurn(next, ctx, findById(next, chosen.id) ?? chosen, round);
  return { encounter: started.encounter, events: [...events, ...started.events] };
}

/**
 * Ends the current turn (or lair turn) and starts the next one that can be taken, counting rounds. A
 * lair turn due at count 20 comes first: the ending turn's end passes, the next turn's start waits.
 */
function passTurn(before: Encounter, ctx: StepContext): Part & { turn: TurnNote } {
  const pending = rollPendingSaves(before, ctx);
  const leaving = lairActing(pending.encounter);
  const from = currentPoint(pending.encounter);
  let encounter = pending.encounter;
  if (leaving?.actions.lair) encounter = replaceCombatant(encounter, withLair(leaving, { ...leaving.actions.lair, acting: false }));
  const events: EncounterEvent[] = [...pending.events];
  // Leaving a lair turn, the last turn's end has passed already, as the lair turn began.
  if (from !== null && leaving === undefined) {
    const ended = endTurn(encounter, ctx, from, nextReachedBefore(encounter, from));
    encounter = ended.encounter;
    events.push(...ended.events);
  }
  if (encounter.round === 0) events.push({ kind: 'round-started', round: 1 });
  const upcoming = upcomingTurn(encounter, from?.round ?? encounter.round, (order, round) =>
    settleHeldPlaces(order, round, ctx.ruleSet, ctx.random),
  );
  // Judged from the place the ending turn held, before the round's end settled it.
  const due = lairDue(encounter, from, upcoming.chosen, upcoming.round);
  const walked = encounter.combatants.map((c) => c.id);
  if (due !== null) {
    events.push(...upcoming.events.filter((e) => (e.kind !== 'round-started' && e.kind !== 'round-resumed') || e.round <= due.round));
    // The lair turn follows the ending turn in the order it was walked in: places held through the
    // round are settled as the walk leaves the lair turn, so that it goes on from the round's end.
    const settled = upcoming.combatants.map((c) => c.id);
    encounter = { ...encounter, combatants: marksOnto(encounter.combatants, upcoming.combatants) };
    let next = encounter;
    if (from !== null) {
      const to = { round: upcoming.round, combatantId: upcoming.chosen.id };
      const expired = endExpiredEffects(encounter, ctx, from, to, 'before-start', walked, settled);
      next = expired.encounter;
      events.push(...expired.events);
    }
    const lair = findById(next, due.lair.id) ?? due.lair;
    next = replaceCombatant({ ...next, round: due.round }, withLair(lair, { round: due.round, acting: true }));
    events.push({ kind: 'lair-turn', combatant: refOf(lair), round: due.round });
    return { encounter: next, events, turn: { round: due.round, combatant: lair.name, lair: true } };
  }
  encounter = { ...encounter, combatants: upcoming.combatants };
  events.push(...upcoming.events);
  const started = beginTurnOf(encounter, ctx, from, upcoming.chosen, upcoming.round, leaving === undefined ? 'all' : 'at-start', walked);
  return {
    encounter: started.encounter,
    events: [...events, ...started.events],
    turn: { round: upcoming.round, combatant: upcoming.chosen.name, lair: false },
  };
}

/**
 * A combatant leaves the fight on its turn or its lair turn: that turn ends as Next turn would end
 * it and the next one starts (a lair turn due at count 20 first), so nobody's turn is passed over
 * nor ended twice; leaving while another's lair turn is under way, the walk after that goes on from
 * the place it leaves. Null when it is not leaving a turn, or nobody else can take one.
 */
export function turnAfterLeaving(encounter: Encounter, ctx: StepContext, leavingId: string): Part | null {
  const { combatants } = encounter;
  const index = combatants.findIndex((c) => c.id === leavingId);
  const leaving = combatants[index];
  const others = combatants.filter((c) => c.id !== leavingId);
  const lair = lairActing(encounter);
  if (encounter.round === 0 || (encounter.currentId !== leavingId && lair?.id !== leavingId)) return null;
  if (leaving === undefined || !others.some((c) => !isSkipped(c) && !c.actions.surprised)) return null;
  // A lair turn (under way, or the one its turn's end brings) is followed by the turn after its place.
  // Left by the first in the order, it opens the round, as it does with nobody on 20 or more: after
  // the last of the round before, or, in round 1, before any turn.
  const before = index > 0 || encounter.round > 1 ? (combatants[(index - 1 + combatants.length) % combatants.length]?.id ?? null) : null;
  const gone = (after: Encounter): Encounter => ({
    ...after,
    combatants: after.combatants.filter((c) => c.id !== leavingId),
    currentId: after.currentId === leavingId ? before : after.currentId,
  });
  if (lair !== undefined && lair.id !== leavingId) return { encounter: gone(encounter), events: [] };
  // Out of the order as it leaves: the walk passes over it, and no save of its is left to roll. A
  // lair creature leaving on its own turn takes no lair turn after it; one on its lair turn ends it.
  const out: Combatant = {
    ...leaving,
    deathSavePending: false,
    pendingConcentrationDcs: [],
    actions: { ...leaving.actions, delayed: true, ...(lair?.id === leavingId ? {} : { lair: null }) },
  };
  const passed = passTurn(replaceCombatant(encounter, out), ctx);
  return { encounter: gone(passed.encounter), events: passed.events };
}

/** Ends the current turn and starts the next one that can be taken. */
export function nextTurn(before: Encounter, ctx: StepContext): Transition {
  requireCombatants(before);
  requireTurnControl(before, ctx, 'end this turn');
  const passed = passTurn(before, ctx);
  return { encounter: passed.encounter, events: passed.events, note: { kind: 'turn', turn: passed.turn } };
}

/** The current combatant's turn, which only its controller (or the game master) may spend on `doing`. */
export function requireOwnTurn(encounter: Encounter, ctx: StepContext, doing: string): Combatant {
  const lair = lairActing(encounter);
  if (lair !== undefined)
    throw new CombatRefusal({ kind: 'not-your-turn', current: lair.name, isPlayerCharacter: false, lair: true, doing });
  const current = encounter.currentId === null || encounter.round === 0 ? undefined : findById(encounter, encounter.currentId);
  if (current === undefined) throw new CombatRefusal({ kind: 'not-started' });
  if (!isGameMaster(ctx.actor, encounter) && current.controllerId !== ctx.actor.userId) {
    throw new CombatRefusal({
      kind: 'not-your-turn',
      current: current.name,
      isPlayerCharacter: current.rules.isPlayerCharacter,
      lair: false,
      doing,
    });
  }
  return current;
}

/** The current combatant steps out of the order (2014, Next, A5E) until it comes back with `act`. */
export function delayTurn(encounter: Encounter, ctx: StepContext): Transition {
  const current = requireOwnTurn(encounter, ctx, 'delay');
  if (!ctx.ruleSet.facts.delay) throw new CombatRefusal({ kind: 'no-delay', ruleSetName: ctx.ruleSet.name });
  const delayed = replaceCombatant(encounter, { ...current, actions: { ...reached(current, encounter.round), delayed: true } });
  const passed = passTurn(delayed, ctx);
  return {
    encounter: passed.encounter,
    events: [{ kind: 'turn-delayed', combatant: refOf(current) }, ...passed.events],
    note: { kind: 'delayed', combatant: current.name, turn: passed.turn },
  };
}

/** The delaying combatant `act` means: the one named, or the caller's only one. */
function delayerFor(encounter: Encounter, ctx: StepContext, target: string | undefined): Combatant {
  if (target !== undefined) {
    const named = findTarget(encounter, target);
    // A delayer that died meanwhile has no turn to take back.
    requireAlive(named, 'turn');
    if (!named.actions.delayed) throw new CombatRefusal({ kind: 'not-delayed', combatant: named.name });
    return named;
  }
  const mine = encounter.combatants.filter(
    (c) => c.actions.delayed && !c.rules.dead && (c.controllerId === ctx.actor.userId || isGameMaster(ctx.actor, encounter)),
  );
  const [only] = mine;
  if (only === undefined) throw new CombatRefusal({ kind: 'nobody-delayed' });
  if (mine.length > 1) throw new CombatRefusal({ kind: 'several-delayed', delayed: { names: mine.map((c) => c.name), more: 0 } });
  return only;
}

/**
 * A delaying combatant acts now: the current turn ends and its turn starts, in the place right after
 * the combatant whose turn it was, which it keeps from the next round on (with that initiative).
 */
export function actNow(encounter: Encounter, ctx: StepContext, target?: string): Transition {
  const delayer = delayerFor(encounter, ctx, target);
  requireControl(ctx.actor, encounter, delayer, `bring ${delayer.name} back in`);
  const current = encounter.currentId === null || encounter.round === 0 ? undefined : findById(encounter, encounter.currentId);
  if (current === undefined) throw new CombatRefusal({ kind: 'not-started' });
  // The lair turn sits between two turns: the delayer comes in once it is over, after the next turn.
  const lair = lairActing(encounter);
  if (lair !== undefined) throw new CombatRefusal({ kind: 'lair-turn-under-way', lair: lair.name });
  // A `count:` group shares one turn: the delayer comes in after the whole of it, so it stays together.
  const index = encounter.combatants.indexOf(current);
  const group = current.groupId === null ? [] : encounter.combatants.filter((c) => c.groupId === current.groupId);
  const last = group[group.length - 1];
  if (last !== undefined && last.id !== current.id && encounter.combatants[index + 1]?.groupId === current.groupId) {
    throw new CombatRefusal({ kind: 'group-still-acting', current: current.name, last: last.name });
  }
  const pending = rollPendingSaves(encounter, ctx);
  const from = currentPoint(pending.encounter);
  const ended: Part = from === null ? { encounter: pending.encounter, events: [] } : endTurn(pending.encounter, ctx, from, false);
  let next = ended.encounter;
  const waiting = findById(next, delayer.id) ?? delayer;
  const back: Combatant = {
    ...waiting,
    groupId: null,
    initiative: { ...waiting.initiative, total: countOf(current), rolls: [], given: true, tiebreak: [] },
    actions: { ...waiting.actions, delayed: false, heldPlace: null, heldRank: null, heldRound: null },
  };
  const others = next.combatants.filter((c) => c.id !== delayer.id);
  const at = others.findIndex((c) => c.id === current.id) + 1;
  next = { ...next, combatants: [...others.slice(0, at), back, ...others.slice(at)] };
  const started = beginTurnOf(next, ctx, from, back, from?.round ?? next.round, 'all');
  return {
    encounter: started.encounter,
    events: [...pending.events, ...ended.events, { kind: 'delay-ended', combatant: refOf(back) }, ...started.events],
    note: { kind: 'acted', combatant: delayer.name, after: current.name },
  };
}

/** Goes back one turn, as a correction: nothing that happens at a turn's start happens again. */
export function previousTurn(encounter: Encounter, ctx: StepContext): Transition {
  requireCombatants(encounter);
  const lair = lairActing(encounter);
  if (lair?.actions.lair) return leaveLairTurn(encounter, ctx, lair, lair.actions.lair);
  if (encounter.currentId === null || encounter.round === 0) throw new CombatRefusal({ kind: 'not-started' });
  requireTurnControl(encounter, ctx, 'go back a turn');
  const index = encounter.combatants.findIndex((c) => c.id === encounter.currentId);
  const left = encounter.combatants[index];
  const marked = left === undefined ? encounter : replaceCombatant(encounter, { ...left, actions: reached(left, encounter.round) });
  const back = turnBack(marked, index - 1, encounter.round);
  if (back === null || back.round === encounter.round) return wentBackFrom(marked, left, back);
  // Back over the round's start: into the order the round before was walked in, with the places held
  // through it where they were, so the turn reached is the one taken last in it.
  const walked = { ...marked, combatants: [...unsettleHeldPlaces(marked.combatants, encounter.round)] };
  return wentBackFrom(walked, left, turnBack(walked, walked.combatants.length - 1, encounter.round - 1));
}

/**
 * Back from `left`'s turn to `back`'s, or to the lair turn taken between them: it is under way again,
 * after `back`'s turn as it was, and Next turn comes back to `left`'s.
 */
function wentBackFrom(encounter: Encounter, left: Combatant | undefined, back: { combatant: Combatant; round: number } | null): Transition {
  const from = back === null ? null : { round: back.round, combatantId: back.combatant.id };
  const taken = left === undefined ? null : lairTakenBefore(encounter, from, left, encounter.round);
  if (taken === null) return wentBack(encounter, back);
  const { lair, round } = taken;
  return {
    encounter: replaceCombatant({ ...encounter, round, currentId: back?.combatant.id ?? null }, withLair(lair, { round, acting: true })),
    events: [{ kind: 'turn-went-back', combatant: refOf(lair), round, lair: true }],
    note: { kind: 'went-back', combatant: lair.name, round, lair: true },
  };
}

/**
 * `combatant`'s turn actions, its turn in `round` noted as reached: the turn going back leaves, or a
 * delayer's, to be reached again. Noted only then, not as every turn starts, so a plain next turn
 * writes no combatant.
 */
function reached(combatant: Combatant, round: number): TurnActions {
  return { ...combatant.actions, startedRound: Math.max(combatant.actions.startedRound, round) };
}

/**
 * The latest turn that can be taken, walking back through the order from `index` in `round` (that
 * turn included) over the dead and the delaying; null when the walk passes the fight's first round.
 */
function turnBack(encounter: Encounter, index: number, round: number): { combatant: Combatant; round: number } | null {
  const { combatants } = encounter;
  let at = round;
  for (let step = 0; step < combatants.length; step += 1) {
    const place = index - step;
    if (place === -1) at -= 1;
    if (at < 1) return null;
    const candidate = combatants[(place + combatants.length) % combatants.length];
    if (candidate !== undefined && !isSkipped(candidate) && candidate.actions.lostTurnRound !== at)
      return { combatant: candidate, round: at };
  }
  return null;
}

function wentBack(encounter: Encounter, back: { combatant: Combatant; round: number } | null): Transition {
  if (back === null) throw new CombatRefusal({ kind: 'first-turn' });
  const { combatant, round } = back;
  return {
    encounter: { ...encounter, round, currentId: combatant.id },
    events: [{ kind: 'turn-went-back', combatant: refOf(combatant), round }],
    note: { kind: 'went-back', combatant: combatant.name, round },
  };
}

/**
 * Back from a lair turn to the turn before it that can be taken (not a delayer's, whose delay began
 * the lair turn); the lair turn is due again when that turn ends.
 */
function leaveLairTurn(encounter: Encounter, ctx: StepContext, lair: Combatant, turn: LairTurn): Transition {
  requireTurnControl(encounter, ctx, 'go back a turn');
  const earlier = lairTakenEarlier(encounter, lair, turn.round);
  if (earlier !== undefined) {
    const left = replaceCombatant(encounter, withLair(lair, { round: turn.round - 1, acting: false }));
    return {
      encounter: replaceCombatant(left, withLair(earlier, { round: turn.round, acting: true })),
      events: [{ kind: 'turn-went-back', combatant: refOf(earlier), round: turn.round, lair: true }],
      note: { kind: 'went-back', combatant: earlier.name, round: turn.round, lair: true },
    };
  }
  const index = encounter.combatants.findIndex((c) => c.id === encounter.currentId);
  if (index < 0) throw new CombatRefusal({ kind: 'first-turn' });
  const back = turnBack(encounter, index, roundOfCurrent(encounter));
  return wentBack(replaceCombatant(encounter, withLair(lair, { round: turn.round - 1, acting: false })), back);
}

/** The game master makes a combatant current, as a correction: nothing turn-start happens (before the fight, round 1 starts quietly). */
export function moveTurn(encounter: Encounter, ctx: StepContext, target: string): Transition {
  requireGameMaster(ctx.actor, encounter, 'move the turn');
  const chosen = findTarget(encounter, target);
  requireAlive(chosen, 'turn');
  const round = Math.max(encounter.round, 1);
  // A correction also ends a lair turn in progress and a wait: the turn is simply the chosen one's.
  const combatants = encounter.combatants.map((c) => {
    if (c.actions.lair?.acting === true) return withLair(c, { ...c.actions.lair, acting: false });
    if (c.id === chosen.id && c.actions.delayed) return { ...c, actions: { ...c.actions, delayed: false } };
    return c;
  });
  const combatant = combatants.find((c) => c.id === chosen.id) ?? chosen;
  return {
    encounter: carryPassedExpiries({ ...encounter, combatants, round, currentId: combatant.id }),
    events: [{ kind: 'turn-started', combatant: refOf(combatant), round, moved: true }],
    note: { kind: 'moved', combatant: combatant.name },
  };
}

/** A death save the encounter left to a button. */
export function pressDeathSave(encounter: Encounter, ctx: StepContext, target: string): Transition {
  const combatant = findTarget(encounter, target);
  requireControl(ctx.actor, encounter, combatant, `roll ${combatant.name}'s death save`);
  if (!combatant.deathSavePending) {
    throw new CombatRefusal({
      kind: 'no-death-save-due',
      combatant: combatant.name,
      why: whyNoDeathSaveDue(encounter, combatant),
      isPlayerCharacter: combatant.rules.isPlayerCharacter,
    });
  }
  const rolled = rollDeathSave(encounter, ctx, combatant);
  if (!rolled.ok) throw new CombatRefusal({ kind: 'rules', refusal: rolled.reason });
  return { ...rolled.value, note: { kind: 'death-save', combatant: combatant.name } };
}

/** Why a combatant has no death save waiting for its button. */
function whyNoDeathSaveDue(encounter: Encounter, combatant: Combatant): NoDeathSaveDue {
  if (!isDying(combatant)) return 'not-dying';
  if (encounter.options.autoDeathSaves) return 'automatic';
  // Its own turn began before it was dying, or its save for this turn is rolled: the next comes with its next turn.
  return encounter.currentId === combatant.id ? 'turn-begun' : 'at-turn-start';
}
