import type { DamageType, RollMode } from '../rules/types';
import type {
  Actor,
  CombatantRef,
  Encounter,
  EncounterLogEntry,
  EncounterOptions,
  EncounterResult,
  Place,
} from './types';

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
