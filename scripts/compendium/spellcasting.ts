import type { SpellRef, Spellcasting } from '../../src/compendium/types';
import { spellRef } from './actions';
import { abilityOf, normalise } from './text';

/**
 * A block's spell list, from the text of its Spellcasting action (5.2: "… using Intelligence as the
 * spellcasting ability (spell save DC 14): At Will: …, 2/Day Each: …") or trait (5.1: "a 9th-level
 * spellcaster … (spell save DC 14, +6 to hit with spell attacks) … 3rd level (3 slots): …"), or a
 * single-spell action that states its own DC. Null when the text lists no spells.
 */
export function parseSpellcasting(name: string, desc: string, perDay: number | null): Spellcasting | null {
  const text = normalise(desc).replace(/ \/ /g, ' ');
  const abilityMatch = /(?:using|spell ?casting ability is) (\w+)/i.exec(text);
  const ability = abilityOf(abilityMatch?.[1] ?? '');
  if (ability === null) return null;
  const numbers = /\(spell save DC (\d+)(?:, \+(\d+) to hit with spell attacks)?\)/i.exec(text);
  const level = /is an? (\d+)(?:st|nd|rd|th)-level spellcaster/i.exec(text);
  const entry: Spellcasting = {
    name,
    ability,
    ...(numbers === null ? {} : { dc: Number(numbers[1]) }),
    ...(numbers?.[2] === undefined ? {} : { attackBonus: Number(numbers[2]) }),
    ...(level === null ? {} : { casterLevel: Number(level[1]) }),
  };
  const atWill: SpellRef[] = [];
  const byDay = new Map<number, SpellRef[]>();
  const slots: { level: number; slots: number; spells: SpellRef[] }[] = [];
  // Lists are "Label: a, b, c" items, each starting with a dash or star in the source.
  const items = text
    .split(/ (?=(?:[-*] )?(?:At will|\d+\/day(?: each)?|Cantrips \(at will\)|\d(?:st|nd|rd|th) level \(\d+ slots?\)):)/i)
    .map((item) => item.replace(/^[-*] /, ''));
  for (const item of items) {
    const list = /^(At Will|Cantrips \(at will\)|(\d+)\/Day(?: Each)?|(\d)(?:st|nd|rd|th) level \((\d+) slots?\)):\s*(.*)$/i.exec(
      item.trim(),
    );
    if (list === null) continue;
    // A starred line after the last list is a footnote ("* The archmage casts these spells on itself before combat"), not a spell.
    const spells = spellList((list[5] ?? '').replace(/ \* .*$/, ''));
    if (list[2] !== undefined) byDay.set(Number(list[2]), [...(byDay.get(Number(list[2])) ?? []), ...spells]);
    else if (list[3] !== undefined) slots.push({ level: Number(list[3]), slots: Number(list[4]), spells });
    else atWill.push(...spells);
  }
  // 5.1: "The archmage can cast disguise self and invisibility at will and has the following …"
  const castsAtWill = /can cast ([\w ,]+?) at will/i.exec(text);
  if (castsAtWill !== null) atWill.push(...spellList((castsAtWill[1] ?? '').replace(/ and /g, ', ')));
  // 5.2 single spells: "The succubus casts Dominate Person (level 8 version), requiring … (spell save DC 15)."
  const single = /^The [\w' -]+? casts ((?:(?!one of)[^,(])+(?:\(level \d version\))?)(?: twice)?,/i.exec(text);
  if (single !== null && atWill.length === 0 && byDay.size === 0 && numbers !== null) {
    const spells = spellList(single[1] ?? '');
    if (perDay === null) atWill.push(...spells);
    else byDay.set(perDay, spells);
  }
  if (atWill.length === 0 && byDay.size === 0 && slots.length === 0) return null;
  const perDayLists = [...byDay.entries()].sort((a, b) => b[0] - a[0]).map(([uses, spells]) => ({ uses, spells }));
  return {
    ...entry,
    ...(atWill.length === 0 ? {} : { atWill }),
    ...(perDayLists.length === 0 ? {} : { perDay: perDayLists }),
    ...(slots.length === 0 ? {} : { slots }),
  };
}

/** "fire bolt, light, mage armor*, counterspell,fly" as spell names; asides in brackets go. */
function spellList(text: string): SpellRef[] {
  return text
    .replace(/\((?!level \d version)[^)]*\)/gi, '')
    .split(/,\s*/)
    .map((name) => name.replace(/\*/g, '').replace(/\.$/, '').trim())
    .filter((name) => name !== '')
    .map(spellRef);
}
