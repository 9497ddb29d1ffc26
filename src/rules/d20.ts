import type { RandomSource } from '../dice/random';
import { activeMechanics, findCondition, type RulesContext } from './context';
import type {
  AttackAgainstModifiers,
  AttackAgainstRequest,
  AttackOutcome,
  CombatantRulesState,
  D20Roll,
  D20TestModifiers,
  D20TestRequest,
  RollMode,
  RollSelector,
} from './types';

/**
 * Any number of advantage and disadvantage sources: one extra d20 at most, and one of each cancels.
 * 2014/Next cancel "whatever the counts" and 2024 allows only one of each, which comes to the same result.
 */
export function resolveMode(advantages: number, disadvantages: number): RollMode {
  if (advantages > 0 && disadvantages === 0) return 'advantage';
  if (disadvantages > 0 && advantages === 0) return 'disadvantage';
  return 'normal';
}

function matches(selector: RollSelector, request: D20TestRequest): boolean {
  const kinds = new Set<string>([request.kind]);
  if (request.initiative) kinds.add('initiative');
  if (request.concentration) kinds.add('concentration');
  if (request.deathSave) kinds.add('death-save');
  if (!selector.kinds.some((k) => kinds.has(k))) return false;
  if (selector.abilities && (request.ability === undefined || !selector.abilities.includes(request.ability))) return false;
  if (selector.range && selector.range !== request.range) return false;
  if (selector.needs && selector.needs !== request.needs) return false;
  return true;
}

/** What conditions and level tracks do to one of the creature's own d20 tests (RULES.md §2, §15, §16). */
export function d20Test(
  ctx: RulesContext,
  state: Pick<CombatantRulesState, 'conditions' | 'tracks'>,
  request: D20TestRequest,
): D20TestModifiers {
  const advantage = [...(request.advantage ?? [])];
  const disadvantage = [...(request.disadvantage ?? [])];
  const bonusReasons: string[] = [];
  let bonus = 0;
  let autoFail: string | null = null;
  for (const { name, mechanics } of activeMechanics(ctx, state)) {
    for (const own of mechanics.own ?? []) {
      if (!matches(own.on, request)) continue;
      if (own.effect === 'advantage') advantage.push(name);
      else if (own.effect === 'disadvantage') disadvantage.push(name);
      else if (own.effect === 'auto-fail') autoFail ??= name;
      else {
        bonus += own.effect.bonus;
        bonusReasons.push(name);
      }
    }
  }
  for (const track of ctx.tracks) {
    const level = state.tracks[track.key];
    if (track.d20PenaltyPerLevel > 0 && level > 0) {
      bonus -= track.d20PenaltyPerLevel * level;
      bonusReasons.push(`${track.name} ${level}`);
    }
  }
  return {
    mode: resolveMode(unique(advantage).length, unique(disadvantage).length),
    advantage: unique(advantage),
    disadvantage: unique(disadvantage),
    bonus,
    bonusReasons,
    autoFail,
  };
}

/** What the target's conditions do to an attack roll made against it (RULES.md §4, §15). */
export function attackAgainst(
  ctx: RulesContext,
  target: Pick<CombatantRulesState, 'conditions'>,
  request: AttackAgainstRequest,
): AttackAgainstModifiers {
  const advantage: string[] = [];
  const disadvantage: string[] = [];
  let autoCritical: string | null = null;
  let acBonus = 0;
  for (const key of target.conditions) {
    const def = findCondition(ctx, key);
    if (!def) continue;
    for (const a of def.mechanics.against) {
      if (a.range && a.range !== request.range) continue;
      if (a.within !== undefined && request.distance > a.within) continue;
      if (a.beyond !== undefined && request.distance <= a.beyond) continue;
      if (a.unlessSeen && request.attackerSeesTarget) continue;
      (a.effect === 'advantage' ? advantage : disadvantage).push(def.name);
    }
    if (ctx.facts.autoCriticals && def.mechanics.autoCriticalWithin5ft && request.distance <= 5) autoCritical ??= def.name;
    acBonus += def.mechanics.acBonus;
  }
  return { advantage: unique(advantage), disadvantage: unique(disadvantage), autoCritical, acBonus };
}

export function rollD20(random: RandomSource, mode: RollMode, bonus: number): D20Roll {
  const first = random.die(20);
  if (mode === 'normal') return { rolls: [first], natural: first, total: first + bonus, mode };
  const second = random.die(20);
  const natural = mode === 'advantage' ? Math.max(first, second) : Math.min(first, second);
  return { rolls: [first, second], natural, total: natural + bonus, mode };
}

/** A natural 20 always hits and is critical; a natural 1 always misses (RULES.md §3). */
export function attackOutcome(natural: number, total: number, armourClass: number, autoCritical: boolean): AttackOutcome {
  if (natural === 20) return 'critical';
  if (natural === 1) return 'fumble';
  if (total < armourClass) return 'miss';
  return autoCritical ? 'critical' : 'hit';
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
