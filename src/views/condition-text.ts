import type { EncounterEvent, RepeatSave } from '../combat/types';
import type { Ability } from '../rules/types';
import { escapeMarkdown } from './markdown';

export const ABILITY_NAMES: Readonly<Record<Ability, string>> = {
  str: 'Strength',
  dex: 'Dexterity',
  con: 'Constitution',
  int: 'Intelligence',
  wis: 'Wisdom',
  cha: 'Charisma',
};

function saveInWords(save: RepeatSave): string {
  return `${ABILITY_NAMES[save.ability]} save (DC ${save.dc})`;
}

/** "Poisoned on Goblin for 1 round, until the end of Goblin's turn; save ends: Wisdom (DC 15)." */
export function effectStartedSentence(event: Extract<EncounterEvent, { kind: 'effect-started' }>): string {
  const name = escapeMarkdown(event.effect.name);
  const parts = [`${event.combatant.name} is now **${name}**`];
  if (event.source !== null && event.source.id !== event.combatant.id) parts.push(` (from ${event.source.name})`);
  if (event.rounds !== null && event.anchor !== null) {
    const rounds = event.rounds === 1 ? '1 round' : `${event.rounds} rounds`;
    parts.push(` for ${rounds}, until the ${event.ends ?? 'end'} of ${event.anchor.name}'s turn`);
  }
  if (event.save !== null) parts.push(`; it repeats the ${saveInWords(event.save)} at the end of each of its turns`);
  if (event.concentration !== null)
    parts.push(`; it ends with ${event.source?.name ?? 'its source'}'s concentration on ${escapeMarkdown(event.concentration)}`);
  if (event.note !== null) parts.push(` (${escapeMarkdown(event.note)})`);
  return `${parts.join('')}.`;
}

/** "Goblin 2 repeats its Wisdom save against Hold Person (DC 15): 17, the effect ends." */
export function repeatSaveSentence(event: Extract<EncounterEvent, { kind: 'repeat-save' }>): string {
  const { combatant, save } = event;
  const what = `${combatant.name} repeats its ${ABILITY_NAMES[save.ability]} save against ${escapeMarkdown(event.effect)} (DC ${save.dc})`;
  const roll = combatant.hidden ? '' : `: ${event.rolls.length > 1 ? `d20 ${event.rolls.join(', ')}, total ` : ''}${event.total}`;
  return `${what}${roll}, ${event.success ? 'the effect ends' : 'the effect continues'}.`;
}
