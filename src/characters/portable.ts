import { bookOf } from '../compendium/books';
import { UserError } from '../errors';
import type { RuleSet } from '../rules/types';
import {
  characterSchema,
  ROLLCALL_FORMAT,
  ROLLCALL_VERSION,
  spellcastingFromJson,
  spellcastingToJson,
  type CharacterFile,
} from './character-format';
import { fromFoundry } from './foundry';
import { bad, readAs, wholeReason, type FieldPath } from './json-fields';
import { applySheetChanges, lowestHpBelowZero, parseHitDie, type Character, type CharacterSheet, type CharacterState } from './sheet';

export { ROLLCALL_FORMAT } from './character-format';

/** The most JSON an import reads: a Foundry actor with its items is well under this. */
export const MAX_IMPORT_LENGTH = 1_000_000;

export interface ImportedCharacter {
  sheet: CharacterSheet;
  state: CharacterState;
}

/** A character as Rollcall's own JSON (src/characters/character-format.ts); spellcasting only for a caster. */
export function exportCharacter(character: Character): CharacterFile {
  return {
    format: ROLLCALL_FORMAT,
    version: ROLLCALL_VERSION,
    name: character.name,
    level: character.level,
    abilities: { ...character.abilities },
    hp: { max: character.maxHp, current: character.hp, temp: character.tempHp },
    ac: character.armourClass,
    hitDie: `d${character.hitDie}`,
    hitDiceLeft: character.hitDiceLeft,
    saves: [...character.saves],
    skills: [...character.skills],
    expertise: [...character.expertise],
    initBonus: character.initBonus,
    speed: character.speed,
    tracks: { ...character.tracks },
    conditions: [...character.conditions],
    dead: character.dead,
    ...(character.spellcasting === null ? {} : { spellcasting: spellcastingToJson(character.spellcasting) }),
    ...(character.slotsSpent.length === 0 ? {} : { slotsSpent: [...character.slotsSpent] }),
  };
}

/** Everything a sheet derives is checked once more by the same rules `/character create` applies. */
function checkedSheet(sheet: CharacterSheet): CharacterSheet {
  return applySheetChanges(sheet, sheet.name, {});
}

/** The rule set's parts an imported state is checked against. */
type StateRules = Pick<RuleSet, 'id' | 'name' | 'facts' | 'tracks'>;

/**
 * A state that fights and rests under `rules` could leave, as a sheet `/character create` makes
 * starts from: HP below 0 only where the rule set has negative HP (Next), and then above the death
 * threshold, −(Constitution score + level) (RULES.md §9d), unless dead; a track at most its top
 * level, and at a top level that kills only on a dead character. `paths` name the fields to blame.
 */
function checkedState(
  rules: StateRules,
  sheet: CharacterSheet,
  state: CharacterState,
  paths: { hp: FieldPath; tracks: FieldPath },
): CharacterState {
  const lowest = rules.facts.negativeHp ? lowestHpBelowZero(sheet, state.dead) : 0;
  if (state.hp < lowest) bad(paths.hp, `${wholeReason(lowest, sheet.maxHp)} under the ${rules.name} rules`);
  for (const track of rules.tracks) {
    const level = state.tracks[track.key];
    const path = [...paths.tracks, track.key];
    if (level > track.maxLevel) bad(path, `${wholeReason(0, track.maxLevel)} under the ${rules.name} rules`);
    if (level === track.maxLevel && track.atMax === 'death' && !state.dead) {
      bad(path, `${level} is death under the ${rules.name} rules: a living character has at most ${level - 1}`);
    }
  }
  return state;
}

function fromRollcall(value: unknown): ImportedCharacter {
  const json = readAs(characterSchema, value);
  if (json.hp.current > json.hp.max) bad(['hp', 'current'], wholeReason(-1000, json.hp.max));
  if (json.hitDiceLeft > json.level) bad(['hitDiceLeft'], wholeReason(0, json.level));
  const sheet = checkedSheet({
    name: json.name,
    level: json.level,
    abilities: json.abilities,
    maxHp: json.hp.max,
    armourClass: json.ac,
    hitDie: parseHitDie(json.hitDie),
    saves: json.saves,
    skills: json.skills,
    expertise: json.expertise,
    initBonus: json.initBonus ?? null,
    speed: json.speed,
    spellcasting: spellcastingFromJson(json.spellcasting),
  });
  const state: CharacterState = {
    hp: json.hp.current,
    tempHp: json.hp.temp,
    hitDiceLeft: json.hitDiceLeft,
    tracks: json.tracks,
    conditions: json.conditions,
    dead: json.dead,
    slotsSpent: json.slotsSpent,
  };
  return { sheet, state };
}

/**
 * Reads Rollcall's own export or a Foundry VTT dnd5e actor, its state checked against the rule set
 * in force where it is imported; a mistake names the first field that is wrong.
 */
export function importCharacter(text: string, rules: StateRules): ImportedCharacter {
  if (text.length > MAX_IMPORT_LENGTH) throw new UserError(`The JSON can be at most ${MAX_IMPORT_LENGTH} characters long.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new UserError('That is not JSON: export a character with `/character export`, or an actor from Foundry VTT.');
  }
  const fields = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  if (fields.format !== undefined && fields.format !== null) {
    const { sheet, state } = fromRollcall(parsed);
    return { sheet, state: checkedState(rules, sheet, state, { hp: ['hp', 'current'], tracks: ['tracks'] }) };
  }
  if (fields.system !== undefined && fields.system !== null) {
    const { sheet, state, hpPath, tracksPath } = fromFoundry(parsed, bookOf(rules.id));
    return { sheet: checkedSheet(sheet), state: checkedState(rules, checkedSheet(sheet), state, { hp: hpPath, tracks: tracksPath }) };
  }
  throw new UserError(`This JSON is neither a Rollcall character (\`format: "${ROLLCALL_FORMAT}"\`) nor a Foundry VTT actor (\`system\`).`);
}
