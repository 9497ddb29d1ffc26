import type { CharacterRest, RestKind, RestOptionRefusal, RestRefusal, RestRuleApplied } from '../characters/rest';
import type { Character } from '../characters/sheet';
import { abilityModifier } from '../rules/state';
import type { NextRestVariant, RulesEvent } from '../rules/types';
import { TRACK_NAMES, characterName, signed } from './character-sheet';
import { slotCountsText } from './spellcasting-text';
import { COLORS, EMBED_LIMITS, embedLength } from './embeds';
import { shown } from './markdown';
import { consequenceSentences, listInWords } from './encounter-rules-text';
import { rulesRefusalText } from './refusals';
import type { Embed, Reply } from './reply';

/**
 * "d8 5 +2 → 7": one Hit Die as rolled and what it healed; "→ 2 of 7 (HP full)" when the maximum took
 * the rest, and "(at least 1)" where the rule set's floor raised a low roll.
 */
function hitDieWords(event: Extract<RulesEvent, { kind: 'hit-dice-spent' }>, conMod: number): string {
  const healed = event.healed < event.gain ? `${event.healed} of ${event.gain} (HP full)` : `${event.healed}`;
  const floor = event.gain > event.roll + conMod ? ` (at least ${event.gain})` : '';
  return `d${event.sides} ${event.roll} ${signed(conMod)}${floor} → ${healed}`;
}

const VARIANT_WORDS: Record<Exclude<NextRestVariant, 'standard'>, Record<RestKind, string>> = {
  'slower-hp': {
    short: "Slower recovery (hit points): Hit Dice are spent without a healer's kit.",
    long: 'Slower recovery (hit points): a long rest restores no HP, and gives back every Hit Die.',
  },
  'slower-hit-dice': {
    short: "Slower recovery (Hit Dice): spending Hit Dice still needs a healer's kit.",
    long: 'Slower recovery (Hit Dice): all HP back, but only 1 + Con modifier Hit Dice.',
  },
  'slower-all': {
    short: "All-around slower recovery: Hit Dice are spent without a healer's kit.",
    long: 'All-around slower recovery: no HP back, and only 1 + Con modifier Hit Dice.',
  },
  'experimental-1': {
    short: 'Experimental Rule 1 (rests): each hour restores level + Con modifier HP.',
    long: 'Experimental Rule 1 (rests): each hour restores level + Con modifier HP, and a rest free of strenuous activity adds the Con score.',
  },
  'experimental-2': {
    short:
      'Experimental Rule 2 (healing and rests): every 5 minutes restores 1 + level + Con modifier HP (at least the level), no higher than the bloodied value while bloodied.',
    long: 'Experimental Rule 2 (healing and rests): every 5 minutes restores 1 + level + Con modifier HP (at least the level), no higher than the bloodied value while bloodied.',
  },
};

function hoursWords(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** One line for each rest rule the rest followed beyond the rule set's plain rest. */
function restRulesWords(applied: readonly RestRuleApplied[]): string[] {
  return applied.map((rule) => {
    switch (rule.kind) {
      case 'next-variant':
        return VARIANT_WORDS[rule.variant][rule.rest];
      case 'next-hours':
        if (rule.variant === 'experimental-2') return `Rested ${hoursWords(rule.hours)}: up to ${rule.perHour} HP an hour.`;
        return `Rested ${hoursWords(rule.hours)} at ${rule.perHour} HP an hour${rule.conBonus === null ? '' : `, +${rule.conBonus} (Con score) for a rest free of strenuous activity`}.`;
      case 'next-minutes':
        return `Rested ${rule.spells * 5} minutes: ${rule.spells} × ${rule.perSpell} HP.`;
      case 'healers-kit':
        return "A healer's kit lets the Hit Dice be spent.";
      case 'haven':
        return `At a Haven: ${listInWords(rule.recovering.map(({ track, level }) => `${TRACK_NAMES[track]} ${level}`))} ${rule.recovering.length === 1 ? 'recovers' : 'each recover'} a level.`;
      case 'no-haven':
        return `Not at a Haven: ${rule.kept.map(({ track, level }) => `${TRACK_NAMES[track]} ${level}`).join(' and ')} ${rule.kept.length === 1 ? 'stays' : 'stay'}; only a first level recovers away from one (\`haven:true\` at a Haven).`;
      case 'supply':
        return rule.consumed ? 'Consumed 1 Supply.' : 'No Supply to consume: 1 level of fatigue.';
      case 'roughing-it':
        return 'Roughing it: half the usual Hit Dice, and no fatigue or strife recovers.';
    }
  });
}

/** An option of `/rest` the rules in force have no use for. */
export function restOptionRefusalText(refusal: RestOptionRefusal): string {
  switch (refusal.kind) {
    case 'a5e-rest-option':
      return `\`${refusal.option}\` is an A5E rest rule; this channel plays the ${refusal.ruleSetName} rules.`;
    case 'unused-rest-option':
      return `\`${refusal.option}\` counts only under a D&D Next experimental rest rule that uses it (\`/config rests\` chooses one); it has no use in this ${refusal.rest} rest.`;
    case 'hit-dice-under-experimental-rule':
      return `This table plays D&D Next's Experimental Rule ${refusal.rule}, which heals by time rested instead of Hit Dice: leave out \`hit-dice\`.`;
  }
}

/** Why a rest was refused, to follow "cannot rest: ". */
function restRefusalText(refusal: RestRefusal): string {
  switch (refusal.kind) {
    case 'supply-unsaid':
      return 'this table counts Supply (`/config rests`): say `supply:true` if a long rest consumed 1 Supply, or `supply:false` if none was left (1 level of fatigue).';
    case 'a5e-rest-option':
    case 'unused-rest-option':
    case 'hit-dice-under-experimental-rule':
      return restOptionRefusalText(refusal);
    default:
      return `${rulesRefusalText(refusal)}${whatToDo(refusal)}`;
  }
}

/** What a refused rest can do instead, where the rules' reason does not say. */
function whatToDo(refusal: RestRefusal): string {
  // A character a fight left at 0 HP is stuck until healed: say how it is healed out of a fight.
  if (refusal.kind === 'cannot-rest' && refusal.why === 'no-hit-points')
    return ' Heal first: with no fight in the channel, `/hp heal` heals the sheet.';
  if (refusal.kind === 'cannot-rest' && refusal.why === 'dead') {
    return ' The game master of their last fight can bring them back with `/character revive`.';
  }
  // The rest itself is allowed (pact slots come back on it); only the dice were refused.
  if (refusal.kind === 'hit-dice-heal-nothing') return ' Leave out `hit-dice` to rest without spending any.';
  return '';
}

/** The rules refused one character's rest. */
export function restRefusedText(character: Pick<Character, 'name'>, kind: RestKind, refusal: RestRefusal): string {
  return `${characterName(character)} cannot take a ${kind} rest: ${restRefusalText(refusal)}`;
}

/** The rules refused one character's rest in a party's: the others rest on. */
export function partyMemberRestRefusedText(character: Pick<Character, 'name'>, refusal: RestRefusal): string {
  return `**${characterName(character)}** cannot rest: ${restRefusalText(refusal)}`;
}

/** A player asked to rest while the channel's fight runs. */
export function restDuringFightText(encounter: { name: string; gameMasterName: string }): string {
  return `${shown(encounter.name)} is still running in this channel: rest after \`/init end\`, or ask the game master (${shown(encounter.gameMasterName)}).`;
}

export const NO_PARTY_TO_REST_TEXT =
  "No stored characters joined this channel's last encounter: each player rests their own with `/rest long`.";

export const NOT_PARTY_GAME_MASTER_TEXT =
  "Only the last encounter's game master, or a member with Manage Channels, can rest the party: rest your own character with `/rest long`.";

/** Everything a rest did, one line each, for the character it was taken by. */
export function restReply(before: Character, kind: RestKind, rest: CharacterRest): Reply {
  return { embeds: [restEmbed(before, kind, rest)] };
}

/** `restReply`'s embed, one of several in a party's rest. */
function restEmbed(before: Character, kind: RestKind, rest: CharacterRest): Embed {
  const { character: after, events, healed, applied } = rest;
  const name = characterName(after);
  const lines = [`**${name}** takes a ${kind} rest.`, ...restRulesWords(applied)];
  const spent = events.flatMap((event) => (event.kind === 'hit-dice-spent' ? [event] : []));
  if (spent.length > 0) {
    const conMod = abilityModifier(after.abilities.con);
    lines.push(
      `Spends ${spent.length} Hit ${spent.length === 1 ? 'Die' : 'Dice'}: ${spent.map((e) => hitDieWords(e, conMod)).join(', ')}.`,
    );
  }
  const unspent = events.reduce((sum, event) => sum + (event.kind === 'hit-dice-unspent' ? event.count : 0), 0);
  if (unspent > 0) lines.push(`${unspent} Hit ${unspent === 1 ? 'Die stays' : 'Dice stay'} unspent: HP are full.`);
  const hp = rest.hpMaximum < after.maxHp ? `${after.hp}/${rest.hpMaximum} of ${after.maxHp}` : `${after.hp}/${after.maxHp}`;
  lines.push(healed > 0 ? `Regains ${healed} HP (now ${hp}).` : `HP stay at ${hp}.`);
  const regained = after.hitDiceLeft - before.hitDiceLeft;
  if (regained > 0) lines.push(`Regains ${regained} Hit ${regained === 1 ? 'Die' : 'Dice'}.`);
  lines.push(`Hit Dice left: ${after.hitDiceLeft} of ${after.level} (d${after.hitDie}).`);
  if (rest.slots.length > 0) lines.push(`Spell slots: ${slotCountsText(rest.slots)}.`);
  lines.push(...consequenceSentences({ name, isPlayerCharacter: true, showNumbers: true }, events));
  return { description: lines.join('\n'), color: COLORS.success };
}

/** One character's part in a party's rest: its rest, or why it could not rest. */
export type PartyRestOutcome =
  { character: Character; rested: true; rest: CharacterRest } | { character: Character; rested: false; why: string };

function outcomeEmbed(outcome: PartyRestOutcome): Embed {
  return outcome.rested ? restEmbed(outcome.character, 'long', outcome.rest) : { description: outcome.why, color: COLORS.warning };
}

/** Discord shows at most 10 embeds in one message. */
const MAX_EMBEDS = 10;
/**
 * Room for each of the last embed's two lines of names: both, with their words, within a description
 * however long the names (48 characters each, twice that escaped).
 */
const NAMES_ROOM = (EMBED_LIMITS.description - 200) / 2;

/** The characters' names in words, as many as fit NAMES_ROOM, then "and N more". */
function namesInWords(outcomes: readonly PartyRestOutcome[]): string {
  const names = outcomes.map(({ character }) => `**${characterName(character)}**`);
  const inWords = (count: number): string =>
    count === names.length ? listInWords(names) : `${names.slice(0, count).join(', ')} and ${names.length - count} more`;
  let count = names.length;
  while (count > 1 && inWords(count).length > NAMES_ROOM) count -= 1;
  return inWords(count);
}

/** The characters a party rest has no room to show, each named, rested or not. */
function unshownEmbed(outcomes: readonly PartyRestOutcome[]): Embed {
  const rested = outcomes.filter((o) => o.rested);
  const refused = outcomes.filter((o) => !o.rested);
  const lines = [
    ...(rested.length > 0 ? [`Also rested, not shown for room: ${namesInWords(rested)}.`] : []),
    ...(refused.length > 0 ? [`Not rested, not shown for room: ${namesInWords(refused)}; their own \`/rest long\` says why.`] : []),
  ];
  return { description: lines.join('\n'), color: refused.length > 0 ? COLORS.warning : COLORS.success };
}

/**
 * A party's rest in one message: each character's embed while Discord's limits leave room, and the
 * ones past them named in a last embed, so no rest written goes unsaid.
 */
export function partyRestReply(outcomes: readonly PartyRestOutcome[]): Reply {
  const each = outcomes.slice(0, MAX_EMBEDS).map(outcomeEmbed);
  for (let shown = each.length; shown > 0; shown -= 1) {
    const unshown = outcomes.slice(shown);
    const embeds = [...each.slice(0, shown), ...(unshown.length > 0 ? [unshownEmbed(unshown)] : [])];
    const length = embeds.reduce((sum, embed) => sum + embedLength(embed), 0);
    if (embeds.length <= MAX_EMBEDS && length <= EMBED_LIMITS.total) return { embeds };
  }
  return { embeds: [unshownEmbed(outcomes)] };
}

/**
 * A rest refused while the character fights: the fight's end writes its state back, over any rest.
 * Without `fight`, only that it runs in another channel (one the reader may not see).
 */
export function restInFightText(character: Pick<Character, 'name'>, fight: { name: string; channelId: string } | null): string {
  const where = fight === null ? 'a fight in another channel' : `the fight **${shown(fight.name)}** in <#${fight.channelId}>`;
  return `${characterName(character)} is in ${where}, which keeps their HP and Hit Dice until it ends: rest after \`/init end\` there.`;
}

/** A rest that lost to another written first: nothing of it was spent. */
export function restRacedText(character: Pick<Character, 'name'>): string {
  return `${characterName(character)}'s sheet changed while they rested (another rest came first): nothing of this one was spent; rest again.`;
}
