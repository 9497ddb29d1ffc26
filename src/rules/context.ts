import type { RuleSetId } from './ids';
import type {
  CombatantRulesState,
  ConditionDefinition,
  ConditionKey,
  Mechanics,
  RuleSetFacts,
  TrackDefinition,
  TrackKey,
  TrackLevel,
} from './types';

/** What the shared mechanics need to know about one rule set. */
export interface RulesContext {
  id: RuleSetId;
  name: string;
  facts: RuleSetFacts;
  conditions: readonly ConditionDefinition[];
  tracks: readonly TrackDefinition[];
}

export function findCondition(ctx: RulesContext, key: ConditionKey): ConditionDefinition | undefined {
  return ctx.conditions.find((c) => c.key === key);
}

export function findTrack(ctx: RulesContext, key: TrackKey): TrackDefinition | undefined {
  return ctx.tracks.find((t) => t.key === key);
}

/** A source of mechanics on a creature, named the way a player would ("Poisoned", "Exhaustion 3"). */
interface NamedMechanics {
  name: string;
  /** The condition it comes from; absent for a track level. */
  key?: ConditionKey;
  mechanics: Partial<Mechanics> & Pick<TrackLevel['mechanics'], 'maxHpHalved' | 'hitDiceHalved'>;
}

/** Every active condition of the rule set and every reached track level, in a stable order. */
export function activeMechanics(ctx: RulesContext, state: Pick<CombatantRulesState, 'conditions' | 'tracks'>): NamedMechanics[] {
  // Plain loops: this runs for every d20 test and every hit, where Node 20's flatMap alone costs more than the scans.
  const active: NamedMechanics[] = [];
  for (const c of ctx.conditions) {
    if (state.conditions.includes(c.key)) active.push({ name: c.name, key: c.key, mechanics: c.mechanics });
  }
  for (const t of ctx.tracks) {
    const level = state.tracks[t.key];
    for (const l of t.levels) {
      if (l.level <= (level ?? 0)) active.push({ name: `${t.name} ${level}`, mechanics: l.mechanics });
    }
  }
  return active;
}

/** The maximum healing and rests restore to: after reductions and 2014 exhaustion level 4. */
export function maxHpOf(ctx: RulesContext, state: CombatantRulesState): number {
  const reduced = Math.max(0, state.maxHp - state.hpMaxReduction);
  const halved = activeMechanics(ctx, state).some((m) => m.mechanics.maxHpHalved);
  return halved ? Math.floor(reduced / 2) : reduced;
}

/**
 * Who falls dying at 0 HP and makes death saves: player characters and GM-flagged important
 * creatures, and every creature in a rule set whose death saves name no one (Crown & Misery);
 * the rest die at 0 HP.
 */
export function usesPlayerRules(ctx: RulesContext, state: CombatantRulesState): boolean {
  return state.isPlayerCharacter || state.important || ctx.facts.monstersMakeDeathSaves;
}
