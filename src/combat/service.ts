import type { RandomSource } from '../dice/random';
import { UserError } from '../errors';
import { getRuleSet } from '../rules';
import type { RuleSetId } from '../rules/ids';
import type { DamageType, RollMode } from '../rules/types';
import { dropConcentration, pressConcentrationSave, startConcentration } from './concentration';
import { dealDamage, grantTempHp, heal, setHp, setMaxHp } from './hit-points';
import { changeOptions, endEncounter, undoChange } from './lifecycle';
import { addMonsters, beginEncounter, joinEncounter, removeCombatant, setInitiative } from './roster';
import type { EncounterStore } from './store';
import { refOf } from './targets';
import type { StepContext, Transition } from './transition';
import { moveTurn, nextTurn, pressDeathSave, previousTurn } from './turns';
import type { Actor, CombatantRef, Encounter, EncounterLogEntry, EncounterOptions, EncounterResult, Place } from './types';
import { requireWhole } from './validate';

export interface BeginInput {
  name?: string;
  options?: Partial<EncounterOptions>;
}

/** Monsters and NPCs the game master adds. */
export interface AddInput {
  name: string;
  initMod?: number;
  hp?: number;
  ac?: number;
  /** `count:4` adds "Name 1" to "Name 4" sharing one initiative roll. */
  count?: number;
  hidden?: boolean;
  /** A given initiative total: no roll. */
  initiative?: number;
  mode?: RollMode;
  conSave?: number;
  resist?: DamageType[];
  immune?: DamageType[];
  vulnerable?: DamageType[];
}

/** The caller's own combatant; the name defaults to the caller's display name. */
export interface JoinInput {
  name?: string;
  initMod?: number;
  hp?: number;
  ac?: number;
  conSave?: number;
  initiative?: number;
  mode?: RollMode;
}

/**
 * `target` is a combatant's name as the user typed or autocompleted it (case and spacing do not
 * matter; a unique prefix is enough) or its id.
 */
export interface TargetInput {
  target: string;
}

/** `amount` is a whole number or a dice expression ("2d6+3 [fire]"). */
export interface AmountInput extends TargetInput {
  amount: string;
}

export interface DamageInput extends AmountInput {
  /** Overrides the type an annotation in the expression gives. */
  type?: DamageType;
  critical?: boolean;
}

export interface TempHpInput extends AmountInput {
  /** Take the new amount even when it is smaller than the temporary HP already there. */
  replace?: boolean;
}

export interface ConcentrateInput extends TargetInput {
  effect: string;
}

export interface SetInitiativeInput extends TargetInput {
  value: number;
}

/**
 * Everything `/init` and `/hp` do to a channel's encounter. Each call is one atomic change (or a
 * read); user mistakes and refusals are thrown as `UserError` with a message to show as it is.
 */
export interface EncounterService {
  begin(actor: Actor, place: Place, input: BeginInput): Promise<EncounterResult>;
  add(actor: Actor, place: Place, input: AddInput): Promise<EncounterResult>;
  join(actor: Actor, place: Place, input: JoinInput): Promise<EncounterResult>;
  next(actor: Actor, place: Place): Promise<EncounterResult>;
  prev(actor: Actor, place: Place): Promise<EncounterResult>;
  move(actor: Actor, place: Place, input: TargetInput): Promise<EncounterResult>;
  setInitiative(actor: Actor, place: Place, input: SetInitiativeInput): Promise<EncounterResult>;
  remove(actor: Actor, place: Place, input: TargetInput): Promise<EncounterResult>;
  setOptions(actor: Actor, place: Place, options: Partial<EncounterOptions>): Promise<EncounterResult>;
  /** Ends the encounter; the result's encounter is the final state (with `endedAt`). */
  end(actor: Actor, place: Place): Promise<EncounterResult>;
  /** Reverts the last change not yet undone: the game master's, or the caller's own. */
  undo(actor: Actor, place: Place): Promise<EncounterResult>;

  damage(actor: Actor, place: Place, input: DamageInput): Promise<EncounterResult>;
  heal(actor: Actor, place: Place, input: AmountInput): Promise<EncounterResult>;
  setTempHp(actor: Actor, place: Place, input: TempHpInput): Promise<EncounterResult>;
  setHp(actor: Actor, place: Place, input: AmountInput): Promise<EncounterResult>;
  setMaxHp(actor: Actor, place: Place, input: AmountInput): Promise<EncounterResult>;

  concentrate(actor: Actor, place: Place, input: ConcentrateInput): Promise<EncounterResult>;
  dropConcentration(actor: Actor, place: Place, input: TargetInput): Promise<EncounterResult>;
  /** Rolls the oldest pending concentration save of the target. */
  rollConcentrationSave(actor: Actor, place: Place, input: TargetInput): Promise<EncounterResult>;
  /** Rolls the target's pending death save (encounters that roll them by button). */
  rollDeathSave(actor: Actor, place: Place, input: TargetInput): Promise<EncounterResult>;

  /** The channel's active encounter, or null. `list` shows it; hidden numbers are the caller's to filter. */
  get(place: Place): Promise<Encounter | null>;
  /** The last `count` changes, newest first. Throws `UserError` when there is no encounter. */
  log(place: Place, count: number): Promise<EncounterLogEntry[]>;
  /** Combatants of the channel's encounter in initiative order (empty without one), for autocomplete. */
  combatants(place: Place): Promise<CombatantRef[]>;
  /** Remembers the tracker message posted for the encounter; not a change `undo` reverts. */
  setTrackerMessage(place: Place, encounterId: string, messageId: string): Promise<void>;
}

export interface EncounterServiceDeps {
  store: EncounterStore;
  random: RandomSource;
  now(): Date;
  /** The rule set in force in a channel when an encounter begins there. */
  ruleSetFor(place: Place): Promise<RuleSetId>;
  /** A fresh encounter id. */
  newId(): string;
}

const NO_ENCOUNTER = 'There is no encounter in this channel. Start one with `/init begin`.';
const MAX_LOG_ENTRIES = 25;

/** The service over any store: each command is one `store.update` around a pure step. */
export function createEncounterServiceWith(deps: EncounterServiceDeps): EncounterService {
  const { store } = deps;

  function contextFor(actor: Actor, encounter: Encounter): StepContext {
    return { actor, ruleSet: getRuleSet(encounter.ruleSet), random: deps.random, now: deps.now() };
  }

  async function change(
    actor: Actor,
    place: Place,
    step: (encounter: Encounter, ctx: StepContext) => Transition,
  ): Promise<EncounterResult> {
    const saved = await store.update(place.channelId, actor, (current) => step(current, contextFor(actor, current)));
    if (saved === null) throw new UserError(NO_ENCOUNTER);
    return { encounter: saved.encounter, events: saved.events };
  }

  return {
    async begin(actor, place, input) {
      const ruleSet = await deps.ruleSetFor(place);
      const begun = beginEncounter(
        { actor, ruleSet: getRuleSet(ruleSet), random: deps.random, now: deps.now() },
        { id: deps.newId(), place, name: input.name, ruleSet, options: input.options },
      );
      if (!(await store.create(begun, actor))) {
        const existing = await store.active(place.channelId);
        const which = existing === null ? 'an encounter' : `${existing.name} (game master: ${existing.gameMasterName})`;
        throw new UserError(`This channel already has ${which}. End it with \`/init end\` before beginning another.`);
      }
      return { encounter: begun.encounter, events: begun.events };
    },
    add: (actor, place, input) => change(actor, place, (e, ctx) => addMonsters(e, ctx, input)),
    join: (actor, place, input) => change(actor, place, (e, ctx) => joinEncounter(e, ctx, input)),
    next: (actor, place) => change(actor, place, nextTurn),
    prev: (actor, place) => change(actor, place, previousTurn),
    move: (actor, place, input) => change(actor, place, (e, ctx) => moveTurn(e, ctx, input.target)),
    setInitiative: (actor, place, input) => change(actor, place, (e, ctx) => setInitiative(e, ctx, input)),
    remove: (actor, place, input) => change(actor, place, (e, ctx) => removeCombatant(e, ctx, input.target)),
    setOptions: (actor, place, options) => change(actor, place, (e, ctx) => changeOptions(e, ctx, options)),
    end: (actor, place) => change(actor, place, endEncounter),
    async undo(actor, place) {
      const saved = await store.update(
        place.channelId,
        actor,
        (current, last) => ({ ...undoChange(current, contextFor(actor, current), last), undoes: last?.id }),
        { withLastChange: true },
      );
      if (saved === null) throw new UserError(NO_ENCOUNTER);
      return { encounter: saved.encounter, events: saved.events };
    },

    damage: (actor, place, input) => change(actor, place, (e, ctx) => dealDamage(e, ctx, input)),
    heal: (actor, place, input) => change(actor, place, (e, ctx) => heal(e, ctx, input)),
    setTempHp: (actor, place, input) => change(actor, place, (e, ctx) => grantTempHp(e, ctx, input)),
    setHp: (actor, place, input) => change(actor, place, (e, ctx) => setHp(e, ctx, input)),
    setMaxHp: (actor, place, input) => change(actor, place, (e, ctx) => setMaxHp(e, ctx, input)),

    concentrate: (actor, place, input) => change(actor, place, (e, ctx) => startConcentration(e, ctx, input)),
    dropConcentration: (actor, place, input) => change(actor, place, (e, ctx) => dropConcentration(e, ctx, input.target)),
    rollConcentrationSave: (actor, place, input) => change(actor, place, (e, ctx) => pressConcentrationSave(e, ctx, input.target)),
    rollDeathSave: (actor, place, input) => change(actor, place, (e, ctx) => pressDeathSave(e, ctx, input.target)),

    get: (place) => store.active(place.channelId),
    async log(place, count) {
      const entries = await store.log(place.channelId, requireWhole(count, 'Count', 1, MAX_LOG_ENTRIES));
      if (entries === null) throw new UserError(NO_ENCOUNTER);
      return entries;
    },
    async combatants(place) {
      const encounter = await store.cached(place.channelId);
      return encounter === null ? [] : encounter.combatants.map(refOf);
    },
    setTrackerMessage: (_place, encounterId, messageId) => store.setTrackerMessage(encounterId, messageId),
  };
}
