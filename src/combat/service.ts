import type { RandomSource } from '../dice/random';
import { getRuleSet } from '../rules';
import type { RuleSetId } from '../rules/ids';
import type { BeginInput } from './inputs';
import { endEncounter, undoChange } from './lifecycle';
import type { ChangeNote } from './notes';
import type { FightRecord } from './recap';
import { CombatRefusal } from './refusals';
import { beginEncounter } from './roster';
import type {
  ChangeFn,
  EncounterStore,
  FightOutline,
  InteractionClaim,
  SavedChange,
  SheetWrite,
  StoredTransition,
  UpdateOptions,
} from './store';
import { rulesOf } from './rules-of';
import { refOf } from './targets';
import type { Change, StepContext, Transition } from './transition';
import type { Actor, CombatantRef, Encounter, EncounterLogEntry, EncounterResult, Place } from './types';
import { requireWhole } from './validate';

/**
 * Everything the commands do to a channel's encounter. Each change is one atomic `apply` of a step
 * (or `begin`/`undo`, which need more than the current encounter); refusals are thrown as
 * `CombatRefusal`s for the views to word. `label` is how the log names the invocation ("hp damage"):
 * the caller knows the command, the core does not.
 */
export interface EncounterService {
  begin(actor: Actor, place: Place, label: string, input: BeginInput): Promise<EncounterResult>;
  /** Applies `change` to the channel's active encounter and saves it with its log line. */
  apply<Input extends unknown[]>(
    actor: Actor,
    place: Place,
    label: string,
    change: Change<Input>,
    ...input: Input
  ): Promise<EncounterResult>;
  /**
   * `apply`, with `word` (a reply's words, which need nothing the save gives back) worked out on
   * the outcome while its save is on its way: the command waits for the save, not for both.
   */
  applyWorded<Words extends object, Input extends unknown[]>(
    actor: Actor,
    place: Place,
    label: string,
    word: (result: EncounterResult) => Words,
    change: Change<Input>,
    ...input: Input
  ): Promise<{ result: EncounterResult; words: Words }>;
  /** Reverts the last change not yet undone: the game master's, or the caller's own. */
  undo(actor: Actor, place: Place, label: string): Promise<EncounterResult>;
  /**
   * Ends the channel's encounter and writes `sheetsOf(ended)` back to the stored characters in the
   * same write: both are saved or neither is. The ended fight comes back with its whole log, read
   * by that write, for the recap.
   */
  end(actor: Actor, place: Place, label: string, sheetsOf: (ended: Encounter) => readonly SheetWrite[]): Promise<FightRecord>;

  /** The channel's active encounter, or null. `list` shows it; hidden numbers are the caller's to filter. */
  get(place: Place): Promise<Encounter | null>;
  /**
   * The channel's encounter as this process last saw it, at no cost while no other process is heard
   * to have saved it since (read otherwise): for what a handler works out before its change (a
   * caster, a group, a stat block), which the change then checks again on the state it runs on.
   */
  seen(place: Place): Promise<Encounter | null>;
  /**
   * The encounter's newest state, active or ended, when it has changed since `known` (by this
   * process or another); null while it has not. The tracker is brought up to it.
   */
  newer(known: Pick<Encounter, 'id' | 'version'>): Promise<Encounter | null>;
  /** The last `count` changes, newest first. Throws `NoEncounter` when there is none. */
  log(place: Place, count: number): Promise<EncounterLogEntry[]>;
  /** Combatants of the channel's encounter in initiative order (empty without one), for autocomplete. */
  combatants(place: Place): Promise<CombatantRef[]>;
  /**
   * A whole fight with its log: the last one that ended in the channel after reaching round 1
   * (`ended`), or the one running there, else that last ended one (`any`). Refused when there is none.
   */
  fight(place: Place, which: 'ended' | 'any'): Promise<FightRecord>;
  /** The fight `fight` would read, without its log: enough to refuse a reader before loading it. */
  fightOutline(place: Place, which: 'ended' | 'any'): Promise<FightOutline>;
  /** Remembers the tracker message posted for the encounter; not a change `undo` reverts. */
  setTrackerMessage(place: Place, encounterId: string, messageId: string): Promise<void>;
  /**
   * This service for one invocation whose first saved change (apply, undo, end) also records
   * `claim` as handled, in the same write: refused as already handled when it was.
   */
  claiming(claim: InteractionClaim): EncounterService;
}

export interface EncounterServiceDeps {
  store: EncounterStore;
  random: RandomSource;
  now(): Date;
  /** The rule set in force in a channel when an encounter begins there. */
  ruleSetFor(place: Place): Promise<RuleSetId>;
  /** A fresh encounter id. */
  newId(): string;
  /** The log line's words for a change (the views'), saved with it. */
  describe(note: ChangeNote): string;
}

const MAX_LOG_ENTRIES = 25;

function resultOf(saved: SavedChange): EncounterResult {
  return { encounter: saved.encounter, events: saved.events };
}

/** The service over any store: each command is one `store.update` around a pure step. */
export function createEncounterServiceWith(deps: EncounterServiceDeps): EncounterService {
  return serviceClaiming(deps, null);
}

function serviceClaiming(deps: EncounterServiceDeps, claim: InteractionClaim | null): EncounterService {
  const { store } = deps;

  /** The store's update, recording the invocation's claim with its first save. */
  async function update<Prepared>(channelId: string, actor: Actor, change: ChangeFn, options: UpdateOptions<Prepared> = {}) {
    const pending = claim === null || claim.recorded ? undefined : claim.id;
    const saved = await store.update(channelId, actor, change, pending === undefined ? options : { ...options, claim: pending });
    if (saved !== null && claim !== null) claim.recorded = true;
    return saved;
  }

  function contextFor(actor: Actor, encounter: Encounter): StepContext {
    return { actor, ruleSet: rulesOf(encounter), random: deps.random, now: deps.now() };
  }

  /** `extra` last: in Node 20's V8, keys written after a spread would give each change a hidden class of its own. */
  function logged(transition: Transition, label: string, extra: Pick<StoredTransition, 'undoes' | 'sheets'> = {}): StoredTransition {
    return {
      encounter: transition.encounter,
      events: transition.events,
      command: label,
      detail: deps.describe(transition.note),
      ...extra,
    };
  }

  return {
    async begin(actor, place, label, input) {
      const ruleSet = await deps.ruleSetFor(place);
      const begun = beginEncounter(
        { actor, ruleSet: getRuleSet(ruleSet), random: deps.random, now: deps.now() },
        { id: deps.newId(), place, name: input.name, ruleSet, options: input.options },
      );
      if (!(await store.create(logged(begun, label), actor))) {
        const existing = await store.active(place.channelId);
        const known = existing === null ? null : { name: existing.name, gameMasterName: existing.gameMasterName };
        throw new CombatRefusal({ kind: 'encounter-exists', existing: known });
      }
      return { encounter: begun.encounter, events: begun.events };
    },
    async apply(actor, place, label, change, ...input) {
      const saved = await update(place.channelId, actor, (current) => logged(change(current, contextFor(actor, current), ...input), label));
      if (saved === null) throw new CombatRefusal({ kind: 'no-encounter' });
      return resultOf(saved);
    },
    async applyWorded(actor, place, label, word, change, ...input) {
      const saved = await update(
        place.channelId,
        actor,
        (current) => logged(change(current, contextFor(actor, current), ...input), label),
        {
          prepare: (expected) => word(resultOf(expected)),
        },
      );
      if (saved === null) throw new CombatRefusal({ kind: 'no-encounter' });
      const result = resultOf(saved);
      return { result, words: saved.prepared ?? word(result) };
    },
    async undo(actor, place, label) {
      const saved = await update(
        place.channelId,
        actor,
        (current, last) => logged(undoChange(current, contextFor(actor, current), last), label, { undoes: last?.id }),
        { withLastChange: true },
      );
      if (saved === null) throw new CombatRefusal({ kind: 'no-encounter' });
      return resultOf(saved);
    },

    async end(actor, place, label, sheetsOf) {
      const saved = await update(
        place.channelId,
        actor,
        (current) => {
          const ended = endEncounter(current, contextFor(actor, current));
          return logged(ended, label, { sheets: sheetsOf(ended.encounter) });
        },
        { withFight: true },
      );
      if (saved === null) throw new CombatRefusal({ kind: 'no-encounter' });
      if (saved.entries === undefined) throw new Error('the store gave back no log with the end of a fight');
      return { encounter: saved.encounter, entries: saved.entries };
    },

    get: (place) => store.active(place.channelId),
    seen: (place) => store.cached(place.channelId),
    newer: (known) => store.newer(known.id, known.version),
    async log(place, count) {
      const entries = await store.log(place.channelId, requireWhole(count, 'count', 1, MAX_LOG_ENTRIES));
      if (entries === null) throw new CombatRefusal({ kind: 'no-encounter' });
      return entries;
    },
    async combatants(place) {
      const encounter = await store.cached(place.channelId);
      return encounter === null ? [] : encounter.combatants.map(refOf);
    },
    async fight(place, which) {
      const record =
        (which === 'any' ? await store.fight(place.channelId, 'active') : null) ?? (await store.fight(place.channelId, 'ended'));
      if (record === null) throw new CombatRefusal({ kind: which === 'any' ? 'no-fight' : 'no-ended-encounter' });
      return record;
    },
    async fightOutline(place, which) {
      const outline =
        (which === 'any' ? await store.fightOutline(place.channelId, 'active') : null) ??
        (await store.fightOutline(place.channelId, 'ended'));
      if (outline === null) throw new CombatRefusal({ kind: which === 'any' ? 'no-fight' : 'no-ended-encounter' });
      return outline;
    },
    setTrackerMessage: (_place, encounterId, messageId) => store.setTrackerMessage(encounterId, messageId),
    claiming: (next) => serviceClaiming(deps, next),
  };
}
