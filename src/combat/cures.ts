import type { ConditionKey } from '../rules/types';
import { catalogueCondition } from './catalogue';
import { eachOf, type Link } from './compose';
import { applyRulesChange, endEffects, isPrivateEffect } from './effects';
import { findById, normaliseName } from './targets';
import type { Transition } from './transition';

/**
 * The conditions a spell ends on its target (Heal: Blinded, Deafened, Poisoned), whoever put them
 * on: the spell lifts them, not the caster's say over the target, as its healing needs none. A
 * condition the target does not have is passed over.
 */
export function endConditionsLink(targetId: string, conditions: readonly ConditionKey[]): Link {
  return eachOf(conditions, (key): Link => (encounter, ctx): Transition | null => {
    const definition = catalogueCondition(ctx.ruleSet, key);
    const target = findById(encounter, targetId);
    if (definition === undefined || target === undefined) return null;
    const records = encounter.effects.filter(
      (e) => e.kind === 'condition' && e.targetId === target.id && normaliseName(e.name) === normaliseName(definition.name),
    );
    if (records.length === 0 && !target.rules.conditions.includes(key)) return null;
    const ended = endEffects(
      encounter,
      records.map((e) => e.id),
      'removed',
    );
    const holder = findById(ended.encounter, target.id);
    // Put on by the rules engine, so no record held it.
    const lifted =
      holder?.rules.conditions.includes(key) === true
        ? applyRulesChange(ended.encounter, holder, ctx.ruleSet.removeCondition(holder.rules, key))
        : { encounter: ended.encounter, events: [] };
    const secret = records.length > 0 && records.every((e) => isPrivateEffect(encounter, e));
    return {
      encounter: lifted.encounter,
      events: [...ended.events, ...lifted.events],
      note: { kind: 'effect-removed', combatant: target.name, effect: secret ? null : definition.name },
    };
  });
}
