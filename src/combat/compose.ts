import type { ChangeNote } from './notes';
import { CombatRefusal } from './refusals';
import type { Change, StepContext, Transition } from './transition';
import type { Encounter, EncounterEvent } from './types';

/**
 * One link of a chain: a change run on the state the links before it left, which sees what they
 * did (so it decides on the fresh state, inside the one `apply`), or null when it has nothing to do.
 */
export type Link = (encounter: Encounter, ctx: StepContext, before: readonly Transition[]) => Transition | null;

/**
 * `change`, refused unless the encounter is still `encounterId`: a button pressed under an ended
 * fight's message does nothing to the channel's next one. Checked on the state the change runs on,
 * so it costs no read of its own.
 */
export function onlyIn<Input extends unknown[]>(encounterId: string, change: Change<Input>): Change<Input> {
  return (encounter, ctx, ...input) => {
    if (encounter.id !== encounterId) throw new CombatRefusal({ kind: 'encounter-over' });
    return change(encounter, ctx, ...input);
  };
}

/** A change with its input, as a link. */
export function step<Input extends unknown[]>(change: Change<Input>, ...input: Input): Link {
  return (encounter, ctx) => change(encounter, ctx, ...input);
}

/**
 * A link, then the link `next` makes from what it did (an attack, then its damage if it hit).
 * `next` returning null ends the pair with the first link's transition.
 */
export function then(first: Link, next: (done: Transition) => Link | null): Link {
  return (encounter, ctx, before) => {
    const done = first(encounter, ctx, before);
    if (done === null) return null;
    const following = next(done)?.(done.encounter, ctx, [...before, done]) ?? null;
    return following === null ? done : joined([done, following]);
  };
}

/** The same link for each of several targets, in order, each on the state the one before left (a save per target). */
export function eachOf<Target>(targets: readonly Target[], linkFor: (target: Target) => Link): Link {
  return (encounter, ctx, before) => {
    const done = run(encounter, ctx, targets.map(linkFor), before);
    return done.length === 0 ? null : joined(done);
  };
}

/**
 * One change made of links run in order, each on the state the one before left: one transition,
 * so one log entry, one undo and one atomic write for the whole chain.
 */
export function chain(...links: Link[]): Change {
  return (encounter, ctx) => {
    const done = run(encounter, ctx, links, []);
    const [only] = done;
    if (only === undefined) throw new Error('a chain of changes did nothing: give it at least one link that always runs');
    return joined(done);
  };
}

function run(encounter: Encounter, ctx: StepContext, links: readonly Link[], before: readonly Transition[]): Transition[] {
  const done: Transition[] = [];
  let current = encounter;
  for (const link of links) {
    const transition = link(current, ctx, [...before, ...done]);
    if (transition === null) continue;
    done.push(transition);
    current = transition.encounter;
  }
  return done;
}

/** Transitions one after another as one: the last state, every event in order, the notes together. */
function joined(done: readonly Transition[]): Transition {
  const last = done[done.length - 1];
  if (last === undefined) throw new Error('nothing to join');
  if (done.length === 1) return last;
  // Loops, not flatMap: Node 20's flatMap costs a few µs even on two short lists, on every link of every command.
  const notes: ChangeNote[] = [];
  const events: EncounterEvent[] = [];
  for (const t of done) {
    if (t.note.kind === 'chain') notes.push(...t.note.notes);
    else notes.push(t.note);
    events.push(...t.events);
  }
  return { encounter: last.encounter, events, note: { kind: 'chain', notes } };
}
