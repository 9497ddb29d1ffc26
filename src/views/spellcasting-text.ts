import type { CasterClass, SlotCount } from '../characters/spell-slots';

export const CASTER_CLASS_NAMES: Readonly<Record<CasterClass, string>> = {
  artificer: 'Artificer',
  bard: 'Bard',
  cleric: 'Cleric',
  druid: 'Druid',
  paladin: 'Paladin',
  ranger: 'Ranger',
  sorcerer: 'Sorcerer',
  warlock: 'Warlock',
  wizard: 'Wizard',
};

/** "1st", "2nd", "3rd", "4th"… for slot levels 1 to 9. */
export function slotLevelName(level: number): string {
  const suffix = level === 1 ? 'st' : level === 2 ? 'nd' : level === 3 ? 'rd' : 'th';
  return `${level}${suffix}`;
}

/** "1st 4/4 · 2nd 3/3 · 3rd 2/2", or "none" for a caster whose table gives none yet. */
export function slotCountsText(slots: readonly SlotCount[]): string {
  return slots.length === 0 ? 'none' : slots.map((s) => `${slotLevelName(s.level)} ${s.left}/${s.total}`).join(' · ');
}
