import { damageExpression } from '../compendium/effects';
import type { Amount, ConditionEffect, Effect, EffectDuration } from '../compendium/types';
import { ROUNDS_PER_UNIT } from '../rules/durations';
import type { OwnBonus, RollMode } from '../rules/types';
import { attack, type AttackInput } from './attacks';
import { catalogueCondition } from './catalogue';
import { eachOf, step, then, type Link } from './compose';
import { addCondition, MAX_DURATION_ROUNDS, type AddConditionInput } from './conditions';
import { endConditionsLink } from './cures';
import { killOutright } from './deaths';
import { halved, rollDamage, type DamageAmount } from './damage-amount';
import { grantTempHp, heal, requireHp } from './hit-points';
import { saveMade, savingThrow, takeDamage } from './saving-throws';
import type { Combatant, Encounter } from './types';

/**
 * Who an effect comes from, and the numbers it takes from them where the effect has none of its own:
 * a stat block's action carries its bonus and DC, a spell takes the caster's.
 */
export interface EffectSource {
  combatant: Combatant;
  /** The spell's or action's name, which a lasting effect it leaves on a target is called by. */
  name: string;
  attackBonus: number | null;
  dc: number | null;
  /** The spellcasting ability modifier, for healing and damage that add it (Cure Wounds). */
  modifier: number;
  /** A weapon attack (Next adds a weapon die to its critical); a spell attack is not. */
  weapon: boolean;
  /** How the attack bonus is named in the roll's parts (the views' word). */
  bonusReason: string;
  mode?: RollMode;
  secret?: boolean;
  anyoneMayHarm?: boolean;
  /** A spell's own duration in rounds, which its conditions "for the duration" last when no concentration holds them up. */
  spellRounds?: number;
}

/** A combatant still in the fight; a target removed by an earlier part of the effect is skipped. */
function present(encounter: Encounter, id: string): Combatant | undefined {
  return encounter.combatants.find((c) => c.id === id);
}

function all(links: Link[]): Link | null {
  return links.length === 0 ? null : eachOf(links, (link) => link);
}

/** Damage parts as the dice engine rolls them, with the source's modifier where a part adds it. */
function damageText(effect: Effect, source: EffectSource): string | null {
  return effect.damage === undefined || effect.damage.length === 0 ? null : damageExpression(effect.damage, source.modifier);
}

function amountText(amount: Amount, source: EffectSource): string {
  if (amount.plusModifier !== true || source.modifier === 0) return amount.dice;
  return `${amount.dice}${source.modifier > 0 ? '+' : ''}${source.modifier}`;
}

/**
 * A condition an effect brings, put on as any condition is: its duration in rounds or to a turn's
 * start or end, its repeat save; from the source. Only an effect that needs concentration is held up
 * by the source's concentration: a Bite's Prone, or Blindness/Deafness cast while concentrating on
 * Web, is not. A target immune to it by its block, or a condition the rule set does not have, is
 * passed over: the rest of the effect still lands.
 */
function conditionLinks(source: EffectSource, effect: Effect, target: Combatant, dc: number | null): Link[] {
  return (effect.conditions ?? []).map((condition): Link => (encounter, ctx) => {
    if (catalogueCondition(ctx.ruleSet, condition.condition) === undefined) return null;
    if (target.monster?.conditionImmunities.includes(condition.condition) === true) return null;
    if (condition.hp !== undefined && !withinHp(target, condition.hp)) return null;
    const input: AddConditionInput = {
      target: target.id,
      condition: condition.condition,
      source: source.combatant.id,
      anyoneMayHarm: source.anyoneMayHarm ?? false,
      ...(effect.concentration === true ? {} : { withoutConcentration: true as const }),
      ...timing(condition, effect, dc, source, target),
    };
    return addCondition(encounter, ctx, input);
  });
}

/** Whether the target's hit points are in the band a condition asks for. */
function withinHp(target: Combatant, hp: NonNullable<ConditionEffect['hp']>): boolean {
  requireHp(target);
  return target.rules.hp <= hp.atMost && (hp.above === undefined || target.rules.hp > hp.above);
}

/**
 * What a target of more hit points than any of the effect's conditions allows gets instead (the 2024
 * Power Word Stun's Speed 0): an effect of the source's name with the effect's words.
 */
function otherwiseLinks(source: EffectSource, effect: Effect, target: Combatant): Link[] {
  const { otherwise } = effect;
  const bands = (effect.conditions ?? []).flatMap((condition) => (condition.hp === undefined ? [] : [condition.hp.atMost]));
  if (otherwise === undefined || bands.length === 0) return [];
  requireHp(target);
  if (target.rules.hp <= Math.max(...bands)) return [];
  const input: AddConditionInput = {
    target: target.id,
    condition: source.name,
    source: source.combatant.id,
    anyoneMayHarm: source.anyoneMayHarm ?? false,
    withoutConcentration: true,
    note: otherwise.note,
    ...lasting(otherwise.duration, effect, source, target),
  };
  return [step(addCondition, input)];
}

function timing(
  condition: ConditionEffect,
  effect: Effect,
  dc: number | null,
  source: EffectSource,
  target: Combatant,
): Pick<AddConditionInput, 'duration' | 'ends' | 'turnOf' | 'save' | 'dc'> {
  // Power Word Stun asks for no save as it lands: its repeat save is against the source's DC.
  const ability = condition.repeatAbility ?? effect.save?.ability;
  const against = condition.repeatAbility === undefined ? dc : (dc ?? source.dc);
  const save = condition.repeatSave !== undefined && ability !== undefined && against !== null ? { save: ability, dc: against } : {};
  return condition.duration === undefined ? save : { ...save, ...lasting(condition.duration, effect, source, target) };
}

/** How long a condition or effect the source brings lasts, in the terms `addCondition` takes. */
function lasting(
  duration: EffectDuration,
  effect: Effect,
  source: EffectSource,
  target: Combatant,
): Pick<AddConditionInput, 'duration' | 'ends' | 'turnOf'> {
  if (duration.kind === 'spell') {
    // Without concentration, "for the duration" is the spell's own: Blindness/Deafness's minute.
    if (effect.concentration === true || source.spellRounds === undefined) return {};
    return { duration: Math.min(MAX_DURATION_ROUNDS, source.spellRounds) };
  }
  // "Until the end of its next turn" counts the target's turns, "of your next turn" the source's,
  // whatever the rule set counts a plain round from.
  if (duration.kind === 'turn') {
    const turnOf = duration.whose === 'target' ? target.id : source.combatant.id;
    return { duration: 1, ends: duration.boundary, turnOf };
  }
  const perUnit = { rounds: ROUNDS_PER_UNIT.round, minutes: ROUNDS_PER_UNIT.minute, hours: ROUNDS_PER_UNIT.hour }[duration.kind];
  return { duration: Math.min(MAX_DURATION_ROUNDS, duration.count * perUnit) };
}

/**
 * Damage a hit or a failed save deals again as the target's next turn starts or ends (Acid Arrow): an
 * effect of the spell's name on the target that runs out then, and deals the damage as it does.
 */
function laterLinks(source: EffectSource, effect: Effect, target: Combatant): Link[] {
  const { later } = effect;
  if (later === undefined) return [];
  const input: AddConditionInput = {
    target: target.id,
    condition: source.name,
    source: source.combatant.id,
    anyoneMayHarm: source.anyoneMayHarm ?? false,
    ...(effect.concentration === true ? {} : { withoutConcentration: true as const }),
    duration: 1,
    ends: later.at,
    turnOf: target.id,
    modifiers: later.damage.map((part) => `expiry-damage:+${part.dice} [${part.type}]`).join(', '),
  };
  return [step(addCondition, input)];
}

/** What lands on a target without a roll, or once a roll lets it: healing, temporary HP, conditions given or ended. */
function landingLinks(source: EffectSource, effect: Effect, target: Combatant, dc: number | null): Link[] {
  const links: Link[] = [];
  if (effect.healing !== undefined) links.push(step(heal, { target: target.id, amount: amountText(effect.healing, source) }));
  if (effect.tempHp !== undefined) links.push(step(grantTempHp, { target: target.id, amount: amountText(effect.tempHp, source) }));
  if (effect.ends !== undefined) links.push(endConditionsLink(target.id, effect.ends));
  links.push(...conditionLinks(source, effect, target, dc), ...otherwiseLinks(source, effect, target));
  return links;
}

/**
 * An attack roll; on a hit its damage, then what a hit brings (a condition, a further save); hit or
 * miss, its burst on the target and the others given, those still standing.
 */
function attackLink(source: EffectSource, effect: Effect, targetId: string, around: readonly string[]): Link {
  const rolled = hitLink(source, effect, targetId);
  const { burst } = effect;
  if (burst === undefined) return rolled;
  const struck: Link = (encounter, ctx, before) => {
    const standing = [targetId, ...around.filter((id) => id !== targetId)].filter((id) => present(encounter, id)?.rules.dead === false);
    return standing.length === 0 ? null : saveLink(source, burst, standing)(encounter, ctx, before);
  };
  return eachOf([rolled, struck], (link) => link);
}

/** An attack roll; on a hit its damage, then what a hit brings (a condition, a further save). */
function hitLink(source: EffectSource, effect: Effect, targetId: string): Link {
  const roll = effect.attack;
  if (roll === undefined) throw new Error('an attack link for an effect without an attack');
  const bonus: OwnBonus[] = [{ bonus: roll.bonus ?? source.attackBonus ?? 0, reason: source.bonusReason }];
  const attackInput: AttackInput = {
    attacker: source.combatant.id,
    target: targetId,
    bonus: { parts: bonus },
    damage: damageText(effect, source) ?? '0',
    weapon: source.weapon,
    reach: roll.kind === 'ranged' ? 'ranged' : 'melee',
    ...(effect.onMiss === undefined ? {} : { onMiss: effect.onMiss }),
    ...(source.mode === undefined ? {} : { mode: source.mode }),
    ...(source.secret === undefined ? {} : { secret: source.secret }),
    ...(source.anyoneMayHarm === undefined ? {} : { anyoneMayHarm: source.anyoneMayHarm }),
  };
  return then(step(attack, attackInput), (done) => {
    const hit = done.events.some((e) => e.kind === 'attack-rolled' && (e.outcome === 'hit' || e.outcome === 'critical'));
    if (!hit) return null;
    return (encounter, ctx, before) => {
      const target = present(encounter, targetId);
      if (target === undefined || target.rules.dead) return null;
      const links = [...landingLinks(source, effect, target, null), ...laterLinks(source, effect, target)];
      if (effect.then !== undefined) links.push(saveLink(source, effect.then, [targetId]));
      return all(links)?.(encounter, ctx, before) ?? null;
    };
  });
}

/**
 * One roll of the damage for every target, shown with the first damage that lands: the others take
 * their share of the same roll without its dice again. A fresh one for each run of a link.
 */
function shownOnce(): (amount: DamageAmount) => DamageAmount {
  let shown = false;
  return (amount) => {
    const seen = shown;
    shown = true;
    return seen ? { ...amount, roll: null } : amount;
  };
}

/**
 * A saving throw for each target against one roll of the damage (a breath weapon, a Fireball is
 * rolled once): the whole on a failure, half on a success where the effect says so; a failure brings
 * its conditions. A hidden source's DC stays with the game master.
 */
function saveLink(source: EffectSource, effect: Effect, targetIds: readonly string[]): Link {
  const save = effect.save;
  const dc = save?.dc ?? source.dc;
  if (save === undefined || dc === null) throw new Error('a save link for an effect without a DC');
  const hidden = source.combatant.hidden;
  return (encounter, ctx, before) => {
    const text = damageText(effect, source);
    const damage = text === null ? null : rollDamage(text, ctx.random, null, null);
    const once = shownOnce();
    const perTarget = (targetId: string): Link =>
      then(step(savingThrow, { target: targetId, ability: save.ability, dc, dcPrivate: hidden }), (rolled) => {
        const made = saveMade(rolled);
        return (state, context, earlier) => {
          const target = present(state, targetId);
          if (target === undefined) return null;
          // Divine Word: a failed save kills a target of few enough hit points, and brings nothing else.
          if (!made && effect.killsAtOrBelow !== undefined) {
            requireHp(target);
            if (target.rules.hp <= effect.killsAtOrBelow)
              return killOutright(state, context, { target: targetId, anyoneMayHarm: source.anyoneMayHarm ?? false });
          }
          const links: Link[] = [];
          if (damage !== null && (!made || save.onSuccess === 'half')) {
            const amount = once(made ? halved(damage) : damage);
            links.push(step(takeDamage, { target: targetId, amount, source: source.combatant.id, showRoll: !hidden }));
          }
          if (!made) links.push(...landingLinks(source, effect, target, dc), ...laterLinks(source, effect, target));
          return all(links)?.(state, context, earlier) ?? null;
        };
      });
    return eachOf(targetIds, perTarget)(encounter, ctx, before);
  };
}

/**
 * Damage, healing or conditions that land without a roll, on each target (one damage roll for all,
 * rolled once a target takes it); a target with few enough hit points to die of the effect dies instead.
 */
function directLink(source: EffectSource, effect: Effect, targetIds: readonly string[]): Link {
  return (encounter, ctx, before) => {
    const text = damageText(effect, source);
    let rolled: DamageAmount | undefined;
    const damage = (): DamageAmount | null => (text === null ? null : (rolled ??= rollDamage(text, ctx.random, null, null)));
    const once = shownOnce();
    const kills = effect.killsAtOrBelow;
    return eachOf(targetIds, (targetId): Link => (state, context, earlier) => {
      const target = present(state, targetId);
      if (target === undefined) return null;
      if (kills !== undefined) {
        requireHp(target);
        if (target.rules.hp <= kills)
          return killOutright(state, context, { target: targetId, anyoneMayHarm: source.anyoneMayHarm ?? false });
      }
      const links: Link[] = [];
      const amount = damage();
      if (amount !== null) {
        links.push(
          step(takeDamage, { target: targetId, amount: once(amount), source: source.combatant.id, showRoll: !source.combatant.hidden }),
        );
      }
      links.push(...landingLinks(source, effect, target, null));
      return all(links)?.(state, context, earlier) ?? null;
    })(encounter, ctx, before);
  };
}

/** Whether each use of the effect is aimed at one target: an attack, or one of several separate darts or rays. */
export function aimedAtOne(effect: Effect, uses: number): boolean {
  return effect.attack !== undefined || (uses > 1 && effect.save === undefined);
}

/**
 * The links of an effect's uses on its targets: an attack, or each of several darts, at one target
 * (a list is taken in order, the last target taking the uses left over); a save or a plain effect on
 * every target.
 */
export function usesOnTargets(source: EffectSource, uses: readonly Effect[], targetIds: readonly string[]): Link[] {
  let aimed = 0;
  return uses.map((effect) => {
    if (aimedAtOne(effect, uses.length)) {
      const targetId = targetIds[Math.min(aimed, targetIds.length - 1)] ?? '';
      aimed += 1;
      return effect.attack === undefined ? directLink(source, effect, [targetId]) : attackLink(source, effect, targetId, targetIds);
    }
    if (effect.save !== undefined) return saveLink(source, effect, targetIds);
    return directLink(source, effect, targetIds);
  });
}

/**
 * How many targets the uses may take: one per aimed use, the effect's number, or anyone in an area
 * (a burst's too, around the one its attack is aimed at).
 */
export function targetLimit(uses: readonly Effect[], anyone: number): number {
  const aimed = uses.filter((use) => aimedAtOne(use, uses.length)).length;
  if (aimed > 0) return uses.some((use) => use.burst !== undefined) ? anyone : aimed;
  const stated = uses.map((use) => use.targets).find((count) => count !== undefined);
  return stated ?? anyone;
}
