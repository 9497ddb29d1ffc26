import type { DamageType } from '../rules/types';
import { listInWords } from './encounter-rules-text';
import { shown } from './markdown';
import { ordinal } from './spell-levels';

/** A caster the bot has no spellcasting numbers for: a sheet without it, or a combatant with neither sheet nor stat block. */
export function noSpellcastingText(caster: string, has: 'sheet' | 'none'): string {
  return has === 'sheet'
    ? `${shown(caster)}'s sheet has no spellcasting: give it with \`/character edit class:\` (or \`spell-ability:\`).`
    : `${shown(caster)} has no sheet or stat block to cast from: join with a stored character, or add it with \`/init add monster:\`.`;
}

/** A slot caster's block asked to cast at a level it has no slots of. */
export function noSlotsOfLevelText(caster: string, level: number): string {
  return `${shown(caster)} has no ${ordinal(level)}-level spell slots to cast it with.`;
}

/** A monster asked for a spell its block does not list. */
export function notInBlockText(caster: string, block: string, spell: string, listed: readonly string[]): string {
  const list =
    listed.length === 0 ? `${shown(block)}'s block casts no spells.` : `Its block casts ${listed.slice(0, 20).map(shown).join(', ')}.`;
  return `${shown(caster)} cannot cast ${shown(spell)}: ${list}`;
}

/** "No spell called Firebal. Did you mean Fireball, Fire Bolt?" */
export function unknownSpellText(typed: string, closest: readonly string[]): string {
  const unknown = `No spell called ${shown(typed)}`;
  if (closest.length > 0) return `${unknown}. Did you mean ${closest.map(shown).join(', ')}?`;
  return `${unknown} in the rule set's book: \`spell\` suggests names as you type.`;
}

/** `damage-type` given for a spell that offers no such choice, or one it does not offer. */
export function damageTypeNotOfferedText(spell: string, offered: readonly DamageType[]): string {
  if (offered.length === 0) return `${shown(spell)} offers no choice of damage type: leave \`damage-type\` out.`;
  return `${shown(spell)} deals ${listInWords(offered, 'or')} damage: \`damage-type\` is one of those.`;
}
