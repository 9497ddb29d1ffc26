import fs from 'node:fs';
import path from 'node:path';

/** The open5e fixture shape every file of `../shared/srd` has: `[{ model, pk, fields }]`. */
interface Row<F> {
  pk: string | number;
  fields: F;
}

export interface CreatureFields {
  name: string;
  size: string;
  type: string;
  alignment: string;
  armor_class: number;
  armor_detail: string;
  hit_points: number;
  hit_dice: string;
  walk: number | null;
  burrow: number | null;
  climb: number | null;
  fly: number | null;
  swim: number | null;
  hover: boolean;
  [ability: `ability_score_${string}`]: number;
  [save: `saving_throw_${string}`]: number | null;
  [skill: `skill_bonus_${string}`]: number | null;
  damage_resistances_display: string;
  damage_immunities_display: string;
  damage_vulnerabilities_display: string;
  condition_immunities: string[];
  blindsight_range: number | null;
  darkvision_range: number | null;
  tremorsense_range: number | null;
  truesight_range: number | null;
  passive_perception: number;
  languages_desc: string;
  challenge_rating: string;
  experience_points_integer: number | null;
  initiative_bonus: number | null;
}

export interface ActionFields {
  parent: string;
  name: string;
  desc: string;
  action_type: 'ACTION' | 'BONUS_ACTION' | 'REACTION' | 'LEGENDARY_ACTION';
  uses_type: 'RECHARGE_ON_ROLL' | 'RECHARGE' | 'PER_DAY' | null;
  uses_param: number | null;
  order_in_statblock: number;
  limited_to_form: string | null;
  legendary_action_cost: number | null;
}

export interface AttackFields {
  parent: string;
  to_hit_mod: number | null;
  reach: number | null;
  range: number | null;
  long_range: number | null;
  damage_die_count: number | null;
  damage_die_type: string | null;
  damage_bonus: number | null;
  damage_type: string | null;
  extra_damage_die_count: number | null;
  extra_damage_die_type: string | null;
  extra_damage_bonus: number | null;
  extra_damage_type: string | null;
}

export interface TraitFields {
  parent: string;
  name: string;
  desc: string;
}

export interface SpellFields {
  name: string;
  desc: string;
  level: number;
  school: string;
  higher_level: string;
  range_text: string;
  range: number | null;
  range_unit: string | null;
  ritual: boolean;
  casting_time: string;
  verbal: boolean;
  somatic: boolean;
  material: boolean;
  target_count: number;
  saving_throw_ability: string;
  attack_roll: boolean;
  damage_roll: string;
  damage_types: string[];
  duration: string;
  shape_type: string | null;
  shape_size: number | null;
  concentration: boolean;
  classes: string[];
}

export interface CastingOptionFields {
  parent: string;
  type: string;
  damage_roll: string | null;
  target_count: number | null;
}

export type Keyed<F> = F & { key: string };

/** One book's files, each row's fields with its key. */
export interface SrdBook {
  creatures: Keyed<CreatureFields>[];
  actions: Keyed<ActionFields>[];
  attacks: Keyed<AttackFields>[];
  traits: Keyed<TraitFields>[];
  spells: Keyed<SpellFields>[];
  castingOptions: Keyed<CastingOptionFields>[];
}

function rows<F>(folder: string, file: string): Keyed<F>[] {
  const parsed = JSON.parse(fs.readFileSync(path.join(folder, `${file}.json`), 'utf8')) as Row<F>[];
  return parsed.map((row) => ({ ...row.fields, key: String(row.pk) }));
}

export function readSrdBook(folder: string): SrdBook {
  return {
    creatures: rows<CreatureFields>(folder, 'Creature'),
    actions: rows<ActionFields>(folder, 'CreatureAction'),
    attacks: rows<AttackFields>(folder, 'CreatureActionAttack'),
    traits: rows<TraitFields>(folder, 'CreatureTrait'),
    spells: rows<SpellFields>(folder, 'Spell'),
    castingOptions: rows<CastingOptionFields>(folder, 'SpellCastingOption'),
  };
}
