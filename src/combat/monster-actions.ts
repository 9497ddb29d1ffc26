import { createNameIndex } from '../compendium/lookup';
import type { Effect, Monster, MonsterAction } from '../compendium/types';
import type { RollMode } from '../rules/types';
import { chain, step, type Link } from './compose';
import { targetLimit, usesOnTargets, type EffectSource } from './effect-links';
import { castSpell, type CastInput } from './spells';
import { requireControl } from './permissions';
import { CombatRefusal } from './refusals';
import { findTarget, normaliseName, refOf } from './targets';
import { replaceCombatant, type StepContext, type Transition } from './transition';
import { spendLegendaryAction } from './turn-actions';
import { MAX_COMBATANTS, type Combatant, type Encounter, type MonsterLink } from './types';

/** Attacks one use of an action may make: a multiattack of a dozen is a data error, not a turn. */
const MAX_ATTACKS = 12;

export interface MonsterActionInput {
  /** The combatant acting, by id or name: the handler found it and its block. */
  attacker: string;
  /** The stat block its link names, as the handler read it. */
  block: Monster;
  /** The action as typed: an action, bonus action, reaction or legendary action of the block, or one option of one. */
  action: string;
  /** Who it is aimed at; an attack's list is taken in order, the last one taking what is left. */
  targets: readonly string[];
  /** Spend it as a legendary action; an action found only among them is one anyway. */
  legendary?: boolean;
  mode?: RollMode;
  secret?: boolean;
  anyoneMayHarm?: boolean;
  /** How the attack bonus is named in the roll's parts (the views' word). */
  bonusReason: string;
  /** The spell an action that casts one casts, with the block's numbers: it runs in place of the action's own effects. */
  cast?: CastInput;
}

/** An action found in the block, with the effect it runs (an option's, for "uses one of the following"). */
export interface Chosen {
  action: MonsterAction;
  effect: Effect;
  name: string;
  legendary: boolean;
}

/** Every action of a block a command can name, with whether it is a legendary one. */
export function actionsOf(block: Monster): { action: MonsterAction; legendary: boolean }[] {
  const plain = [...(block.actions ?? []), ...(block.bonusActions ?? []), ...(block.reactions ?? [])];
  return [
    ...plain.map((action) => ({ action, legendary: false })),
    ...(block.legendary?.actions ?? []).map((action) => ({ action, legendary: true })),
  ];
}

/**
 * The names a user can give `action:`: each action (or only the legendary ones), and each option of
 * one ("Fire Breath" of "Breath Weapons").
 */
export function actionNames(block: Monster, legendaryOnly = false): string[] {
  return actionsOf(block)
    .filter(({ legendary }) => legendary || !legendaryOnly)
    .flatMap(({ action }) => [action.name, ...(action.options ?? []).map((option) => option.name)]);
}

/** The action `typed` names (an option of one too), or the refusal that lists the block's actions. */
export function choose(block: Monster, typed: string, legendary: boolean): Chosen {
  const wanted = normaliseName(typed);
  // Asked for as a legendary action, only the block's legendary actions will do (its Fire Breath is not one).
  const ordered = actionsOf(block).filter((entry) => entry.legendary || !legendary);
  for (const entry of ordered) {
    if (normaliseName(entry.action.name) === wanted) {
      return { action: entry.action, effect: entry.action, name: entry.action.name, legendary: legendary || entry.legendary };
    }
    const option = entry.action.options?.find((o) => normaliseName(o.name) === wanted);
    if (option !== undefined) return { action: entry.action, effect: option, name: option.name, legendary: legendary || entry.legendary };
  }
  const known = actionNames(block, legendary);
  const closest = createNameIndex(known.map((name) => ({ name }))).closest(typed);
  throw new CombatRefusal({ kind: 'unknown-action', monster: block.name, typed: typed.trim(), closest, known, legendary });
}

function findAction(block: Monster, name: string): MonsterAction | undefined {
  const wanted = normaliseName(name);
  return actionsOf(block).find(({ action }) => normaliseName(action.name) === wanted)?.action;
}

/** What each use of the action does, as plain effects: a multiattack's attacks, a "makes one Rend attack", or itself. */
function usesOf(block: Monster, chosen: Chosen): Effect[] {
  const { action } = chosen;
  if (action.multiattack !== undefined) {
    return action.multiattack.steps.flatMap((part) => {
      const first = part.actions[0];
      const component = first === undefined ? undefined : findAction(block, first);
      if (component === undefined || !runnable(component)) return [];
      return Array.from({ length: part.count }, (): Effect => component);
    });
  }
  if (action.runs !== undefined) {
    const component = findAction(block, action.runs.action);
    if (component === undefined || !runnable(component)) return [];
    return new Array<Effect>(action.runs.count).fill(component);
  }
  return new Array<Effect>(chosen.effect.instances ?? 1).fill(chosen.effect);
}

/** An effect the bot can roll: an attack, a save, or damage or conditions that just happen. */
function runnable(effect: Effect & Partial<Pick<MonsterAction, 'manual' | 'casts' | 'spellcasting'>>): boolean {
  if (effect.manual === true || effect.casts !== undefined || effect.spellcasting === true) return false;
  return (
    effect.attack !== undefined || effect.save !== undefined || (effect.damage?.length ?? 0) > 0 || (effect.conditions?.length ?? 0) > 0
  );
}

/** Refuses an action spent: recharging, or its uses gone. */
function requireAvailable(attacker: Combatant, link: MonsterLink, chosen: Chosen): void {
  const { action } = chosen;
  const recharging = link.recharging.find((r) => normaliseName(r.action) === normaliseName(action.name));
  if (recharging !== undefined) {
    throw new CombatRefusal({ kind: 'action-recharging', combatant: attacker.name, action: action.name, recharge: recharging.recharge });
  }
  const limit = usesLimit(action);
  if (limit !== null && (link.usesLeft[action.name] ?? limit) <= 0) {
    throw new CombatRefusal({ kind: 'action-used-up', combatant: attacker.name, action: action.name, perDay: action.perDay ?? null });
  }
}

function usesLimit(action: MonsterAction): number | null {
  if (action.perDay !== undefined) return action.perDay;
  return action.perRest === true ? 1 : null;
}

/** The link after the action: its recharge starts, a use is counted. */
function spent(link: MonsterLink, action: MonsterAction): MonsterLink {
  const limit = usesLimit(action);
  return {
    ...link,
    recharging: action.recharge === undefined ? link.recharging : [...link.recharging, { action: action.name, recharge: action.recharge }],
    usesLeft: limit === null ? link.usesLeft : { ...link.usesLeft, [action.name]: (link.usesLeft[action.name] ?? limit) - 1 },
  };
}

/**
 * Refuses, with where to go instead, an action that is a choice: one of its options (a 5.1 dragon's
 * breath weapons), one of its spells, or the block's whole spell list, which a spell command casts from.
 */
function requireRunnableHere(attacker: Combatant, chosen: Chosen, castGiven: boolean): void {
  const { action } = chosen;
  if (action.spellcasting === true)
    throw new CombatRefusal({ kind: 'action-is-spell-list', combatant: attacker.name, action: action.name });
  if (action.casts !== undefined && !castGiven) {
    throw new CombatRefusal({
      kind: 'action-casts-choice',
      combatant: attacker.name,
      action: action.name,
      spells: action.casts.map((c) => c.name),
    });
  }
  if (action.options !== undefined && chosen.effect === action) {
    throw new CombatRefusal({
      kind: 'action-has-options',
      combatant: attacker.name,
      action: action.name,
      options: action.options.map((o) => o.name),
    });
  }
}

/**
 * A monster acts from its stat block: the action's attacks, saves, damage and conditions on its
 * targets, its recharge started or its use counted, a legendary action's cost spent, as one change:
 * one reply, one log entry, one undo.
 */
export function monsterAction(encounter: Encounter, ctx: StepContext, input: MonsterActionInput): Transition {
  const attacker = findTarget(encounter, input.attacker);
  requireControl(ctx.actor, encounter, attacker, `act as ${attacker.name}`);
  const link = attacker.monster;
  if (link === null || normaliseName(link.block) !== normaliseName(input.block.name)) {
    throw new CombatRefusal({ kind: 'no-stat-block', combatant: attacker.name });
  }
  const chosen = choose(input.block, input.action, input.legendary ?? false);
  requireRunnableHere(attacker, chosen, input.cast !== undefined);
  const casting = input.cast !== undefined && chosen.action.casts !== undefined;
  const composite = chosen.action.multiattack !== undefined || chosen.action.runs !== undefined;
  const uses = chosen.action.manual === true || (!composite && !runnable(chosen.effect)) ? [] : usesOf(input.block, chosen);
  // A multiattack of more than MAX_ATTACKS is a homebrew block's mistake: nothing of it is rolled.
  if (!casting && (uses.length === 0 || uses.length > MAX_ATTACKS)) {
    throw new CombatRefusal({ kind: 'action-not-automated', combatant: attacker.name, action: chosen.name });
  }
  requireAvailable(attacker, link, chosen);
  const targets = input.targets.map((typed) => findTarget(encounter, typed));
  if (!casting && targets.length === 0) throw new CombatRefusal({ kind: 'action-needs-target', action: chosen.name });
  const limit = targetLimit(uses, MAX_COMBATANTS);
  if (!casting && targets.length > limit)
    throw new CombatRefusal({ kind: 'action-too-many-targets', action: chosen.name, max: limit, given: targets.length });
  const targetIds = [...new Set(targets.map((t) => t.id))];

  // An option's own flag, not its parent's: Fire Breath runs in full beside a partial Sleep Breath.
  const partial = [chosen.effect, ...uses].some((effect) => effect.partial === true);
  const announce: Link = (state) => {
    const actor = state.combatants.find((c) => c.id === attacker.id) ?? attacker;
    const after: Combatant = { ...actor, monster: spent(link, chosen.action) };
    const left = usesLimit(chosen.action) === null ? null : (after.monster?.usesLeft[chosen.action.name] ?? null);
    return {
      encounter: replaceCombatant(state, after),
      events: [
        {
          kind: 'monster-action',
          combatant: refOf(after),
          action: chosen.name,
          recharge: chosen.action.recharge ?? null,
          usesLeft: left,
          perDay: chosen.action.perDay ?? null,
          ...(partial ? { partial: true as const } : {}),
        },
      ],
      note: { kind: 'monster-action', combatant: attacker.name, action: chosen.name, hidden: attacker.hidden, notes: [] },
    };
  };
  const cost = chosen.action.cost ?? 1;
  const legendary: Link[] = chosen.legendary ? [step(spendLegendaryAction, { target: attacker.id, cost })] : [];
  const source: EffectSource = {
    combatant: attacker,
    name: chosen.name,
    attackBonus: null,
    dc: null,
    modifier: 0,
    weapon: true,
    bonusReason: input.bonusReason,
    ...(input.mode === undefined ? {} : { mode: input.mode }),
    ...(input.secret === undefined ? {} : { secret: input.secret }),
    ...(input.anyoneMayHarm === undefined ? {} : { anyoneMayHarm: input.anyoneMayHarm }),
  };
  const effects = input.cast !== undefined && casting ? [step(castSpell, input.cast)] : usesOnTargets(source, uses, targetIds);
  const done = chain(...legendary, announce, ...effects)(encounter, ctx);
  const notes = done.note.kind === 'chain' ? done.note.notes.filter((note) => note.kind !== 'monster-action') : [];
  return { ...done, note: { kind: 'monster-action', combatant: attacker.name, action: chosen.name, hidden: attacker.hidden, notes } };
}
