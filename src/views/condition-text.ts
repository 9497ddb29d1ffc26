import type { EncounterEvent, RepeatSave } from '../combat/types';
import { diceText, parseModifiers } from '../rules/modifiers';
import type { Ability, CustomModifier, RollPart } from '../rules/types';
import { shown } from './markdown';
import { it, its } from './pronouns';

export const ABILITY_NAMES: Readonly<Record<Ability, string>> = {
  str: 'Strength',
  dex: 'Dexterity',
  con: 'Constitution',
  int: 'Intelligence',
  wis: 'Wisdom',
  cha: 'Charisma',
};

/** How `modifiers` are written, for refusals and /help. */
export const MODIFIER_SYNTAX =
  'Modifiers, separated by commas or spaces: `attack:+1d4` `save:+1d4` `save:dex:+2` `check:-2` `initiative:+5` ' +
  '`damage:+2 [fire]` `ac:+2` `speed:-10` `adv:attack` `dis:save:dex` `resist:fire` `immune:poison` `vulnerable:cold` ' +
  '(tests: attack, save, check, initiative, concentration, death; at most 12, dice up to 10d100).';

function saveInWords(save: RepeatSave, showDc: boolean): string {
  return `${ABILITY_NAMES[save.ability]} save${showDc ? ` (DC ${save.dc})` : ''}`;
}

/**
 * "2d4 acid": the damage an effect deals as it runs out (Acid Arrow's), when that is all it does;
 * null for any other effect.
 */
export function laterDamageWords(modifiers: readonly CustomModifier[]): string | null {
  const parts = modifiers.map((m) =>
    m.kind === 'expiry-damage' ? `${diceText(m.term)}${m.damageType === null ? '' : ` ${m.damageType}`}` : null,
  );
  if (parts.length === 0 || parts.some((part) => part === null)) return null;
  return parts.join(' and ');
}

/** The damage an effect that started deals as it runs out, when that is all it does. */
function laterDamageOf(modifiers: string): string | null {
  if (modifiers === '') return null;
  const parsed = parseModifiers(modifiers);
  return parsed.ok ? laterDamageWords(parsed.value) : null;
}

/** "Poisoned on Goblin for 1 round, until the end of Goblin's turn; save ends: Wisdom (DC 15)." */
export function effectStartedSentence(event: Extract<EncounterEvent, { kind: 'effect-started' }>, forGameMaster = false): string {
  // A hidden source's DC is the game master's (isDcPrivate in the core).
  const showDc = forGameMaster || event.source === null || !event.source.hidden || event.source.id === event.combatant.id;
  const name = shown(event.effect.name);
  const later = laterDamageOf(event.modifiers);
  if (later !== null && event.anchor !== null && event.rounds === 1 && event.save === null && event.concentration === null) {
    const whose = event.anchor.id === event.combatant.id ? its(event.combatant) : `${shown(event.anchor.name)}'s`;
    const onlyYou = event.private ? '. Only you see this: add it with `public:true` to show it to the players' : '';
    return `${shown(event.combatant.name)} takes ${later} more at the ${event.ends ?? 'end'} of ${whose} next turn (${name})${onlyYou}.`;
  }
  const parts = [`${shown(event.combatant.name)} is now **${name}**`];
  if (event.modifiers !== '') parts.push(` [${shown(event.modifiers)}]`);
  if (event.source !== null && event.source.id !== event.combatant.id) parts.push(` (from ${shown(event.source.name)})`);
  if (event.rounds !== null && event.anchor !== null) {
    const rounds = event.rounds === 1 ? '1 round' : `${event.rounds} rounds`;
    parts.push(` for ${rounds}, until the ${event.ends ?? 'end'} of ${shown(event.anchor.name)}'s turn`);
  }
  if (event.save !== null) {
    parts.push(
      `; ${it({ ...event.combatant, name: shown(event.combatant.name) })} repeats the ${saveInWords(event.save, showDc)} at the end of each of ${its(event.combatant)} turns`,
    );
  }
  if (event.concentration !== null)
    parts.push(
      `; it ends with ${event.source === null ? 'its source' : shown(event.source.name)}'s concentration on ${shown(event.concentration)}`,
    );
  if (event.note !== null) parts.push(` (${shown(event.note)})`);
  if (event.private) parts.push('. Only you see this: add it with `public:true` to show it to the players');
  return `${parts.join('')}.`;
}

function partInWords(part: RollPart): string {
  const sign = part.value < 0 ? '−' : '+';
  const dice = part.dice === null ? '' : ` ${part.dice.expression}`;
  return ` ${sign} ${Math.abs(part.value)} (${shown(part.reason)}${dice})`;
}

/** A d20 total with each part: "d20 10 + 3 (save bonus) − 4 (Exhaustion 2) = 9". */
export function d20InWords(roll: { rolls: readonly number[]; natural: number; parts: readonly RollPart[]; total: number }): string {
  const die = roll.rolls.length > 1 ? `d20 ${roll.natural} (of ${roll.rolls.join(', ')})` : `d20 ${roll.natural}`;
  return `${die}${roll.parts.map(partInWords).join('')} = ${roll.total}`;
}

/**
 * Whether a save's roll is told: to the game master always; to the table unless the saver is a
 * hidden monster or the DC is private (against a hidden DC the total would tell it).
 */
function rollTold(hidden: boolean, showDc: boolean, forGameMaster: boolean): boolean {
  return forGameMaster || (!hidden && showDc);
}

/** The result of a d20 test: its arithmetic, or what failed it without a roll. */
function outcomeInWords(roll: Parameters<typeof d20InWords>[0] & { autoFail: string | null }): string {
  return roll.autoFail === null ? d20InWords(roll) : `fails automatically (${shown(roll.autoFail)})`;
}

/**
 * "Alice's concentration save (DC 10): d20 10 + 3 (save bonus) − 4 (Exhaustion 2) = 9." A hidden
 * monster's roll and DC (half the damage that got through, which would tell its resistances) are the
 * game master's.
 */
export function concentrationSaveSentence(event: Extract<EncounterEvent, { kind: 'concentration-save' }>, forGameMaster = false): string {
  const who = shown(event.combatant.name);
  const seesNumbers = rollTold(event.combatant.hidden, true, forGameMaster);
  const roll = seesNumbers ? `: ${outcomeInWords(event)}` : '';
  const result = event.success ? `${who} keeps concentrating on ${shown(event.effect)}.` : `${shown(event.effect)} ends.`;
  return `${who}'s concentration save${seesNumbers ? ` (DC ${event.dc})` : ''}${roll}. ${result}`;
}

/** "Goblin 2's Dexterity save (DC 15): d20 12 + 2 (save bonus) = 14, failed." A hidden combatant's roll stays out. */
export function saveRolledSentence(event: Extract<EncounterEvent, { kind: 'save-rolled' }>, forGameMaster = false): string {
  const showDc = forGameMaster || event.dcPrivate !== true;
  // Against a hidden monster's DC the total would tell it: the players read the outcome only.
  const roll = rollTold(event.combatant.hidden, showDc, forGameMaster) ? `: ${outcomeInWords(event)}` : '';
  const dc = showDc ? ` (DC ${event.dc})` : '';
  return `${shown(event.combatant.name)}'s ${ABILITY_NAMES[event.ability]} save${dc}${roll}, ${event.success ? 'made' : 'failed'}.`;
}

/** "Goblin 2 must repeat its Wisdom save against Hold Person (DC 15): press the button." */
export function repeatSaveDueSentence(event: Extract<EncounterEvent, { kind: 'repeat-save-due' }>, forGameMaster = false): string {
  const dc = forGameMaster || event.dcPrivate !== true ? ` (DC ${event.save.dc})` : '';
  const against = event.private ? '' : ` against ${shown(event.effect)}${dc}`;
  return `${shown(event.combatant.name)} must repeat ${its(event.combatant)} ${ABILITY_NAMES[event.save.ability]} save${against}: press **Roll ${ABILITY_NAMES[event.save.ability]} save**.`;
}

/** "Goblin 2 repeats its Wisdom save against Hold Person (DC 15): 17, the effect ends." */
export function repeatSaveSentence(event: Extract<EncounterEvent, { kind: 'repeat-save' }>, forGameMaster = false): string {
  const { combatant, save } = event;
  // Against a hidden source's DC the players read the outcome only, as with any save against it.
  const showDc = forGameMaster || event.dcPrivate !== true;
  const what = `${shown(combatant.name)} repeats ${its(combatant)} ${ABILITY_NAMES[save.ability]} save against ${shown(event.effect)}${showDc ? ` (DC ${save.dc})` : ''}`;
  // A plain d20 with nothing added reads as its total, as the table says it.
  const plain = event.rolls.length === 1 && event.parts.length === 0 && event.autoFail === null;
  const roll = rollTold(combatant.hidden, showDc, forGameMaster) ? `: ${plain ? event.total : outcomeInWords(event)}` : '';
  return `${what}${roll}, ${event.success ? 'the effect ends' : 'the effect continues'}.`;
}
