import type { RandomSource } from '../dice/random';
import { concentrationDc, die } from './concentration';
import { addCondition, chain, gainFatigue, shiftTrack } from './condition-state';
import { activeMechanics, maxHpOf, usesPlayerRules, type RulesContext } from './context';
import type { CombatantRulesState, ConditionKey, DamageInput, DamagePart, DamageType, DefenceKind, RulesEvent, StateChange } from './types';

const MASSIVE_DAMAGE_DC = 15;
const DEATH_SAVES_TO_DIE = 3;

/** A penalty can bring damage down to 0, never below it (A5E [004]; the other rule sets never deal negative damage). */
export function dealtDamage(rolled: number): number {
  return Math.max(0, Math.floor(rolled));
}

/** 20 + 3 × level to reach 0 HP; 20 + level for a creature already at 0 HP [004]. */
function massiveDamageThreshold(state: CombatantRulesState, atZero: boolean): number {
  return 20 + (atZero ? 1 : 3) * state.level;
}

/** Next: death at −(Constitution score + level) (RULES.md §9d). */
function deathThreshold(state: CombatantRulesState): number {
  return -(state.conScore + state.level);
}

/**
 * Immunity, flat reductions, halvings, doublings, then the damage threshold (RULES.md §6, §27.13):
 * resistance and vulnerability apply once each, resistance first, rounding down. A part of a mixed
 * instance (`whole` false) leaves Intoxicated and the threshold to the sum.
 */
function modifyDamage(
  ctx: RulesContext,
  state: CombatantRulesState,
  input: DamageInput,
  random: RandomSource,
  whole = true,
): { amount: number; events: RulesEvent[] } {
  const events: RulesEvent[] = [];
  let amount = dealtDamage(input.amount);
  if (input.unreducible) return { amount, events };
  if (input.parts !== undefined && input.parts.length > 1) return modifyParts(ctx, state, input, input.parts, random);
  const active = activeMechanics(ctx, state);
  const type = input.type;
  const has = (kind: DefenceKind, own: readonly DamageType[]): boolean =>
    type !== null && (own.includes(type) || effectGives(input, kind, type));
  if (type !== null && (has('immune', state.immunities) || active.some((m) => m.mechanics.damageImmunities?.includes(type)))) {
    return { amount: 0, events: [{ kind: 'immune', damageType: type }] };
  }
  const change = (reason: Extract<RulesEvent, { kind: 'damage-modified' }>['reason'], after: number): void => {
    events.push({ kind: 'damage-modified', reason, before: amount, after });
    amount = after;
  };
  const reduction = reductionDie(ctx, state);
  if (whole && reduction !== null) change('intoxicated', Math.max(0, amount - random.die(reduction)));
  const boundary = boundaryCrossed(ctx, state, input);
  if (boundary !== null && (type === null || !boundary.except.includes(type))) change('ethereal', Math.floor(amount / 2));
  // Untyped damage (A5E ongoing damage) meets no resistance to a type and no vulnerability (§5), but
  // resistance to all damage (Petrified) halves it too, as Next's Ethereal does.
  if (has('resist', state.resistances)) change('resistance', Math.floor(amount / 2));
  else if (active.some((m) => m.mechanics.resistAllDamage)) change('petrified', Math.floor(amount / 2));
  if (has('vulnerable', state.vulnerabilities)) change('vulnerability', amount * 2);
  return whole ? belowThreshold(state, amount, events) : { amount, events };
}

/** A custom effect on the target (`resist:fire`) gives it this defence against the type. */
function effectGives(input: DamageInput, kind: DefenceKind, type: DamageType): boolean {
  return (input.effects ?? []).some((effect) => effect.modifiers.some((m) => m.kind === kind && m.damageType === type));
}

/** The die each instance of damage the creature takes is lowered by (Next's Intoxicated: d6), or null. */
function reductionDie(ctx: RulesContext, state: CombatantRulesState): number | null {
  return activeMechanics(ctx, state).find((m) => m.mechanics.damageReductionDie)?.mechanics.damageReductionDie ?? null;
}

/**
 * Next's Ethereal halves what one side of the boundary deals the other: damage to an ethereal creature
 * from one that is not (or from an unnamed source), and damage an ethereal dealer does to one that is not.
 */
function boundaryCrossed(ctx: RulesContext, state: CombatantRulesState, input: DamageInput): { except: readonly DamageType[] } | null {
  const across = (conditions: readonly ConditionKey[]): { except: readonly DamageType[] } | null =>
    activeMechanics(ctx, { conditions, tracks: state.tracks }).find((m) => m.mechanics.halfDamageAcross)?.mechanics.halfDamageAcross ??
    null;
  const target = across(state.conditions);
  const dealer = across(input.sourceConditions ?? []);
  return (target === null) === (dealer === null) ? null : (target ?? dealer);
}

/** A damage threshold stops a whole instance below it (RULES.md §6). */
function belowThreshold(state: CombatantRulesState, amount: number, events: RulesEvent[]): { amount: number; events: RulesEvent[] } {
  if (state.damageThreshold > 0 && amount > 0 && amount < state.damageThreshold) {
    return { amount: 0, events: [...events, { kind: 'below-threshold', amount, threshold: state.damageThreshold }] };
  }
  return { amount, events };
}

/**
 * A mixed instance (`1d8+3 [slashing] + 2d6 [fire]`): immunity, Ethereal, resistance and
 * vulnerability meet each part on its own; the flat Intoxicated reduction and the damage threshold
 * meet the sum, as they do not depend on the type (docs/rules-decisions.md).
 */
function modifyParts(
  ctx: RulesContext,
  state: CombatantRulesState,
  input: DamageInput,
  parts: readonly DamagePart[],
  random: RandomSource,
): { amount: number; events: RulesEvent[] } {
  const events: RulesEvent[] = [];
  let amount = 0;
  for (const part of parts) {
    const typed = modifyDamage(ctx, state, { ...input, amount: part.amount, type: part.type, parts: [] }, random, false);
    const reasons = typed.events.flatMap((event) => (event.kind === 'damage-modified' ? [event.reason] : []));
    const immune = typed.events.some((event) => event.kind === 'immune');
    events.push({
      kind: 'damage-part',
      damageType: part.type,
      before: dealtDamage(part.amount),
      after: typed.amount,
      immune,
      reasons,
    });
    amount += typed.amount;
  }
  const reduction = reductionDie(ctx, state);
  if (reduction !== null) {
    const after = Math.max(0, amount - random.die(reduction));
    events.push({ kind: 'damage-modified', reason: 'intoxicated', before: amount, after });
    amount = after;
  }
  return belowThreshold(state, amount, events);
}

/** How much of `amount` got past immunity, resistance, vulnerability and the damage threshold. */
export function damageLanded(amount: number, events: readonly RulesEvent[]): number {
  let landed = amount;
  let parts = 0;
  for (const event of events) {
    if (event.kind === 'immune' || event.kind === 'below-threshold') return 0;
    if (event.kind === 'damage-modified') landed = event.after;
    if (event.kind === 'damage-part') {
      parts += event.after;
      landed = parts;
    }
  }
  return landed;
}

/** One instance of damage (RULES.md §6–§13): temporary HP first, then hit points, then what 0 HP means. */
export function applyDamage(ctx: RulesContext, state: CombatantRulesState, input: DamageInput, random: RandomSource): StateChange {
  if (state.dead) return { state, events: [] };
  const modified = modifyDamage(ctx, state, input, random);
  const amount = modified.amount;
  if (amount === 0) return { state, events: modified.events };
  const events = [...modified.events];
  let taken = amount;
  let next = state;
  // Temporary hit points would reduce it too: damage that cannot be reduced goes to hit points.
  if (next.tempHp > 0 && input.unreducible !== true) {
    const absorbed = Math.min(next.tempHp, taken);
    next = { ...next, tempHp: next.tempHp - absorbed };
    taken -= absorbed;
    events.push({ kind: 'temp-hp-absorbed', amount: absorbed, tempHpLeft: next.tempHp });
  }
  const result =
    taken === 0
      ? { state: next, events: [] }
      : next.hp <= 0
        ? damageAtZero(ctx, next, taken, amount, input, random)
        : damageWhileConscious(ctx, next, taken, amount, input, random);
  events.push(...result.events);
  const dc = result.state.concentration === null ? null : concentrationDc(ctx.facts, amount);
  if (dc !== null) events.push({ kind: 'concentration-save', dc });
  return { state: result.state, events };
}

function damageWhileConscious(
  ctx: RulesContext,
  state: CombatantRulesState,
  taken: number,
  amount: number,
  input: DamageInput,
  random: RandomSource,
): StateChange {
  const hp = state.hp - taken;
  if (hp > 0) return { state: { ...state, hp }, events: [{ kind: 'hp-lost', amount: taken, hp }] };
  if (input.knockOut && input.melee) return knockOut(ctx, state, input);
  // Only the dying go below 0 (Next), down to the threshold where they die; a monster simply dies at 0.
  const floor = ctx.facts.negativeHp && usesPlayerRules(ctx, state) ? Math.max(hp, deathThreshold(state)) : 0;
  const dropped: StateChange = { state: { ...state, hp: floor }, events: [{ kind: 'dropped-to-zero', hp: floor }] };
  if (!usesPlayerRules(ctx, state)) return chain(dropped, (s) => die(s, 'monster-at-zero'));
  const leftover = taken - state.hp;
  if (ctx.facts.instantDeath === 'leftover-max-hp' && leftover >= maxHpOf(ctx, state)) {
    return chain(dropped, (s) => die(s, 'instant-death'));
  }
  if (ctx.facts.instantDeath === 'death-threshold' && floor <= deathThreshold(state)) {
    return chain(dropped, (s) => die(s, 'death-threshold'));
  }
  if (ctx.facts.instantDeath === 'massive-damage' && amount >= massiveDamageThreshold(state, false)) {
    const survived = massiveDamage(ctx, dropped, input, random);
    if (survived.state.dead) return survived;
    return chain(survived, (s) => startDying(ctx, s, input));
  }
  return chain(dropped, (s) => startDying(ctx, s, input));
}

function startDying(ctx: RulesContext, state: CombatantRulesState, input: DamageInput): StateChange {
  const dying: StateChange = {
    state: { ...state, stable: false, deathSaves: { successes: 0, failures: 0 } },
    events: [{ kind: 'dying' }],
  };
  return chain(
    dying,
    (s) => unconscious(ctx, s),
    (s) => (ctx.facts.fatigueOnFallingUnconscious && input.inEncounter ? gainFatigue(ctx, s, true) : { state: s, events: [] }),
  );
}

function unconscious(ctx: RulesContext, state: CombatantRulesState): StateChange {
  const added = addCondition(ctx, state, 'unconscious');
  return added.ok ? added.value : { state, events: [] };
}

/** The attacker spares the target (RULES.md §12): 1 HP in 2024, otherwise 0 HP and stable (A5E: +1 fatigue). */
function knockOut(ctx: RulesContext, state: CombatantRulesState, input: DamageInput): StateChange {
  const hp = ctx.facts.knockOutHp;
  const out: StateChange = {
    state: { ...state, hp, stable: hp === 0, deathSaves: { successes: 0, failures: 0 } },
    events: [{ kind: 'knocked-out', hp }],
  };
  return chain(
    out,
    (s) => unconscious(ctx, s),
    (s) => (ctx.facts.fatigueOnFallingUnconscious ? gainFatigue(ctx, s, input.inEncounter ?? false) : { state: s, events: [] }),
  );
}

/** A5E: a DC 15 Constitution save or die; surviving costs 1 fatigue and 1 strife (RULES.md §9e). */
function massiveDamage(ctx: RulesContext, start: StateChange, input: DamageInput, random: RandomSource): StateChange {
  const roll = random.die(20);
  const total = roll + start.state.conSaveBonus;
  const success = total >= MASSIVE_DAMAGE_DC;
  const saved: StateChange = {
    state: start.state,
    events: [...start.events, { kind: 'massive-damage-save', dc: MASSIVE_DAMAGE_DC, roll, total, success }],
  };
  if (!success) return chain(saved, (s) => die(s, 'massive-damage'));
  return chain(
    saved,
    (s) => gainFatigue(ctx, s, input.inEncounter ?? false),
    (s) => shiftTrack(ctx, s, 'strife', 1),
  );
}

function damageAtZero(
  ctx: RulesContext,
  state: CombatantRulesState,
  taken: number,
  amount: number,
  input: DamageInput,
  random: RandomSource,
): StateChange {
  if (!usesPlayerRules(ctx, state)) return die(state, 'monster-at-zero');
  const start: StateChange = state.stable
    ? { state: { ...state, stable: false }, events: [{ kind: 'stability-lost' }] }
    : { state, events: [] };
  switch (ctx.facts.damageAtZero) {
    case 'toward-threshold':
      return chain(start, (s) => {
        // HP stop at the threshold: below it the sheet would hold a number no character file allows.
        const hp = Math.max(s.hp - taken, deathThreshold(s));
        const lost: StateChange = { state: { ...s, hp }, events: [{ kind: 'hp-lost', amount: taken, hp }] };
        return hp <= deathThreshold(s) ? chain(lost, (d) => die(d, 'death-threshold')) : lost;
      });
    case 'death-save-failures':
      if (ctx.facts.instantDeath === 'leftover-max-hp' && taken >= maxHpOf(ctx, state)) {
        return chain(start, (s) => die(s, 'instant-death'));
      }
      return chain(start, (s) => addFailures(s, input.critical ? 2 : 1));
    case 'attacker-choice':
      return chain(start, (s) => a5eDamageAtZero(ctx, s, amount, input, random));
  }
}

function a5eDamageAtZero(
  ctx: RulesContext,
  state: CombatantRulesState,
  amount: number,
  input: DamageInput,
  random: RandomSource,
): StateChange {
  let start: StateChange = { state, events: [] };
  if (amount >= massiveDamageThreshold(state, true)) {
    start = massiveDamage(ctx, start, input, random);
    if (start.state.dead) return start;
  }
  const choice = input.fromAttack ? (input.atZeroChoice ?? 'failure') : 'failure';
  const chosen = chain(start, (s) =>
    choice === 'failure'
      ? addFailures(s, 1)
      : choice === 'fatigue'
        ? gainFatigue(ctx, s, input.inEncounter ?? false)
        : shiftTrack(ctx, s, 'strife', 1),
  );
  // A critical hit at 0 HP costs a fatigue level on top of the attacker's choice (decision §27.17).
  if (chosen.state.dead || !input.critical) return chosen;
  return chain(chosen, (s) => gainFatigue(ctx, s, input.inEncounter ?? false));
}

export function addFailures(state: CombatantRulesState, added: number): StateChange {
  const failures = Math.min(DEATH_SAVES_TO_DIE, state.deathSaves.failures + added);
  const counted: StateChange = {
    state: { ...state, deathSaves: { ...state.deathSaves, failures } },
    events: [{ kind: 'death-save-failures', added, failures }],
  };
  return failures >= DEATH_SAVES_TO_DIE ? chain(counted, (s) => die(s, 'death-saves')) : counted;
}
