import type { RandomSource } from '../dice/random';
import type { RuleSetId } from './ids';

// ---------------------------------------------------------------------------------------------
// Vocabulary
// ---------------------------------------------------------------------------------------------

export const DAMAGE_TYPES = [
  'acid',
  'bludgeoning',
  'cold',
  'fire',
  'force',
  'lightning',
  'necrotic',
  'piercing',
  'poison',
  'psychic',
  'radiant',
  'slashing',
  'thunder',
] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

export function isDamageType(word: string): word is DamageType {
  return (DAMAGE_TYPES as readonly string[]).includes(word);
}

export const ABILITIES = ['str', 'dex', 'con', 'int', 'wis', 'cha'] as const;
export type Ability = (typeof ABILITIES)[number];

export type D20TestKind = 'attack' | 'check' | 'save';
export type RollMode = 'normal' | 'advantage' | 'disadvantage';

/** Every condition key any rule set knows; each catalogue holds only its own. */
export const CONDITION_KEYS = [
  'blinded',
  'charmed',
  'deafened',
  'frightened',
  'grappled',
  'incapacitated',
  'invisible',
  'paralyzed',
  'petrified',
  'poisoned',
  'prone',
  'restrained',
  'stunned',
  'unconscious',
  // one rule set only
  'ethereal',
  'intoxicated',
  'encumbered',
  'bloodied',
  'confused',
  'doomed',
  'rattled',
  'slowed',
] as const;
export type ConditionKey = (typeof CONDITION_KEYS)[number];

/** Level tracks: 2014/2024 exhaustion, A5E fatigue and strife. */
export type TrackKey = 'exhaustion' | 'fatigue' | 'strife';

/** A value a user can cause to be wrong: `reason` says why, as a `RulesRefusal` the views word. */
export type RulesResult<T, Why = RulesRefusal> = { ok: true; value: T } | { ok: false; reason: Why };

/** Why the rules refuse, as data; `src/views/refusals.ts` words it. */
export type RulesRefusal =
  /** `why`: the creature is dead, above 0 HP, stable, or, under rules where only some make them, not one of those. */
  | { kind: 'no-death-save'; why: 'dead' | 'conscious' | 'stable' | 'not-a-player'; ruleSetName: string }
  | { kind: 'cannot-stabilise'; why: 'dead' | 'conscious' | 'stable' }
  | { kind: 'cannot-recover-alone' }
  | { kind: 'no-temp-hp-in-rules'; ruleSetName: string }
  | { kind: 'temp-hp-not-whole' }
  | { kind: 'dead-cannot-gain-temp-hp' }
  | { kind: 'no-inspiration-in-rules'; ruleSetName: string }
  | { kind: 'no-inspiration-left' }
  /** `condition`: what takes its actions or movement away; null when its speed is 0. */
  | { kind: 'dodge-does-nothing'; condition: string | null }
  /** A test's `bonus` past ±`max`; `rolled` is what its dice came to, null when it was a number. */
  | { kind: 'bonus-out-of-range'; rolled: number | null; max: number }
  /** A test's `bonus` the dice engine could not read or roll, in the dice engine's words. */
  | { kind: 'bonus-dice'; message: string }
  | { kind: 'no-such-condition'; condition: ConditionKey; ruleSetName: string }
  | { kind: 'no-such-track'; track: TrackKey; ruleSetName: string }
  /** `track`: the track's name as the rule set spells it (Exhaustion). */
  | { kind: 'track-level-out-of-range'; track: string; max: number }
  /** The D&D Next playtest's rest variants, asked for under another rule set. */
  | { kind: 'rest-variant-not-in-rules'; ruleSetName: string }
  | { kind: 'cannot-rest'; why: 'dead' | 'no-hit-points' }
  | { kind: 'hit-dice-not-whole' }
  /** `usable`: the d`sides` Hit Dice left to spend, halved when fatigue 5 halves them. */
  | { kind: 'hit-dice-unavailable'; sides: number; usable: number; halvedByFatigue: boolean }
  /** Hit Dice asked for at the maximum, `hp` of `max`. */
  | { kind: 'hit-dice-heal-nothing'; hp: number; max: number }
  | { kind: 'hit-dice-need-healers-kit' }
  // `modifiers` text: each refusal names the `token` it could not read, as the user typed it.
  | { kind: 'modifier-not-a-term'; token: string }
  | { kind: 'modifier-flat-too-large'; token: string; max: number }
  | { kind: 'modifier-dice-out-of-range'; token: string; dice: number; sides: number }
  | { kind: 'modifier-not-signed-whole'; token: string }
  | { kind: 'modifier-out-of-range'; token: string; bound: number }
  | { kind: 'modifier-unknown-test'; token: string }
  | { kind: 'modifier-unknown-ability'; token: string }
  | { kind: 'modifier-unknown-damage-type'; token: string }
  | { kind: 'modifier-unknown'; token: string }
  | { kind: 'modifiers-too-long'; max: number }
  | { kind: 'no-modifiers' }
  | { kind: 'too-many-modifiers'; max: number };

// ---------------------------------------------------------------------------------------------
// A combatant's rules state (plain data, never mutated: every function returns a new one)
// ---------------------------------------------------------------------------------------------

export interface HitDicePool {
  sides: number;
  total: number;
  remaining: number;
}

export interface DeathSaves {
  successes: number;
  failures: number;
}

export interface CombatantRulesState {
  hp: number;
  maxHp: number;
  /** Taken off maxHp until a long rest (2024) or the effect says otherwise. */
  hpMaxReduction: number;
  tempHp: number;
  isPlayerCharacter: boolean;
  /** A monster or NPC the GM lets use the player-character rules at 0 HP. */
  important: boolean;
  dead: boolean;
  stable: boolean;
  deathSaves: DeathSaves;
  /** Character level; for monsters, their number of Hit Dice. */
  level: number;
  conScore: number;
  /** Total Constitution saving throw bonus (modifier plus proficiency and the like). */
  conSaveBonus: number;
  resistances: readonly DamageType[];
  immunities: readonly DamageType[];
  vulnerabilities: readonly DamageType[];
  /** 0 means none. */
  damageThreshold: number;
  conditions: readonly ConditionKey[];
  /** Current levels; a track the rule set lacks stays 0. */
  tracks: Readonly<Record<TrackKey, number>>;
  /** A5E: fatigue gained in combat counts only once the encounter is over. */
  pendingFatigue: number;
  /** The effect being concentrated on, or null. */
  concentration: string | null;
  hitDice: readonly HitDicePool[];
  heroicInspiration: boolean;
}

// ---------------------------------------------------------------------------------------------
// Events a reply can put in words (discriminated on `kind`)
// ---------------------------------------------------------------------------------------------

export type ModifierReason = 'resistance' | 'vulnerability' | 'petrified' | 'ethereal' | 'intoxicated';

/** `slain`: killed outright whatever its hit points (Power Word Kill). */
export type DeathCause =
  'monster-at-zero' | 'instant-death' | 'massive-damage' | 'death-saves' | 'death-threshold' | 'exhaustion' | 'slain';

export type RulesEvent =
  | { kind: 'immune'; damageType: DamageType | null }
  | { kind: 'below-threshold'; amount: number; threshold: number }
  | { kind: 'damage-modified'; reason: ModifierReason; before: number; after: number }
  /** One typed part of a mixed instance: `reasons` changed it, or immunity stopped it. */
  | { kind: 'damage-part'; damageType: DamageType | null; before: number; after: number; immune: boolean; reasons: ModifierReason[] }
  | { kind: 'temp-hp-absorbed'; amount: number; tempHpLeft: number }
  | { kind: 'hp-lost'; amount: number; hp: number }
  | { kind: 'dropped-to-zero'; hp: number }
  | { kind: 'dying' }
  | { kind: 'knocked-out'; hp: number }
  | { kind: 'doomed' }
  | { kind: 'died'; cause: DeathCause }
  | { kind: 'death-save-failures'; added: number; failures: number }
  | { kind: 'stability-lost' }
  | { kind: 'massive-damage-save'; dc: number; roll: number; total: number; success: boolean }
  | { kind: 'track-gained'; track: TrackKey; levels: number; level: number; pending: boolean }
  | { kind: 'track-reduced'; track: TrackKey; levels: number; level: number }
  | { kind: 'concentration-save'; dc: number }
  | { kind: 'concentration-ended'; reason: 'incapacitated' | 'died' | 'new-effect' }
  | { kind: 'healed'; amount: number; hp: number }
  | { kind: 'revived' }
  /** A dead creature was brought back (its hit points set above 0). */
  | { kind: 'returned-to-life' }
  | { kind: 'cannot-heal-dead' }
  | { kind: 'temp-hp-set'; tempHp: number; previous: number }
  | { kind: 'temp-hp-kept'; tempHp: number; offered: number }
  | { kind: 'temp-hp-ended' }
  | { kind: 'condition-added'; condition: ConditionKey; impliedBy: ConditionKey | null }
  | { kind: 'condition-immune'; condition: ConditionKey; because: ConditionKey }
  | { kind: 'condition-removed'; condition: ConditionKey }
  | { kind: 'stabilised' }
  | { kind: 'regained-hp-from-stable'; hp: number }
  | { kind: 'death-saves-reset' }
  | { kind: 'max-hp-reduced'; reduction: number; maxHp: number }
  | { kind: 'max-hp-restored' }
  /** `gain` is what the die gave (roll + Con modifier, at least the floor); `healed` what of it fit under the maximum. */
  | { kind: 'hit-dice-spent'; sides: number; roll: number; gain: number; healed: number }
  /** Hit Dice asked for but not spent: the ones before them brought HP to the maximum. */
  | { kind: 'hit-dice-unspent'; sides: number; count: number }
  | { kind: 'hit-dice-regained'; sides: number; count: number };

export interface StateChange {
  state: CombatantRulesState;
  events: RulesEvent[];
}

// ---------------------------------------------------------------------------------------------
// Custom effects (a spell such as Bless): what `modifiers` text gives an effect
// ---------------------------------------------------------------------------------------------

/** A signed die or flat term: `+1d4` is { sign: 1, count: 1, sides: 4 }, `-2` is { sign: -1, count: 2, sides: null }. */
export interface BonusTerm {
  sign: 1 | -1;
  count: number;
  /** null: a flat number (`count`). */
  sides: number | null;
}

/** The d20 tests a custom modifier can name. */
export const TEST_TARGETS = ['attack', 'save', 'check', 'initiative', 'concentration', 'death-save'] as const;
export type TestTarget = (typeof TEST_TARGETS)[number];

export const DEFENCE_KINDS = ['resist', 'immune', 'vulnerable'] as const;
export type DefenceKind = (typeof DEFENCE_KINDS)[number];

export type CustomModifier =
  /** `attack:+1d4`, `save:dex:+2`: added to the creature's own d20 tests of that kind. */
  | { kind: 'bonus'; on: TestTarget; ability: Ability | null; term: BonusTerm }
  /** `adv:attack`, `dis:save:dex`: one more advantage or disadvantage source. */
  | { kind: 'advantage'; on: TestTarget; ability: Ability | null }
  | { kind: 'disadvantage'; on: TestTarget; ability: Ability | null }
  /** `damage:+2 [fire]`: added to the damage the creature deals. */
  | { kind: 'damage'; term: BonusTerm; damageType: DamageType | null }
  /** `expiry-damage:+2d4 [acid]`: damage the creature takes when the effect runs out (Acid Arrow's at the end of its next turn). */
  | { kind: 'expiry-damage'; term: BonusTerm; damageType: DamageType | null }
  /** `ac:+2`, `speed:-10`. */
  | { kind: 'ac' | 'speed'; amount: number }
  /** `resist:fire`, `immune:poison`, `vulnerable:cold`. */
  | { kind: DefenceKind; damageType: DamageType };

/** A named effect's modifiers, as the rules read them; the name is the reason a reply gives. */
export interface CustomEffect {
  name: string;
  modifiers: readonly CustomModifier[];
  /** The Dodge action: the rule set says what it gives the dodger's own rolls (advantage on Dex saves, or Next's +4). */
  dodge?: boolean;
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** What an attacker chooses when its attack damages an A5E creature at 0 HP. */
export type AtZeroChoice = 'failure' | 'fatigue' | 'strife';

/** One typed part of a damage instance (`1d8+3 [slashing] + 2d6 [fire]` has two). */
export interface DamagePart {
  amount: number;
  type: DamageType | null;
}

export interface DamageInput {
  /** The rolled total, before resistance and the like. */
  amount: number;
  /** null: untyped (A5E ongoing damage ignores resistance and vulnerability). */
  type: DamageType | null;
  critical?: boolean;
  /** From an attack (A5E lets the attacker choose what damage at 0 HP does). */
  fromAttack?: boolean;
  melee?: boolean;
  /** The attacker chooses to knock out instead of killing (melee attacks only). */
  knockOut?: boolean;
  atZeroChoice?: AtZeroChoice;
  /** True for damage that "can't be reduced in any way" (Next's failed death save). */
  unreducible?: boolean;
  /**
   * Parts of different types, each meeting resistance, immunity and vulnerability on its own;
   * `amount` is their sum. Absent or one part: the whole amount has `type`.
   */
  parts?: readonly DamagePart[];
  /** The conditions of the creature that dealt it, when the command named it (Next's Ethereal halves across the boundary only). */
  sourceConditions?: readonly ConditionKey[];
  /** The target's custom effects: their `resist`, `immune` and `vulnerable` modifiers apply. */
  effects?: readonly CustomEffect[];
  /** Taken during an encounter (A5E fatigue then waits for the encounter's end). */
  inEncounter?: boolean;
}

export interface TempHpOptions {
  /** The player takes the new amount even when it is smaller. */
  replace?: boolean;
}

// ---------------------------------------------------------------------------------------------
// D20 tests and attacks
// ---------------------------------------------------------------------------------------------

export interface D20TestRequest {
  kind: D20TestKind;
  /** Absent for rolls tied to no ability (death saves). */
  ability?: Ability;
  /** Checks that rely on sight or hearing fail automatically for the Blinded or Deafened. */
  needs?: 'sight' | 'hearing';
  /** Weapon or spell reach of an attack. */
  range?: 'melee' | 'ranged';
  /** A Constitution save to keep concentration (A5E strife 2). */
  concentration?: boolean;
  initiative?: boolean;
  deathSave?: boolean;
  /** Of the creature's conditions, those the target of this attack is the source of (its charmer, its grappler). */
  targetIsSourceOf?: readonly ConditionKey[];
  /** Extra sources from the situation (cover, help, squeezing...), each a short reason. */
  advantage?: readonly string[];
  disadvantage?: readonly string[];
  /** The creature's custom effects (Bless, Bane...): their bonuses and advantage sources apply. */
  effects?: readonly CustomEffect[];
}

/** A part of the creature's own bonus to a d20 test, named for the reply: `{ bonus: 3, reason: 'Dex' }`. */
export interface OwnBonus {
  bonus: number;
  reason: string;
}

/** One term of a d20 total after the die: `−4 (Exhaustion 2)`, `+2 (Bless: 1d4 2)`. */
export interface RollPart {
  value: number;
  /** What it comes from: a condition, a track level, an effect's name, or the caller's bonus ("Con save"). */
  reason: string;
  /** Dice rolled for it ("1d4" and each result), when it is not a flat number. */
  dice: { expression: string; rolls: number[] } | null;
}

/** A d20 test rolled with everything that applies, each part of the total kept for the reply. */
export interface D20TestRoll extends D20Roll {
  advantage: string[];
  disadvantage: string[];
  /** After the d20, in order: the caller's own bonus, conditions and tracks, then custom effects. */
  parts: RollPart[];
  /** The test fails whatever the roll; the reason names the condition. */
  autoFail: string | null;
}

export interface D20TestModifiers {
  mode: RollMode;
  /** Why, in words, e.g. "Poisoned", "Exhaustion 2". */
  advantage: string[];
  disadvantage: string[];
  /** Flat change to the total from conditions and tracks (2024 exhaustion −2 per level, Next Prone −2). */
  bonus: number;
  bonusReasons: string[];
  /** Each flat change with its reason, and the dice custom effects add (rolled with the d20). */
  terms: { reason: string; term: BonusTerm }[];
  /** The test fails without a roll; the reason names the condition. */
  autoFail: string | null;
}

export interface AttackAgainstRequest {
  range: 'melee' | 'ranged';
  /** Distance between attacker and target in feet. */
  distance: number;
  /** The attacker can see the target (Invisible only helps against those who can't). */
  attackerSeesTarget?: boolean;
}

export interface AttackAgainstModifiers {
  advantage: string[];
  disadvantage: string[];
  /** A hit is a critical hit (Paralyzed or Unconscious within 5 ft, where the rule set has it). */
  autoCritical: string | null;
  /** Change to the target's AC or Dex saves (A5E Slowed −2). */
  acBonus: number;
}

export interface D20Roll {
  /** Every d20 rolled, in order. */
  rolls: number[];
  /** The d20 that counts. */
  natural: number;
  total: number;
  mode: RollMode;
}

export type AttackOutcome = 'critical' | 'hit' | 'miss' | 'fumble';

// ---------------------------------------------------------------------------------------------
// Death saves, concentration, critical damage
// ---------------------------------------------------------------------------------------------

export type DeathSaveOutcome = 'success' | 'failure' | 'stable' | 'dead' | 'revived';

export interface DeathSaveResult extends StateChange {
  roll: number;
  total: number;
  outcome: DeathSaveOutcome;
  /** Next: the 1d6 a failure deals. */
  damage: number | null;
}

/** How a rule set turns a damage expression into critical damage (RULES.md §4). */
export type CriticalMethod =
  { kind: 'double-dice' } | { kind: 'max-dice-plus-weapon-die' } | { kind: 'double-everything' } | { kind: 'double-total' };

// ---------------------------------------------------------------------------------------------
// Conditions and tracks
// ---------------------------------------------------------------------------------------------

export type Effect = 'advantage' | 'disadvantage';

/** Which of a creature's own d20 tests an effect touches. */
export interface RollSelector {
  kinds: readonly (D20TestKind | 'initiative' | 'concentration' | 'death-save')[];
  /** Only tests with these abilities; all when absent. */
  abilities?: readonly Ability[];
  range?: 'melee' | 'ranged';
  needs?: 'sight' | 'hearing';
  /** Only attacks on a target other than the condition's source (Grappled: anyone but the grappler). */
  notAgainstSource?: boolean;
}

export interface OwnRollEffect {
  on: RollSelector;
  effect: Effect | 'auto-fail' | { bonus: number };
}

/** An effect on attack rolls made against the creature. */
export interface AgainstEffect {
  effect: Effect;
  range?: 'melee' | 'ranged';
  /** Applies only within (or only beyond) this many feet. */
  within?: number;
  beyond?: number;
  /** Not against attackers that can see the creature (Invisible). */
  unlessSeen?: boolean;
}

export interface Mechanics {
  own: readonly OwnRollEffect[];
  against: readonly AgainstEffect[];
  speed: 'zero' | 'half' | 'five-feet' | { minus: number } | null;
  /** Can't take actions, legendary ones included (Incapacitated; in Next, which has no Incapacitated, Paralyzed, Stunned and Unconscious). */
  noActions: boolean;
  cantMove: boolean;
  cantSpeak: boolean;
  noReactions: boolean;
  /** Can't attack the condition's source (Charmed: its charmer). */
  noAttacksOnSource: boolean;
  implies: readonly ConditionKey[];
  /** Of what it implies, what stays when it ends (Prone: a creature that wakes is still lying down). */
  leavesBehind: readonly ConditionKey[];
  immuneTo: readonly ConditionKey[];
  damageImmunities: readonly DamageType[];
  resistAllDamage: boolean;
  /** Halves damage taken from, and dealt to, creatures not in this state, except these types (Next's Ethereal). */
  halfDamageAcross: { except: readonly DamageType[] } | null;
  /** Each instance of damage taken is lowered by a roll of this die (Next's Intoxicated: 6). */
  damageReductionDie: number | null;
  /** Gaining it ends concentration (Incapacitated; in Next, Stunned and Unconscious). */
  breaksConcentration: boolean;
  autoCriticalWithin5ft: boolean;
  acBonus: number;
  /** Free text for what the tracker cannot automate. */
  notes: readonly string[];
}

export interface ConditionDefinition {
  key: ConditionKey;
  name: string;
  description: string;
  mechanics: Mechanics;
}

export interface TrackLevel {
  level: number;
  description: string;
  /** What this level adds; levels are cumulative. */
  mechanics: Partial<Mechanics> & { maxHpHalved?: boolean; hitDiceHalved?: boolean };
}

export interface TrackDefinition {
  key: TrackKey;
  name: string;
  maxLevel: number;
  /** Penalty per level on every D20 test (2024 exhaustion: 2). */
  d20PenaltyPerLevel: number;
  /** Speed lost per level, in feet (2024 exhaustion: 5). */
  speedPenaltyPerLevel: number;
  /** What reaching maxLevel means. */
  atMax: 'death' | 'doomed' | 'permanent';
  levels: readonly TrackLevel[];
}

// ---------------------------------------------------------------------------------------------
// Cover and Dodge
// ---------------------------------------------------------------------------------------------

export type CoverDegree = 'none' | 'half' | 'three-quarters' | 'total';

export interface CoverEffect {
  degree: CoverDegree;
  acBonus: number;
  dexSaveBonus: number;
  /** A5E: added to ability checks made to hide. */
  hideBonus: number;
  /** Total cover: no direct targeting. */
  targetable: boolean;
}

export interface DodgeEffect {
  attackersDisadvantage: boolean;
  dexSaveAdvantage: boolean;
  acBonus: number;
  dexSaveBonus: number;
}

// ---------------------------------------------------------------------------------------------
// Initiative
// ---------------------------------------------------------------------------------------------

export interface InitiativeRequest {
  /** Dexterity modifier, or the modifier of the ability the GM calls for (A5E). */
  modifier: number;
  ability?: Ability;
  conditions?: readonly ConditionKey[];
  tracks?: Readonly<Partial<Record<TrackKey, number>>>;
  effects?: readonly CustomEffect[];
  surprised?: boolean;
  advantage?: readonly string[];
  disadvantage?: readonly string[];
  /** 2024 Initiative score: 10 + modifier, ±5, no roll. */
  useScore?: boolean;
}

export interface InitiativeRoll {
  total: number;
  modifier: number;
  mode: RollMode;
  /** Empty for an Initiative score. */
  rolls: number[];
  natural: number | null;
  score: boolean;
  advantage: string[];
  disadvantage: string[];
}

export interface InitiativeEntry {
  id: string;
  total: number;
  /** Initiative modifier, used by tie-breaks that favour the quicker. */
  modifier: number;
  isPlayerCharacter: boolean;
}

export interface OrderedInitiativeEntry extends InitiativeEntry {
  /** d20 roll-offs used to break a tie, in order; empty when there was none. */
  tiebreak: number[];
}

// ---------------------------------------------------------------------------------------------
// Durations
// ---------------------------------------------------------------------------------------------

export type Duration =
  | { kind: 'rounds'; count: number }
  | { kind: 'minutes'; count: number }
  | { kind: 'turn-boundary'; anchorId: string; boundary: 'start' | 'end' }
  | { kind: 'save-ends'; saverId: string }
  | { kind: 'indefinite' };

/** A point in the encounter: the start or end of one combatant's turn in one round. */
export interface TurnPoint {
  round: number;
  combatantId: string;
}

/** When an effect ends, fixed when it starts. */
export interface Expiry {
  round: number;
  combatantId: string;
  boundary: 'start' | 'end';
}

export interface TimedEffect {
  id: string;
  expiry: Expiry | null;
  /** "Save ends": the saver repeats the save at the end of each of its turns. */
  saveEndsFor?: string;
}

export interface EndingEffects {
  ended: string[];
  savesDue: string[];
}

// ---------------------------------------------------------------------------------------------
// Rests
// ---------------------------------------------------------------------------------------------

/** D&D Next optional and experimental rest rules (RULES.md §23d). */
export const NEXT_REST_VARIANTS = ['standard', 'slower-hp', 'slower-hit-dice', 'slower-all', 'experimental-1', 'experimental-2'] as const;
export type NextRestVariant = (typeof NEXT_REST_VARIANTS)[number];

export interface ShortRestOptions {
  /** Hit dice to spend, by die size. */
  spend: readonly { sides: number; count: number }[];
  /** Next standard rule: spending Hit Dice needs a healer's kit or a feature. */
  healersKit?: boolean;
  variant?: NextRestVariant;
  /** Next experimental rules: hours (rule 1) or 5-minute steps (rule 2) rested. */
  duration?: { hours?: number; fiveMinuteSteps?: number };
}

export interface LongRestOptions {
  /** 2014: exhaustion falls only if the creature has eaten and drunk. */
  ateAndDrank?: boolean;
  /** A5E: resting at a Haven lets a second or later fatigue/strife level recover. */
  haven?: boolean;
  /** A5E: not consuming 1 Supply adds 1 fatigue. */
  supply?: boolean;
  /** A5E roughing it: half the usual hit dice, no fatigue or strife recovery. */
  roughingIt?: boolean;
  variant?: NextRestVariant;
  /** Next experimental rule 1: hours of rest, and whether it stayed free of strenuous activity. */
  hours?: number;
  strenuous?: boolean;
}

export interface RestResult extends StateChange {
  healed: number;
}

// ---------------------------------------------------------------------------------------------
// The rule set
// ---------------------------------------------------------------------------------------------

/** Plain facts a reply or help page can show (RULES.md §1). */
export interface RuleSetFacts {
  hasTempHp: boolean;
  hasHeroicInspiration: boolean;
  negativeHp: boolean;
  /** HP a knocked-out creature is left at. */
  knockOutHp: 0 | 1;
  deathSaveDc: number;
  deathSaveIsConSave: boolean;
  stabiliseDc: number;
  /** Sides of the die for hours until a stable creature regains 1 HP. */
  stableRecoveryDie: number;
  concentrationDcCap: number | null;
  concentrationFromDamage: boolean;
  longRestHitDice: 'all' | 'half';
  /** Next: Hit Dice on a short rest need a healer's kit, and the optional and experimental rest rules apply. */
  nextRestRules: boolean;
  shortRestMinutes: number;
  /** A short rest needs at least 1 HP to start (2024, C&M); 2014, A5E and Next's standard rule ask only for life (§23). */
  shortRestNeedsHp: boolean;
  /** At least this many HP per Hit Die spent (§27.24). */
  hitDieMinimum: number;
  /** Monsters (not important) make death saves instead of dying. */
  monstersMakeDeathSaves: boolean;
  initiativeTieBreak: 'modifier-then-roll' | 'roll-off';
  /** 2024: 10 + modifier, ±5 for advantage or disadvantage. */
  initiativeScore: boolean;
  /** 2024: being surprised gives disadvantage on the Initiative roll; elsewhere it costs the first turn and reactions until it ends. */
  surpriseDisadvantage: boolean;
  /** A combatant may delay its turn (2024 and C&M have no such rule; the issue-13 decision). */
  delay: boolean;
  /** Next: a readied action, once used, moves its creature to just before the trigger's turn. */
  readyMovesInOrder: boolean;
  autoCriticals: boolean;
  critical: CriticalMethod;
  /** What damage that leaves a creature at 0 HP kills outright (§9). */
  instantDeath: 'leftover-max-hp' | 'massive-damage' | 'death-threshold' | 'none';
  /** What damage to a creature already at 0 HP does (§10). */
  damageAtZero: 'death-save-failures' | 'attacker-choice' | 'toward-threshold';
  deathSaveNatural1: 'two-failures' | 'fatigue-and-strife' | 'failure';
  /** Sides of the die a failed death save deals as damage (Next), or null. */
  deathSaveFailureDamage: number | null;
  /** A5E: falling unconscious from damage, or being knocked out, costs a fatigue level. */
  fatigueOnFallingUnconscious: boolean;
  /** At or below half the maximum (2024, C&M, A5E; Next's bloodied value); 2014 has no such state. */
  bloodied: boolean;
  /** Dodge: attackers at disadvantage and Dex saves at advantage, or Next's +4 AC and Dex saves (§20). */
  dodge: 'disadvantage' | 'plus-four';
  /** Next: cover counts only against attacks and effects from its far side (§21d). */
  coverOnlyFromFarSide: boolean;
  /** A5E: cover's bonus also applies to ability checks made to hide (§21e). */
  coverHelpsHiding: boolean;
  longRestRestoresMaxHp: boolean;
  longRestTrackRecovery: 'one' | 'one-if-fed' | 'haven';
  /** Level tracks that lose a level when a dead creature comes back to life (2024 and C&M "Dead"; A5E, decision in docs/rules-decisions.md). */
  revivalLowersTracks: readonly TrackKey[];
  /** An effect lasting rounds, unless it says otherwise: to the end of its source's turn (the target's without one), or (Next) to the start of the turn on which it began (§19). */
  roundsLast: 'to-end-of-source-turn' | 'to-start-of-turn-begun';
}

export interface RuleSet {
  id: RuleSetId;
  name: string;
  facts: RuleSetFacts;
  conditions: readonly ConditionDefinition[];
  tracks: readonly TrackDefinition[];

  condition(key: ConditionKey): ConditionDefinition | undefined;
  /** Adds a condition with the ones it implies, unless an active one grants immunity. */
  addCondition(state: CombatantRulesState, key: ConditionKey): RulesResult<StateChange, RulesRefusal>;
  removeCondition(state: CombatantRulesState, key: ConditionKey): StateChange;
  /** Puts back what `change` took off only as implied by another condition, when it was also given on its own (`held`). */
  keepHeldConditions(before: Pick<CombatantRulesState, 'conditions'>, change: StateChange, held: readonly ConditionKey[]): StateChange;
  /** Sets a track level; reaching the end kills (exhaustion) or dooms (fatigue). */
  setTrack(state: CombatantRulesState, track: TrackKey, level: number): RulesResult<StateChange, RulesRefusal>;

  d20Test(state: CombatantRulesState, request: D20TestRequest): D20TestModifiers;
  /**
   * The one way the bot rolls a creature's d20 test: conditions, tracks and custom effects applied,
   * the creature's own bonus added (one, or its parts: "Dex", "proficiency"), every part kept for the reply.
   */
  rollD20Test(
    state: Pick<CombatantRulesState, 'conditions' | 'tracks'>,
    request: D20TestRequest,
    own: OwnBonus | readonly OwnBonus[],
    random: RandomSource,
  ): D20TestRoll;
  attackAgainst(target: CombatantRulesState, request: AttackAgainstRequest): AttackAgainstModifiers;
  rollD20(random: RandomSource, mode: RollMode, bonus: number): D20Roll;
  /** `critRange`: the lowest natural roll that is a critical hit (20 unless a feature widens it). */
  attackOutcome(natural: number, total: number, armourClass: number, autoCritical: boolean, critRange?: number): AttackOutcome;
  /** Heroic Inspiration: reroll one die and keep the new result. */
  useHeroicInspiration(
    state: CombatantRulesState,
    sides: number,
    random: RandomSource,
  ): RulesResult<{ state: CombatantRulesState; roll: number }, RulesRefusal>;
  speed(state: CombatantRulesState, baseSpeed: number): number;
  /** The best of several degrees of cover (they never add up, decision §27.3). */
  cover(degrees: readonly CoverDegree[], fromFarSide?: boolean): CoverEffect;
  /** What the Dodge action gives until the start of the creature's next turn; without a base speed, conditions alone decide whether it is 0. */
  dodge(state: Pick<CombatantRulesState, 'conditions' | 'tracks'>, baseSpeed?: number): RulesResult<DodgeEffect, RulesRefusal>;
  /** The maximum healing and rests restore to: after reductions and 2014 exhaustion level 4. */
  maxHp(state: CombatantRulesState): number;
  isBloodied(state: CombatantRulesState): boolean;
  /** Falls dying at 0 HP and makes death saves, rather than dying (RULES.md §9). */
  makesDeathSaves(state: CombatantRulesState): boolean;

  applyDamage(state: CombatantRulesState, damage: DamageInput, random: RandomSource): StateChange;
  applyHealing(state: CombatantRulesState, amount: number): StateChange;
  /** Hit points set outright: above 0 the dying wake and the dead come back to life. */
  setHitPoints(state: CombatantRulesState, hp: number): StateChange;
  setTempHp(state: CombatantRulesState, amount: number, options?: TempHpOptions): RulesResult<StateChange, RulesRefusal>;
  reduceMaxHp(state: CombatantRulesState, reduction: number): StateChange;

  rollDeathSave(
    state: CombatantRulesState,
    random: RandomSource,
    effects?: readonly CustomEffect[],
  ): RulesResult<DeathSaveResult, RulesRefusal>;
  stabilise(state: CombatantRulesState): RulesResult<StateChange, RulesRefusal>;
  /** A stable creature's HP after the hours the rule set's die gives. */
  recoverFromStable(state: CombatantRulesState, random: RandomSource): RulesResult<StateChange & { hours: number }, RulesRefusal>;

  concentrationDc(damage: number): number | null;
  /** Next: DC to keep casting a spell longer than an action when damaged. */
  castingInterruptionDc(damage: number): number | null;
  startConcentration(state: CombatantRulesState, effect: string): StateChange;

  /** Applies fatigue that waited for the encounter's end (A5E). */
  endEncounter(state: CombatantRulesState): StateChange;

  rollInitiative(request: InitiativeRequest, random: RandomSource): InitiativeRoll;
  orderInitiative(entries: readonly InitiativeEntry[], random: RandomSource): OrderedInitiativeEntry[];

  expiryOf(duration: Duration, at: TurnPoint, order: readonly string[]): Expiry | null;
  expiryAfterRounds(count: number, anchorId: string, boundary: 'start' | 'end', now: TurnPoint | null, order: readonly string[]): Expiry;
  /** "For N rounds" as the rule set counts it, unless `ends` says at which end of the turn (Next: the turn it began, at its start). */
  roundsExpiry(
    count: number,
    who: { sourceId: string | null; targetId: string },
    ends: 'start' | 'end' | undefined,
    now: TurnPoint | null,
    order: readonly string[],
  ): Expiry;
  endingEffects(effects: readonly TimedEffect[], order: readonly string[], from: TurnPoint, to: TurnPoint): EndingEffects;
  /** The rounds an effect ending at `expiry` has left, as `roundsExpiry`'s count: N right after it is put on for N rounds. */
  roundsLeft(expiry: Expiry, now: TurnPoint | null, order: readonly string[]): number;

  canRest(state: CombatantRulesState): RulesResult<true, RulesRefusal>;
  shortRest(state: CombatantRulesState, options: ShortRestOptions, random: RandomSource): RulesResult<RestResult, RulesRefusal>;
  longRest(state: CombatantRulesState, options: LongRestOptions): RulesResult<RestResult, RulesRefusal>;
}
