import { EFFECT_KINDS, type Combatant, type EffectKind, type Encounter, type EncounterEffect } from '../combat/types';
import { isRuleSetId, type RuleSetId } from '../rules/ids';
import type { ConditionKey, DamageType, HitDicePool, RollMode, TrackKey } from '../rules/types';

/*
 * Rows of the encounter tables as JSON objects keyed by column name, in both directions: the store
 * writes changed rows through jsonb_populate_recordset and reads them back through json_agg, so one
 * statement carries them.
 */

/** Every combatants column but encounter_id: the keys of a combatant row. */
export const COMBATANT_COLUMNS = [
  'id',
  'sort_order',
  'name',
  'controller_id',
  'is_player_character',
  'important',
  'hidden',
  'hp_known',
  'hp',
  'max_hp',
  'hp_max_reduction',
  'temp_hp',
  'armour_class',
  'con_save_bonus',
  'con_score',
  'level',
  'group_id',
  'initiative',
  'init_mod',
  'init_mode',
  'init_rolls',
  'init_given',
  'init_tiebreak',
  'resistances',
  'immunities',
  'vulnerabilities',
  'damage_threshold',
  'conditions',
  'tracks',
  'pending_fatigue',
  'hit_dice',
  'heroic_inspiration',
  'death_successes',
  'death_failures',
  'stable',
  'dead',
  'death_save_pending',
  'pending_concentration_dcs',
] as const;

/** Every encounter_effects column but encounter_id. */
export const EFFECT_COLUMNS = [
  'id',
  'kind',
  'name',
  'source_id',
  'target_id',
  'started_round',
  'expiry_round',
  'expiry_combatant_id',
  'expiry_boundary',
  'concentration_id',
] as const;

type ColumnValue = string | number | boolean | null | readonly unknown[] | Readonly<Record<string, unknown>>;
type RowOf<Columns extends readonly string[]> = { [K in Columns[number]]: ColumnValue };

export type CombatantRow = RowOf<typeof COMBATANT_COLUMNS>;
export type EffectRow = RowOf<typeof EFFECT_COLUMNS>;

export function combatantRow(combatant: Combatant, sortOrder: number): CombatantRow {
  const { rules, initiative } = combatant;
  return {
    id: combatant.id,
    sort_order: sortOrder,
    name: combatant.name,
    controller_id: combatant.controllerId,
    is_player_character: rules.isPlayerCharacter,
    important: rules.important,
    hidden: combatant.hidden,
    hp_known: combatant.hpKnown,
    hp: rules.hp,
    max_hp: rules.maxHp,
    hp_max_reduction: rules.hpMaxReduction,
    temp_hp: rules.tempHp,
    armour_class: combatant.armourClass,
    con_save_bonus: rules.conSaveBonus,
    con_score: rules.conScore,
    level: rules.level,
    group_id: combatant.groupId,
    initiative: initiative.total,
    init_mod: initiative.modifier,
    init_mode: initiative.mode,
    init_rolls: initiative.rolls,
    init_given: initiative.given,
    init_tiebreak: initiative.tiebreak,
    resistances: rules.resistances,
    immunities: rules.immunities,
    vulnerabilities: rules.vulnerabilities,
    damage_threshold: rules.damageThreshold,
    conditions: rules.conditions,
    tracks: rules.tracks,
    pending_fatigue: rules.pendingFatigue,
    hit_dice: rules.hitDice,
    heroic_inspiration: rules.heroicInspiration,
    death_successes: rules.deathSaves.successes,
    death_failures: rules.deathSaves.failures,
    stable: rules.stable,
    dead: rules.dead,
    death_save_pending: combatant.deathSavePending,
    pending_concentration_dcs: combatant.pendingConcentrationDcs,
  };
}

export function effectRow(effect: EncounterEffect): EffectRow {
  return {
    id: effect.id,
    kind: effect.kind,
    name: effect.name,
    source_id: effect.sourceId,
    target_id: effect.targetId,
    started_round: effect.startedRound,
    expiry_round: effect.expiry?.round ?? null,
    expiry_combatant_id: effect.expiry?.combatantId ?? null,
    expiry_boundary: effect.expiry?.boundary ?? null,
    concentration_id: effect.concentrationId,
  };
}

/** A row as json_agg gives it back: the database's own values, trusted to match the columns. */
type JsonRow = Record<string, unknown>;

function text(row: JsonRow, key: string): string {
  return String(row[key]);
}

function textOrNull(row: JsonRow, key: string): string | null {
  const value = row[key];
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string') throw new Error(`column ${key} holds a ${typeof value}, not text`);
  return value;
}

function int(row: JsonRow, key: string): number {
  return Number(row[key]);
}

function intOrNull(row: JsonRow, key: string): number | null {
  const value = row[key];
  return value === null || value === undefined ? null : Number(value);
}

function bool(row: JsonRow, key: string): boolean {
  return row[key] === true;
}

function ints(row: JsonRow, key: string): number[] {
  const value = row[key];
  return Array.isArray(value) ? value.map(Number) : [];
}

function texts<T extends string>(row: JsonRow, key: string): T[] {
  const value = row[key];
  // The columns only ever receive the rules engine's own keys, written by combatantRow.
  return Array.isArray(value) ? (value.map(String) as T[]) : [];
}

function rollMode(value: string): RollMode {
  return value === 'advantage' || value === 'disadvantage' ? value : 'normal';
}

export function combatantFromRow(row: JsonRow, concentration: string | null): Combatant {
  return {
    id: text(row, 'id'),
    name: text(row, 'name'),
    controllerId: textOrNull(row, 'controller_id'),
    hidden: bool(row, 'hidden'),
    hpKnown: bool(row, 'hp_known'),
    armourClass: intOrNull(row, 'armour_class'),
    groupId: textOrNull(row, 'group_id'),
    initiative: {
      total: int(row, 'initiative'),
      modifier: int(row, 'init_mod'),
      mode: rollMode(text(row, 'init_mode')),
      rolls: ints(row, 'init_rolls'),
      given: bool(row, 'init_given'),
      tiebreak: ints(row, 'init_tiebreak'),
    },
    deathSavePending: bool(row, 'death_save_pending'),
    pendingConcentrationDcs: ints(row, 'pending_concentration_dcs'),
    rules: {
      hp: int(row, 'hp'),
      maxHp: int(row, 'max_hp'),
      hpMaxReduction: int(row, 'hp_max_reduction'),
      tempHp: int(row, 'temp_hp'),
      isPlayerCharacter: bool(row, 'is_player_character'),
      important: bool(row, 'important'),
      dead: bool(row, 'dead'),
      stable: bool(row, 'stable'),
      deathSaves: { successes: int(row, 'death_successes'), failures: int(row, 'death_failures') },
      level: int(row, 'level'),
      conScore: int(row, 'con_score'),
      conSaveBonus: int(row, 'con_save_bonus'),
      resistances: texts<DamageType>(row, 'resistances'),
      immunities: texts<DamageType>(row, 'immunities'),
      vulnerabilities: texts<DamageType>(row, 'vulnerabilities'),
      damageThreshold: int(row, 'damage_threshold'),
      conditions: texts<ConditionKey>(row, 'conditions'),
      // Written by combatantRow from the rules state's own shapes.
      tracks: row.tracks as Record<TrackKey, number>,
      pendingFatigue: int(row, 'pending_fatigue'),
      hitDice: row.hit_dice as HitDicePool[],
      heroicInspiration: bool(row, 'heroic_inspiration'),
      concentration,
    },
  };
}

function effectKind(value: string): EffectKind {
  const kind = EFFECT_KINDS.find((k) => k === value);
  if (kind === undefined) throw new Error(`unknown effect kind in the database: ${value}`);
  return kind;
}

export function effectFromRow(row: JsonRow): EncounterEffect {
  const expiryRound = intOrNull(row, 'expiry_round');
  const expiryCombatantId = textOrNull(row, 'expiry_combatant_id');
  const boundary = textOrNull(row, 'expiry_boundary');
  return {
    id: text(row, 'id'),
    kind: effectKind(text(row, 'kind')),
    name: text(row, 'name'),
    sourceId: textOrNull(row, 'source_id'),
    targetId: textOrNull(row, 'target_id'),
    startedRound: int(row, 'started_round'),
    expiry:
      expiryRound === null || expiryCombatantId === null
        ? null
        : { round: expiryRound, combatantId: expiryCombatantId, boundary: boundary === 'end' ? 'end' : 'start' },
    concentrationId: textOrNull(row, 'concentration_id'),
  };
}

function ruleSetOf(value: string): RuleSetId {
  if (!isRuleSetId(value)) throw new Error(`unknown rule set in the database: ${value}`);
  return value;
}

/** The encounter row (its own columns) with its combatant and effect rows. */
export function encounterFromRows(row: JsonRow, combatantRows: readonly JsonRow[], effectRows: readonly JsonRow[]): Encounter {
  const effects = effectRows.map(effectFromRow);
  const concentrationOf = (id: string): string | null => effects.find((e) => e.kind === 'concentration' && e.sourceId === id)?.name ?? null;
  const endedAt = textOrNull(row, 'ended_at');
  return {
    id: text(row, 'id'),
    guildId: text(row, 'guild_id'),
    channelId: text(row, 'channel_id'),
    name: text(row, 'name'),
    gameMasterId: text(row, 'game_master_id'),
    gameMasterName: text(row, 'game_master_name'),
    ruleSet: ruleSetOf(text(row, 'ruleset')),
    round: int(row, 'round'),
    currentId: textOrNull(row, 'current_id'),
    options: { autoDeathSaves: bool(row, 'auto_death_saves'), autoConcentrationSaves: bool(row, 'auto_concentration_saves') },
    trackerMessageId: textOrNull(row, 'tracker_message_id'),
    version: int(row, 'version'),
    nextSeq: int(row, 'next_seq'),
    createdAt: new Date(text(row, 'created_at')),
    endedAt: endedAt === null ? null : new Date(endedAt),
    combatants: combatantRows.map((c) => combatantFromRow(c, concentrationOf(text(c, 'id')))),
    effects,
  };
}
