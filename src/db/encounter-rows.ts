import {
  EFFECT_KINDS,
  type Combatant,
  type EffectKind,
  type Encounter,
  type EncounterEffect,
  type LeftPlace,
  type MonsterLink,
  type SpellSlots,
  type RepeatSave,
  type SaveBonuses,
  type TurnActions,
} from '../combat/types';
import { isRuleSetId, type RuleSetId } from '../rules/ids';
import { modifiersText, parseModifiers } from '../rules/modifiers';
import {
  ABILITIES,
  isDamageType,
  type ConditionKey,
  type CustomModifier,
  type DamageType,
  type HitDicePool,
  type RollMode,
  type TrackKey,
} from '../rules/types';
import type { Prisma } from './generated/client';
import { columnReader, everyColumnOf, type RowOf, type StoredRow } from './table-rows';

/*
 * Rows of the encounter tables as JSON objects keyed by column name, in both directions: the store
 * writes changed rows through jsonb_populate_recordset and reads them back through json_agg, so one
 * statement carries them. jsonb_populate_recordset drops a key that names no column and leaves a
 * column with no key NULL, without a word: the row types come from Prisma's models, so the compiler
 * catches either in the row code, and the encounter column tests compare the lists below with the
 * migrated tables.
 */

/** The combatants table's columns but encounter_id (the parent's key, which the store adds). */
export type CombatantRow = RowOf<Omit<Prisma.CombatantModel, 'encounterId'>>;
/** The encounter_effects table's columns but encounter_id. */
export type EffectRow = RowOf<Omit<Prisma.EncounterEffectModel, 'encounterId'>>;
export type EncounterRow = RowOf<Prisma.EncounterModel>;

/**
 * Every combatants column but encounter_id, with its SQL type: the keys of a combatant row, which an
 * update assigns, each read from the save's JSON as its type (jsonb_to_recordset must be told them).
 */
export const COMBATANT_COLUMN_TYPES: { readonly [Column in keyof CombatantRow]: string } = {
  id: 'text',
  sort_order: 'integer',
  name: 'text',
  controller_id: 'text',
  is_player_character: 'boolean',
  important: 'boolean',
  hidden: 'boolean',
  hp_known: 'boolean',
  hp: 'integer',
  max_hp: 'integer',
  hp_max_reduction: 'integer',
  temp_hp: 'integer',
  armour_class: 'integer',
  con_save_bonus: 'integer',
  con_score: 'integer',
  level: 'integer',
  group_id: 'text',
  initiative: 'integer',
  init_mod: 'integer',
  init_mode: 'text',
  init_rolls: 'integer[]',
  init_given: 'boolean',
  init_tiebreak: 'integer[]',
  resistances: 'text[]',
  immunities: 'text[]',
  vulnerabilities: 'text[]',
  damage_threshold: 'integer',
  conditions: 'text[]',
  tracks: 'jsonb',
  pending_fatigue: 'integer',
  hit_dice: 'jsonb',
  heroic_inspiration: 'boolean',
  death_successes: 'integer',
  death_failures: 'integer',
  stable: 'boolean',
  dead: 'boolean',
  death_save_pending: 'boolean',
  death_announced: 'boolean',
  pending_concentration_dcs: 'integer[]',
  character_id: 'uuid',
  save_bonuses: 'jsonb',
  legendary_max: 'integer',
  legendary_left: 'integer',
  lair_round: 'integer',
  lair_acting: 'boolean',
  reaction_used: 'boolean',
  reaction_note: 'text',
  readied: 'text',
  lapsed_ready: 'text',
  delayed: 'boolean',
  surprised: 'boolean',
  lost_turn_round: 'integer',
  started_round: 'integer',
  held_place: 'integer',
  held_rank: 'integer',
  held_round: 'integer',
  left_place: 'jsonb',
  monster: 'jsonb',
  spell_slots: 'jsonb',
};

export const COMBATANT_COLUMNS = Object.keys(COMBATANT_COLUMN_TYPES) as readonly (keyof CombatantRow)[];

/** Every encounter_effects column but encounter_id. */
export const EFFECT_COLUMNS = everyColumnOf<EffectRow>()([
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
  'applied_by',
  'note',
  'save_ability',
  'save_dc',
  'modifiers',
  'shown_to_players',
  'save_pending',
  'spell_level',
  'damage_type',
] as const);

/**
 * The encounter's own columns as it begins; `active_channel_id` holds the channel while the
 * encounter runs, and `turn_started_at` is when the fight began until a save moves the turn.
 */
export function encounterRow(encounter: Encounter): EncounterRow {
  return {
    id: encounter.id,
    guild_id: encounter.guildId,
    channel_id: encounter.channelId,
    active_channel_id: encounter.endedAt === null ? encounter.channelId : null,
    name: encounter.name,
    game_master_id: encounter.gameMasterId,
    game_master_name: encounter.gameMasterName,
    ruleset: encounter.ruleSet,
    round: encounter.round,
    current_id: encounter.currentId,
    auto_death_saves: encounter.options.autoDeathSaves,
    auto_concentration_saves: encounter.options.autoConcentrationSaves,
    monsters_die: encounter.options.monstersDie,
    tracker_message_id: encounter.trackerMessageId,
    version: encounter.version,
    next_seq: encounter.nextSeq,
    created_at: encounter.createdAt.toISOString(),
    ended_at: encounter.endedAt?.toISOString() ?? null,
    turn_started_at: encounter.createdAt.toISOString(),
  };
}

export function combatantRow(combatant: Combatant, sortOrder: number): CombatantRow {
  const { rules, initiative, actions } = combatant;
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
    death_announced: combatant.deathAnnounced,
    pending_concentration_dcs: combatant.pendingConcentrationDcs,
    character_id: combatant.characterId,
    save_bonuses: combatant.saveBonuses,
    legendary_max: actions.legendary?.max ?? null,
    legendary_left: actions.legendary?.left ?? 0,
    lair_round: actions.lair?.round ?? null,
    lair_acting: actions.lair?.acting ?? false,
    reaction_used: actions.reactionUsed,
    reaction_note: actions.reactionNote,
    readied: actions.readied,
    lapsed_ready: actions.lapsedReady,
    delayed: actions.delayed,
    surprised: actions.surprised,
    lost_turn_round: actions.lostTurnRound,
    started_round: actions.startedRound,
    held_place: actions.heldPlace,
    held_rank: actions.heldRank,
    held_round: actions.heldRound,
    left_place: actions.leftPlace,
    monster: combatant.monster,
    spell_slots: combatant.spellSlots,
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
    applied_by: effect.appliedBy,
    note: effect.note,
    save_ability: effect.save?.ability ?? null,
    save_dc: effect.save?.dc ?? null,
    modifiers: modifiersText(effect.modifiers),
    shown_to_players: effect.shownToPlayers,
    save_pending: effect.savePending,
    spell_level: effect.spellLevel ?? null,
    damage_type: effect.damageType ?? null,
  };
}

function rollMode(value: string): RollMode {
  return value === 'advantage' || value === 'disadvantage' ? value : 'normal';
}

export function combatantFromRow(row: StoredRow<CombatantRow>, concentration: string | null): Combatant {
  const { text, textOrNull, int, intOrNull, bool, ints, texts, value } = columnReader(row);
  return {
    id: text('id'),
    name: text('name'),
    controllerId: textOrNull('controller_id'),
    hidden: bool('hidden'),
    hpKnown: bool('hp_known'),
    armourClass: intOrNull('armour_class'),
    groupId: textOrNull('group_id'),
    initiative: {
      total: int('initiative'),
      modifier: int('init_mod'),
      mode: rollMode(text('init_mode')),
      rolls: ints('init_rolls'),
      given: bool('init_given'),
      tiebreak: ints('init_tiebreak'),
    },
    deathSavePending: bool('death_save_pending'),
    deathAnnounced: bool('death_announced'),
    pendingConcentrationDcs: ints('pending_concentration_dcs'),
    rules: {
      hp: int('hp'),
      maxHp: int('max_hp'),
      hpMaxReduction: int('hp_max_reduction'),
      tempHp: int('temp_hp'),
      isPlayerCharacter: bool('is_player_character'),
      important: bool('important'),
      dead: bool('dead'),
      stable: bool('stable'),
      deathSaves: { successes: int('death_successes'), failures: int('death_failures') },
      level: int('level'),
      conScore: int('con_score'),
      conSaveBonus: int('con_save_bonus'),
      resistances: texts<DamageType>('resistances'),
      immunities: texts<DamageType>('immunities'),
      vulnerabilities: texts<DamageType>('vulnerabilities'),
      damageThreshold: int('damage_threshold'),
      conditions: texts<ConditionKey>('conditions'),
      // Written by combatantRow from the rules state's own shapes.
      tracks: value('tracks') as Record<TrackKey, number>,
      pendingFatigue: int('pending_fatigue'),
      hitDice: value('hit_dice') as HitDicePool[],
      heroicInspiration: bool('heroic_inspiration'),
      concentration,
    },
    characterId: textOrNull('character_id'),
    // Written by combatantRow from the combatant's own shape.
    saveBonuses: value('save_bonuses') as SaveBonuses,
    actions: turnActionsOf(row),
    // Written by combatantRow from the combatant's own shape.
    monster: value('monster') as MonsterLink | null,
    spellSlots: value('spell_slots') as SpellSlots | null,
  };
}

function turnActionsOf(row: StoredRow<CombatantRow>): TurnActions {
  const { value, textOrNull, int, intOrNull, bool } = columnReader(row);
  const legendaryMax = intOrNull('legendary_max');
  const lairRound = intOrNull('lair_round');
  return {
    legendary: legendaryMax === null ? null : { max: legendaryMax, left: int('legendary_left') },
    lair: lairRound === null ? null : { round: lairRound, acting: bool('lair_acting') },
    reactionUsed: bool('reaction_used'),
    reactionNote: textOrNull('reaction_note'),
    readied: textOrNull('readied'),
    lapsedReady: textOrNull('lapsed_ready'),
    delayed: bool('delayed'),
    surprised: bool('surprised'),
    lostTurnRound: int('lost_turn_round'),
    startedRound: int('started_round'),
    heldPlace: intOrNull('held_place'),
    heldRank: intOrNull('held_rank'),
    heldRound: intOrNull('held_round'),
    // Written by combatantRow from the turn actions' own shape.
    leftPlace: value('left_place') as LeftPlace | null,
  };
}

function effectKind(value: string): EffectKind {
  const kind = EFFECT_KINDS.find((k) => k === value);
  if (kind === undefined) throw new Error(`unknown effect kind in the database: ${value}`);
  return kind;
}

function storedDamageType(value: string | null): DamageType | null {
  if (value === null) return null;
  if (!isDamageType(value)) throw new Error(`unknown damage type in the database: ${value}`);
  return value;
}

export function effectFromRow(row: StoredRow<EffectRow>): EncounterEffect {
  const { text, textOrNull, int, intOrNull, bool } = columnReader(row);
  const expiryRound = intOrNull('expiry_round');
  const expiryCombatantId = textOrNull('expiry_combatant_id');
  const boundary = textOrNull('expiry_boundary');
  const spellLevel = intOrNull('spell_level');
  const damageType = storedDamageType(textOrNull('damage_type'));
  return {
    id: text('id'),
    kind: effectKind(text('kind')),
    name: text('name'),
    sourceId: textOrNull('source_id'),
    targetId: textOrNull('target_id'),
    startedRound: int('started_round'),
    expiry:
      expiryRound === null || expiryCombatantId === null
        ? null
        : { round: expiryRound, combatantId: expiryCombatantId, boundary: boundary === 'end' ? 'end' : 'start' },
    concentrationId: textOrNull('concentration_id'),
    appliedBy: textOrNull('applied_by'),
    note: textOrNull('note'),
    save: repeatSaveOf(textOrNull('save_ability'), intOrNull('save_dc')),
    modifiers: storedModifiers(text('modifiers')),
    shownToPlayers: bool('shown_to_players'),
    savePending: bool('save_pending'),
    ...(spellLevel === null ? {} : { spellLevel }),
    ...(damageType === null ? {} : { damageType }),
  };
}

/** The text was written by modifiersText, so it reads back; anything else is a damaged row. */
function storedModifiers(text: string): CustomModifier[] {
  if (text === '') return [];
  const parsed = parseModifiers(text);
  if (!parsed.ok) throw new Error(`unreadable effect modifiers in the database: ${JSON.stringify(parsed.reason)}`);
  return parsed.value;
}

function repeatSaveOf(ability: string | null, dc: number | null): RepeatSave | null {
  if (ability === null || dc === null) return null;
  const known = ABILITIES.find((a) => a === ability);
  if (known === undefined) throw new Error(`unknown save ability in the database: ${ability}`);
  return { ability: known, dc };
}

function ruleSetOf(value: string): RuleSetId {
  if (!isRuleSetId(value)) throw new Error(`unknown rule set in the database: ${value}`);
  return value;
}

/** What each combatant concentrates on: a load reads it from the concentration effects, not from the combatant's row. */
function concentrationsIn(effects: readonly EncounterEffect[]): (combatantId: string) => string | null {
  return (id) => effects.find((e) => e.kind === 'concentration' && e.sourceId === id)?.name ?? null;
}

/** The encounter row (its own columns) with its combatant and effect rows. */
export function encounterFromRows(
  row: StoredRow<EncounterRow>,
  combatantRows: readonly StoredRow<CombatantRow>[],
  effectRows: readonly StoredRow<EffectRow>[],
): Encounter {
  const { text, textOrNull, int, bool } = columnReader(row);
  const effects = effectRows.map(effectFromRow);
  const concentrationOf = concentrationsIn(effects);
  const endedAt = textOrNull('ended_at');
  return {
    id: text('id'),
    guildId: text('guild_id'),
    channelId: text('channel_id'),
    name: text('name'),
    gameMasterId: text('game_master_id'),
    gameMasterName: text('game_master_name'),
    ruleSet: ruleSetOf(text('ruleset')),
    round: int('round'),
    currentId: textOrNull('current_id'),
    options: {
      autoDeathSaves: bool('auto_death_saves'),
      autoConcentrationSaves: bool('auto_concentration_saves'),
      monstersDie: bool('monsters_die'),
    },
    trackerMessageId: textOrNull('tracker_message_id'),
    version: int('version'),
    nextSeq: int('next_seq'),
    createdAt: new Date(text('created_at')),
    endedAt: endedAt === null ? null : new Date(endedAt),
    combatants: combatantRows.map((c) => combatantFromRow(c, concentrationOf(columnReader(c).text('id')))),
    effects,
  };
}

/** What a save wrote, as the database rendered its rows: a notice of another process's save carries it. */
interface SavedRows {
  encounter: StoredRow<EncounterRow>;
  /** Added combatants, whole. */
  combatants: readonly StoredRow<CombatantRow>[];
  /** Changed combatants: their ids and the columns the save assigned. */
  changedCombatants: readonly StoredRow<CombatantRow>[];
  goneCombatants: readonly string[];
  effects: readonly StoredRow<EffectRow>[];
  goneEffects: readonly string[];
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isRecords = (value: unknown): value is Record<string, unknown>[] => Array.isArray(value) && value.every(isRecord);
const isTexts = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

function savedRows(value: unknown): SavedRows | null {
  if (!isRecord(value)) return null;
  const { encounter, combatants, changedCombatants, goneCombatants, effects, goneEffects } = value;
  if (
    !isRecord(encounter) ||
    !isRecords(combatants) ||
    !isRecords(changedCombatants) ||
    !isTexts(goneCombatants) ||
    !isRecords(effects) ||
    !isTexts(goneEffects)
  )
    return null;
  return { encounter, combatants, changedCombatants, goneCombatants, effects, goneEffects };
}

/** Ids in the order PostgreSQL sorts them (a letter and a number: the same in every collation). */
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * The encounter as a load would read it after a save that `rows` (a notice's) describes, given
 * `before`, the state the save replaced: what the save did not write is as it was, and what it wrote
 * is read from its rows as a load reads them. Null when `rows` are not a save's rows, or hold values
 * this version cannot read (another version of the bot wrote them): the caller reads instead.
 */
export function encounterAfterSave(before: Encounter, rows: unknown): Encounter | null {
  const saved = savedRows(rows);
  if (saved === null) return null;
  try {
    return laidOver(before, saved);
  } catch {
    return null;
  }
}

function laidOver(before: Encounter, saved: SavedRows): Encounter {
  const goneEffects = new Set(saved.goneEffects);
  const writtenEffects = new Map(saved.effects.map((row) => [columnReader(row).text('id'), effectFromRow(row)]));
  const effects = [
    ...before.effects.filter((effect) => !goneEffects.has(effect.id) && !writtenEffects.has(effect.id)),
    ...writtenEffects.values(),
  ].sort(byId);
  const concentrationOf = concentrationsIn(effects);
  const goneCombatants = new Set(saved.goneCombatants);
  const assigned = new Map(saved.changedCombatants.map((row) => [columnReader(row).text('id'), row]));
  // A combatant's sort order is its place in the list, and a save writes every one whose place changed.
  const kept = before.combatants.flatMap((combatant, sortOrder) => {
    if (goneCombatants.has(combatant.id)) return [];
    const columns = assigned.get(combatant.id);
    if (columns !== undefined) {
      // The row as it was, which the copy holds, with the columns the save assigned.
      const row: StoredRow<CombatantRow> = { ...combatantRow(combatant, sortOrder), ...columns };
      return [{ sortOrder: columnReader(row).int('sort_order'), combatant: combatantFromRow(row, concentrationOf(combatant.id)) }];
    }
    const concentration = concentrationOf(combatant.id);
    const current =
      combatant.rules.concentration === concentration ? combatant : { ...combatant, rules: { ...combatant.rules, concentration } };
    return [{ sortOrder, combatant: current }];
  });
  const added = saved.combatants.map((row) => ({
    sortOrder: columnReader(row).int('sort_order'),
    combatant: combatantFromRow(row, concentrationOf(columnReader(row).text('id'))),
  }));
  const combatants = [...kept, ...added].sort((a, b) => a.sortOrder - b.sortOrder);
  return { ...encounterFromRows(saved.encounter, [], []), combatants: combatants.map((placed) => placed.combatant), effects };
}
