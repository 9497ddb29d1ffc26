import { shown } from './markdown';

/** A combatant whose homebrew block the server has since deleted. */
export function blockGone(combatant: string, block: string): string {
  return `${shown(combatant)}'s stat block, ${shown(block)}, is no longer in this server's homebrew: import it again with \`/monster import\`.`;
}
