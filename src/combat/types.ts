import type { MonsterSource } from '../compendium/books';
import type { ConditionImmunity } from '../compendium/types';
import type { RuleSetId } from '../rules/ids';
import type { Skill } from '../rules/skills';
import type {
  Ability,
  AttackOutcome,
  CombatantRulesState,
  ConditionKey,
  CustomModifier,
  DamageType,
  DeathSaveOutcome,
  Expiry,
  RollMode,
  RollPart,
  RulesEvent,
} from '../rules/types';

// ---------------------------------------------------------------------------------------------
// Who acts, and where
// ---------------------------------------------------------------------------------------------

/** The person behind a command, as the service needs to know them (no Discord types). */
/**
 * How a critical hit changed the amount: its dice rolled as the rule set says, a plain number
 * doubled (rule sets that double the total), or nothing, since a plain number has no dice to double.
 */
export type CriticalApplied = 'rolled' | 'doubled' | 'no-dice';

export interface Actor {
  userId: string;
  /** Display name, kept in the event log and for refusals that name the game master. */
  name: string;
  /** Members with Manage Channels may do everything the game master may. */
  canManageChannel: boolean;
}

/** The channel or thread an encounter lives in. */
export interface Place {
  guildId: string;
  channelId: string;
  /** For a thread, the channel it was opened under, whose rule set a fight begun there plays unless the thread has its own. */
  parentChannelId?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Encounter state (plain data; every change makes a new value)
// ---------------------------------------------------------------------------------------------

export interface EncounterOptions {
  /** Roll a dying combatant's death save when its turn starts (false: its controller presses a button). */
  autoDeathSaves: boolean;
  /** Roll the concentration save as soon as damage calls for it (false: a button). */
  autoConcentrationSaves: boolean;
  /**
   * Monsters die at 0 HP even where the rule set gives every creature death saves (Crown & Misery,
   * decision 27.4); player characters and creatures marked important still fall dying.
   */
  monstersDie: boolean;
}

export const DEFAULT_ENCOUNTER_OPTIONS: EncounterOptions = {
  autoDeathSaves: true,
  autoConcentrationSaves: false,
  monstersDie: false,
};

export interface InitiativeInfo {
  total: number;
  modifier: number;
  mode: RollMode;
  /** Every d20 rolled; empty when the total was given (`initiative:<value>`) or is a score. */
  rolls: number[];
  /** The total was given by the user rather than rolled. */
  given: boolean;
  /** d20 roll-offs the rules engine used to place this combatant among equal totals. */
  tiebreak: number[];
}

/** Longest combatant or effect name: it must fit an autocomplete choice and a tracker line. */
export const NAME_MAX_LENGTH = 48;

/** The most hit points a combatant can have: larger numbers are typing mistakes. */
export const MAX_HP = 100_000;

/** Discord embeds and autocomplete stay readable up to this many combatants. */
export const MAX_COMBATANTS = 50;

export interface Combatant {
  /** Unique within its encounter ("c1", "c2", ...); never reused. */
  id: string;
  name: string;
  /** The user who controls it (a joined player), or null for the game master's monsters. */
  controllerId: string | null;
  /** Only the game master sees a hidden combatant's numbers. */
  hidden: boolean;
  /** False until someone gives it hit points: damage and healing then have nothing to change. */
  hpKnown: boolean;
  armourClass: number | null;
  /** Combatants added together with `count:` share this id and one initiative roll. */
  groupId: string | null;
  initiative: InitiativeInfo;
  /** Death save waiting for a button press (the encounter rolls them by button). */
  deathSavePending: boolean;
  /** Its turn was skipped once with a word that it is dead; later skips are silent. */
  deathAnnounced: boolean;
  /** Concentration save DCs waiting for a button press, oldest first. */
  pendingConcentrationDcs: number[];
  /** Everything the rules engine reads and writes; `concentration` mirrors the concentration effect. */
  rules: CombatantRulesState;
  /** The stored character a player joined with, which the fight's end brings up to date; null for the others. */
  characterId: string | null;
  /** Saving throw bonuses given for it, by ability; `rules.conSaveBonus` is the Constitution one. */
  saveBonuses: SaveBonuses;
  /** Legendary and lair actions, its reaction, a readied action, delay and surprise. */
  actions: TurnActions;
  /** The stat block it was added from; null when its numbers were typed. */
  monster: MonsterLink | null;
  /** A stored character's spell slots, as the fight spends them; null for one who has none. */
  spellSlots: SpellSlots | null;
}

/** Slots of one spell level: how many the caster has, and how many are left. */
export type SlotLevel = { level: number; total: number; left: number };

/** A caster's spell slots by level; `pact` slots (Pact Magic) are all of one level and come back on a short rest. */
export type SpellSlots = { levels: readonly SlotLevel[]; pact: boolean };

/**
 * What a combatant keeps of its stat block: where to find it again (for its actions), what the
 * core reads on every change (skills, condition immunities), and what its actions have spent.
 */
// A type, not an interface: it is stored as a JSON column, which takes records.
export type MonsterLink = {
  source: MonsterSource;
  /** The block's name ("Goblin Warrior"), not the combatant's ("Goblin Warrior 2"). */
  block: string;
  skills: Readonly<Partial<Record<Skill, number>>>;
  conditionImmunities: readonly ConditionImmunity[];
  /** The block's creature type ("undead"), which some spells do nothing to; absent in fights begun before it was kept. */
  creatureType?: string;
  /** Recharge actions used, each waiting for a d6 of `recharge` or more at the start of its turn. */
  recharging: readonly { action: string; recharge: number }[];
  /** Uses left of actions with uses per day or per rest, by action name; absent: not used yet. */
  usesLeft: Readonly<Record<string, number>>;
};

/** How many legendary actions a creature has a round, and how many are left until its turn starts. */
export interface LegendaryActions {
  max: number;
  left: number;
}

/** A lair creature's lair turn at initiative count 20: the last round it was taken, and whether it is being taken now. */
export interface LairTurn {
  round: number;
  acting: boolean;
}

/** What a combatant does besides its own turn, and where it stands in the flow of turns. */
export interface TurnActions {
  /** Null: no legendary actions. */
  legendary: LegendaryActions | null;
  /** Null: no lair. */
  lair: LairTurn | null;
  /** Its one reaction is spent until its turn starts. */
  reactionUsed: boolean;
  /** What the reaction was spent on, as the user noted it. */
  reactionNote: string | null;
  /** The trigger of a readied action, held until its turn starts. */
  readied: string | null;
  /** The readied action that lapsed unused as its current turn started, for the My turn checklist. */
  lapsedReady: string | null;
  /** Out of the order after `delay` until it acts. */
  delayed: boolean;
  /** Surprised where that costs the first turn: that turn is skipped, and it has no reaction until then. */
  surprised: boolean;
  /**
   * The round whose turn of its was lost to surprise (0: none): a walk through the order after a lair
   * turn, or back a turn, passes over it as the turn that lost it did.
   */
  lostTurnRound: number;
  /**
   * The latest round whose turn of its is known to have started, with all that happens then: noted
   * when going back a turn leaves that turn, or as it delays (0: none). Going back a turn and on
   * again starts no turn twice: one turn a round rolls its saves and recharges once.
   */
  startedRound: number;
  /**
   * Its initiative was set during its own turn, or set where moving at once would have carried it
   * across the turn being taken: the count its place stands for this round. It keeps that place
   * until the round ends, so the rest of the round goes as it would have, and then moves to the
   * place its initiative gives (null: none).
   */
  heldPlace: number | null;
  /**
   * While its place is held: how many of those on its new initiative go before it once the round
   * ends, decided when its initiative was set, so a tie-break rolled then is not rolled again (null:
   * decided as the round ends).
   */
  heldRank: number | null;
  /**
   * While its place is held: the round whose end moves it. Going back a turn over the start of an
   * earlier round, it keeps its place through that round's end too (null: the round under way's).
   */
  heldRound: number | null;
  /** The place the end of a round moved it from, kept so that going back a turn into that round finds it there. */
  leftPlace: LeftPlace | null;
}

/** A place held through a round, as the round's end left it (a type, not an interface: the row code stores it as JSON). */
export type LeftPlace = {
  /** The round its new place was first taken in: going back a turn out of it puts it back. */
  round: number;
  /** The initiative count the place stood for. */
  count: number;
  /** How many combatants on that count stood before it. */
  rank: number;
  /** The `count:` group whose place it kept. */
  groupId: string | null;
};

export const NO_TURN_ACTIONS: TurnActions = {
  legendary: null,
  lair: null,
  reactionUsed: false,
  reactionNote: null,
  readied: null,
  lapsedReady: null,
  delayed: false,
  surprised: false,
  lostTurnRound: 0,
  startedRound: 0,
  heldPlace: null,
  heldRank: null,
  heldRound: null,
  leftPlace: null,
};

/** Longest note on a reaction or trigger of a readied action: it must fit a tracker line. */
export const ACTION_TEXT_MAX_LENGTH = 100;

/** The most legendary actions a creature has a round. */
export const MAX_LEGENDARY_ACTIONS = 5;

/** Saving throw bonuses by ability ("con+3,dex+2"); an ability left out was not given. */
export type SaveBonuses = Partial<Record<Ability, number>>;

export const EFFECT_KINDS = ['concentration', 'condition', 'effect'] as const;
/**
 * `condition`: one of the rule set's catalogue conditions, named as the catalogue names it, whose
 * mechanics live in the target's rules state; `effect`: any other named effect (a spell such as Bless).
 */
export type EffectKind = (typeof EFFECT_KINDS)[number];

/** A "save ends" effect: the target repeats this save at the end of each of its turns. */
export interface RepeatSave {
  ability: Ability;
  dc: number;
}

export interface EncounterEffect {
  /** Unique within its encounter ("e1", ...). */
  id: string;
  kind: EffectKind;
  name: string;
  /** Who created it (the concentrating caster). */
  sourceId: string | null;
  /** Who it is on. */
  targetId: string | null;
  startedRound: number;
  /** When it ends on its own, as the rules engine fixed it; null: until something ends it. */
  expiry: Expiry | null;
  /** The concentration effect that keeps this one up: it ends when that one ends. */
  concentrationId: string | null;
  /** The user who put it on; null for what the rules engine applied. */
  appliedBy: string | null;
  note: string | null;
  save: RepeatSave | null;
  /** What a named effect does (`attack:+1d4 save:+1d4` for Bless); empty when it only carries a name. */
  modifiers: readonly CustomModifier[];
  /** The game master put it on a hidden combatant for players to see; otherwise only the game master sees it there. */
  shownToPlayers: boolean;
  /** The repeat save is waiting for a button press (the encounter rolls turn saves by button). */
  savePending: boolean;
  /** A concentration on a spell: the slot level it was cast at, so its later damage is rolled at that level. */
  spellLevel?: number;
  /** A concentration on a spell: the damage type chosen at the cast (Spirit Guardians: necrotic), which its later damage deals. */
  damageType?: DamageType;
}

export interface Encounter {
  id: string;
  guildId: string;
  channelId: string;
  name: string;
  gameMasterId: string;
  gameMasterName: string;
  /** Fixed at begin from the channel's effective rule set. */
  ruleSet: RuleSetId;
  /** 0 until the first `next` starts round 1. */
  round: number;
  /** Whose turn it is; null before the first turn. */
  currentId: string | null;
  options: EncounterOptions;
  trackerMessageId: string | null;
  /** Bumped by every change; concurrent changes are detected with it. */
  version: number;
  /** The next number for a combatant, group or effect id. */
  nextSeq: number;
  createdAt: Date;
  endedAt: Date | null;
  /** In initiative order. */
  combatants: Combatant[];
  effects: EncounterEffect[];
}

// ---------------------------------------------------------------------------------------------
// What happened (the Discord side puts these into words)
// ---------------------------------------------------------------------------------------------

/** Enough of a combatant to name it, ping its controller and decide what a viewer may see. */
export interface CombatantRef {
  id: string;
  name: string;
  controllerId: string | null;
  hidden: boolean;
  isPlayerCharacter: boolean;
}

/**
 * `broken`: the rules engine ended concentration (the `rules` event before it says why: death,
 * incapacitation); `concentration-ended`: the concentration that kept this effect up ended.
 */
export type EffectEndReason =
  | 'expired'
  | 'dropped'
  | 'replaced'
  | 'save-failed'
  | 'broken'
  | 'concentration-ended'
  | 'combatant-removed'
  /** A user took it off, or a repeat save succeeded. */
  | 'removed'
  | 'saved';

/** A save as events report it: every d20, the one that counts, each part of the total, and whether it met the DC. */
export interface SaveOutcome {
  rolls: number[];
  natural: number;
  parts: RollPart[];
  total: number;
  /** The save failed whatever the roll; the reason names the condition. */
  autoFail: string | null;
  success: boolean;
}

/** A dice expression rolled for an amount (damage, healing, temporary HP). */
export interface AmountRoll {
  expression: string;
  /** The dice engine's rendering: every die and the total. */
  rendered: string;
  total: number;
}

/** Why an attack has advantage or disadvantage, and whose it is: the attacker's state, the target's, or the one asking. */
export interface AttackReason {
  reason: string;
  side: 'attacker' | 'target' | 'asked';
  /** From a hidden combatant's conditions the game master keeps to themselves: players are not told it. */
  private: boolean;
}

/** An attack roll against a combatant's Armour Class, as events report it. */
export interface AttackRoll {
  attacker: CombatantRef;
  target: CombatantRef;
  reach: 'melee' | 'ranged';
  weapon: boolean;
  /** Every d20, the one that counts, and each part of the total after it. */
  rolls: number[];
  natural: number;
  parts: RollPart[];
  total: number;
  mode: RollMode;
  advantage: AttackReason[];
  disadvantage: AttackReason[];
  /** The Armour Class the total met, bonuses of effects and conditions included. */
  armourClass: number;
  outcome: AttackOutcome;
  /** The target's condition that made a hit within 5 ft critical (Paralyzed), and whether players may hear of it. */
  autoCritical: { reason: string; private: boolean } | null;
  /** The game master rolled it in secret: only they read the reply, hidden numbers included. */
  private: boolean;
}

export type EncounterEvent =
  | { kind: 'encounter-begun'; name: string; ruleSet: RuleSetId }
  /** `surpriseUnrolled`: surprised where surprise is disadvantage on the roll (2024, C&M), with a total given instead. */
  | { kind: 'combatant-added'; combatant: CombatantRef; initiative: InitiativeInfo; surpriseUnrolled?: true }
  | { kind: 'combatant-removed'; combatant: CombatantRef }
  /** A group's condition passed over a member its stat block makes immune to it (the catalogue's name). */
  | { kind: 'condition-immunity'; combatant: CombatantRef; condition: string }
  /** `newPlaceFrom`: set during its own turn, or across the turn being taken, it keeps its place until that round. */
  | { kind: 'initiative-set'; combatant: CombatantRef; total: number; previous: number; newPlaceFrom?: number }
  | { kind: 'round-started'; round: number }
  /** A round reached before and gone back from: reached again, it does not begin anew. */
  | { kind: 'round-resumed'; round: number }
  /** `moved`: the game master made it current with `move`, so nothing turn-start happened. */
  | { kind: 'turn-started'; combatant: CombatantRef; round: number; moved: boolean }
  /** `lair`: back to the combatant's lair turn at count 20. */
  | { kind: 'turn-went-back'; combatant: CombatantRef; round: number; lair?: boolean }
  /** `surprised`: its first turn is lost to surprise (2014, Next, A5E). */
  | { kind: 'turn-skipped'; combatant: CombatantRef; reason: 'dead' | 'surprised' }
  /** A lair creature's lair turn at initiative count 20. */
  | { kind: 'lair-turn'; combatant: CombatantRef; round: number }
  | { kind: 'legendary-action'; combatant: CombatantRef; cost: number; left: number; max: number }
  /**
   * A monster uses an action of its stat block; `usesLeft` after this use, for an action with uses per
   * day or per rest; `partial`: the block says more than the bot ran, which is the game master's to do.
   */
  | {
      kind: 'monster-action';
      combatant: CombatantRef;
      action: string;
      recharge: number | null;
      usesLeft: number | null;
      perDay: number | null;
      partial?: true;
    }
  /**
   * A spell cast at `level` (0: a cantrip); `slotsLeft` of that level after it, when it took a slot;
   * `automated`: the bot rolls and applies it; `private`: the game master cast it in secret.
   */
  | {
      kind: 'spell-cast';
      combatant: CombatantRef;
      spell: string;
      level: number;
      spellLevel: number;
      slotsLeft: { left: number; total: number } | null;
      automated: boolean;
      /** The spell's text says more than the bot runs: the rest is the table's. */
      partial?: true;
      /** Conditions the caster could choose among, the first given (Blindness/Deafness: blinded, deafened). */
      conditionChoice?: readonly ConditionKey[];
      /** The caster's other options, which give no condition, by name (the 2014 Eyebite's Sickened): the table runs them. */
      optionChoice?: readonly string[];
      /** `offered`: the spell deals more later, on a trigger, which the table rolls as it comes; `rolled`: this is that roll, no cast. */
      ongoing?: 'offered' | 'rolled';
      private?: true;
    }
  /**
   * The spell does nothing to some creature types (the 2014 Heal: constructs, undead): `known`, the
   * target is of the one in `types`; otherwise its type is unknown to the bot, `types` are the
   * spell's, and the game master judges.
   */
  | { kind: 'spell-no-effect'; combatant: CombatantRef; spell: string; types: readonly string[]; known: boolean }
  /** The d6 at the start of its turn for a recharging action: `needed` or more makes it available again. */
  | { kind: 'recharge-rolled'; combatant: CombatantRef; action: string; roll: number; needed: number; recharged: boolean }
  /** `droppedReady`: the readied action it can no longer take, as that needs the reaction. */
  | { kind: 'reaction-used'; combatant: CombatantRef; note: string | null; droppedReady: string | null }
  /** `replaced`: the trigger of the action readied before on this turn, which this one takes the place of. */
  | { kind: 'action-readied'; combatant: CombatantRef; trigger: string; replaced?: string }
  | { kind: 'readied-action-used'; combatant: CombatantRef; trigger: string }
  /** Its turn started with the readied action unused. */
  | { kind: 'readied-action-lapsed'; combatant: CombatantRef; trigger: string }
  /**
   * Next: a readied action used moves its creature to just before the trigger's turn, or before the
   * trigger's whole `count:` group (`group`, its names in order), which keeps its place together.
   */
  | { kind: 'moved-in-order'; combatant: CombatantRef; before: CombatantRef; group?: readonly string[] }
  | { kind: 'turn-delayed'; combatant: CombatantRef }
  | { kind: 'delay-ended'; combatant: CombatantRef }
  /** `private`: a hidden attacker's damage dice, which would show its bonus: the game master's alone. */
  | { kind: 'amount-rolled'; combatant: CombatantRef; roll: AmountRoll; private?: boolean }
  /** Hit points rolled for a monster as it was added; `private`: a hidden one's, for the game master alone. */
  | { kind: 'hp-rolled'; combatant: CombatantRef; roll: AmountRoll; private: boolean }
  /** An attack roll; on a hit, the damage events follow. */
  | ({ kind: 'attack-rolled' } & AttackRoll)
  /**
   * What damage was dealt before the rules engine applied it; `source` is who dealt it, as the command
   * named it or else as `likelySource` judged (null: nobody can be told, such as damage before round 1).
   */
  | {
      kind: 'damage-taken';
      combatant: CombatantRef;
      source: CombatantRef | null;
      amount: number;
      damageType: DamageType | null;
      critical: CriticalApplied | null;
    }
  /** `private`: the game master's change to a hidden monster's level track, as its numbers are (older entries lack it). */
  | { kind: 'rules'; combatant: CombatantRef; event: RulesEvent; private?: boolean }
  | { kind: 'hp-set'; combatant: CombatantRef; hp: number; previous: number }
  /** `previous` is null when the combatant had no hit points before. */
  | { kind: 'max-hp-set'; combatant: CombatantRef; maxHp: number; previous: number | null }
  | { kind: 'death-save'; combatant: CombatantRef; roll: number; total: number; outcome: DeathSaveOutcome; damage: number | null }
  /** The encounter rolls death saves by button: the controller should press it. */
  | { kind: 'death-save-due'; combatant: CombatantRef }
  | { kind: 'concentration-started'; combatant: CombatantRef; effect: string }
  /**
   * Every effect a concentration kept up has ended (saved out of, expired, removed) while the
   * concentration goes on: its holder may drop it. `private`: one of those effects was the game master's alone.
   */
  | { kind: 'concentration-idle'; combatant: CombatantRef; effect: string; private: boolean }
  /** Damage calls for a Constitution save; a button rolls it (`rollConcentrationSave`). */
  | { kind: 'concentration-check'; combatant: CombatantRef; effect: string; dc: number; bonus: number }
  /** `private`: a concentration the table was not told of (a hidden monster's secret cast): the game master's alone. */
  | ({ kind: 'concentration-save'; combatant: CombatantRef; effect: string; dc: number; private?: boolean } & SaveOutcome)
  | {
      kind: 'effect-ended';
      effect: { id: string; kind: EffectKind; name: string };
      combatant: CombatantRef | null;
      /** Who caused it (the caster), when known. */
      source: CombatantRef | null;
      reason: EffectEndReason;
      /** Only the game master may hear of it (a hidden target's effect the game master did not show). */
      private: boolean;
    }
  /** A condition or effect a user put on (a track level is a `rules` event). */
  | {
      kind: 'effect-started';
      effect: { id: string; kind: EffectKind; name: string };
      combatant: CombatantRef;
      source: CombatantRef | null;
      /** Rounds it lasts, ending at the start or end of `anchor`'s turn; null: until removed. */
      rounds: number | null;
      ends: 'start' | 'end' | null;
      anchor: CombatantRef | null;
      save: RepeatSave | null;
      /** The concentration it hangs on: it ends when that does. */
      concentration: string | null;
      note: string | null;
      /** The effect's modifiers, in the syntax they are typed in; empty when none. */
      modifiers: string;
      /** Only the game master is told (a hidden target, not shown to players). */
      private: boolean;
    }
  /** The end-of-turn save against a "save ends" effect; success ends it. */
  /** `dcPrivate`: the save's DC is a hidden source's number (`isDcPrivate`). */
  | ({
      kind: 'repeat-save';
      combatant: CombatantRef;
      effect: string;
      save: RepeatSave;
      private: boolean;
      dcPrivate?: boolean;
    } & SaveOutcome)
  /** A saving throw a change called for (a breath weapon, a spell), against `dc`. */
  /** `dcPrivate`: the DC is a hidden monster's number, the game master's to know. */
  | ({ kind: 'save-rolled'; combatant: CombatantRef; ability: Ability; dc: number; dcPrivate?: boolean } & SaveOutcome)
  /** The encounter rolls turn saves by button: the target's controller should press it. */
  | {
      kind: 'repeat-save-due';
      combatant: CombatantRef;
      effectId: string;
      effect: string;
      save: RepeatSave;
      private: boolean;
      dcPrivate?: boolean;
    }
  | { kind: 'options-changed'; options: EncounterOptions }
  | { kind: 'undone'; command: string; actorName: string; detail: string }
  | { kind: 'encounter-ended'; rounds: number };

/** The outcome of one command: the encounter as it now stands and what happened, in order. */
export interface EncounterResult {
  encounter: Encounter;
  events: EncounterEvent[];
}

/** One line of the encounter's log. */
export interface EncounterLogEntry {
  at: Date;
  actorId: string;
  actorName: string;
  /** The command, e.g. "hp damage". */
  command: string;
  /** What it did, in plain words ("Goblin 1: 9 damage"). */
  detail: string;
  /** A later `undo` reverted it. */
  undone: boolean;
  /** The hit points of hidden combatants the change touched, which `detail` leaves out: the game master's alone. */
  hiddenHitPoints: HiddenHitPoints[];
  /** What the change did, as its step's events (a hidden monster's rolls among them); empty for changes logged before events were kept. */
  events: EncounterEvent[];
}

/** A hidden combatant's hit points before and after one change (null: not in the encounter, or no HP yet). */
export interface HiddenHitPoints {
  name: string;
  before: HitPointNumbers | null;
  after: HitPointNumbers | null;
}

export interface HitPointNumbers {
  hp: number;
  maxHp: number;
  tempHp: number;
}

/** How a hidden combatant's health reads to players. */
export type HealthBand = 'Healthy' | 'Wounded' | 'Bloodied' | 'Down' | 'Dead';
