import type { RandomSource } from '../dice/random';
import { chain, shiftTrack } from './condition-state';
import { activeMechanics, maxHpOf, type RulesContext } from './context';
import { afterRegaining } from './hit-points';
import { abilityModifier } from './state';
import type {
  CombatantRulesState,
  HitDicePool,
  LongRestOptions,
  NextRestVariant,
  RestResult,
  RulesEvent,
  RulesRefusal,
  RulesResult,
  ShortRestOptions,
  StateChange,
} from './types';

const LONG_REST_HOURS = 8;
const STEPS_PER_HOUR = 12;

function variantRefusal(ctx: RulesContext, variant: NextRestVariant | undefined): RulesResult<never, RulesRefusal> | null {
  if (variant === undefined || variant === 'standard' || ctx.facts.nextRestRules) return null;
  return { ok: false, reason: { kind: 'rest-variant-not-in-rules', ruleSetName: ctx.name } };
}

/** Resting needs at least 1 HP (RULES.md §23). */
export function canRest(state: CombatantRulesState): RulesResult<true, RulesRefusal> {
  if (state.dead) return { ok: false, reason: { kind: 'cannot-rest', why: 'dead' } };
  if (state.hp < 1) return { ok: false, reason: { kind: 'cannot-rest', why: 'no-hit-points' } };
  return { ok: true, value: true };
}

function healTo(
  ctx: RulesContext,
  state: CombatantRulesState,
  hp: number,
): { state: CombatantRulesState; healed: number; events: RulesEvent[] } {
  const next = Math.max(state.hp, Math.min(maxHpOf(ctx, state), hp));
  const healed = next - state.hp;
  const change = afterRegaining(ctx, state, {
    state: { ...state, hp: next },
    events: healed > 0 ? [{ kind: 'healed', amount: healed, hp: next }] : [],
  });
  return { ...change, healed };
}

/**
 * Spends Hit Dice one at a time: die + Con modifier each, at least the rule set's floor (§23, §27.24).
 * A player rolls them one by one and stops when nothing is left to heal: at the maximum none is
 * spent (refused, with the reason), and dice left once HP reach it stay unspent.
 */
function spendHitDice(
  ctx: RulesContext,
  state: CombatantRulesState,
  spend: ShortRestOptions['spend'],
  random: RandomSource,
): RulesResult<RestResult, RulesRefusal> {
  const conMod = abilityModifier(state.conScore);
  const halved = hitDiceHalved(ctx, state);
  const pools = state.hitDice.map((p) => ({ ...p }));
  // Checked on a copy of their own, so a size named twice counts against one pool.
  const available = state.hitDice.map((p) => ({ ...p }));
  for (const { sides, count } of spend) {
    const pool = available.find((p) => p.sides === sides);
    if (!Number.isInteger(count) || count < 0) return { ok: false, reason: { kind: 'hit-dice-not-whole' } };
    const usable = pool ? (halved ? Math.floor(pool.remaining / 2) : pool.remaining) : 0;
    if (count > usable) return { ok: false, reason: { kind: 'hit-dice-unavailable', sides, usable, halvedByFatigue: halved } };
    if (pool) pool.remaining -= count;
  }
  const max = maxHpOf(ctx, state);
  if (spend.some((s) => s.count > 0) && state.hp >= max) {
    return { ok: false, reason: { kind: 'hit-dice-heal-nothing', hp: state.hp, max } };
  }
  let next: CombatantRulesState = state;
  let healed = 0;
  const events: RulesEvent[] = [];
  for (const { sides, count } of spend) {
    const pool = pools.find((p) => p.sides === sides);
    for (let i = 0; i < count; i += 1) {
      if (next.hp >= max) {
        events.push({ kind: 'hit-dice-unspent', sides, count: count - i });
        break;
      }
      if (pool) pool.remaining -= 1;
      const roll = random.die(sides);
      const gain = Math.max(ctx.facts.hitDieMinimum, roll + conMod);
      const after = healTo(ctx, next, next.hp + gain);
      next = after.state;
      healed += after.healed;
      // The die says what it healed; waking from 0 HP follows it.
      events.push({ kind: 'hit-dice-spent', sides, roll, gain, healed: after.healed }, ...after.events.filter((e) => e.kind !== 'healed'));
    }
  }
  return { ok: true, value: { state: { ...next, hitDice: pools }, events, healed } };
}

/** Next experimental rule 2: every 5 minutes, 1 + level + Con mod (at least level), capped at the bloodied value while bloodied. */
function experimentalTwo(ctx: RulesContext, state: CombatantRulesState, steps: number): RestResult {
  const perStep = Math.max(state.level, 1 + state.level + abilityModifier(state.conScore));
  const bloodiedValue = Math.floor(maxHpOf(ctx, state) / 2);
  const cap = state.hp <= bloodiedValue ? bloodiedValue : maxHpOf(ctx, state);
  const after = healTo(ctx, state, Math.min(cap, state.hp + perStep * steps));
  return { state: after.state, events: after.events, healed: after.healed };
}

/** Next experimental rule 1: each hour restores level + Con mod. */
function perHour(state: CombatantRulesState, hours: number): number {
  return Math.max(0, state.level + abilityModifier(state.conScore)) * hours;
}

export function shortRest(
  ctx: RulesContext,
  state: CombatantRulesState,
  options: ShortRestOptions,
  random: RandomSource,
): RulesResult<RestResult, RulesRefusal> {
  const refused = variantRefusal(ctx, options.variant);
  if (refused) return refused;
  const variant: NextRestVariant = options.variant ?? 'standard';
  // Experimental rule 1 asks for 1 HP like 2024 does; the others ask only that the creature lives.
  if (state.dead || ctx.facts.shortRestNeedsHp || variant === 'experimental-1') {
    const allowed = canRest(state);
    if (!allowed.ok) return allowed;
  }
  if (ctx.facts.nextRestRules) {
    if (variant === 'experimental-1') {
      const after = healTo(ctx, state, state.hp + perHour(state, Math.max(1, options.duration?.hours ?? 1)));
      return { ok: true, value: { state: after.state, events: after.events, healed: after.healed } };
    }
    if (variant === 'experimental-2') {
      return { ok: true, value: experimentalTwo(ctx, state, Math.max(1, options.duration?.fiveMinuteSteps ?? 1)) };
    }
    const spending = options.spend.some((s) => s.count > 0);
    const freeSpending = variant === 'slower-hp' || variant === 'slower-all';
    if (spending && !freeSpending && !options.healersKit) {
      return { ok: false, reason: { kind: 'hit-dice-need-healers-kit' } };
    }
  }
  return spendHitDice(ctx, state, options.spend, random);
}

/** How many spent Hit Dice a long rest gives back (RULES.md §23). */
function hitDiceRegained(ctx: RulesContext, state: CombatantRulesState, options: LongRestOptions): number {
  const total = state.hitDice.reduce((sum, p) => sum + p.total, 0);
  const variant = options.variant ?? 'standard';
  if (ctx.facts.nextRestRules && (variant === 'slower-hit-dice' || variant === 'slower-all')) {
    return Math.max(0, 1 + abilityModifier(state.conScore));
  }
  const usual = ctx.facts.longRestHitDice === 'all' ? total : Math.max(1, Math.floor(total / 2));
  // Roughing it is an A5E rule, as are havens.
  return options.roughingIt && ctx.facts.longRestTrackRecovery === 'haven' ? Math.floor(usual / 2) : usual;
}

/** Gives back Hit Dice, largest first, since those heal most. */
function regainHitDice(pools: readonly HitDicePool[], count: number): { pools: HitDicePool[]; events: RulesEvent[] } {
  let left = count;
  const events: RulesEvent[] = [];
  const bySize = [...pools].sort((a, b) => b.sides - a.sides);
  const regained = new Map<number, number>();
  for (const pool of bySize) {
    const back = Math.min(left, pool.total - pool.remaining);
    left -= back;
    regained.set(pool.sides, back);
    if (back > 0) events.push({ kind: 'hit-dice-regained', sides: pool.sides, count: back });
  }
  return { pools: pools.map((p) => ({ ...p, remaining: p.remaining + (regained.get(p.sides) ?? 0) })), events };
}

function longRestHp(ctx: RulesContext, state: CombatantRulesState, options: LongRestOptions): number {
  if (!ctx.facts.nextRestRules) return maxHpOf(ctx, state);
  switch (options.variant ?? 'standard') {
    case 'slower-hp':
    case 'slower-all':
      return state.hp;
    case 'experimental-1': {
      const hours = options.hours ?? LONG_REST_HOURS;
      return state.hp + perHour(state, hours) + (options.strenuous ? 0 : state.conScore);
    }
    case 'experimental-2':
      return experimentalTwo(ctx, state, (options.hours ?? LONG_REST_HOURS) * STEPS_PER_HOUR).state.hp;
    default:
      return maxHpOf(ctx, state);
  }
}

/** Exhaustion, fatigue and strife after a long rest (RULES.md §16, §23). */
function recoverTracks(ctx: RulesContext, state: CombatantRulesState, options: LongRestOptions): StateChange {
  const start: StateChange = { state, events: [] };
  switch (ctx.facts.longRestTrackRecovery) {
    case 'one':
      return shiftTrack(ctx, state, 'exhaustion', -1);
    case 'one-if-fed':
      return options.ateAndDrank === false ? start : shiftTrack(ctx, state, 'exhaustion', -1);
    case 'haven': {
      // Any long rest removes the first level; the second and later need a Haven; roughing it removes none.
      const recover = (s: CombatantRulesState, key: 'fatigue' | 'strife'): StateChange =>
        options.roughingIt || (s.tracks[key] > 1 && !options.haven) ? { state: s, events: [] } : shiftTrack(ctx, s, key, -1);
      const recovered = chain(
        start,
        (s) => recover(s, 'fatigue'),
        (s) => recover(s, 'strife'),
      );
      return options.supply === false ? chain(recovered, (s) => shiftTrack(ctx, s, 'fatigue', 1)) : recovered;
    }
  }
}

export function longRest(ctx: RulesContext, state: CombatantRulesState, options: LongRestOptions): RulesResult<RestResult, RulesRefusal> {
  const allowed = canRest(state);
  if (!allowed.ok) return allowed;
  const refused = variantRefusal(ctx, options.variant);
  if (refused) return refused;
  const events: RulesEvent[] = [];
  let next: CombatantRulesState = { ...state, deathSaves: { successes: 0, failures: 0 } };
  if (ctx.facts.longRestRestoresMaxHp && next.hpMaxReduction > 0) {
    next = { ...next, hpMaxReduction: 0 };
    events.push({ kind: 'max-hp-restored' });
  }
  if (next.tempHp > 0) {
    next = { ...next, tempHp: 0 };
    events.push({ kind: 'temp-hp-ended' });
  }
  const hitDice = regainHitDice(next.hitDice, hitDiceRegained(ctx, next, options));
  next = { ...next, hitDice: hitDice.pools };
  events.push(...hitDice.events);
  const tracks = recoverTracks(ctx, next, options);
  next = tracks.state;
  events.push(...tracks.events);
  const healed = healTo(ctx, next, longRestHp(ctx, next, options));
  return { ok: true, value: { state: healed.state, events: [...healed.events, ...events], healed: healed.healed } };
}

/** A5E: at fatigue 5 only half the remaining Hit Dice (rounded down) can be spent (RULES.md §16e). */
function hitDiceHalved(ctx: RulesContext, state: CombatantRulesState): boolean {
  return activeMechanics(ctx, state).some((m) => m.mechanics.hitDiceHalved);
}
