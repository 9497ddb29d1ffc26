import {
  ABILITIES,
  DAMAGE_TYPES,
  DEFENCE_KINDS,
  TEST_TARGETS,
  type Ability,
  type BonusTerm,
  type CustomModifier,
  type DamageType,
  type RulesRefusal,
  type RulesResult,
  type TestTarget,
} from './types';

/** Bounds on what typed modifiers can ask the bot to roll and store. */
export const MODIFIER_LIMITS = {
  /** Modifiers on one effect. */
  count: 12,
  /** Dice in one term (`10d4`). */
  dice: 10,
  /** Sides of one die (`1d100`). */
  sides: 100,
  /** A flat bonus or penalty to a d20 test or damage. */
  flat: 20,
  /** A change to Armour Class. */
  ac: 10,
  /** A change to speed, in feet. */
  speed: 120,
  /** The text as typed. */
  length: 200,
} as const;

/**
 * Bounds on what every effect on one combatant adds up to, so that stacking effects cannot get past
 * the per-effect bounds: Armour Class and speed, flat bonuses, and dice rolled with one roll, well
 * inside the dice budget of a roll (1,000).
 */
export const STACK_LIMITS = {
  /** Net change to Armour Class. */
  ac: 20,
  /** Net change to speed, in feet. */
  speed: 240,
  /** Flat bonuses and penalties, counted without their sign. */
  flat: 40,
  /** Dice of every bonus and damage term together, the damage dealt as an effect runs out included. */
  dice: 40,
} as const;

/** Which of `STACK_LIMITS` effects together pass: what they come to (`total`) against the bound (`max`). */
export interface StackProblem {
  limit: keyof typeof STACK_LIMITS;
  total: number;
  max: number;
}

/** Why the modifiers of every effect on one combatant together pass `STACK_LIMITS`; null when they stay within. */
export function stackedModifiersProblem(modifiers: readonly CustomModifier[]): StackProblem | null {
  let ac = 0;
  let speed = 0;
  let flat = 0;
  let dice = 0;
  for (const m of modifiers) {
    if (m.kind === 'ac') ac += m.amount;
    if (m.kind === 'speed') speed += m.amount;
    if (m.kind === 'bonus' || m.kind === 'damage' || m.kind === 'expiry-damage') {
      if (m.term.sides === null) flat += m.term.count;
      else dice += m.term.count;
    }
  }
  if (Math.abs(ac) > STACK_LIMITS.ac) return { limit: 'ac', total: ac, max: STACK_LIMITS.ac };
  if (Math.abs(speed) > STACK_LIMITS.speed) return { limit: 'speed', total: speed, max: STACK_LIMITS.speed };
  if (flat > STACK_LIMITS.flat) return { limit: 'flat', total: flat, max: STACK_LIMITS.flat };
  if (dice > STACK_LIMITS.dice) return { limit: 'dice', total: dice, max: STACK_LIMITS.dice };
  return null;
}

const TERM = /^([+-])(\d{1,3})(?:d(\d{1,3}))?$/;

function isOneOf<T extends string>(values: readonly T[], text: string): text is T {
  return (values as readonly string[]).includes(text);
}

type Parsed<T> = RulesResult<T, RulesRefusal>;

function fail<T>(reason: RulesRefusal): Parsed<T> {
  return { ok: false, reason };
}

function term(text: string, token: string): Parsed<BonusTerm> {
  const match = TERM.exec(text);
  if (match === null) return fail({ kind: 'modifier-not-a-term', token });
  const [, sign = '+', countText = '0', sidesText] = match;
  const count = Number(countText);
  if (sidesText === undefined) {
    if (count > MODIFIER_LIMITS.flat) return fail({ kind: 'modifier-flat-too-large', token, max: MODIFIER_LIMITS.flat });
    return { ok: true, value: { sign: sign === '-' ? -1 : 1, count, sides: null } };
  }
  const sides = Number(sidesText);
  if (count < 1 || count > MODIFIER_LIMITS.dice || sides < 2 || sides > MODIFIER_LIMITS.sides) {
    return fail({ kind: 'modifier-dice-out-of-range', token, dice: MODIFIER_LIMITS.dice, sides: MODIFIER_LIMITS.sides });
  }
  return { ok: true, value: { sign: sign === '-' ? -1 : 1, count, sides } };
}

function signedInteger(text: string, token: string, bound: number): Parsed<number> {
  if (!/^[+-]\d{1,4}$/.test(text)) return fail({ kind: 'modifier-not-signed-whole', token });
  const value = Number(text);
  if (Math.abs(value) > bound) return fail({ kind: 'modifier-out-of-range', token, bound });
  return { ok: true, value };
}

/** `save`, `save:dex`: the test and, optionally, its ability. */
function testOf(parts: readonly string[], token: string): Parsed<{ on: TestTarget; ability: Ability | null }> {
  const [on = '', ability, ...rest] = parts;
  const target = on === 'death' ? 'death-save' : on;
  if (!isOneOf(TEST_TARGETS, target)) return fail({ kind: 'modifier-unknown-test', token });
  if (rest.length > 0 || (ability !== undefined && !isOneOf(ABILITIES, ability))) {
    return fail({ kind: 'modifier-unknown-ability', token });
  }
  return { ok: true, value: { on: target, ability: ability ?? null } };
}

function damageType(text: string, token: string): Parsed<DamageType> {
  return isOneOf(DAMAGE_TYPES, text) ? { ok: true, value: text } : fail({ kind: 'modifier-unknown-damage-type', token });
}

function modifier(token: string): Parsed<CustomModifier> {
  const [key = '', ...rest] = token.split(':');
  if (key === 'adv' || key === 'dis') {
    const test = testOf(rest, token);
    return test.ok ? { ok: true, value: { kind: key === 'adv' ? 'advantage' : 'disadvantage', ...test.value } } : test;
  }
  if (key === 'ac' || key === 'speed') {
    const amount = signedInteger(rest.join(':'), token, MODIFIER_LIMITS[key]);
    return amount.ok ? { ok: true, value: { kind: key, amount: amount.value } } : amount;
  }
  if (isOneOf(DEFENCE_KINDS, key)) {
    const type = damageType(rest.join(':'), token);
    return type.ok ? { ok: true, value: { kind: key, damageType: type.value } } : type;
  }
  if (key === 'damage' || key === 'expiry-damage') {
    const [, amount = '', typed] = /^([^[]*)(?:\[([a-z]+)\])?$/.exec(rest.join(':')) ?? [];
    const parsed = term(amount, token);
    if (!parsed.ok) return parsed;
    // Damage taken cannot be negative: a penalty is only a penalty to damage dealt.
    if (key === 'expiry-damage' && parsed.value.sign < 0) return fail({ kind: 'modifier-not-a-term', token });
    const type = typed === undefined ? ({ ok: true, value: null } as const) : damageType(typed, token);
    if (!type.ok) return type;
    const read = { term: parsed.value, damageType: type.value };
    return { ok: true, value: key === 'damage' ? { kind: key, ...read } : { kind: key, ...read } };
  }
  const amount = rest.pop();
  const test = testOf([key, ...rest], token);
  if (!test.ok || amount === undefined) return fail({ kind: 'modifier-unknown', token });
  const parsed = term(amount, token);
  return parsed.ok ? { ok: true, value: { kind: 'bonus', ...test.value, term: parsed.value } } : parsed;
}

/**
 * Reads `modifiers` text: modifiers separated by commas or spaces (`attack:+1d4, save:+1d4`,
 * `damage:+2 [fire]`, `dis:save:dex`, `resist:fire`). Bounded in length, count, dice and sizes.
 */
export function parseModifiers(text: string): RulesResult<CustomModifier[], RulesRefusal> {
  if (text.length > MODIFIER_LIMITS.length) return fail({ kind: 'modifiers-too-long', max: MODIFIER_LIMITS.length });
  const tokens = text
    .toLowerCase()
    .replace(/\s*\[\s*([a-z]+)\s*\]/g, '[$1]')
    .replace(/\s*:\s*/g, ':')
    .split(/[\s,]+/)
    .filter((t) => t !== '');
  if (tokens.length === 0) return fail({ kind: 'no-modifiers' });
  if (tokens.length > MODIFIER_LIMITS.count) return fail({ kind: 'too-many-modifiers', max: MODIFIER_LIMITS.count });
  const modifiers: CustomModifier[] = [];
  for (const token of tokens) {
    const parsed = modifier(token);
    if (!parsed.ok) return parsed;
    modifiers.push(parsed.value);
  }
  return { ok: true, value: modifiers };
}

/** A term as the dice engine rolls it, without its sign: `2d4`, `3`. */
export function diceText(value: BonusTerm): string {
  return value.sides === null ? `${value.count}` : `${value.count}d${value.sides}`;
}

/** "+1d4", "-2". */
export function termText(value: BonusTerm): string {
  return `${value.sign < 0 ? '-' : '+'}${diceText(value)}`;
}

function testText(on: TestTarget, ability: Ability | null): string {
  return ability === null ? on : `${on}:${ability}`;
}

/** The modifiers in the syntax `parseModifiers` reads, so stored text reads back the same. */
export function modifiersText(modifiers: readonly CustomModifier[]): string {
  return modifiers
    .map((m) => {
      switch (m.kind) {
        case 'bonus':
          return `${testText(m.on, m.ability)}:${termText(m.term)}`;
        case 'advantage':
        case 'disadvantage':
          return `${m.kind === 'advantage' ? 'adv' : 'dis'}:${testText(m.on, m.ability)}`;
        case 'damage':
        case 'expiry-damage':
          return `${m.kind}:${termText(m.term)}${m.damageType === null ? '' : ` [${m.damageType}]`}`;
        case 'ac':
        case 'speed':
          return `${m.kind}:${m.amount < 0 ? '-' : '+'}${Math.abs(m.amount)}`;
        case 'resist':
        case 'immune':
        case 'vulnerable':
          return `${m.kind}:${m.damageType}`;
      }
    })
    .join(', ');
}
