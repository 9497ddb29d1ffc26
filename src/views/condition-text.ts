import type { EncounterEvent, RepeatSave } from '../combat/types';
import type { Ability } from '../rules/types';
import { shown } from './markdown';

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
  const name = shown(event.effect.name);
  const parts = [`${shown(event.combatant.name)} is now **${name}**`];
  if (event.source !== null && event.source.id !== event.combatant.id) parts.push(` (from ${shown(event.source.name)})`);
  if (event.rounds !== null && event.anchor !== null) {
    const rounds = event.rounds === 1 ? '1 round' : `${event.rounds} rounds`;
    parts.push(` for ${rounds}, until the ${event.ends ?? 'end'} of ${shown(event.anchor.name)}'s turn`);
  }
  if (event.save !== null) parts.push(`; it repeats the ${saveInWords(event.save)} at the end of each of its turns`);
  if (event.concentration !== null)
    parts.push(
      `; it ends with ${event.source === null ? 'its source' : shown(event.source.name)}'s concentration on ${shown(event.concentration)}`,
    );
  if (event.note !== null) parts.push(` (${shown(event.note)})`);
  return `${parts.join('')}.`;
}

/** "Goblin 2 repeats its Wisdom save against Hold Person (DC 15): 17, the effect ends." */
export function repeatSaveSentence(event: Extract<EncounterEvent, { kind: 'repeat-save' }>): string {
  const { combatant, save } = event;
  const what = `${shown(combatant.name)} repeats its ${ABILITY_NAMES[save.ability]} save against ${shown(event.effect)} (DC ${save.dc})`;
  const roll = combatant.hidden ? '' : `: ${event.rolls.length > 1 ? `d20 ${event.rolls.join(', ')}, total ` : ''}${event.total}`;
  return `${what}${roll}, ${event.success ? 'the effect ends' : 'the effect continues'}.`;
}
