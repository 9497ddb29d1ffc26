import { rollAmount } from './amount';
import type { RuleSetId } from '../rules/ids';
import { createRulesState } from '../rules/state';
import type { CombatantRulesState, DamageType, InitiativeRoll, RollMode } from '../rules/types';
import type { AddInput, CharacterEntry, JoinInput } from './inputs';
import type { ChangeNote } from './notes';
import { endEffects } from './effects';
import { countOf, placeInOrder, rankInOrder } from './order';
import { requireOptionsApply } from './rules-of';
import { requireGameMaster } from './permissions';
import { CombatRefusal } from './refusals';
import { findTarget, normaliseName, refOf } from './targets';
import { turnAfterLeaving } from './turns';
import { takeId, type StepContext, type Transition } from './transition';
import {
  DEFAULT_ENCOUNTER_OPTIONS,
  MAX_COMBATANTS,
  MAX_HP,
  MAX_LEGENDARY_ACTIONS,
  NO_TURN_ACTIONS,
  type Combatant,
  type Encounter,
  type EncounterEvent,
  type EncounterOptions,
  type InitiativeInfo,
  type Place,
  type SaveBonuses,
  type AmountRoll,
  type TurnActions,
  type MonsterLink,
  type SpellSlots,
} from './types';
import { actsBeforeLair, lairRoundOnArrival, lairTurnMidRound, roundOfCurrent } from './lair';
import { requireName, requireWhole } from './validate';
import { cleanName } from '../rules/names';

const ENCOUNTER_NAME_MAX_LENGTH = 80;
const MAX_COUNT = 20;
/** A character's level, or a monster's number of Hit Dice (the SRD's reach 42; a homebrew block's may be 100). */
const MAX_LEVEL = 100;

export interface NewEncounter {
  id: string;
  place: Place;
  name?: string;
  ruleSet: RuleSetId;
  options?: Partial<EncounterOptions>;
}

/** A new encounter with the caller as its game master, before anyone is in it. */
export function beginEncounter(ctx: StepContext, input: NewEncounter): Transition {
  const name = cleanName(input.name ?? '') || 'Encounter';
  if (name.length > ENCOUNTER_NAME_MAX_LENGTH) throw new CombatRefusal({ kind: 'encounter-name-too-long', max: ENCOUNTER_NAME_MAX_LENGTH });
  requireOptionsApply(input.ruleSet, input.options ?? {});
  const encounter: Encounter = {
    id: input.id,
    guildId: input.place.guildId,
    channelId: input.place.channelId,
    name,
    gameMasterId: ctx.actor.userId,
    gameMasterName: ctx.actor.name,
    ruleSet: input.ruleSet,
    round: 0,
    currentId: null,
    options: { ...DEFAULT_ENCOUNTER_OPTIONS, ...input.options },
    trackerMessageId: null,
    version: 0,
    nextSeq: 1,
    createdAt: ctx.now,
    endedAt: null,
    combatants: [],
    effects: [],
  };
  return { encounter, events: [{ kind: 'encounter-begun', name, ruleSet: input.ruleSet }], note: { kind: 'begun', name } };
}

interface Newcomer {
  names: string[];
  controllerId: string | null;
  isPlayerCharacter: boolean;
  hidden: boolean;
  initMod: number;
  hp: number | undefined;
  /** Hit points rolled for each name in turn, replacing `hp`; empty when none were rolled. */
  hpRolls: readonly AmountRoll[];
  ac: number | undefined;
  conSave: number;
  initiative: number | undefined;
  mode: RollMode;
  resistances: DamageType[];
  immunities: DamageType[];
  vulnerabilities: DamageType[];
  saveBonuses: SaveBonuses;
  characterId: string | null;
  /** Rules state beyond what a fresh combatant has: a stored character's, or a monster's level and Constitution. */
  carried: Partial<CombatantRulesState>;
  /** Legendary actions and lair; `surprised` is decided with the initiative roll. */
  actions: TurnActions;
  surprised: boolean;
  monster: MonsterLink | null;
  spellSlots: SpellSlots | null;
}

type Stats = Pick<Newcomer, 'initMod' | 'ac' | 'conSave' | 'initiative' | 'mode'>;

/** What monsters and characters both may give about themselves, with the defaults for what was left out. */
function statsOf(input: Omit<JoinInput, 'hp'>): Stats {
  return {
    initMod: input.initMod ?? 0,
    ac: input.ac,
    conSave: input.conSave ?? 0,
    initiative: input.initiative,
    mode: input.mode ?? 'normal',
  };
}

function rollInitiative(ctx: StepContext, newcomer: Newcomer): InitiativeInfo {
  if (newcomer.initiative !== undefined) {
    const total = requireWhole(newcomer.initiative, 'initiative', -20, 100);
    return { total, modifier: newcomer.initMod, mode: 'normal', rolls: [], given: true, tiebreak: [] };
  }
  const asked = ['asked for'];
  // A stored character rolls in the state it arrives in: an Incapacitated one at disadvantage (2024), exhaustion applied.
  const { conditions, tracks } = newcomer.carried;
  const roll: InitiativeRoll = ctx.ruleSet.rollInitiative(
    {
      modifier: newcomer.initMod,
      advantage: newcomer.mode === 'advantage' ? asked : [],
      disadvantage: newcomer.mode === 'disadvantage' ? asked : [],
      surprised: newcomer.surprised,
      ...(conditions === undefined ? {} : { conditions }),
      ...(tracks === undefined ? {} : { tracks }),
    },
    ctx.random,
  );
  return { total: roll.total, modifier: roll.modifier, mode: roll.mode, rolls: roll.rolls, given: false, tiebreak: [] };
}

function requireFreeName(encounter: Encounter, name: string): void {
  const taken = encounter.combatants.find((c) => normaliseName(c.name) === normaliseName(name));
  if (taken !== undefined) throw new CombatRefusal({ kind: 'name-taken', existing: taken.name });
}

/** Adds one combatant, or a numbered group sharing one initiative roll, in initiative order; says the total they act on. */
function addCombatants(
  encounter: Encounter,
  ctx: StepContext,
  newcomer: Newcomer,
): { encounter: Encounter; events: EncounterEvent[]; initiative: number } {
  if (encounter.combatants.length + newcomer.names.length > MAX_COMBATANTS) {
    throw new CombatRefusal({ kind: 'too-many-combatants', max: MAX_COMBATANTS, has: encounter.combatants.length });
  }
  newcomer.names.forEach((name) => requireFreeName(encounter, name));
  const hp = newcomer.hp === undefined ? undefined : requireWhole(newcomer.hp, 'hp', 1, MAX_HP);
  const hpOf = (index: number): number | undefined => newcomer.hpRolls[index]?.total ?? hp;
  const ac = newcomer.ac === undefined ? null : requireWhole(newcomer.ac, 'ac', 0, 50);
  requireWhole(newcomer.initMod, 'initiative-modifier', -20, 50);
  requireWhole(newcomer.conSave, 'con-save-bonus', -20, 50);
  for (const bonus of Object.values(newcomer.saveBonuses)) requireWhole(bonus, 'save-bonus', -20, 50);
  const initiative = rollInitiative(ctx, newcomer);
  // Where surprise costs the first turn (2014, Next, A5E) it is kept; 2024 and C&M spent it on the roll.
  const actions: TurnActions = {
    ...newcomer.actions,
    surprised: newcomer.surprised && !ctx.ruleSet.facts.surpriseDisadvantage,
    lair: newcomer.actions.lair === null ? null : { round: lairRoundOnArrival(encounter), acting: false },
  };
  let next = encounter;
  let groupId: string | null = null;
  if (newcomer.names.length > 1) [groupId, next] = takeId(next, 'g');
  const unit: Combatant[] = [];
  for (const [index, name] of newcomer.names.entries()) {
    const hitPoints = hpOf(index);
    let id: string;
    [id, next] = takeId(next, 'c');
    unit.push({
      id,
      name,
      controllerId: newcomer.controllerId,
      hidden: newcomer.hidden,
      hpKnown: hitPoints !== undefined,
      armourClass: ac,
      groupId,
      initiative,
      deathSavePending: false,
      deathAnnounced: false,
      pendingConcentrationDcs: [],
      rules: createRulesState({
        hp: hitPoints ?? 0,
        maxHp: hitPoints ?? 0,
        isPlayerCharacter: newcomer.isPlayerCharacter,
        conSaveBonus: newcomer.conSave,
        resistances: newcomer.resistances,
        immunities: newcomer.immunities,
        vulnerabilities: newcomer.vulnerabilities,
        ...newcomer.carried,
      }),
      characterId: newcomer.characterId,
      saveBonuses: newcomer.saveBonuses,
      actions,
      monster: newcomer.monster,
      spellSlots: newcomer.spellSlots,
    });
  }
  const combatants = placeInOrder(next.combatants, unit, ctx.ruleSet, ctx.random);
  const placed = combatants.filter((c) => unit.some((u) => u.id === c.id));
  const unrolled = newcomer.surprised && ctx.ruleSet.facts.surpriseDisadvantage && initiative.given;
  const events: EncounterEvent[] = placed.map((c) => ({
    kind: 'combatant-added',
    combatant: refOf(c),
    initiative: c.initiative,
    ...(unrolled ? { surpriseUnrolled: true as const } : {}),
  }));
  unit.forEach((combatant, index) => {
    const roll = newcomer.hpRolls[index];
    if (roll !== undefined) events.push({ kind: 'hp-rolled', combatant: refOf(combatant), roll, private: combatant.hidden });
  });
  return { encounter: { ...next, combatants }, events, initiative: initiative.total };
}

/** "Goblin 1–20" for three or more names numbered one after another from the same base, else null. */
export function numberedRange(names: readonly string[]): string | null {
  const first = names[0];
  const last = names[names.length - 1];
  if (names.length < 3 || first === undefined || last === undefined) return null;
  const match = /^(.*) (\d+)$/.exec(first);
  if (match === null) return null;
  const base = match[1] ?? '';
  const start = Number(match[2]);
  if (!names.every((name, i) => name === `${base} ${start + i}`)) return null;
  return `${base} ${start}–${start + names.length - 1}`;
}

/** "Goblin" with count 3 → Goblin 1..3, continuing after the highest "Goblin N" already there. */
function numberedNames(encounter: Encounter, base: string, count: number): string[] {
  if (count === 1) return [base];
  const prefix = `${normaliseName(base)} `;
  const used = encounter.combatants
    .map((c) => normaliseName(c.name))
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => Number(name.slice(prefix.length)));
  const first = Math.max(0, ...used) + 1;
  return Array.from({ length: count }, (_, i) => `${base} ${first + i}`);
}

/**
 * `hp:` for each new monster: a number for all of them, or dice rolled once per creature, as a game
 * master rolls each goblin's hit points. Each roll keeps to the dice limits; a total outside 1 to
 * MAX_HP adds nobody.
 */
function hitPointsFor(ctx: StepContext, hp: number | string | undefined, names: readonly string[]): Pick<Newcomer, 'hp' | 'hpRolls'> {
  if (hp === undefined || typeof hp === 'number') return { hp, hpRolls: [] };
  const amounts = names.map(() => rollAmount(hp, ctx.random, 'hp'));
  const rolls = amounts.flatMap((amount) => (amount.roll === null ? [] : [amount.roll]));
  // A plain number is the same for every one of them.
  if (rolls.length === 0) return { hp: amounts[0]?.total, hpRolls: [] };
  rolls.forEach((roll, index) => {
    if (roll.total < 1 || roll.total > MAX_HP) {
      throw new CombatRefusal({
        kind: 'hp-rolled-out-of-range',
        combatant: names[index] ?? 'a monster',
        total: roll.total,
        rendered: roll.rendered,
        max: MAX_HP,
      });
    }
  });
  return { hp: undefined, hpRolls: rolls };
}

export function addMonsters(encounter: Encounter, ctx: StepContext, input: AddInput): Transition {
  requireGameMaster(ctx.actor, encounter, 'add monsters');
  const name = requireName(input.name, 'name');
  const count = requireWhole(input.count ?? 1, 'count', 1, MAX_COUNT);
  const names = numberedNames(encounter, name, count);
  const saveBonuses = input.saves ?? {};
  const carried: Partial<CombatantRulesState> = {};
  if (input.level !== undefined) carried.level = requireWhole(input.level, 'level', 1, MAX_LEVEL);
  if (input.conScore !== undefined) carried.conScore = requireWhole(input.conScore, 'constitution', 1, 30);
  const legendary = input.legendary === undefined ? 0 : requireWhole(input.legendary, 'legendary-actions', 0, MAX_LEGENDARY_ACTIONS);
  const actions: TurnActions = {
    ...NO_TURN_ACTIONS,
    legendary: legendary === 0 ? null : { max: legendary, left: legendary },
    lair: input.lair === true ? { round: 0, acting: false } : null,
  };
  const {
    encounter: next,
    events,
    initiative,
  } = addCombatants(encounter, ctx, {
    names,
    controllerId: null,
    isPlayerCharacter: false,
    hidden: input.hidden ?? false,
    ...statsOf(input),
    ...hitPointsFor(ctx, input.hp, names),
    conSave: saveBonuses.con ?? input.conSave ?? 0,
    resistances: input.resist ?? [],
    immunities: input.immune ?? [],
    vulnerabilities: input.vulnerable ?? [],
    saveBonuses,
    characterId: null,
    carried,
    actions,
    surprised: input.surprised ?? false,
    monster: input.monster ?? null,
    spellSlots: null,
  });
  return {
    encounter: next,
    events,
    note: { kind: 'added', names, initiative },
  };
}

export function joinEncounter(encounter: Encounter, ctx: StepContext, input: JoinInput): Transition {
  const name = requireName(input.name ?? ctx.actor.name, 'character-name');
  // One stored character, one combatant: two would each write their own end state back to the sheet.
  const twin = input.character && encounter.combatants.find((c) => c.characterId === input.character?.characterId);
  if (twin) throw new CombatRefusal({ kind: 'character-already-in-fight', as: twin.name });
  const {
    encounter: next,
    events,
    initiative,
  } = addCombatants(encounter, ctx, {
    names: [name],
    controllerId: ctx.actor.userId,
    isPlayerCharacter: true,
    hidden: false,
    ...statsOf(input),
    hp: input.hp,
    hpRolls: [],
    resistances: [],
    immunities: [],
    vulnerabilities: [],
    ...carriedCharacter(input.character, input.hp),
    actions: NO_TURN_ACTIONS,
    surprised: input.surprised ?? false,
    monster: null,
    spellSlots: input.character?.spellSlots ?? null,
  });
  return { encounter: next, events, note: { kind: 'joined', combatant: name, initiative } };
}

/**
 * A stored character's state as it enters the fight: where it left off, not fresh, but never above
 * the maximum it joins with (a join's `hp:` may give a lower one than the sheet's).
 */
function carriedCharacter(
  entry: CharacterEntry | undefined,
  maxHp: number | undefined,
): Pick<Newcomer, 'saveBonuses' | 'characterId' | 'carried'> {
  if (entry === undefined) return { saveBonuses: {}, characterId: null, carried: {} };
  const { characterId, saves, spellSlots: _slots, ...state } = entry;
  return { saveBonuses: saves, characterId, carried: { ...state, hp: maxHp === undefined ? state.hp : Math.min(state.hp, maxHp) } };
}

/**
 * Who is current once the current combatant leaves, and in which round: the next in the order who
 * takes turns (not dead, not delaying), in the next round when the order wraps to its top. With
 * nobody left who does, the next in the order.
 */
function successorOf(encounter: Encounter, id: string): Pick<Encounter, 'currentId' | 'round'> {
  const { combatants, round } = encounter;
  if (combatants.length < 2) return { currentId: null, round };
  const index = combatants.findIndex((c) => c.id === id);
  const after = (step: number) => ({
    currentId: combatants[(index + step) % combatants.length]?.id ?? null,
    round: index + step >= combatants.length ? round + 1 : round,
  });
  for (let step = 1; step < combatants.length; step += 1) {
    const candidate = combatants[(index + step) % combatants.length];
    if (candidate !== undefined && !candidate.rules.dead && !candidate.actions.delayed) return after(step);
  }
  return after(1);
}

export function removeCombatant(encounter: Encounter, ctx: StepContext, target: string): Transition {
  requireGameMaster(ctx.actor, encounter, 'remove combatants');
  const combatant = findTarget(encounter, target);
  const touching = encounter.effects.filter((e) => e.sourceId === combatant.id || e.targetId === combatant.id).map((e) => e.id);
  const ended = endEffects(encounter, touching, 'combatant-removed');
  const removed: EncounterEvent[] = [...ended.events, { kind: 'combatant-removed', combatant: refOf(combatant) }];
  const note: ChangeNote = { kind: 'removed', combatant: combatant.name };
  const passed = turnAfterLeaving(ended.encounter, ctx, combatant.id);
  if (passed !== null) return { encounter: passed.encounter, events: [...removed, ...passed.events], note };
  const turn = encounter.currentId === combatant.id ? successorOf(encounter, combatant.id) : encounter;
  const next: Encounter = {
    ...ended.encounter,
    currentId: turn.currentId,
    round: turn.round,
    combatants: ended.encounter.combatants.filter((c) => c.id !== combatant.id),
  };
  return { encounter: next, events: removed, note };
}

export function setInitiative(encounter: Encounter, ctx: StepContext, input: { target: string; value: number }): Transition {
  requireGameMaster(ctx.actor, encounter, 'set initiative');
  const combatant = findTarget(encounter, input.target);
  const total = requireWhole(input.value, 'initiative', -20, 100);
  // A delayer's place is the one `act` gives it: a count set now would only be overwritten then.
  if (combatant.actions.delayed) {
    throw new CombatRefusal({ kind: 'delaying', combatant: combatant.name, isPlayerCharacter: combatant.rules.isPlayerCharacter });
  }
  const initiative = { ...combatant.initiative, total, rolls: [], given: true, tiebreak: [] };
  const event: EncounterEvent = { kind: 'initiative-set', combatant: refOf(combatant), total, previous: combatant.initiative.total };
  const note: ChangeNote = { kind: 'initiative-set', combatant: combatant.name, previous: combatant.initiative.total, total };
  const ownTurn = encounter.round > 0 && encounter.currentId === combatant.id;
  // Leaving its place breaks it out of a shared roll: it no longer acts with its group.
  const moved: Combatant = {
    ...combatant,
    groupId: null,
    initiative,
    actions: { ...combatant.actions, heldPlace: null, heldRank: null, heldRound: null },
  };
  const others = encounter.combatants.filter((c) => c.id !== combatant.id);
  const placed = ownTurn ? null : placeInOrder(others, [moved], ctx.ruleSet, ctx.random);
  if (placed !== null && !crossesTurn(encounter, placed, combatant.id)) {
    return { encounter: { ...encounter, combatants: placed }, events: [event], note };
  }
  // Its turn of this round, under way, taken or still to come, stays where it was: moved at once
  // across the turn being taken, it would lose that turn or take it twice (the current one: the
  // turns between its places would). It moves to its new place as the round ends, and keeps its
  // group until then, since it keeps the group's place. Where a tie-break decided that place here,
  // it is the one the round's end keeps.
  const decided = placed?.find((c) => c.id === combatant.id);
  const held: Combatant = {
    ...combatant,
    initiative: decided?.initiative ?? initiative,
    actions: {
      ...combatant.actions,
      heldPlace: countOf(combatant),
      heldRank: placed === null ? null : rankInOrder(placed, combatant.id),
      heldRound: roundOfCurrent(encounter),
    },
  };
  return {
    encounter: { ...encounter, combatants: encounter.combatants.map((c) => (c.id === held.id ? held : c)) },
    events: [{ ...event, newPlaceFrom: roundOfCurrent(encounter) + 1 }],
    note,
  };
}

/**
 * Whether another combatant's place in `order` is on the other side of the current one from its
 * place now (still to act this round, or acted): the walk would then give it no turn this round,
 * or a second one. Before round 1 no turn is being taken.
 */
function crossesTurn(encounter: Encounter, order: readonly Combatant[], id: string): boolean {
  const { currentId } = encounter;
  if (encounter.round === 0 || currentId === null) return false;
  const actedIn = (places: readonly Combatant[]): boolean =>
    places.findIndex((c) => c.id === id) < places.findIndex((c) => c.id === currentId);
  const acted = actedIn(encounter.combatants);
  if (acted !== actedIn(order)) return true;
  // Its count, not only its place, says on which side of a lair turn under way it stands: moved across
  // count 20, it would take a turn after the lair turn that its new count puts before it.
  const moved = order.find((c) => c.id === id);
  return lairTurnMidRound(encounter) && moved !== undefined && actsBeforeLair(moved) !== acted;
}
