import { ASKED_FOR } from '../rules/ability-tests';
import type { Ability, BonusTerm, ConditionKey, D20TestRequest, OwnBonus, RollMode } from '../rules/types';
import { halved, leadingDamageType, rehearseDamage, rollDamage } from './damage-amount';
import { armourClassOf, conditionsFrom, customEffectsOn, isDodge, isPrivateEffect } from './effects';
import { landDamage, requireHp } from './hit-points';
import { isGameMaster, requireControl, requireMayHarm } from './permissions';
import { CombatRefusal } from './refusals';
import { findById, findTarget, refOf, requireAlive } from './targets';
import { turnTaker } from './lair';
import { chain, step, then } from './compose';
import type { ChangeNote } from './notes';
import type { StepContext, Transition } from './transition';
import type { Actor, AttackReason, AttackRoll, Combatant, Encounter } from './types';

/**
 * The encounter keeps no positions: a melee attack is made from 5 ft, and a ranged one from beyond
 * 10 ft, as most are, so Prone's and Next's distance rules read it that way.
 */
const MELEE_FEET = 5;
const RANGED_FEET = 30;

export interface AttackInput {
  target: string;
  /** A name or id; absent: the caller's own combatant, or the current one for the game master. */
  attacker?: string;
  /**
   * The attack bonus in its named parts ("Str", "proficiency"); `ability` is the one it uses, when
   * known (A5E fatigue reads it). Read from a sheet, the parts of each stored character that may be
   * the attacker come by character id, and the attacker's are chosen once it is known, on the
   * encounter as it stands.
   */
  bonus: { parts: readonly OwnBonus[]; ability?: Ability } | { sheets: Readonly<Record<string, readonly OwnBonus[]>>; ability: Ability };
  /** Dice or a number, with `[type]` annotations, read as any damage amount is. */
  damage: string;
  mode?: RollMode;
  /** The lowest natural roll that crits; 20 when absent. */
  critRange?: number;
  /** A weapon attack (Next adds a weapon die to its critical); false for a spell attack. */
  weapon: boolean;
  reach: 'melee' | 'ranged';
  /** A miss still deals half the damage (Acid Arrow). */
  onMiss?: 'half';
  /** The reply goes to the caller alone. */
  secret?: boolean;
  /** The server lets players harm anyone's combatants, not only their own and the game master's. */
  anyoneMayHarm?: boolean;
}

/**
 * Who attacks: the combatant named (the caller must control it), else the caller's own one (on
 * their turn the current one, else their only one); the game master attacks with the current combatant.
 */
export function attackerOf(encounter: Encounter, actor: Actor, typed: string | null): Combatant {
  if (typed !== null) {
    const named = findTarget(encounter, typed);
    requireControl(actor, encounter, named, `attack as ${named.name}`);
    return named;
  }
  const gameMaster = isGameMaster(actor, encounter);
  const current = turnTaker(encounter);
  if (current !== undefined && (gameMaster || current.controllerId === actor.userId)) return current;
  const own = encounter.combatants.filter((c) => c.controllerId === actor.userId);
  if (own.length === 1 && own[0] !== undefined) return own[0];
  throw new CombatRefusal({ kind: 'attacker-unclear', gameMaster, own: own.length });
}

/** The attacker's bonus parts: as given, or from its sheet. */
function bonusOf(attacker: Combatant, bonus: AttackInput['bonus']): { parts: readonly OwnBonus[]; ability?: Ability } {
  if (!('sheets' in bonus)) return bonus;
  const parts = attacker.characterId === null ? undefined : bonus.sheets[attacker.characterId];
  if (parts === undefined) throw new CombatRefusal({ kind: 'no-sheet-for-bonus', combatant: attacker.name, ability: bonus.ability });
  return { parts, ability: bonus.ability };
}

function requireAbleToAttack(ctx: StepContext, attacker: Combatant): void {
  if (attacker.rules.dead) throw new CombatRefusal({ kind: 'cannot-attack', combatant: attacker.name, condition: null });
  const helpless = ctx.ruleSet.conditions.find((c) => c.mechanics.noActions && attacker.rules.conditions.includes(c.key));
  if (helpless !== undefined) throw new CombatRefusal({ kind: 'cannot-attack', combatant: attacker.name, condition: helpless.name });
}

/** A condition the target put on the attacker that forbids attacking it (Charmed: its charmer). */
function requireMayAttackTarget(ctx: StepContext, attacker: Combatant, target: Combatant, fromTarget: readonly ConditionKey[]): void {
  const forbidding = fromTarget.map((key) => ctx.ruleSet.condition(key)).find((c) => c?.mechanics.noAttacksOnSource);
  if (forbidding !== undefined) {
    throw new CombatRefusal({ kind: 'cannot-attack-source', combatant: attacker.name, target: target.name, condition: forbidding.name });
  }
}

/** A hidden combatant with a condition or effect the game master keeps to themselves: what comes of its state is not named to players. */
function keepsSecrets(encounter: Encounter, combatant: Combatant): boolean {
  return combatant.hidden && encounter.effects.some((e) => e.targetId === combatant.id && isPrivateEffect(encounter, e));
}

function isDodging(encounter: Encounter, target: Combatant): boolean {
  return encounter.effects.some((e) => e.targetId === target.id && isDodge(e));
}

function termText(term: BonusTerm): string {
  return `${term.sign < 0 ? '-' : '+'} ${term.sides === null ? term.count : `${term.count}d${term.sides}`}`;
}

/**
 * The damage as typed, plus the `damage:` modifiers of the attacker's effects; an untyped one is
 * of the attack's own type (a +2 to a sword's damage is slashing).
 */
function damageText(encounter: Encounter, attacker: Combatant, damage: string): string {
  const extras = encounter.effects
    .filter((e) => e.targetId === attacker.id)
    .flatMap((e) => e.modifiers)
    .flatMap((m) => (m.kind === 'damage' ? [m] : []));
  if (extras.length === 0) return damage;
  const ownType = leadingDamageType(damage);
  const terms = extras.map((m) => {
    const type = m.damageType ?? ownType;
    return `${termText(m.term)}${type === null ? '' : ` [${type}]`}`;
  });
  return `${damage.trim()} ${terms.join(' ')}`;
}

/** What the target's side brings: advantage and disadvantage against it, AC changes and an automatic critical. */
function targetSide(encounter: Encounter, ctx: StepContext, target: Combatant, reach: 'melee' | 'ranged') {
  const against = ctx.ruleSet.attackAgainst(target.rules, { range: reach, distance: reach === 'melee' ? MELEE_FEET : RANGED_FEET });
  const disadvantage = [...against.disadvantage];
  let acBonus = against.acBonus;
  if (isDodging(encounter, target)) {
    const dodge = ctx.ruleSet.dodge(target.rules);
    if (dodge.ok) {
      if (dodge.value.attackersDisadvantage) disadvantage.push('Dodging');
      acBonus += dodge.value.acBonus;
    }
  }
  return { advantage: against.advantage, disadvantage, acBonus, autoCritical: against.autoCritical };
}

/**
 * An attack: its roll, then, on a hit (or a miss that still deals half), its damage, chained into
 * one change (one log entry, one undo). Whether it hit is read from the roll inside the chain, on
 * the state it was rolled on.
 */
export function attack(encounter: Encounter, ctx: StepContext, input: AttackInput): Transition {
  const done = chain(
    then(step(attackRoll, input), (rolled) => {
      const roll = rollOf(rolled);
      return hits(roll) || input.onMiss === 'half' ? step(attackDamage, input, roll) : null;
    }),
  )(encounter, ctx);
  const [rolled] = done.events;
  return { ...done, note: attackNote(done.note, rolled?.kind === 'attack-rolled' && hits(rolled)) };
}

function hits(roll: AttackRoll): boolean {
  return roll.outcome === 'hit' || roll.outcome === 'critical';
}

function rollOf(rolled: Transition): AttackRoll {
  const [event] = rolled.events;
  if (event?.kind !== 'attack-rolled') throw new Error('an attack roll without its event');
  return event;
}

/** The log's line for the whole attack: the roll's note, with the damage of a hit; a miss's half damage after it. */
function attackNote(note: ChangeNote, hit: boolean): ChangeNote {
  if (note.kind !== 'chain') return note;
  const [roll, damage] = note.notes;
  if (roll?.kind !== 'attack' || damage?.kind !== 'damage') throw new Error('an attack chained to something other than its damage');
  return hit ? { ...roll, hit: damage.damage } : note;
}

/**
 * An attack roll against a combatant's Armour Class, through the rules' one d20 function with both
 * sides' conditions, tracks and effects. Its damage is checked before the roll, so a miss does not
 * pass over damage a hit would refuse.
 */
function attackRoll(encounter: Encounter, ctx: StepContext, input: AttackInput): Transition {
  const attacker = attackerOf(encounter, ctx.actor, input.attacker ?? null);
  const bonus = bonusOf(attacker, input.bonus);
  requireAbleToAttack(ctx, attacker);
  const target = findTarget(encounter, input.target);
  requireAlive(target, 'attack');
  const fromTarget = conditionsFrom(encounter, attacker.id, target.id);
  requireMayAttackTarget(ctx, attacker, target, fromTarget);
  requireMayHarm(ctx.actor, encounter, target, `attack ${target.name}`, input.anyoneMayHarm ?? false);
  requireHp(target);
  const baseAc = armourClassOf(encounter, target);
  if (baseAc === null) throw new CombatRefusal({ kind: 'no-armour-class', combatant: target.name });

  rehearseDamage(damageText(encounter, attacker, input.damage));

  const side = targetSide(encounter, ctx, target, input.reach);
  const asked = {
    advantage: input.mode === 'advantage' ? [ASKED_FOR] : [],
    disadvantage: input.mode === 'disadvantage' ? [ASKED_FOR] : [],
  };
  const request: D20TestRequest = {
    kind: 'attack',
    range: input.reach,
    targetIsSourceOf: fromTarget,
    ability: bonus.ability,
    advantage: [...side.advantage, ...asked.advantage],
    disadvantage: [...side.disadvantage, ...asked.disadvantage],
    effects: customEffectsOn(encounter, attacker.id),
  };
  const roll = ctx.ruleSet.rollD20Test(attacker.rules, request, bonus.parts, ctx.random);
  const armourClass = baseAc + side.acBonus;
  const critRange = input.critRange ?? 20;
  const outcome =
    roll.autoFail === null
      ? ctx.ruleSet.attackOutcome(roll.natural, roll.total, armourClass, side.autoCritical !== null, critRange)
      : 'miss';

  const attackerSecrets = keepsSecrets(encounter, attacker);
  const targetSecrets = keepsSecrets(encounter, target);
  const sourcesOf = (all: readonly string[], fromTarget: readonly string[], fromAsking: readonly string[]): AttackReason[] =>
    all.map((reason) => {
      if (fromAsking.includes(reason)) return { reason, side: 'asked', private: false };
      if (fromTarget.includes(reason)) return { reason, side: 'target', private: targetSecrets };
      return { reason, side: 'attacker', private: attackerSecrets };
    });
  const event: { kind: 'attack-rolled' } & AttackRoll = {
    kind: 'attack-rolled',
    attacker: refOf(attacker),
    target: refOf(target),
    reach: input.reach,
    weapon: input.weapon,
    rolls: roll.rolls,
    natural: roll.natural,
    parts: roll.parts,
    total: roll.total,
    mode: roll.mode,
    advantage: sourcesOf(roll.advantage, side.advantage, asked.advantage),
    disadvantage: sourcesOf(roll.disadvantage, side.disadvantage, asked.disadvantage),
    armourClass,
    outcome,
    autoCritical:
      outcome === 'critical' && side.autoCritical !== null && roll.natural < critRange
        ? { reason: side.autoCritical, private: targetSecrets }
        : null,
    private: input.secret === true && isGameMaster(ctx.actor, encounter),
  };
  return {
    encounter,
    events: [event],
    note: { kind: 'attack', attacker: attacker.name, target: target.name, hit: null },
  };
}

/**
 * A hit's damage, a critical one as the rule set doubles it, a miss's half; landing through
 * `landDamage` as reported damage does.
 */
function attackDamage(encounter: Encounter, ctx: StepContext, input: AttackInput, roll: AttackRoll): Transition {
  const attacker = findById(encounter, roll.attacker.id);
  const target = findById(encounter, roll.target.id);
  if (attacker === undefined || target === undefined) throw new Error('an attack whose combatants left between its roll and its damage');
  const critical = roll.outcome === 'critical';
  const text = damageText(encounter, attacker, input.damage);
  const rolled = rollDamage(text, ctx.random, null, critical ? ctx.ruleSet.facts.critical : null, { weapon: input.weapon });
  const amount = hits(roll) ? rolled : halved(rolled);
  // A hidden attacker's dice would show its damage bonus; the game master's secret roll may show them.
  const showRoll = !attacker.hidden || roll.private;
  const landed = landDamage(encounter, ctx, target, amount, { critical, showRoll, source: attacker, sourceNamed: true });
  return { encounter: landed.encounter, events: landed.events, note: { kind: 'damage', combatant: target.name, damage: landed.damage } };
}
