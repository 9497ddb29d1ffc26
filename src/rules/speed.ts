import { activeMechanics, type RulesContext } from './context';
import type { CombatantRulesState } from './types';

const CRAWL_SPEED = 5;

/**
 * Speed after conditions and tracks (RULES.md §15, §16): flat reductions first (2024 exhaustion
 * −5 ft per level, Next encumbrance −10 ft), then halving, then the 5 ft limit, then 0.
 */
export function speedOf(ctx: RulesContext, state: Pick<CombatantRulesState, 'conditions' | 'tracks'>, baseSpeed: number): number {
  const speeds = activeMechanics(ctx, state).map((m) => m.mechanics.speed ?? null);
  if (speeds.includes('zero')) return 0;
  let speed = baseSpeed;
  for (const s of speeds) if (typeof s === 'object' && s !== null) speed -= s.minus;
  for (const track of ctx.tracks) speed -= track.speedPenaltyPerLevel * state.tracks[track.key];
  if (speeds.includes('half')) speed = Math.floor(speed / 2);
  if (speeds.includes('five-feet')) speed = Math.min(speed, CRAWL_SPEED);
  return Math.max(0, speed);
}
