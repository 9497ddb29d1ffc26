import { diceText } from '../rules/modifiers';
import { rollDamage } from './damage-amount';
import { endEffects } from './effects';
import { landDamage } from './hit-points';
import { findById } from './targets';
import type { Part, StepContext } from './transition';
import type { Encounter, EncounterEffect, EncounterEvent } from './types';

/** The damage an effect deals its holder as it runs out, as the dice engine rolls it (`+2d4 [acid]`); null: none. */
function expiryDamage(effect: EncounterEffect): string | null {
  const parts = effect.modifiers.flatMap((m) =>
    m.kind === 'expiry-damage' ? [`${diceText(m.term)}${m.damageType === null ? '' : ` [${m.damageType}]`}`] : [],
  );
  return parts.length === 0 ? null : parts.join(' + ');
}

/**
 * Effects whose time has run out end, and those that deal damage as they do (Acid Arrow at the end of
 * its target's next turn) deal it to their holder as any damage lands: defences, temporary HP, 0 HP,
 * a failed death save, the concentration save it calls for. A source no longer in the fight deals it
 * all the same; a hidden one's dice stay with the game master.
 */
export function expireEffects(encounter: Encounter, ctx: StepContext, ids: readonly string[]): Part {
  const ending = encounter.effects.filter((e) => ids.includes(e.id));
  const ended = endEffects(encounter, ids, 'expired');
  let next = ended.encounter;
  const events: EncounterEvent[] = [...ended.events];
  for (const effect of ending) {
    const text = expiryDamage(effect);
    const holder = effect.targetId === null ? undefined : findById(next, effect.targetId);
    if (text === null || holder === undefined || holder.rules.dead || !holder.hpKnown) continue;
    const source = effect.sourceId === null ? null : (findById(next, effect.sourceId) ?? null);
    const amount = rollDamage(text, ctx.random, null, null);
    const landed = landDamage(next, ctx, holder, amount, {
      critical: false,
      source,
      sourceNamed: source !== null,
      showRoll: source?.hidden !== true,
    });
    next = landed.encounter;
    events.push(...landed.events);
  }
  return { encounter: next, events };
}
