import { ATTACKS, CHECKS, SAVES, attacksAndSavesWith, checksWith, disadvantageOn } from './mechanics';
import type { TrackDefinition } from './types';

/** 2014 exhaustion: six cumulative levels from a table (RULES.md §16a). */
export const EXHAUSTION_2014: TrackDefinition = {
  key: 'exhaustion',
  name: 'Exhaustion',
  maxLevel: 6,
  d20PenaltyPerLevel: 0,
  speedPenaltyPerLevel: 0,
  atMax: 'death',
  levels: [
    { level: 1, description: 'Disadvantage on ability checks.', mechanics: { own: [disadvantageOn(CHECKS)] } },
    { level: 2, description: 'Speed halved.', mechanics: { speed: 'half' } },
    {
      level: 3,
      description: 'Disadvantage on attack rolls and saving throws.',
      mechanics: { own: [disadvantageOn(ATTACKS), disadvantageOn(SAVES)] },
    },
    { level: 4, description: 'Hit point maximum halved.', mechanics: { maxHpHalved: true } },
    { level: 5, description: 'Speed 0.', mechanics: { speed: 'zero' } },
    { level: 6, description: 'Death.', mechanics: {} },
  ],
};

/** 2024 exhaustion: −2 per level on every D20 test, −5 ft speed per level, death at 6 (§16b). */
export const EXHAUSTION_2024: TrackDefinition = {
  key: 'exhaustion',
  name: 'Exhaustion',
  maxLevel: 6,
  d20PenaltyPerLevel: 2,
  speedPenaltyPerLevel: 5,
  atMax: 'death',
  levels: [1, 2, 3, 4, 5]
    .map((level) => ({
      level,
      description: `−${2 * level} to every D20 Test, speed −${5 * level} ft.`,
      mechanics: {},
    }))
    .concat([{ level: 6, description: 'Death.', mechanics: {} }]),
};

/** A5E fatigue: bodily harm, seven cumulative levels, Doomed at 7 (§16e). */
export const FATIGUE: TrackDefinition = {
  key: 'fatigue',
  name: 'Fatigue',
  maxLevel: 7,
  d20PenaltyPerLevel: 0,
  speedPenaltyPerLevel: 0,
  atMax: 'doomed',
  levels: [
    { level: 1, description: "Can't Sprint or Dash.", mechanics: { notes: ["can't Sprint or Dash"] } },
    {
      level: 2,
      description: 'Disadvantage on Strength, Dexterity and Constitution checks.',
      mechanics: { own: [disadvantageOn(checksWith(['str', 'dex', 'con']))] },
    },
    { level: 3, description: "Speed halved; can't keep a fast travel pace.", mechanics: { speed: 'half' } },
    {
      level: 4,
      description: 'Disadvantage on attacks and saves using Strength, Dexterity or Constitution.',
      mechanics: { own: [disadvantageOn(attacksAndSavesWith(['str', 'dex', 'con']))] },
    },
    { level: 5, description: 'Hit Dice halved.', mechanics: { hitDiceHalved: true } },
    { level: 6, description: 'Speed 5 ft.', mechanics: { speed: 'five-feet' } },
    { level: 7, description: 'Doomed.', mechanics: {} },
  ],
};

/** A5E strife: mental harm, seven cumulative levels (§16e). */
export const STRIFE: TrackDefinition = {
  key: 'strife',
  name: 'Strife',
  maxLevel: 7,
  d20PenaltyPerLevel: 0,
  speedPenaltyPerLevel: 0,
  atMax: 'permanent',
  levels: [
    {
      level: 1,
      description: 'Disadvantage on Intelligence, Wisdom and Charisma checks.',
      mechanics: { own: [disadvantageOn(checksWith(['int', 'wis', 'cha']))] },
    },
    { level: 2, description: 'Disadvantage on concentration checks.', mechanics: { own: [disadvantageOn({ kinds: ['concentration'] })] } },
    {
      level: 3,
      description: 'An action or a bonus action each turn, not both.',
      mechanics: { notes: ['action or bonus action each turn, not both'] },
    },
    {
      level: 4,
      description: 'Disadvantage on attacks and saves using Intelligence, Wisdom or Charisma.',
      mechanics: { own: [disadvantageOn(attacksAndSavesWith(['int', 'wis', 'cha']))] },
    },
    { level: 5, description: 'A random short-term mental stress effect.', mechanics: { notes: ['short-term mental stress effect'] } },
    { level: 6, description: "Can't cast spells other than cantrips.", mechanics: { notes: ["can't cast spells (cantrips allowed)"] } },
    {
      level: 7,
      description: 'A permanent mental stress effect, chosen at random or by the Narrator.',
      mechanics: { notes: ['permanent mental stress effect'] },
    },
  ],
};
