import { hpMaximumUnder } from '../characters/rest';
import { catalogueCondition } from '../combat/catalogue';
import { initiativeBonus, modifierOf, proficiencyBonus, rulesStateOf, saveBonus, skillBonus, type Character } from '../characters/sheet';
import { spellcastingOf } from '../characters/spellcasting';
import { slotsLeft } from '../characters/spell-slots';
import { getRuleSet } from '../rules';
import type { RuleSetId } from '../rules/ids';
import { ABILITIES, type TrackKey } from '../rules/types';
import { ABILITY_NAMES } from './condition-text';
import { CASTER_CLASS_NAMES, slotCountsText } from './spellcasting-text';
import { COLORS } from './embeds';
import { shown } from './markdown';
import type { Embed } from './reply';

export function signed(value: number): string {
  return value < 0 ? `−${-value}` : `+${value}`;
}

export const TRACK_NAMES: Record<TrackKey, string> = { exhaustion: 'Exhaustion', fatigue: 'Fatigue', strife: 'Strife' };

/** "Exhaustion 2, Fatigue 1", or null when every track is at 0. */
export function tracksInWords(tracks: Readonly<Record<TrackKey, number>>): string | null {
  const reached = (Object.keys(TRACK_NAMES) as TrackKey[]).filter((key) => tracks[key] > 0);
  return reached.length === 0 ? null : reached.map((key) => `${TRACK_NAMES[key]} ${tracks[key]}`).join(', ');
}

/**
 * "10/40", or "10/20 (of 40)" while the rules hold HP below the sheet's maximum (2014 Exhaustion 4),
 * as the encounter tracker shows it.
 */
export function sheetHp(character: Character, ruleSet: RuleSetId): string {
  const hpMaximum = hpMaximumUnder(getRuleSet(ruleSet), character);
  return hpMaximum < character.maxHp ? `${character.hp}/${hpMaximum} (of ${character.maxHp})` : `${character.hp}/${character.maxHp}`;
}

/** "30 ft", or "15 ft (of 30)" while the rule set's tracks and lasting conditions slow the character. */
function sheetSpeed(character: Character, ruleSet: RuleSetId): string {
  const speed = getRuleSet(ruleSet).speed(rulesStateOf(character), character.speed);
  return speed < character.speed ? `${speed} ft (of ${character.speed})` : `${character.speed} ft`;
}

/** A character's name, safe to show in Markdown. */
export function characterName(character: Pick<Character, 'name'>): string {
  return shown(character.name);
}

/**
 * "**Spellcasting** Wizard, Intelligence · save DC 14 · spell attack +6" and the slots left of
 * each level, as the rule set in force reads the sheet; nothing for a character who casts nothing.
 */
function spellcastingLines(character: Character, ruleSet: RuleSetId): string[] {
  const casting = spellcastingOf(character, ruleSet);
  if (casting === null) return [];
  const casterClass = character.spellcasting?.casterClass ?? null;
  const source = casterClass === null ? '' : `${CASTER_CLASS_NAMES[casterClass]}, `;
  const pact = casting.slots.table.pact ? ' (Pact Magic: back on a short rest)' : '';
  return [
    `**Spellcasting** ${source}${ABILITY_NAMES[casting.ability]} · save DC ${casting.saveDc} · spell attack ${signed(casting.attackBonus)}`,
    `**Spell slots** ${slotCountsText(slotsLeft(casting.slots))}${pact}`,
  ];
}

/**
 * The whole sheet, as `/character show` prints it in a channel playing `ruleSet`; `fight`, the fight
 * the character is in, whose own HP, Hit Dice and slots the sheet does not show.
 */
export function characterEmbed(character: Character, ruleSet: RuleSetId, fight: { name: string; channelId: string } | null = null): Embed {
  const temp = character.tempHp > 0 ? ` (+${character.tempHp} temporary)` : '';
  const lines = [
    `Level ${character.level} · proficiency ${signed(proficiencyBonus(character.level))}${character.active ? ' · active' : ''}`,
    `**HP** ${sheetHp(character, ruleSet)}${temp} · **AC** ${character.armourClass} · **Initiative** ${signed(initiativeBonus(character))} · **Speed** ${sheetSpeed(character, ruleSet)}`,
    `**Hit Dice** ${character.hitDiceLeft}/${character.level} d${character.hitDie}`,
    ...spellcastingLines(character, ruleSet),
  ];
  const tracks = tracksInWords(character.tracks);
  if (tracks !== null) lines.push(`**Tracks** ${tracks}`);
  if (character.conditions.length > 0) {
    // Named as the tracker names them (the sheet keeps the rule set's keys).
    const rules = getRuleSet(ruleSet);
    lines.push(`**Conditions** ${character.conditions.map((key) => shown(catalogueCondition(rules, key)?.name ?? key)).join(', ')}`);
  }
  if (character.dead) lines.push('💀 **Dead**');
  if (fight !== null) {
    lines.push(
      `⚔️ In the fight **${shown(fight.name)}** in <#${fight.channelId}>, which keeps its own HP, Hit Dice and spell slots until it ends: these are the sheet's, from before it.`,
    );
  }
  const abilities = ABILITIES.map((a) => `${a.toUpperCase()} ${character.abilities[a]} (${signed(modifierOf(character, a))})`).join(' · ');
  const saves = ABILITIES.map((a) => `${a.toUpperCase()} ${signed(saveBonus(character, a))}${character.saves.includes(a) ? '●' : ''}`).join(
    ' · ',
  );
  const fields = [
    { name: 'Abilities', value: abilities },
    { name: 'Saving throws (● proficient)', value: saves },
  ];
  const trained = [...new Set([...character.expertise, ...character.skills])].sort();
  if (trained.length > 0) {
    const skills = trained.map((s) => `${s} ${signed(skillBonus(character, s))}${character.expertise.includes(s) ? ' (expertise)' : ''}`);
    fields.push({ name: 'Skills', value: skills.join(', ') });
  }
  return { title: characterName(character), description: lines.join('\n'), color: character.dead ? COLORS.neutral : COLORS.info, fields };
}

/** One line per character, the active one marked, as a channel playing `ruleSet` reads them. */
export function characterListEmbed(characters: readonly Character[], ruleSet: RuleSetId): Embed {
  if (characters.length === 0) {
    return { description: 'You have no characters here yet: make one with `/character create`.', color: COLORS.info };
  }
  const lines = characters.map(
    (c) => `${c.active ? '▶️' : '▫️'} **${characterName(c)}** · level ${c.level} · ${sheetHp(c, ruleSet)} HP${c.dead ? ' · dead' : ''}`,
  );
  return {
    title: 'Your characters',
    description: lines.join('\n'),
    footer: '▶️ active: `/init join` and `/rest` use it',
    color: COLORS.info,
  };
}
