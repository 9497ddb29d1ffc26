import type { RandomSource } from '../dice/random';
import { abilityModifier } from '../rules/state';
import type {
  LongRestOptions,
  NextRestVariant,
  RuleSet,
  RulesEvent,
  RulesRefusal,
  RulesResult,
  ShortRestOptions,
  TrackKey,
} from '../rules/types';
import { rulesStateOf, stateFromRules, type Character } from './sheet';
import { spellcastingOf } from './spellcasting';
import { wakingOutOfFight } from './waking';
import { slotsAfterRest, slotsLeft, type SlotCount } from './spell-slots';

export type RestKind = 'short' | 'long';

/** The rest rules a table chose (`/config rests`); each counts only under its own rule set. */
export interface RestChoices {
  nextRests: NextRestVariant;
  a5eSupply: boolean;
}

export interface RestRequest {
  kind: RestKind;
  /** Hit Dice to spend on a short rest. */
  hitDice: number;
  /** D&D Next: spending Hit Dice on a short rest needs a healer's kit. */
  healersKit: boolean;
  /** A5E long rest: taken at a Haven, where a second or later level of fatigue or strife recovers. */
  haven?: boolean;
  /** A5E long rest under the Supply rule: whether it consumed 1 Supply. */
  supply?: boolean;
  /** A5E long rest: roughing it (half the Hit Dice, no fatigue or strife recovery). */
  roughingIt?: boolean;
  /** D&D Next experimental rests: hours rested (rule 1's short rest; either rule's long rest). */
  hours?: number;
  /** D&D Next experimental rule 2's short rest: minutes rested, counted in 5-minute spells. */
  minutes?: number;
  /** D&D Next experimental rule 1's long rest: something strenuous happened, so no Con-score bonus. */
  strenuous?: boolean;
}

/** A rest rule the rest followed, beyond the rule set's plain rest, for the reply to list. */
export type RestRuleApplied =
  | { kind: 'next-variant'; variant: Exclude<NextRestVariant, 'standard'>; rest: RestKind }
  | { kind: 'next-hours'; variant: 'experimental-1' | 'experimental-2'; hours: number; perHour: number; conBonus: number | null }
  | { kind: 'next-minutes'; spells: number; perSpell: number }
  | { kind: 'healers-kit' }
  /** At a Haven: these tracks each recover a level, from the level the rest began with. */
  | { kind: 'haven'; recovering: { track: TrackKey; level: number }[] }
  /** Away from a Haven: these tracks kept a second or later level, at the level the rest began with. */
  | { kind: 'no-haven'; kept: { track: TrackKey; level: number }[] }
  | { kind: 'supply'; consumed: boolean }
  | { kind: 'roughing-it' };

/** Why a rest is refused: the rules' reason, a Supply the table counts and the request left unsaid, or an option of no use. */
export type RestRefusal = RulesRefusal | { kind: 'supply-unsaid' } | RestOptionRefusal;

export interface CharacterRest {
  character: Character;
  events: RulesEvent[];
  healed: number;
  applied: RestRuleApplied[];
  /** A caster's spell slots after the rest, by slot level; empty for one who casts nothing. */
  slots: SlotCount[];
  /** The most HP the rules let the character hold after the rest (2014 Exhaustion 4 halves the sheet's). */
  hpMaximum: number;
}

/** The most HP the rules in force let the character hold: the sheet's maximum, halved by 2014 Exhaustion 4. */
export function hpMaximumUnder(ruleSet: RuleSet, character: Character): number {
  return ruleSet.maxHp(rulesStateOf(character));
}

/** Next's rest variant in force: the table's choice in a D&D Next channel, the plain rest elsewhere. */
function variantHere(ruleSet: RuleSet, choices: RestChoices): NextRestVariant {
  return ruleSet.facts.nextRestRules ? choices.nextRests : 'standard';
}

const A5E_OPTIONS = ['haven', 'supply', 'roughingIt'] as const;
/** The option as the player typed it. */
const OPTION_NAMES = {
  haven: 'haven',
  supply: 'supply',
  roughingIt: 'roughing-it',
  hours: 'hours',
  minutes: 'minutes',
  strenuous: 'strenuous',
} as const;

/** An option the rules in force have no use for, refused rather than ignored. */
export type RestOptionRefusal =
  | { kind: 'a5e-rest-option'; option: 'haven' | 'supply' | 'roughing-it'; ruleSetName: string }
  | { kind: 'unused-rest-option'; option: 'hours' | 'minutes' | 'strenuous'; rest: RestKind }
  | { kind: 'hit-dice-under-experimental-rule'; rule: 1 | 2 };

/** What the player asked of the rest that the rule set and the table's rest rules have no use for, or null. */
export function restOptionRefusal(ruleSet: RuleSet, choices: RestChoices, request: RestRequest): RestOptionRefusal | null {
  const variant = variantHere(ruleSet, choices);
  const a5e = ruleSet.facts.longRestTrackRecovery === 'haven';
  const foreign = A5E_OPTIONS.find((option) => request[option] !== undefined && !a5e);
  if (foreign !== undefined) return { kind: 'a5e-rest-option', option: OPTION_NAMES[foreign], ruleSetName: ruleSet.name };
  const experimental = variant === 'experimental-1' || variant === 'experimental-2';
  const wanted: Record<'hours' | 'minutes' | 'strenuous', boolean> = {
    hours: request.kind === 'long' ? experimental : variant === 'experimental-1',
    minutes: request.kind === 'short' && variant === 'experimental-2',
    strenuous: request.kind === 'long' && variant === 'experimental-1',
  };
  const unused = (['hours', 'minutes', 'strenuous'] as const).find((option) => request[option] !== undefined && !wanted[option]);
  if (unused !== undefined) return { kind: 'unused-rest-option', option: OPTION_NAMES[unused], rest: request.kind };
  if (request.kind === 'short' && experimental && request.hitDice > 0) {
    return { kind: 'hit-dice-under-experimental-rule', rule: variant === 'experimental-1' ? 1 : 2 };
  }
  return null;
}

/** What the rules used beyond the plain rest, for the reply. */
function rulesApplied(
  ruleSet: RuleSet,
  variant: NextRestVariant,
  character: Character,
  after: Character,
  request: RestRequest,
): RestRuleApplied[] {
  const applied: RestRuleApplied[] = [];
  const level = character.level;
  const conMod = abilityModifier(character.abilities.con);
  if (variant !== 'standard') applied.push({ kind: 'next-variant', variant, rest: request.kind });
  if (variant === 'experimental-1') {
    const hours = request.hours ?? (request.kind === 'long' ? 8 : 1);
    const conBonus = request.kind === 'long' && request.strenuous !== true ? character.abilities.con : null;
    applied.push({ kind: 'next-hours', variant, hours, perHour: Math.max(0, level + conMod), conBonus });
  } else if (variant === 'experimental-2') {
    const perSpell = Math.max(level, 1 + level + conMod);
    if (request.kind === 'long')
      applied.push({ kind: 'next-hours', variant, hours: request.hours ?? 8, perHour: perSpell * 12, conBonus: null });
    else applied.push({ kind: 'next-minutes', spells: Math.floor((request.minutes ?? 5) / 5), perSpell });
  }
  if (ruleSet.facts.nextRestRules && request.kind === 'short' && request.hitDice > 0 && request.healersKit)
    applied.push({ kind: 'healers-kit' });
  if (request.kind === 'long' && ruleSet.facts.longRestTrackRecovery === 'haven') {
    if (request.roughingIt) applied.push({ kind: 'roughing-it' });
    else if (request.haven) {
      const recovering = (['fatigue', 'strife'] as const)
        .filter((t) => character.tracks[t] > 0)
        .map((track) => ({ track, level: character.tracks[track] }));
      if (recovering.length > 0) applied.push({ kind: 'haven', recovering });
    } else {
      const kept = (['fatigue', 'strife'] as const)
        .filter((t) => character.tracks[t] > 1 && after.tracks[t] >= character.tracks[t])
        .map((track) => ({ track, level: character.tracks[track] }));
      if (kept.length > 0) applied.push({ kind: 'no-haven', kept });
    }
    if (request.supply !== undefined) applied.push({ kind: 'supply', consumed: request.supply });
  }
  return applied;
}

function shortRestOptions(character: Character, variant: NextRestVariant, request: RestRequest): ShortRestOptions {
  return {
    spend: [{ sides: character.hitDie, count: request.hitDice }],
    healersKit: request.healersKit,
    variant,
    duration: { hours: request.hours ?? 1, fiveMinuteSteps: Math.floor((request.minutes ?? 5) / 5) },
  };
}

function longRestOptions(variant: NextRestVariant, request: RestRequest): LongRestOptions {
  const { haven, supply, roughingIt, hours, strenuous } = request;
  return { variant, haven, supply, roughingIt, hours, strenuous };
}

/**
 * A rest as the rule set and the table's rest rules take it (RULES.md §23): the character after it,
 * what it did and which rest rules it followed, or why the rules refuse it. Spell slots come back
 * on a long rest, and pact slots on a short one too. An option the rules in force do not use is
 * refused (`restOptionRefusal`).
 */
export function restCharacter(
  ruleSet: RuleSet,
  choices: RestChoices,
  character: Character,
  request: RestRequest,
  random: RandomSource,
): RulesResult<CharacterRest, RestRefusal> {
  const misfit = restOptionRefusal(ruleSet, choices, request);
  if (misfit !== null) return { ok: false, reason: misfit };
  const variant = variantHere(ruleSet, choices);
  const a5eSupply = choices.a5eSupply && ruleSet.facts.longRestTrackRecovery === 'haven';
  if (request.kind === 'long' && a5eSupply && request.supply === undefined) {
    return { ok: false, reason: { kind: 'supply-unsaid' } };
  }
  const state = rulesStateOf(character);
  const rested =
    request.kind === 'short'
      ? ruleSet.shortRest(state, shortRestOptions(character, variant, request), random)
      : ruleSet.longRest(state, longRestOptions(variant, request));
  if (!rested.ok) return rested;
  const woken = wakingOutOfFight(ruleSet, state, rested.value);
  const casting = spellcastingOf(character, ruleSet.id);
  const slotsSpent = casting === null ? character.slotsSpent : slotsAfterRest(casting.slots, request.kind);
  const after: Character = { ...character, ...stateFromRules(woken.state), slotsSpent };
  return {
    ok: true,
    value: {
      character: after,
      events: woken.events,
      healed: rested.value.healed,
      applied: rulesApplied(ruleSet, variant, character, after, request),
      slots: casting === null ? [] : slotsLeft({ table: casting.slots.table, spent: slotsSpent }),
      hpMaximum: ruleSet.maxHp(woken.state),
    },
  };
}
