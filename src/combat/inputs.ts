import type { ConditionKey, DamageType, HitDicePool, RollMode, TrackKey } from '../rules/types';
import type { EncounterOptions, MonsterLink, SaveBonuses, SpellSlots } from './types';

export interface BeginInput {
  name?: string;
  options?: Partial<EncounterOptions>;
}

/** Monsters and NPCs the game master adds. */
export interface AddInput {
  name: string;
  initMod?: number;
  /** A number for every one added, or dice (`2d6+3`) rolled for each within the dice limits. */
  hp?: number | string;
  ac?: number;
  /** `count:4` adds "Name 1" to "Name 4" sharing one initiative roll. */
  count?: number;
  hidden?: boolean;
  /** A given initiative total: no roll. */
  initiative?: number;
  mode?: RollMode;
  conSave?: number;
  /** Saving throw bonuses; `con` here wins over `conSave`. */
  saves?: SaveBonuses;
  /** For rules that read them (Next's death threshold, A5E's massive damage): level or Hit Dice, and the Constitution score. */
  level?: number;
  conScore?: number;
  resist?: DamageType[];
  immune?: DamageType[];
  vulnerable?: DamageType[];
  /** Legendary actions a round. */
  legendary?: number;
  /** Takes a lair turn at initiative count 20. */
  lair?: boolean;
  surprised?: boolean;
  /** The stat block it comes from, with what the core reads of it. */
  monster?: MonsterLink;
}

/** The caller's own combatant; the name defaults to the caller's display name. */
export interface JoinInput {
  name?: string;
  initMod?: number;
  hp?: number;
  ac?: number;
  conSave?: number;
  initiative?: number;
  mode?: RollMode;
  /** The stored character the player joins with; `hp` is then its maximum. */
  character?: CharacterEntry;
  surprised?: boolean;
}

/** What a stored character brings into a fight besides the numbers any combatant has, and takes back out. */
export interface CharacterEntry {
  characterId: string;
  hp: number;
  tempHp: number;
  level: number;
  conScore: number;
  saves: SaveBonuses;
  tracks: Record<TrackKey, number>;
  hitDice: HitDicePool[];
  conditions: ConditionKey[];
  dead: boolean;
  /** Its slots as the sheet has them; absent or null for one who casts nothing. */
  spellSlots?: SpellSlots | null;
}

/**
 * `target` is a combatant's name as the user typed or autocompleted it (case and spacing do not
 * matter; a unique prefix is enough) or its id.
 */
export interface TargetInput {
  target: string;
}

/** `amount` is a whole number or a dice expression ("2d6+3 [fire]"). */
export interface AmountInput extends TargetInput {
  amount: string;
}

export interface DamageInput extends AmountInput {
  /** Overrides the type an annotation in the expression gives. */
  type?: DamageType;
  critical?: boolean;
}

export interface TempHpInput extends AmountInput {
  /** Take the new amount even when it is smaller than the temporary HP already there. */
  replace?: boolean;
}

export interface ConcentrateInput extends TargetInput {
  effect: string;
}

export interface SetInitiativeInput extends TargetInput {
  value: number;
}
