import type { StackProblem } from '../rules/modifiers';
import type { Ability, RulesRefusal } from '../rules/types';

/** What keeps a creature from acting or reacting: death, dying at 0 HP, or a condition (named as the catalogue names it). */
export type Stopper = { kind: 'dead' } | { kind: 'dying' } | { kind: 'condition'; condition: string };

/** A few combatant names, for refusals that list them; `more` counts the ones left out. */
export interface NameSample {
  names: string[];
  more: number;
}

/**
 * Why no death save waits for its button: the combatant is not dying; the fight rolls death saves
 * itself; its turn began and its next save comes with its next turn; or its save comes as its turn starts.
 */
export type NoDeathSaveDue = 'not-dying' | 'automatic' | 'turn-begun' | 'at-turn-start';

/** What is refused on a dead combatant: every command that would act on it as one still in the fight. */
export type DeadAct = 'damage' | 'heal' | 'temp-hp' | 'attack' | 'turn' | 'condition';
/** A value the user typed, named in a refusal about it; the views give each its words. */
export type Field =
  | 'count'
  | 'initiative'
  | 'hp'
  | 'ac'
  | 'initiative-modifier'
  | 'con-save-bonus'
  | 'save-bonus'
  | 'level'
  | 'constitution'
  | 'legendary-actions'
  | 'legendary-cost'
  | 'maximum-hp'
  | 'healing'
  | 'temporary-hp'
  | 'damage'
  | 'effect-name'
  | 'name'
  | 'character-name'
  | 'note'
  | 'trigger';

/**
 * Why the encounter engine refused a step, as data: the views word it (`src/views/refusals.ts`),
 * so the core never names a command or phrases a reply.
 */
export type Refusal =
  | { kind: 'no-encounter' }
  /** A button of an encounter that is no longer the channel's running one. */
  | { kind: 'encounter-over' }
  /** The interaction was applied already (Discord delivered it again): its save recorded it as handled. */
  | { kind: 'already-handled' }
  /** The combatant a handler found acting is no longer the one acting (the turn moved meanwhile). */
  | { kind: 'attacker-changed'; combatant: string }
  /** No encounter has ended in the channel (a recap needs one). */
  | { kind: 'no-ended-encounter' }
  /** No encounter runs or has ended in the channel. */
  | { kind: 'no-fight' }
  | { kind: 'encounter-exists'; existing: { name: string; gameMasterName: string } | null }
  | { kind: 'no-combatants' }
  /** `monsters-die` asked for under rules where monsters already die at 0 HP. */
  | { kind: 'monsters-already-die'; ruleSetName: string }
  | { kind: 'no-target-named' }
  | { kind: 'unknown-target'; typed: string; combatants: NameSample }
  | { kind: 'ambiguous-target'; typed: string; matches: NameSample }
  /** `doing` completes "Only … can": e.g. "add monsters". */
  | { kind: 'not-game-master'; gameMasterName: string; doing: string }
  /** `player` is the combatant's name when a player controls it. */
  | { kind: 'not-your-combatant'; gameMasterName: string; player: string | null; doing: string }
  /** Harm to another player's combatant, which the server's setting keeps to that player and the game master. */
  | { kind: 'may-not-harm'; gameMasterName: string; combatant: string; doing: string }
  | { kind: 'nobody-in-order' }
  | { kind: 'everyone-dead' }
  | { kind: 'not-started' }
  | { kind: 'first-turn' }
  | { kind: 'no-hit-points'; combatant: string }
  /** What the command would do to a dead combatant, which the dead take no part in (docs/rules-decisions.md). */
  | { kind: 'target-dead'; combatant: string; isPlayerCharacter: boolean; act: DeadAct }
  | { kind: 'above-maximum-hp'; combatant: string; ceiling: number }
  /** A condition or track of another rule set; `catalogue` lists this one's. */
  | { kind: 'not-in-catalogue'; typed: string; ruleSetName: string; catalogue: string[] }
  | { kind: 'condition-without-levels'; condition: string }
  | { kind: 'level-out-of-range'; track: string; max: number }
  | { kind: 'track-not-timed'; track: string }
  | { kind: 'duration-out-of-range'; max: number }
  | { kind: 'save-needs-dc' }
  | { kind: 'dc-out-of-range'; max: number }
  | { kind: 'not-affected'; combatant: string; condition: string }
  /** The stat block of each of `combatants` makes it immune to the condition (or to Exhaustion), named as the catalogue names it. */
  | { kind: 'immune-to-condition'; combatants: string[]; condition: string }
  /** `modifiers` text the rules could not read; `reason` says what is wrong with it. */
  | { kind: 'bad-modifiers'; refusal: RulesRefusal }
  /** The combatant carries as many conditions and effects as one may. */
  | { kind: 'too-many-effects'; combatant: string; max: number }
  /** The encounter carries as many conditions and effects as one may. */
  | { kind: 'too-many-effects-in-encounter'; max: number }
  /** The effects on one combatant would together add more than `STACK_LIMITS` allow. */
  | { kind: 'modifiers-stack-too-high'; combatant: string; problem: StackProblem }
  | { kind: 'modifiers-on-track'; track: string }
  /** `combatant` is null when the effect or its target is gone; `isPlayerCharacter`: "their", else "its". */
  | { kind: 'no-repeat-save-due'; combatant: string | null; isPlayerCharacter: boolean }
  /** The caller has no combatant to attack with, or several: `attacker:` must say which. */
  | { kind: 'attacker-unclear'; gameMaster: boolean; own: number }
  /** Dead, or a condition that incapacitates. */
  | { kind: 'cannot-attack'; combatant: string; condition: string | null }
  /** A condition the target put on the attacker forbids attacking it (Charmed by it). */
  | { kind: 'cannot-attack-source'; combatant: string; target: string; condition: string }
  | { kind: 'no-armour-class'; combatant: string }
  /** `bonus:` named an ability, and the attacker has no stored character to read it from. */
  | { kind: 'no-sheet-for-bonus'; combatant: string; ability: Ability }
  /** Incapacitated, or a condition that includes it. */
  | { kind: 'cannot-concentrate'; combatant: string; condition: string }
  | { kind: 'no-legendary-actions'; combatant: string }
  | { kind: 'legendary-actions-spent'; combatant: string; left: number; max: number; cost: number }
  | { kind: 'legendary-on-own-turn'; combatant: string }
  /** Dead, dying, or a condition that takes its actions away. */
  | { kind: 'legendary-stopped'; combatant: string; stoppedBy: Stopper }
  /** Surprised where that costs the first turn: none until that turn is over. */
  | { kind: 'legendary-surprised'; combatant: string }
  /** `known`: the names `action:` takes for this block. */
  /** `closest`: the names nearest the one typed, for "did you mean"; `known`: all of them. */
  /** `legendary`: asked for as a legendary action, so only those were looked at. */
  | { kind: 'unknown-action'; monster: string; typed: string; closest: string[]; known: string[]; legendary: boolean }
  | { kind: 'action-recharging'; combatant: string; action: string; recharge: number }
  | { kind: 'action-used-up'; combatant: string; action: string; perDay: number | null }
  | { kind: 'action-not-automated'; combatant: string; action: string }
  /** An action of alternatives ("uses one of the following breath weapons") named instead of one of them. */
  | { kind: 'action-needs-target'; action: string }
  | { kind: 'action-too-many-targets'; action: string; max: number; given: number }
  | { kind: 'no-stat-block'; combatant: string }
  | { kind: 'action-is-spell-list'; combatant: string; action: string }
  | { kind: 'action-casts-choice'; combatant: string; action: string; spells: string[] }
  | { kind: 'action-has-options'; combatant: string; action: string; options: string[] }
  | { kind: 'cantrip-level'; spell: string }
  | { kind: 'spell-level-out-of-range'; spell: string; lowest: number; max: number }
  | { kind: 'spell-used-up'; combatant: string; spell: string; perDay: number }
  | { kind: 'no-slots-of-level'; combatant: string; level: number; pact: boolean }
  | { kind: 'no-slot-left'; combatant: string; level: number; total: number }
  | { kind: 'spell-needs-target'; spell: string }
  /** The spell deals nothing later, on a trigger of its own. */
  | { kind: 'spell-no-ongoing'; spell: string }
  /** The spell's later effect lasts only while its caster concentrates on it; `on`, what it concentrates on instead. */
  | { kind: 'ongoing-without-concentration'; combatant: string; spell: string; on: string | null }
  /** `note` says what the reaction went on, when the user said. */
  | { kind: 'reaction-used'; combatant: string; isPlayerCharacter: boolean; note: string | null }
  | { kind: 'reaction-surprised'; combatant: string; isPlayerCharacter: boolean }
  /** Dead, dying, or a condition that takes its reactions away. */
  | { kind: 'reaction-stopped'; combatant: string; stoppedBy: Stopper }
  | { kind: 'nothing-readied'; combatant: string; isPlayerCharacter: boolean }
  /** `current` names whose turn it is (a lair creature's lair turn says so); `doing` completes "Only … can". */
  | { kind: 'not-your-turn'; current: string; isPlayerCharacter: boolean; lair: boolean; doing: string }
  | { kind: 'no-delay'; ruleSetName: string }
  | { kind: 'not-delayed'; combatant: string }
  /** set-initiative on a delayer, whose place `act` decides. */
  | { kind: 'delaying'; combatant: string; isPlayerCharacter: boolean }
  | { kind: 'nobody-delayed' }
  | { kind: 'several-delayed'; delayed: NameSample }
  /** `act` while a `count:` group's shared turn is under way: it comes after `last`. */
  | { kind: 'group-still-acting'; current: string; last: string }
  /** `act` during a lair turn: the delayer comes in once it is over. */
  | { kind: 'lair-turn-under-way'; lair: string }
  /** Everyone alive is delaying: someone must act with `act`. */
  | { kind: 'all-delayed' }
  | { kind: 'not-whole'; field: Field; min: number; max: number }
  | { kind: 'empty-text'; field: Field }
  | { kind: 'text-too-long'; field: Field; max: number }
  /** Dice text the parser could not read; `message` is the dice notation's own account of it. */
  | { kind: 'amount-unreadable'; field: Field; message: string }
  /** Dice that could not be rolled (too many, too much work); `message` is the dice notation's. */
  | { kind: 'amount-unrolled'; field: Field; message: string }
  | { kind: 'amount-negative'; field: Field; total: number }
  | { kind: 'amount-too-large'; field: Field; max: number }
  /** A `[bracket]` on damage that names no damage type, or more than one. */
  | { kind: 'not-a-damage-type'; annotation: string }
  | { kind: 'dead-cannot-concentrate'; combatant: string }
  | { kind: 'not-concentrating'; combatant: string }
  | { kind: 'no-concentration-save-due'; combatant: string }
  | { kind: 'no-death-save-due'; combatant: string; why: NoDeathSaveDue; isPlayerCharacter: boolean }
  /** A stored character joins a fight it is already in, as `as`. */
  | { kind: 'character-already-in-fight'; as: string }
  /** None of a confirmed group is still in the fight and alive. */
  | { kind: 'group-none-alive' }
  /** Dice in `hp:` rolled a total outside 1 to `max` for one of the monsters: nobody is added. */
  | { kind: 'hp-rolled-out-of-range'; combatant: string; total: number; rendered: string; max: number }
  | { kind: 'nothing-to-undo' }
  | { kind: 'encounter-name-too-long'; max: number }
  | { kind: 'name-taken'; existing: string }
  | { kind: 'too-many-combatants'; max: number; has: number }
  /** The rule set itself refused (no temporary HP in it, no death save for that creature). */
  | { kind: 'rules'; refusal: RulesRefusal };

/**
 * A refusal thrown out of a step. It carries no message: the core has no words, so dispatch words
 * it with `refusalText` on its way to the user.
 */
export class CombatRefusal extends Error {
  constructor(readonly refusal: Refusal) {
    super(refusal.kind);
    this.name = 'CombatRefusal';
  }
}
