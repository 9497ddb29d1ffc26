import type { Skill } from '../rules/skills';
import type { Ability, ConditionKey, DamageType } from '../rules/types';

// ---------------------------------------------------------------------------------------------
// Actions as data: what an attack, a breath weapon and a spell are made of. One shape for all
// three, so that one change can run any of them on one target or many.
// ---------------------------------------------------------------------------------------------

/** Dice as a stat block writes them, without spaces: `17d6`, `1d10+8`, `2d4-1`, or a flat `5`. */
export type Dice = string;

/** One typed part of the damage: `1d10+8 slashing` plus `2d4 fire` is two parts. */
export interface DamagePart {
  dice: Dice;
  type: DamageType;
  /** The caster adds its spellcasting ability modifier (Spiritual Weapon). */
  plusModifier?: true;
  /** Types the caster may deal instead (Spirit Guardians: necrotic for an evil caster). */
  or?: readonly DamageType[];
}

/** Hit points healed or granted as temporary hit points. */
export interface Amount {
  dice: Dice;
  /** The caster adds its spellcasting ability modifier (Cure Wounds). */
  plusModifier?: true;
}

export type AttackKind = 'melee' | 'ranged' | 'melee-or-ranged';

/** An attack roll against each target's AC. */
export interface AttackRoll {
  kind: AttackKind;
  /** The block's own bonus; absent: the caster's spell attack bonus. */
  bonus?: number;
  /** Melee reach in feet. */
  reach?: number;
  /** Normal and long range in feet. */
  range?: number;
  longRange?: number;
}

/** A saving throw each target makes. */
export interface SavingThrow {
  ability: Ability;
  /** The block's own DC; absent: the caster's spell save DC. */
  dc?: number;
  /** What a success still takes: half the damage, or (absent) nothing. */
  onSuccess?: 'half';
}

export const SIZES = ['tiny', 'small', 'medium', 'large', 'huge', 'gargantuan'] as const;
export type Size = (typeof SIZES)[number];

/** How long a condition lasts once it lands. */
export type EffectDuration =
  | { kind: 'rounds' | 'minutes' | 'hours'; count: number }
  /** Until the start or end of the next turn of the target or of the source ("until the end of its next turn"). */
  | { kind: 'turn'; whose: 'target' | 'source'; boundary: 'start' | 'end' }
  /** While the spell (or the source's concentration) lasts. */
  | { kind: 'spell' };

/** A condition of the rule set's catalogue that a hit or a failed save brings. */
export interface ConditionEffect {
  condition: ConditionKey;
  /** Absent: until something ends it (a repeat save, an escape, the game master). */
  duration?: EffectDuration;
  /** The target repeats the save at the start or end of each of its turns, ending it on a success. */
  repeatSave?: 'start' | 'end';
  /** The conditions the caster may give instead, as a spell offers (Blindness/Deafness: Deafened); absent a choice, `condition`. */
  or?: readonly ConditionKey[];
  /** Options the caster may choose instead that give no condition of the catalogue, by the names the text gives them (the 2014 Eyebite's Sickened). */
  orOptions?: readonly string[];
  /** Grappled: the DC to escape. */
  escapeDc?: number;
  /** Only a target of this size or smaller gets it ("If the target is a Large or smaller creature"). */
  maxSize?: Size;
  /** Only a target whose hit points are at most `atMost`, and more than `above`, gets it (Power Word Stun: 150 or fewer; Divine Word's table). */
  hp?: { atMost: number; above?: number };
  /** The repeat save's ability where the effect asks for no save as it lands (Power Word Stun: Constitution); absent: the effect's save. */
  repeatAbility?: Ability;
}

export const AREA_SHAPES = ['cone', 'cube', 'cylinder', 'emanation', 'line', 'sphere'] as const;
export type AreaShape = (typeof AREA_SHAPES)[number];

/** The area an effect fills, in feet: a cone's length, a sphere's radius, a line's length and width. */
export interface Area {
  shape: AreaShape;
  size: number;
  width?: number;
}

/**
 * What one use of an action or spell does to each target: an attack roll or a saving throw (or
 * neither: it just happens), then damage, conditions, healing or temporary hit points.
 */
export interface Effect {
  attack?: AttackRoll;
  save?: SavingThrow;
  /** On a hit, on a failed save, or at once when there is no roll. */
  damage?: readonly DamagePart[];
  /** Half the damage on a miss (Acid Arrow). */
  onMiss?: 'half';
  /** On a hit, damage again as the start or end of the target's next turn comes (Acid Arrow: 2d4 acid at its end). */
  later?: { damage: readonly DamagePart[]; at: 'start' | 'end' };
  /** Creature types it does nothing to (the 2014 Heal: constructs and undead). */
  noEffectOn?: readonly string[];
  conditions?: readonly ConditionEffect[];
  healing?: Amount;
  tempHp?: Amount;
  /** A target with this many hit points or fewer dies outright (Power Word Kill: 100); the rest lands only on one with more. */
  killsAtOrBelow?: number;
  /**
   * What a target with more hit points than any `hp` of its conditions allows gets instead: an effect
   * of the source's name, with these words, for this long (the 2024 Power Word Stun: Speed 0 until the
   * start of the caster's next turn).
   */
  otherwise?: { note: string; duration: EffectDuration };
  /** Conditions it ends on each target (Heal: Blinded, Deafened, Poisoned). */
  ends?: readonly ConditionKey[];
  /** A further effect on a target that was hit ("If the target is a creature, it must succeed on a DC 11 Constitution save or …"). */
  then?: Effect;
  /** Hit or miss, a further effect on the attack's target and each creature around it (Ice Knife's shard explodes). */
  burst?: Effect;
  /**
   * How many creatures it can target, where the source says; for "any number" or "each creature of
   * your choice in range", as many as the largest fight holds.
   */
  targets?: number;
  /** Separate rolls of the same effect that may share a target: three darts, three rays. */
  instances?: number;
  area?: Area;
  /** The source's concentration keeps it up. */
  concentration?: true;
  /**
   * The source says more than these numbers (a push, a lowered hit point maximum, a rider with its
   * own conditions): the bot runs what is here and the game master does the rest.
   */
  partial?: true;
}

// ---------------------------------------------------------------------------------------------
// Monsters
// ---------------------------------------------------------------------------------------------

/** How often an action can be used: recharge on a d6 roll of `recharge` or more, or uses per day. */
export interface Uses {
  /** "Recharge 5–6" is 5: at the start of each of its turns, a d6 of 5 or 6 makes it available again. */
  recharge?: number;
  perDay?: number;
  /** "Recharge after a Short or Long Rest": once, then again after a rest. */
  perRest?: true;
}

/** One step of a multiattack: `count` attacks with one of `actions` (several: any of them). */
export interface MultiattackStep {
  actions: readonly string[];
  count: number;
}

export interface Multiattack {
  steps: readonly MultiattackStep[];
  /** "It can replace one attack with a use of Spellcasting": may replace `count` of the attacks with one of these. */
  replace?: { count: number; actions: readonly string[] };
}

/** A spell an action casts, at a higher level than its own where the block says so ("Fireball (level 5 version)"). */
export interface SpellRef {
  name: string;
  level?: number;
}

export interface MonsterAction extends Effect, Uses {
  name: string;
  /** A legendary action's cost in legendary action uses (1 when absent). */
  cost?: number;
  /** The action exists in one form only ("Vampire Form Only"). */
  form?: string;
  multiattack?: Multiattack;
  /** The action makes another of the block's actions ("The dragon makes one Rend attack"): run that one, `count` times. */
  runs?: { action: string; count: number };
  /** The action casts one of these spells, with the numbers of the block's spellcasting entry of its own name, else its first. */
  casts?: readonly SpellRef[];
  /** The action is a spell list: casting one of them is this action (the block's spellcasting entry of the same name). */
  spellcasting?: true;
  /** "It can't take this action again until the start of its next turn." */
  oncePerTurn?: true;
  /** The action is one of several alternatives, each with its own effect ("uses one of the following breath weapons"). */
  options?: readonly (Effect & { name: string })[];
  /** The bot cannot run this action: it only names it ("not automated"). */
  manual?: true;
  /** A homebrew monster's own words for the action; the SRD's prose is never copied here. */
  note?: string;
}

export interface Trait extends Uses {
  name: string;
  /** Legendary Resistance "(3/Day, or 4/Day in Lair)": the uses in the creature's lair. */
  perDayInLair?: number;
  note?: string;
}

/** Spells the creature casts and how often: at will, N per day each, or slots by spell level. */
export interface Spellcasting {
  /** The action or trait that says so ("Spellcasting", "Innate Spellcasting"). */
  name: string;
  ability: Ability;
  dc?: number;
  attackBonus?: number;
  /** 5.1: "a 9th-level spellcaster". */
  casterLevel?: number;
  atWill?: readonly SpellRef[];
  perDay?: readonly { uses: number; spells: readonly SpellRef[] }[];
  /** Spell slots by spell level (5.1 spellcasters). */
  slots?: readonly { level: number; slots: number; spells: readonly SpellRef[] }[];
}

export interface Speed {
  walk: number;
  burrow?: number;
  climb?: number;
  fly?: number;
  swim?: number;
  hover?: true;
}

export interface Senses {
  passivePerception: number;
  blindsight?: number;
  darkvision?: number;
  tremorsense?: number;
  truesight?: number;
}

/** A defence that holds only against some attacks (5.1: "from nonmagical attacks not made with silvered weapons"). */
export interface QualifiedDefence {
  kind: 'resistance' | 'immunity' | 'vulnerability';
  types: readonly DamageType[];
  /** Which damage: from nonmagical attacks (not made with silvered or adamantine weapons), from magic weapons wielded by good creatures, from spells. */
  against: 'nonmagical' | 'nonmagical-unsilvered' | 'nonmagical-not-adamantine' | 'magic-weapons-of-good' | 'spells';
}

export type ConditionImmunity = ConditionKey | 'exhaustion';

export interface Monster {
  name: string;
  size: Size;
  /** The creature type ("dragon", "humanoid"). */
  type: string;
  alignment?: string;
  ac: number;
  /** What the AC comes from ("natural armor", "leather armor, shield"). */
  armor?: string;
  hp: number;
  hitDice: Dice;
  speed: Speed;
  abilities: Readonly<Record<Ability, number>>;
  /** Saving throw bonuses that differ from the ability modifier. */
  saves?: Readonly<Partial<Record<Ability, number>>>;
  skills?: Readonly<Partial<Record<Skill, number>>>;
  resistances?: readonly DamageType[];
  immunities?: readonly DamageType[];
  vulnerabilities?: readonly DamageType[];
  qualifiedDefences?: readonly QualifiedDefence[];
  conditionImmunities?: readonly ConditionImmunity[];
  senses: Senses;
  languages?: string;
  /** Challenge rating as written: "0", "1/8", "1/4", "1/2", "1" to "30". */
  cr: string;
  xp: number;
  proficiencyBonus: number;
  initiative: number;
  traits?: readonly Trait[];
  actions?: readonly MonsterAction[];
  bonusActions?: readonly MonsterAction[];
  reactions?: readonly MonsterAction[];
  legendary?: { perRound: number; actions: readonly MonsterAction[] };
  spellcasting?: readonly Spellcasting[];
}

// ---------------------------------------------------------------------------------------------
// Spells
// ---------------------------------------------------------------------------------------------

export const SPELL_SCHOOLS = [
  'abjuration',
  'conjuration',
  'divination',
  'enchantment',
  'evocation',
  'illusion',
  'necromancy',
  'transmutation',
] as const;
export type SpellSchool = (typeof SPELL_SCHOOLS)[number];

/** What a spell gains for each slot level above its own (or, for a cantrip, at character levels 5, 11 and 17). */
export interface Scaling {
  damage?: readonly DamagePart[];
  /** What it adds to the damage a hit or failed save deals later ("the damage (both initial and later) increases"). */
  laterDamage?: readonly DamagePart[];
  /** What it adds to its ongoing damage where that differs from `damage` (Wall of Ice: 1d6 to the frigid air's, 2d6 to the wall's). */
  ongoingDamage?: readonly DamagePart[];
  healing?: Dice;
  tempHp?: Dice;
  targets?: number;
  instances?: number;
  /** Only every Nth slot level counts ("for every two slot levels above 2nd"). */
  every?: number;
}

export type SpellRange = number | 'self' | 'touch' | 'sight' | 'unlimited' | 'special';

export type SpellDuration =
  | 'instantaneous'
  | 'until dispelled'
  | 'until dispelled or triggered'
  | 'special'
  | { count: number; unit: 'round' | 'minute' | 'hour' | 'day' };

/**
 * What a spell deals after its cast, each time its trigger comes (a creature entering its area or
 * ending its turn there, moving 5 feet through it, the start of the target's turns): rolled on the
 * targets the table names, as often as the trigger comes. Scales with the slot as the spell's damage does.
 */
export interface Ongoing {
  save?: SavingThrow;
  damage: readonly DamagePart[];
  conditions?: readonly ConditionEffect[];
}

export interface Spell extends Effect {
  name: string;
  /** 0 for a cantrip. */
  level: number;
  school: SpellSchool;
  /** "action", "bonus action", "reaction", "1 minute", "10 minutes", "1 hour", … */
  castingTime: string;
  ritual?: true;
  /** Feet, or a word. */
  range: SpellRange;
  components: string;
  duration: SpellDuration;
  classes?: readonly string[];
  perSlot?: Scaling;
  /** Cantrips: what each of the character levels 5, 11 and 17 adds. */
  perTier?: Scaling;
  /** What it deals later, on its trigger, rather than as it is cast (Spirit Guardians, Moonbeam, Spike Growth). */
  ongoing?: Ongoing;
  /** The bot only announces this spell: nothing of it is rolled or applied. */
  manual?: true;
}
