import { addDice, formatDice, parseDice } from './dice';
import type { DamageType } from '../rules/types';
import type { Amount, DamagePart, Dice, Effect, Ongoing, Scaling, Spell } from './types';

/** Character levels at which a cantrip grows. */
export const CANTRIP_TIERS = [5, 11, 17] as const;

/** How a spell is cast: the slot it uses, the caster's level (for cantrips), and the damage type it chose where the spell offers one. */
export interface CastLevel {
  slotLevel?: number;
  characterLevel?: number;
  damageType?: DamageType;
}

/** How many times a spell's scaling applies: slot levels above its own, or cantrip tiers reached. */
export function scalingSteps(spell: Pick<Spell, 'level' | 'perSlot' | 'perTier'>, at: CastLevel): number {
  if (spell.level === 0) return CANTRIP_TIERS.filter((tier) => (at.characterLevel ?? 1) >= tier).length;
  const above = Math.max(0, (at.slotLevel ?? spell.level) - spell.level);
  return Math.floor(above / (spell.perSlot?.every ?? 1));
}

/** The spell with the damage type chosen, the scaling its level grows by, and how many times it applies. */
function castAs(spell: Spell, at: CastLevel): { chosen: Spell; scaling: Scaling | undefined; steps: number } {
  const chosen = at.damageType === undefined ? spell : withDamageType(spell, at.damageType);
  return { chosen, scaling: chosen.level === 0 ? chosen.perTier : chosen.perSlot, steps: scalingSteps(spell, at) };
}

/**
 * The spell's effect as cast at that level: Fireball at 4th level deals 9d6 fire, Fire Bolt by a
 * 5th-level character 2d10, Hold Person at 3rd level holds two.
 */
export function effectAtLevel(spell: Spell, at: CastLevel): Effect {
  const { chosen, scaling, steps } = castAs(spell, at);
  if (scaling === undefined || steps === 0) return chosen;
  return {
    ...chosen,
    ...scaledDamage(chosen.damage, scaling, steps),
    ...(chosen.burst === undefined ? {} : { burst: { ...chosen.burst, ...scaledDamage(chosen.burst.damage, scaling, steps) } }),
    ...(chosen.later === undefined || scaling.laterDamage === undefined
      ? {}
      : { later: { ...chosen.later, ...scaledDamage(chosen.later.damage, { damage: scaling.laterDamage }, steps) } }),
    ...scaledAmount('healing', chosen.healing, scaling.healing, steps),
    ...scaledAmount('tempHp', chosen.tempHp, scaling.tempHp, steps),
    ...(scaling.targets === undefined ? {} : { targets: (chosen.targets ?? 1) + scaling.targets * steps }),
    ...(scaling.instances === undefined ? {} : { instances: (chosen.instances ?? 1) + scaling.instances * steps }),
  };
}

/**
 * What the spell deals later, on its trigger, as cast at that level: Spirit Guardians cast at 4th
 * level deals 4d8 to a creature ending its turn in it. Undefined for a spell with nothing later.
 */
export function ongoingAtLevel(spell: Spell, at: CastLevel): Ongoing | undefined {
  const { chosen, scaling, steps } = castAs(spell, at);
  const { ongoing } = chosen;
  if (ongoing === undefined || scaling === undefined || steps === 0) return ongoing;
  return { ...ongoing, ...scaledDamage(ongoing.damage, { damage: scaling.ongoingDamage ?? scaling.damage }, steps) };
}

/** Every part of the spell's damage that lets the caster choose its type: the types offered, in the book's order. */
export function damageTypeChoices(spell: Spell): DamageType[] {
  const parts = [spell.damage, spell.burst?.damage, spell.ongoing?.damage, spell.perSlot?.damage, spell.perTier?.damage].flatMap(
    (list) => list ?? [],
  );
  return [...new Set(parts.flatMap((part) => (part.or === undefined ? [] : [part.type, ...part.or])))];
}

/**
 * The spell with `type` chosen: each part offering it deals it, and so does what the scaling adds to
 * such a part (Spirit Guardians' extra 1d8 is necrotic too when its 3d8 is).
 */
function withDamageType(spell: Spell, type: DamageType): Spell {
  const swapped = new Set<DamageType>();
  const choose = (parts: readonly DamagePart[] | undefined): readonly DamagePart[] | undefined =>
    parts?.map((part) => {
      if (part.or?.includes(type) !== true) return part;
      swapped.add(part.type);
      return { ...part, type };
    });
  const damage = choose(spell.damage);
  const burst = spell.burst === undefined ? undefined : { ...spell.burst, damage: choose(spell.burst.damage) };
  const ongoing = spell.ongoing === undefined ? undefined : { ...spell.ongoing, damage: choose(spell.ongoing.damage) ?? [] };
  // Growth kept apart for the later damage (Wall of Ice's) follows the choice as the cast's does.
  const grown = (parts: readonly DamagePart[] | undefined) =>
    choose(parts)?.map((part) => (swapped.has(part.type) ? { ...part, type } : part));
  const follow = (scaling: Scaling | undefined): Scaling | undefined =>
    scaling === undefined
      ? scaling
      : {
          ...scaling,
          ...(scaling.damage === undefined ? {} : { damage: grown(scaling.damage) }),
          ...(scaling.laterDamage === undefined ? {} : { laterDamage: grown(scaling.laterDamage) }),
          ...(scaling.ongoingDamage === undefined ? {} : { ongoingDamage: grown(scaling.ongoingDamage) }),
        };
  return {
    ...spell,
    ...(damage === undefined ? {} : { damage }),
    ...(burst === undefined ? {} : { burst }),
    ...(ongoing === undefined ? {} : { ongoing }),
    ...(spell.perSlot === undefined ? {} : { perSlot: follow(spell.perSlot) }),
    ...(spell.perTier === undefined ? {} : { perTier: follow(spell.perTier) }),
  };
}

function scaledDamage(parts: readonly DamagePart[] | undefined, scaling: Scaling, steps: number): { damage?: readonly DamagePart[] } {
  if (parts === undefined || scaling.damage === undefined) return {};
  const extra = scaling.damage;
  return {
    damage: parts.map((part) => {
      const more = extra.find((candidate) => candidate.type === part.type);
      return more === undefined ? part : { ...part, dice: sum(part.dice, more.dice, steps) };
    }),
  };
}

function scaledAmount(key: 'healing' | 'tempHp', amount: Amount | undefined, extra: Dice | undefined, steps: number): Partial<Effect> {
  if (amount === undefined || extra === undefined) return {};
  return { [key]: { ...amount, dice: sum(amount.dice, extra, steps) } };
}

/** `8d6` and three more `1d6` is `11d6`; dice that do not add up stay as they were. */
function sum(base: Dice, extra: Dice, times: number): Dice {
  const a = parseDice(base);
  const b = parseDice(extra);
  const added = a === null || b === null ? null : addDice(a, b, times);
  return added === null ? base : formatDice(added);
}

/** Damage parts as a dice expression the dice engine rolls: `1d10+8 [slashing] + 2d4 [fire]`. */
export function damageExpression(parts: readonly DamagePart[], modifier = 0): string {
  return parts
    .map((part) => `${part.dice}${part.plusModifier && modifier !== 0 ? `${modifier > 0 ? '+' : ''}${modifier}` : ''} [${part.type}]`)
    .join(' + ');
}
