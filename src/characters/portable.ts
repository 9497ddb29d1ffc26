import { UserError } from '../errors';
import { abilityModifier } from '../rules/state';
import { ABILITIES, CONDITION_KEYS, type Ability, type ConditionKey, type RuleSet, type TrackKey } from '../rules/types';
import {
  applySheetChanges,
  defaultMaxHp,
  HIT_DICE,
  MAX_LEVEL,
  SKILL_NAMES,
  type Character,
  type CharacterSheet,
  type CharacterState,
  type HitDie,
  type Skill,
} from './sheet';

/** The JSON `/character export` prints and `/character import` reads back (docs/characters.md). */
export const ROLLCALL_FORMAT = 'rollcall-character';
const ROLLCALL_VERSION = 1;

/** The most JSON an import reads: a Foundry actor with its items is well under this. */
export const MAX_IMPORT_LENGTH = 1_000_000;

export interface ImportedCharacter {
  sheet: CharacterSheet;
  state: CharacterState;
}

/** A character as Rollcall's own JSON. */
export function exportCharacter(character: Character): Record<string, unknown> {
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
  };
}

function bad(path: string, what: string): never {
  throw new UserError(`\`${path}\` ${what}.`);
}

/** Reads fields of untrusted JSON by path, naming the first one that is missing or wrong. */
class Fields {
  constructor(
    private readonly value: unknown,
    readonly path: string,
  ) {}

  private raw(key: string): unknown {
    return typeof this.value === 'object' && this.value !== null && !Array.isArray(this.value)
      ? (this.value as Record<string, unknown>)[key]
      : undefined;
  }

  private at(key: string): string {
    return this.path === '' ? key : `${this.path}.${key}`;
  }

  has(key: string): boolean {
    const found = this.raw(key);
    return found !== undefined && found !== null;
  }

  object(key: string): Fields {
    const found = this.raw(key);
    if (typeof found !== 'object' || found === null || Array.isArray(found)) bad(this.at(key), 'must be an object');
    return new Fields(found, this.at(key));
  }

  /** A whole number in [min, max]; Foundry writes some numbers as text ("2"), so digits in a string count. */
  int(key: string, min: number, max: number, fallback?: number): number {
    const found = this.raw(key);
    if ((found === undefined || found === null || found === '') && fallback !== undefined) return fallback;
    const number = typeof found === 'string' && /^\s*[+-]?\d+\s*$/.test(found) ? Number(found) : found;
    if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
      bad(this.at(key), `must be a whole number from ${min} to ${max}`);
    }
    return number;
  }

  text(key: string): string {
    const found = this.raw(key);
    if (typeof found !== 'string') bad(this.at(key), 'must be text');
    return found;
  }

  bool(key: string, fallback: boolean): boolean {
    const found = this.raw(key);
    if (found === undefined || found === null) return fallback;
    if (typeof found !== 'boolean') bad(this.at(key), 'must be true or false');
    return found;
  }

  list<T extends string>(key: string, known: readonly T[]): T[] {
    const found = this.raw(key) ?? [];
    if (!Array.isArray(found)) bad(this.at(key), 'must be a list');
    return found.map((item: unknown, index) => {
      const match = known.find((k) => k === item);
      if (match === undefined) bad(`${this.at(key)}[${index}]`, `must be one of: ${known.join(', ')}`);
      return match;
    });
  }

  array(key: string): Fields[] {
    const found = this.raw(key) ?? [];
    if (!Array.isArray(found)) bad(this.at(key), 'must be a list');
    return found.map((item: unknown, index) => new Fields(item, `${this.at(key)}[${index}]`));
  }
}

function hitDieOf(text: string, path: string): HitDie {
  const sides = Number(/^d(\d+)$/.exec(text.trim())?.[1]);
  return HIT_DICE.find((d) => d === sides) ?? bad(path, 'must be d6, d8, d10 or d12');
}

function abilitiesOf(read: (ability: Ability) => number): Record<Ability, number> {
  return Object.fromEntries(ABILITIES.map((a) => [a, read(a)])) as Record<Ability, number>;
}

/** Everything a sheet derives is checked once more by the same rules `/character create` applies. */
function checkedSheet(sheet: CharacterSheet): CharacterSheet {
  return applySheetChanges(sheet, sheet.name, {});
}

/** The rule set's parts an imported state is checked against. */
type StateRules = Pick<RuleSet, 'name' | 'facts' | 'tracks'>;

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
  paths: { hp: string; tracks: string },
): CharacterState {
  const threshold = -(sheet.abilities.con + sheet.level);
  const lowest = rules.facts.negativeHp ? (state.dead ? threshold : threshold + 1) : 0;
  if (state.hp < lowest) bad(paths.hp, `must be a whole number from ${lowest} to ${sheet.maxHp} under the ${rules.name} rules`);
  for (const track of rules.tracks) {
    const level = state.tracks[track.key];
    const path = `${paths.tracks}.${track.key}`;
    if (level > track.maxLevel) bad(path, `must be a whole number from 0 to ${track.maxLevel} under the ${rules.name} rules`);
    if (level === track.maxLevel && track.atMax === 'death' && !state.dead) {
      bad(path, `${level} is death under the ${rules.name} rules: a living character has at most ${level - 1}`);
    }
  }
  return state;
}

function fromRollcall(json: Fields, rules: StateRules): ImportedCharacter {
  const version = json.int('version', 1, 1);
  if (version !== ROLLCALL_VERSION) bad('version', `must be ${ROLLCALL_VERSION}`);
  const abilities = json.object('abilities');
  const hp = json.object('hp');
  const level = json.int('level', 1, MAX_LEVEL);
  const maxHp = hp.int('max', 1, 1000);
  const tracks = json.object('tracks');
  const sheet = checkedSheet({
    name: json.text('name'),
    level,
    abilities: abilitiesOf((a) => abilities.int(a, 1, 30)),
    maxHp,
    armourClass: json.int('ac', 0, 50),
    hitDie: hitDieOf(json.text('hitDie'), 'hitDie'),
    saves: json.list('saves', ABILITIES),
    skills: json.list('skills', SKILL_NAMES),
    expertise: json.list('expertise', SKILL_NAMES),
    initBonus: json.has('initBonus') ? json.int('initBonus', -10, 30) : null,
    speed: json.int('speed', 0, 500),
  });
  // The highest level of the track in any rule set: exhaustion 6, fatigue and strife 7.
  const trackLevel = (key: TrackKey): number => tracks.int(key, 0, key === 'exhaustion' ? 6 : 7, 0);
  const state: CharacterState = {
    hp: hp.int('current', -1000, maxHp),
    tempHp: hp.int('temp', 0, 1000, 0),
    hitDiceLeft: json.int('hitDiceLeft', 0, level),
    tracks: { exhaustion: trackLevel('exhaustion'), fatigue: trackLevel('fatigue'), strife: trackLevel('strife') },
    conditions: json.list<ConditionKey>('conditions', CONDITION_KEYS),
    dead: json.bool('dead', false),
  };
  return { sheet, state: checkedState(rules, sheet, state, { hp: 'hp.current', tracks: 'tracks' }) };
}

/** Foundry's three-letter skill keys. */
const FOUNDRY_SKILLS: Readonly<Record<string, Skill>> = {
  acr: 'acrobatics',
  ani: 'animal-handling',
  arc: 'arcana',
  ath: 'athletics',
  dec: 'deception',
  his: 'history',
  ins: 'insight',
  itm: 'intimidation',
  inv: 'investigation',
  med: 'medicine',
  nat: 'nature',
  prc: 'perception',
  prf: 'performance',
  per: 'persuasion',
  rel: 'religion',
  slt: 'sleight-of-hand',
  ste: 'stealth',
  sur: 'survival',
};

interface ClassLevels {
  levels: number;
  hitDie: HitDie;
  spent: number;
}

/** A class item: `system.hd` in dnd5e 4, `system.hitDice` and `hitDiceUsed` before it. */
function classOf(item: Fields): ClassLevels {
  const system = item.object('system');
  const levels = system.int('levels', 1, MAX_LEVEL);
  if (system.has('hd')) {
    const hd = system.object('hd');
    return { levels, hitDie: hitDieOf(hd.text('denomination'), `${hd.path}.denomination`), spent: hd.int('spent', 0, MAX_LEVEL, 0) };
  }
  return {
    levels,
    hitDie: hitDieOf(system.text('hitDice'), `${system.path}.hitDice`),
    spent: system.int('hitDiceUsed', 0, MAX_LEVEL, 0),
  };
}

const ARMOUR_MAX_DEX: Readonly<Record<string, number>> = { light: 99, medium: 2, heavy: 0 };

/** Armour class as dnd5e computes it for the calculations a sheet can hold without its formulas. */
function foundryAc(ac: Fields, items: Fields[], abilities: Record<Ability, number>): number {
  const dex = abilityModifier(abilities.dex);
  const calc = ac.has('calc') ? ac.text('calc') : 'default';
  let worn = { base: 10, maxDex: 99 };
  let shield = 0;
  for (const item of items) {
    if (item.text('type') !== 'equipment') continue;
    const system = item.object('system');
    if (!system.bool('equipped', false) || !system.has('type') || !system.has('armor')) continue;
    const kind = system.object('type').text('value');
    const armour = system.object('armor');
    if (kind === 'shield') shield = armour.int('value', 0, 30, 2) + armour.int('magicalBonus', 0, 10, 0);
    const maxDex = ARMOUR_MAX_DEX[kind];
    if (maxDex !== undefined) {
      worn = { base: armour.int('value', 0, 30) + armour.int('magicalBonus', 0, 10, 0), maxDex: armour.int('dex', 0, 99, maxDex) };
    }
  }
  switch (calc) {
    case 'flat':
    case 'natural':
      return ac.int('flat', 0, 50);
    case 'default':
      return worn.base + Math.min(dex, worn.maxDex) + shield;
    case 'unarmoredMonk':
      return 10 + dex + abilityModifier(abilities.wis);
    case 'unarmoredBarb':
      return 10 + dex + abilityModifier(abilities.con) + shield;
    default:
      return bad(`${ac.path}.calc`, 'must be default, flat, natural, unarmoredMonk or unarmoredBarb (custom formulas are not read)');
  }
}

function fromFoundry(json: Fields, rules: StateRules): ImportedCharacter {
  if (json.text('type') !== 'character') bad('type', 'must be "character" (a player character actor)');
  const system = json.object('system');
  const abilityFields = system.object('abilities');
  const abilities = abilitiesOf((a) => abilityFields.object(a).int('value', 1, 30));
  const items = json.array('items');
  const classes = items.filter((item) => item.text('type') === 'class').map(classOf);
  const main = [...classes].sort((a, b) => b.levels - a.levels)[0] ?? bad('items', 'must hold at least one class item');
  const level = classes.reduce((sum, c) => sum + c.levels, 0);
  if (level > MAX_LEVEL) bad('items', `must add up to at most ${MAX_LEVEL} class levels`);
  const attributes = system.object('attributes');
  const hp = attributes.object('hp');
  const maxHp = hp.int('max', 1, 1000, defaultMaxHp(level, main.hitDie, abilities.con));
  const skillFields = system.object('skills');
  const skillsAt = (value: number): Skill[] =>
    Object.entries(FOUNDRY_SKILLS)
      .filter(([key]) => skillFields.has(key) && skillFields.object(key).int('value', 0, 2, 0) === value)
      .map(([, skill]) => skill);
  const init = attributes.has('init') ? attributes.object('init').int('bonus', -10, 30, 0) : 0;
  const walk = attributes.has('movement') ? attributes.object('movement').int('walk', 0, 500, 30) : 30;
  const sheet = checkedSheet({
    name: json.text('name'),
    level,
    abilities,
    maxHp,
    armourClass: foundryAc(attributes.object('ac'), items, abilities),
    hitDie: main.hitDie,
    saves: ABILITIES.filter((a) => abilityFields.object(a).int('proficient', 0, 1, 0) === 1),
    skills: skillsAt(1),
    expertise: skillsAt(2),
    initBonus: init === 0 ? null : abilityModifier(abilities.dex) + init,
    speed: walk,
  });
  const state: CharacterState = {
    hp: hp.int('value', 0, maxHp, maxHp),
    tempHp: hp.int('temp', 0, 1000, 0),
    hitDiceLeft: Math.max(0, level - classes.reduce((sum, c) => sum + c.spent, 0)),
    tracks: { exhaustion: attributes.int('exhaustion', 0, 6, 0), fatigue: 0, strife: 0 },
    conditions: [],
    dead: false,
  };
  // Foundry keeps exhaustion beside the HP, in `system.attributes`.
  return { sheet, state: checkedState(rules, sheet, state, { hp: `${hp.path}.value`, tracks: attributes.path }) };
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
  const json = new Fields(parsed, '');
  if (json.has('format')) {
    if (json.text('format') !== ROLLCALL_FORMAT) bad('format', `must be "${ROLLCALL_FORMAT}"`);
    return fromRollcall(json, rules);
  }
  if (json.has('system')) return fromFoundry(json, rules);
  throw new UserError(`This JSON is neither a Rollcall character (\`format: "${ROLLCALL_FORMAT}"\`) nor a Foundry VTT actor (\`system\`).`);
}
