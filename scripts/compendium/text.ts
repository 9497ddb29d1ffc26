import { averageOf, formatDice, parseDice } from '../../src/compendium/dice';
import type { ConditionEffect, DamagePart, Dice, EffectDuration, Size } from '../../src/compendium/types';
import { SIZES } from '../../src/compendium/types';
import { ABILITY_NAMES } from '../../src/rules/ability-names';
import { ABILITIES, CONDITION_KEYS, DAMAGE_TYPES, type Ability, type ConditionKey, type DamageType } from '../../src/rules/types';

/** The SRD's prose, one sentence at a time, with open5e's link residue and markdown taken out. */
export function normalise(text: string): string {
  const cleaned = text
    // open5e's links: "Sphere [Area of Effect]|XPHB|Sphere", "Cover|XPHB|Total Cover".
    .replace(/ ?\[[^\]]*\]\|XPHB\|\w+/g, '')
    .replace(/\b(?:Cover|Short Rest)\|XPHB\|/g, '')
    .replace(/\*\*|__?/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
  if (cleaned.includes('|XPHB|')) throw new Error(`an open5e link the converter does not know: ${cleaned}`);
  return cleaned;
}

/** Sentences end with a full stop (or colon) before a capital, an underscore or a list mark. */
export function sentences(text: string): string[] {
  return normalise(text)
    .split(/(?<=[.])\s+(?=[A-Z*-])/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence !== '');
}

export function abilityOf(word: string): Ability | null {
  const key = word.toLowerCase();
  return ABILITY_NAMES[key] ?? ((ABILITIES as readonly string[]).includes(key) ? (key as Ability) : null);
}

export function damageTypeOf(word: string): DamageType | null {
  const key = word.toLowerCase();
  return (DAMAGE_TYPES as readonly string[]).includes(key) ? (key as DamageType) : null;
}

export function conditionOf(word: string): ConditionKey | null {
  const key = word.toLowerCase();
  return (CONDITION_KEYS as readonly string[]).includes(key) ? (key as ConditionKey) : null;
}

export function sizeOf(word: string): Size | null {
  const key = word.toLowerCase();
  return (SIZES as readonly string[]).includes(key) ? (key as Size) : null;
}

/** Dice as the books print them ("1d10 + 8", "2d6 - 1") in the compendium's form ("1d10+8"). */
export function compactDice(printed: string): Dice | null {
  const compact = printed.replace(/\s+/g, '').replace(/[−–]/g, '-');
  const formula = parseDice(compact);
  return formula === null ? null : formatDice(formula);
}

/** Numbers the text prints that disagree with themselves: "13 (1d10 + 8)" is right, "14 (1d10 + 8)" is not. */
export interface Findings {
  /** Printed averages that are not the dice's average. */
  averages: string[];
  /** Text the parser could not read, which makes its action partial or manual. */
  unread: string[];
}

export function newFindings(): Findings {
  return { averages: [], unread: [] };
}

const DAMAGE_WORDS = DAMAGE_TYPES.join('|');
/** "13 (1d10 + 8) Slashing damage", "1 piercing damage". */
export const DAMAGE_PART = new RegExp(`(\\d+) (?:\\((\\d+d\\d+(?: ?[-+−] ?\\d+)?)\\) )?(${DAMAGE_WORDS}) damage`, 'i');

function damagePart(match: RegExpExecArray, findings: Findings): DamagePart | null {
  const [whole, average, printed, type] = match;
  const damageType = damageTypeOf(type ?? '');
  const dice = printed === undefined ? average : compactDice(printed);
  if (damageType === null || dice === null || dice === undefined) return null;
  const formula = parseDice(dice);
  if (formula !== null && averageOf(formula) !== Number(average)) findings.averages.push(whole);
  return { dice, type: damageType };
}

/**
 * Damage parts at the start of `text`, joined by "plus" or "and": "13 (1d10 + 8) Slashing damage
 * plus 5 (2d4) Fire damage". Returns the parts and what follows them.
 */
export function leadingDamage(text: string, findings: Findings): { parts: DamagePart[]; rest: string } | null {
  const parts: DamagePart[] = [];
  let rest = text;
  for (;;) {
    const match = new RegExp(`^${DAMAGE_PART.source}`, 'i').exec(rest);
    if (match === null) break;
    const part = damagePart(match, findings);
    if (part === null) return null;
    const after = rest.slice(match[0].length);
    // "plus 2 (1d4) Slashing damage if the attack roll had Advantage": a part that needs a situation stays out.
    if (parts.length > 0 && /^ (?:if|while|when|in|against|to) /.test(after)) break;
    parts.push(part);
    rest = after;
    const joiner = /^,? (?:plus|and) (?=\d)/.exec(rest);
    if (joiner === null) break;
    rest = rest.slice(joiner[0].length);
  }
  return parts.length === 0 ? null : { parts, rest };
}

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
};

export function countOf(word: string): number | null {
  const lower = word.toLowerCase();
  if (/^\d+$/.test(lower)) return Number(lower);
  return NUMBER_WORDS[lower] ?? null;
}

/** "for 1 minute", "until the end of its next turn", "until the start of the dragon's (or your) next turn", "for the duration". */
export function durationOf(text: string): { duration: EffectDuration; length: number } | null {
  const timed = /^ for (\d+|one) (round|minute|hour)s?/i.exec(text);
  if (timed !== null) {
    const unit = (timed[2] ?? '').toLowerCase();
    const kind = unit === 'round' ? 'rounds' : unit === 'minute' ? 'minutes' : 'hours';
    return { duration: { kind, count: countOf(timed[1] ?? '') ?? 1 }, length: timed[0].length };
  }
  const turn = /^ until the (start|end) of (its|the target's|your|the [\w' -]+?'s) next turn/i.exec(text);
  if (turn !== null) {
    const whose = /^(its|the target's)$/i.test(turn[2] ?? '') ? 'target' : 'source';
    return { duration: { kind: 'turn', whose, boundary: turn[1]?.toLowerCase() === 'start' ? 'start' : 'end' }, length: turn[0].length };
  }
  const spell = /^ (?:for the duration|until the spell ends)/i.exec(text);
  if (spell !== null) return { duration: { kind: 'spell' }, length: spell[0].length };
  return null;
}

/**
 * Conditions at the start of `text`: 2024's "has the Grappled condition (escape DC 13)", "has the
 * Charmed and Poisoned conditions", 5.1's "be knocked prone", "is grappled (escape DC 14)", "become
 * frightened for 1 minute". Returns them and what follows.
 */
export function leadingConditions(text: string): { conditions: ConditionEffect[]; rest: string } | null {
  const named =
    /^(?:(?:the target|it) )?(?:has|have|gains?) the (\w+)(?:, (\w+))?(?:,? and (\w+))? conditions?(?: \(escape DC (\d+)\)(?: from [^.,]+)?)?/i.exec(
      text,
    ) ??
    /^(?:(?:the target|it) )?(?:is |be |becomes? |falls? )?(?:knocked )?(blinded|charmed|deafened|frightened|grappled|incapacitated|paralyzed|petrified|poisoned|prone|restrained|stunned|unconscious)(?:(?:,| and| or) (blinded|charmed|deafened|frightened|grappled|incapacitated|paralyzed|petrified|poisoned|prone|restrained|stunned|unconscious))?(?: \(escape DC (\d+)\))?/i.exec(
      text,
    );
  if (named === null) return null;
  const words = named.slice(1).filter((word): word is string => word !== undefined && !/^\d+$/.test(word));
  const escape = named.slice(1).find((word) => word !== undefined && /^\d+$/.test(word));
  const keys = words.map(conditionOf);
  if (keys.some((key) => key === null)) return null;
  let rest = text.slice(named[0].length);
  const duration = durationOf(rest);
  if (duration !== null) rest = rest.slice(duration.length);
  const conditions = (keys as ConditionKey[]).map((condition) => ({
    condition,
    ...(duration === null ? {} : { duration: duration.duration }),
    ...(condition === 'grappled' && escape !== undefined ? { escapeDc: Number(escape) } : {}),
  }));
  return { conditions, rest };
}
