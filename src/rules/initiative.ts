import type { RandomSource } from '../dice/random';
import type { RulesContext } from './context';
import { d20Test, rollD20 } from './d20';
import type { InitiativeEntry, InitiativeRequest, InitiativeRoll, OrderedInitiativeEntry } from './types';

const SCORE_BASE = 10;
const SCORE_SHIFT = 5;
/** Roll-offs repeat while tied; a broken random source must not spin forever, so input order ends it. */
const MAX_ROLL_OFFS = 100;

/**
 * Initiative (RULES.md §18): a Dexterity check (A5E: whichever ability the GM calls for), with the
 * creature's conditions; 2024 adds disadvantage when surprised and offers the Initiative score instead.
 */
export function rollInitiative(ctx: RulesContext, request: InitiativeRequest, random: RandomSource): InitiativeRoll {
  const disadvantage = [...(request.disadvantage ?? [])];
  if (request.surprised && ctx.facts.surpriseDisadvantage) disadvantage.push('Surprised');
  const mods = d20Test(
    ctx,
    { conditions: request.conditions ?? [], tracks: { exhaustion: 0, fatigue: 0, strife: 0, ...request.tracks } },
    { kind: 'check', ability: request.ability ?? 'dex', initiative: true, advantage: request.advantage, disadvantage },
  );
  const modifier = request.modifier + mods.bonus;
  const common = { modifier, mode: mods.mode, advantage: mods.advantage, disadvantage: mods.disadvantage };
  if (request.useScore && ctx.facts.initiativeScore) {
    const shift = mods.mode === 'advantage' ? SCORE_SHIFT : mods.mode === 'disadvantage' ? -SCORE_SHIFT : 0;
    return { ...common, total: SCORE_BASE + modifier + shift, rolls: [], natural: null, score: true };
  }
  const roll = rollD20(random, mods.mode, modifier);
  return { ...common, total: roll.total, rolls: roll.rolls, natural: roll.natural, score: false };
}

/**
 * Highest total first. Ties: 2014/2024 leave them to the table, so the bot puts the higher modifier
 * first and only then rolls off (decision in docs/rules-decisions.md); Next and A5E roll off a d20,
 * re-rolling until every tie is broken. Roll-offs happen in the order the entries are given.
 */
export function orderInitiative(ctx: RulesContext, entries: readonly InitiativeEntry[], random: RandomSource): OrderedInitiativeEntry[] {
  const byTotal = new Map<number, InitiativeEntry[]>();
  for (const entry of entries) byTotal.set(entry.total, [...(byTotal.get(entry.total) ?? []), entry]);
  const totals = [...byTotal.keys()].sort((a, b) => b - a);
  return totals.flatMap((total) => {
    const tied = byTotal.get(total)!;
    if (tied.length === 1) return [{ ...tied[0]!, tiebreak: [] }];
    if (ctx.facts.initiativeTieBreak === 'modifier-then-roll') {
      const byModifier = new Map<number, InitiativeEntry[]>();
      for (const entry of tied) byModifier.set(entry.modifier, [...(byModifier.get(entry.modifier) ?? []), entry]);
      return [...byModifier.keys()].sort((a, b) => b - a).flatMap((m) => rollOff(byModifier.get(m)!, random));
    }
    return rollOff(tied, random);
  });
}

function rollOff(tied: readonly InitiativeEntry[], random: RandomSource): OrderedInitiativeEntry[] {
  const rolls = new Map<string, number[]>(tied.map((e) => [e.id, []]));
  const order = (group: readonly InitiativeEntry[], depth: number): InitiativeEntry[] => {
    if (group.length <= 1 || depth >= MAX_ROLL_OFFS) return [...group];
    const scored = group.map((entry) => {
      const roll = random.die(20);
      rolls.get(entry.id)!.push(roll);
      return { entry, roll };
    });
    const values = [...new Set(scored.map((s) => s.roll))].sort((a, b) => b - a);
    return values.flatMap((v) =>
      order(
        scored.filter((s) => s.roll === v).map((s) => s.entry),
        depth + 1,
      ),
    );
  };
  return order(tied, 0).map((entry) => ({ ...entry, tiebreak: rolls.get(entry.id)! }));
}
