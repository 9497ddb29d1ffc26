import { randomUUID } from 'node:crypto';
import type { LastChange } from '../combat/lifecycle';
import type { ChangeNote } from '../combat/notes';
import { createEncounterServiceWith, type EncounterService } from '../combat/service';
import {
  addedAndRemoved,
  deltaOf,
  hiddenHitPointChanges,
  loggedBefore,
  loggedSide,
  wholeSide,
  type LoggedBeforeSide,
  type LoggedSide,
  unchanged,
} from '../combat/delta';
import type { ChangeFn, EncounterStore, PreparedChange, SheetWrite, StoredTransition, UpdateOptions } from '../combat/store';
import { fightEntry, type FightEntry } from '../combat/recap';
import type { Actor, Encounter, EncounterEvent, EncounterLogEntry } from '../combat/types';
import type { RandomSource } from '../dice/random';
import { CombatRefusal } from '../combat/refusals';
import type { PrismaClient } from './generated/client';
import { EncounterCache, type Logged, type UndoableChange } from './encounter-cache';
import { sqlOf, type Sql, type SqlPool } from './raw-sql';
import type { HeardVersions } from './heard-versions';
import { KeyedQueue } from './encounter-queue';
import {
  COMBATANT_COLUMNS,
  COMBATANT_COLUMN_TYPES,
  EFFECT_COLUMNS,
  combatantRow,
  effectRow,
  encounterAfterSave,
  encounterFromRows,
  encounterRow,
  type CombatantRow,
  type EffectRow,
  type EncounterRow,
} from './encounter-rows';
import { effectiveRuleset } from './settings';
import { notifyChanged, notifyChangedIfHeard } from './live-notices';
import type { LiveNotice } from '../live/feed';
import type { StoredRow } from './table-rows';

/*
 * A process runs its own commands on one channel one after another (commands in different
 * channels run side by side), so they never race each other for the database. A command costs one
 * statement when this process saw the encounter's latest state (it keeps each active encounter it
 * saved or read), two otherwise: a SELECT that returns the encounter with its combatants and
 * effects, then the save. The save is one statement whose CTEs update the encounter only if its
 * version is still the one the command was computed from, update, insert and delete the combatants
 * and effects the command touched, and append the event: all or nothing. A version mismatch (another
 * process changed the encounter) writes nothing; one fresh load and save follow, and if processes
 * keep racing, the command queues on the encounter's row lock: BEGIN, SELECT … FOR UPDATE, the load,
 * the save, COMMIT. Locks are per encounter row, so encounters in different channels never wait on
 * each other. A read (`/init list`) is one statement too, and when the remembered copy is still
 * current it returns only that fact, so nothing is sent or parsed again. A changed combatant is sent
 * as its changed columns, and the log keeps of the change's after side only what undo and the log
 * read. Statements are prepared once per connection on PostgreSQL (see src/db/client.ts). The save (and
 * the begin) also tells other processes' live pages of the new version with pg_notify, inside the
 * same statement: no round trip of its own, and PostgreSQL delivers it only once the change commits.
 * Given an HTTP interaction's id to claim, it inserts that into processed_interactions too, whose key
 * fails a replay's save whole. What the caller works out from the change alone (its reply's words) is
 * done while the save is on its way.
 */

/** Active encounters this process remembers (a few kilobytes each). */
const CACHED_ENCOUNTERS = 1_000;
/** Queued behind other processes' commands on one row lock, a command may wait this long for its turn. */
const LOCKED_TRANSACTION_TIMEOUT_MS = 30_000;

/** `a = r.a, b = r.b, …` for every column but the key. */
function assignments(columns: readonly string[]): string {
  return columns
    .filter((name) => name !== 'id')
    .map((name) => `${name} = r.${name}`)
    .join(', ');
}

/**
 * An undo is logged like any change, but is never itself the change a later undo reverts: its
 * events say it undid something. Rows logged before events were kept are told by their label.
 */
const LEGACY_UNDO_LABEL = 'init undo';

/**
 * The channel's encounter with its combatants and effects; `$3`/`$4` name the id and version of a
 * copy the caller holds, and when they still match only that fact comes back, nothing to parse.
 */
const LOAD_SQL = `
SELECT known.unchanged,
  CASE WHEN NOT known.unchanged THEN row_to_json(e) END AS encounter,
  CASE WHEN NOT known.unchanged THEN
    (SELECT coalesce(json_agg(c ORDER BY c.sort_order), '[]'::json) FROM combatants c WHERE c.encounter_id = e.id)
  END AS combatants,
  CASE WHEN NOT known.unchanged THEN
    (SELECT coalesce(json_agg(f ORDER BY f.id), '[]'::json) FROM encounter_effects f WHERE f.encounter_id = e.id)
  END AS effects,
  CASE WHEN $2::boolean THEN (
    SELECT row_to_json(v) FROM (
      SELECT ev.id::text AS id, ev.actor_id, ev.actor_name, ev.command, ev.detail, ev.before, ev.after
      FROM encounter_events ev
      WHERE ev.encounter_id = e.id AND NOT ev.undone AND ev.before IS NOT NULL
        AND NOT ev.events::jsonb @> '[{"kind": "undone"}]' AND ev.command <> '${LEGACY_UNDO_LABEL}'
      ORDER BY ev.id DESC LIMIT 1
    ) v
  ) END AS last_change
FROM encounters e, LATERAL (SELECT (e.id = $3::uuid AND e.version = $4::int) IS TRUE AS unchanged) known
WHERE e.active_channel_id = $1`;

/** What a save recording an interaction already recorded fails with: a unique violation on its key. */
const CLAIM_CONFLICT = { code: '23505', constraint: 'processed_interactions_pkey' };

function isClaimConflict(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'code' in error &&
    error.code === CLAIM_CONFLICT.code &&
    'constraint' in error &&
    error.constraint === CLAIM_CONFLICT.constraint
  );
}

/** Queues behind whoever holds the encounter's row; a statement of its own, so the load after it sees their change. */
const LOCK_SQL = 'SELECT 1 FROM encounters WHERE active_channel_id = $1 FOR UPDATE';

/**
 * The save's input document, its third parameter. Every part reads the parameter itself: the cast
 * types it, so PostgreSQL parses the text once, at bind. Joined into each part as a one-row CTE
 * instead, it cost each save more plan set-up and scans: /cast's save alone took 8–10 µs longer at
 * p50 (3,000 and 5,000 of each, in turn on one connection), /hp damage's 5 µs.
 */
const SAVE_INPUT = '$3::jsonb';

/** Which parts a save needs: a command that touched no effects plans and sends none of theirs. */
interface SaveShape {
  removedCombatants: boolean;
  /** The columns sent for the changed combatants, in COMBATANT_COLUMNS' order (none: no combatant changed). */
  changedCombatants: readonly (keyof CombatantRow)[];
  newCombatants: boolean;
  removedEffects: boolean;
  changedEffects: boolean;
  newEffects: boolean;
  undoes: boolean;
  sheets: boolean;
  claim: boolean;
}

/** The shape of a write of the encounter's own row alone (the tracker message's id). */
const NOTHING_BUT_THE_ENCOUNTER: SaveShape = {
  removedCombatants: false,
  changedCombatants: [],
  newCombatants: false,
  removedEffects: false,
  changedEffects: false,
  newEffects: false,
  undoes: false,
  sheets: false,
  claim: false,
};

interface RowParts {
  removed: string;
  changed: string;
  added: string;
}

/** The delete, update and insert parts for one kind of row an encounter owns; `kind` names the CTEs and input keys. */
function rowParts(table: string, alias: string, columns: readonly string[], kind: 'Combatants' | 'Effects', rows: boolean): RowParts {
  const name = kind.toLowerCase();
  const returning = (what: string) => (rows ? `\n  RETURNING ${what}` : '');
  return {
    removed: `gone_${name} AS (
  DELETE FROM ${table} ${alias} USING enc
  WHERE ${alias}.encounter_id = enc.id AND ${alias}.id IN (SELECT jsonb_array_elements_text(${SAVE_INPUT}->'removed${kind}'))${returning(`${alias}.id`)}
)`,
    changed: `changed_${name} AS (
  UPDATE ${table} ${alias} SET ${assignments(columns)}
  FROM enc, jsonb_populate_recordset(NULL::${table}, ${SAVE_INPUT}->'changed${kind}') r
  WHERE ${alias}.encounter_id = enc.id AND ${alias}.id = r.id${returning(`${alias}.*`)}
)`,
    // The encounter's id comes from the row the save updated, so the rows go as combatantRow and
    // effectRow build them: adding it to each in JavaScript was a spread on V8's slow path (18 µs for a condition).
    added: `new_${name} AS (
  INSERT INTO ${table} (encounter_id, ${columns.join(', ')})
  SELECT enc.id, ${columns.map((column) => `r.${column}`).join(', ')}
  FROM enc, jsonb_populate_recordset(NULL::${table}, ${SAVE_INPUT}->'new${kind}') r${returning('*')}
)`,
  };
}

/**
 * The changed combatants are sent as their ids and the columns the change altered in any of them,
 * each read as its type: a hit sends and assigns hit points, not the whole combatant. (Merging the
 * sent columns over each stored row with jsonb_populate_record costs as much as the rest of the save.)
 */
function changedCombatantsPart(columns: readonly (keyof CombatantRow)[], rows: boolean): string {
  return `changed_combatants AS (
  UPDATE combatants c SET ${assignments(columns)}
  FROM enc, jsonb_to_recordset(${SAVE_INPUT}->'changedCombatants')
    AS r(${columns.map((name) => `${name} ${COMBATANT_COLUMN_TYPES[name]}`).join(', ')})
  WHERE c.encounter_id = enc.id AND c.id = r.id${rows ? `\n  RETURNING ${columns.map((name) => `c.${name}`).join(', ')}` : ''}
)`;
}

/** The parts that read the same with rows or without. */
const SAVE_PARTS_ALIKE = {
  undoes: `undone AS (
  UPDATE encounter_events ev SET undone = true FROM enc
  WHERE ev.encounter_id = enc.id AND ev.id = (${SAVE_INPUT}->>'undoes')::bigint
)`,
  // The id's primary key decides: of two saves recording one interaction, the second fails whole (CLAIM_CONFLICT).
  claim: `claimed AS (
  INSERT INTO processed_interactions (id) SELECT ${SAVE_INPUT}->>'claim' FROM enc
)`,
  // The sheet caps hp at its own maximum: a fight may end above it (a join's `hp:`, the sheet edited meanwhile).
  sheets: `sheets AS (
  UPDATE characters ch SET
    hp = LEAST(r.hp, ch.max_hp), temp_hp = r.temp_hp, hit_dice_left = r.hit_dice_left, exhaustion = r.exhaustion,
    fatigue = r.fatigue, strife = r.strife, conditions = r.conditions, dead = r.dead,
    slots_spent = COALESCE(r.slots_spent, ch.slots_spent), updated_at = (${SAVE_INPUT}->>'at')::timestamptz
  FROM enc, jsonb_populate_recordset(NULL::characters, ${SAVE_INPUT}->'sheets') r
  WHERE ch.id = r.id
)`,
} as const;

type SavePart = Exclude<keyof SaveShape, 'changedCombatants'>;

/**
 * Every part but the changed combatants', whose text depends on the columns they changed; with
 * `rows`, the parts that write rows return them, for the notice.
 */
function saveParts(rows: boolean): Readonly<Record<SavePart, string>> {
  const combatants = rowParts('combatants', 'c', COMBATANT_COLUMNS, 'Combatants', rows);
  const effects = rowParts('encounter_effects', 'f', EFFECT_COLUMNS, 'Effects', rows);
  return {
    removedCombatants: combatants.removed,
    newCombatants: combatants.added,
    removedEffects: effects.removed,
    changedEffects: effects.changed,
    newEffects: effects.added,
    ...SAVE_PARTS_ALIKE,
  };
}

/** The save's parts with their rows returned, for a process whose saves others hear (see saveSql), and without. */
const SAVE_PARTS = { withRows: saveParts(true), plain: saveParts(false) };

/** The encounter's update, returning its whole row when `rows` (the notice carries it). */
const saveHead = (rows: boolean) => `WITH enc AS (
  UPDATE encounters e SET
    round = (${SAVE_INPUT}->>'round')::int,
    current_id = ${SAVE_INPUT}->>'currentId',
    auto_death_saves = (${SAVE_INPUT}->>'autoDeathSaves')::boolean,
    auto_concentration_saves = (${SAVE_INPUT}->>'autoConcentrationSaves')::boolean,
    monsters_die = (${SAVE_INPUT}->>'monstersDie')::boolean,
    next_seq = (${SAVE_INPUT}->>'nextSeq')::int,
    ended_at = (${SAVE_INPUT}->>'endedAt')::timestamptz,
    active_channel_id = CASE WHEN ${SAVE_INPUT}->>'endedAt' IS NULL THEN e.active_channel_id END,
    turn_started_at = CASE
      WHEN e.current_id IS DISTINCT FROM ${SAVE_INPUT}->>'currentId' OR e.round <> (${SAVE_INPUT}->>'round')::int
      THEN (${SAVE_INPUT}->>'at')::timestamptz ELSE e.turn_started_at END,
    version = e.version + 1
  WHERE e.id = $1::uuid AND e.version = $2::int
  RETURNING ${rows ? 'e.*' : 'e.id, e.version, e.channel_id'}
)`;

/**
 * The rows a save of `shape` wrote, as JSON in the form a load reads them (row_to_json, json_agg):
 * the encounter's, its new combatants and its changed and new effects whole, its changed combatants
 * as the columns it assigned (a move in the order, its place alone), and the ids of what it removed.
 */
function savedRowsJson(shape: SaveShape): string {
  const rowsOf = (ctes: readonly (string | false)[]) => {
    const present = ctes.filter((cte): cte is string => cte !== false);
    if (present.length === 0) return "'[]'::json";
    return `(SELECT coalesce(json_agg(saved), '[]'::json) FROM (${present.map((cte) => `SELECT * FROM ${cte}`).join(' UNION ALL ')}) saved)`;
  };
  const idsOf = (cte: string, present: boolean) =>
    present ? `(SELECT coalesce(json_agg(gone.id), '[]'::json) FROM ${cte} gone)` : "'[]'::json";
  return `json_build_object('encounter', row_to_json(enc),
    'combatants', ${rowsOf([shape.newCombatants && 'new_combatants'])},
    'changedCombatants', ${rowsOf([shape.changedCombatants.length > 0 && 'changed_combatants'])},
    'goneCombatants', ${idsOf('gone_combatants', shape.removedCombatants)},
    'effects', ${rowsOf([shape.changedEffects && 'changed_effects', shape.newEffects && 'new_effects'])},
    'goneEffects', ${idsOf('gone_effects', shape.removedEffects)})`;
}

/** The log entry, and the notice to other processes, with the rows the save wrote when `rows`. */
function saveTail(shape: SaveShape, rows: boolean): string {
  return `logged AS (
  INSERT INTO encounter_events (encounter_id, actor_id, actor_name, command, detail, before, after, events, created_at)
  SELECT enc.id, ${SAVE_INPUT}->>'actorId', ${SAVE_INPUT}->>'actorName', ${SAVE_INPUT}->>'command', ${SAVE_INPUT}->>'detail',
    $4::json, $5::json, $6::json, (${SAVE_INPUT}->>'at')::timestamptz
  FROM enc
  RETURNING id
)
SELECT enc.version, (SELECT id::text FROM logged) AS logged_id
FROM enc ${notifyChangedIfHeard('enc', `coalesce(${SAVE_INPUT}->>'listener', '')`, rows ? savedRowsJson(shape) : undefined)}`;
}

/** One log entry as `FightRow` reads it. */
const ENTRY_JSON = `json_build_object(
      'at', ev.created_at, 'actor_id', ev.actor_id, 'actor_name', ev.actor_name, 'command', ev.command,
      'detail', ev.detail, 'undone', ev.undone, 'events', ev.events)`;

/**
 * The log read by the save itself, for a change that wants the whole fight back: the statement's
 * snapshot is from before its own entry, which the caller adds.
 */
const FIGHT_TAIL = `,
  (SELECT coalesce(json_agg(${ENTRY_JSON} ORDER BY ev.id), '[]'::json)
    FROM encounter_events ev WHERE ev.encounter_id = enc.id) AS entries`;

/**
 * Save statements kept built. The shapes come from what the steps change (a few dozen column sets
 * in all); past this many, a new shape's text is built for each save rather than kept.
 */
const MOST_SAVE_STATEMENTS = 500;
const saveStatements = new Map<string, string>();

/** The save statement for one shape, built once: the update, the parts it needs, the log entry (and the log). */
function saveSql(shape: SaveShape, withFight: boolean, rows: boolean): string {
  const partsOf = rows ? SAVE_PARTS.withRows : SAVE_PARTS.plain;
  const parts = (Object.keys(partsOf) as SavePart[]).filter((part) => shape[part]);
  const columns = shape.changedCombatants;
  const key = `${parts.join(',')};${columns.join(',')}${withFight ? '+fight' : ''}${rows ? '+rows' : ''}`;
  let sql = saveStatements.get(key);
  if (sql === undefined) {
    const tail = withFight ? saveTail(shape, rows).replace('AS logged_id', `AS logged_id${FIGHT_TAIL}`) : saveTail(shape, rows);
    const changed = columns.length === 0 ? [] : [changedCombatantsPart(columns, rows)];
    sql = [saveHead(rows), ...changed, ...parts.map((part) => partsOf[part]), tail].join(',\n');
    if (saveStatements.size < MOST_SAVE_STATEMENTS) saveStatements.set(key, sql);
  }
  return sql;
}

/** A new encounter and its first log entry; it reads its input document, `$1`, as the save reads SAVE_INPUT. */
const CREATE_SQL = `
WITH enc AS (
  INSERT INTO encounters SELECT r.* FROM jsonb_populate_record(NULL::encounters, $1::jsonb->'encounter') r
  ON CONFLICT (active_channel_id) DO NOTHING
  RETURNING id, channel_id, version
),
logged AS (
  INSERT INTO encounter_events (encounter_id, actor_id, actor_name, command, detail, before, after, events, created_at)
  SELECT enc.id, $1::jsonb->>'actorId', $1::jsonb->>'actorName', $1::jsonb->>'command', $1::jsonb->>'detail', NULL,
    $1::jsonb->'after', $1::jsonb->'events', ($1::jsonb->>'at')::timestamptz
  FROM enc
)
SELECT enc.id::text FROM enc, ${notifyChanged('enc')}`;

/**
 * The encounter's id first, as a scalar: then the newest entries are read backwards from the
 * (encounter_id, id) index, however many events other encounters have. (A join lets the planner
 * walk every channel's events newest first, or sort them all.) An active encounter always has its
 * begin entry, so no rows means no encounter.
 */
export const LOG_SQL = `
SELECT ev.created_at, ev.actor_id, ev.actor_name, ev.command, ev.detail, ev.undone, ev.before, ev.after, ev.events
FROM encounter_events ev
WHERE ev.encounter_id = (SELECT e.id FROM encounters e WHERE e.active_channel_id = $1)
ORDER BY ev.id DESC
LIMIT $2::int`;

/** Encounter `e` with its combatants and effects, as `encounterFromRows` takes them. */
export const STATE_COLUMNS = `row_to_json(e) AS encounter,
  (SELECT coalesce(json_agg(c ORDER BY c.sort_order), '[]'::json) FROM combatants c WHERE c.encounter_id = e.id) AS combatants,
  (SELECT coalesce(json_agg(f ORDER BY f.id), '[]'::json) FROM encounter_effects f WHERE f.encounter_id = e.id) AS effects`;

/**
 * A whole fight: the channel's active encounter (`$2` false) or the last one that ended there after
 * reaching round 1, with every logged change oldest first. Encounters of a channel follow one
 * another, so the newest begun that has ended is the last to end; one ended before round 1 (nobody
 * took a turn) has nothing to recap and must not hide the real last fight.
 */
export const FIGHT_SQL = `
SELECT ${STATE_COLUMNS},
  (SELECT coalesce(json_agg(${ENTRY_JSON} ORDER BY ev.id), '[]'::json)
    FROM encounter_events ev WHERE ev.encounter_id = e.id) AS entries
FROM encounters e
WHERE CASE WHEN $2::boolean THEN e.channel_id = $1 AND e.ended_at IS NOT NULL AND e.round > 0 ELSE e.active_channel_id = $1 END
ORDER BY e.created_at DESC
LIMIT 1`;

/**
 * The fight `FIGHT_SQL` reads, without its log: the state, and whether a hidden monster is in it or
 * was ever added to it (one removed since is still in the log the export would carry).
 */
export const FIGHT_OUTLINE_SQL = `
SELECT ${STATE_COLUMNS},
  EXISTS (SELECT 1 FROM combatants c WHERE c.encounter_id = e.id AND c.hidden)
  OR EXISTS (
    SELECT 1 FROM encounter_events ev, json_array_elements(ev.events) added
    WHERE ev.encounter_id = e.id AND added->>'kind' = 'combatant-added' AND added->'combatant'->>'hidden' = 'true'
  ) AS hidden
FROM encounters e
WHERE CASE WHEN $2::boolean THEN e.channel_id = $1 AND e.ended_at IS NOT NULL ELSE e.active_channel_id = $1 END
ORDER BY e.created_at DESC
LIMIT 1`;

/**
 * An encounter by its id, ended or not, with its combatants and effects, only if its version is past
 * `$2`: while nobody changed it, no row, nothing sent back.
 */
const NEWER_SQL = `
SELECT ${STATE_COLUMNS}
FROM encounters e
WHERE e.id = $1::uuid AND e.version > $2::int`;

const TRACKER_MESSAGE_SQL = `
WITH enc AS (
  UPDATE encounters SET tracker_message_id = $2, version = version + 1 WHERE id = $1::uuid RETURNING *
)
SELECT enc.channel_id, enc.version FROM enc, ${notifyChanged('enc', savedRowsJson(NOTHING_BUT_THE_ENCOUNTER))}`;

/** The rows `STATE_COLUMNS` reads. */
export interface StateRow {
  encounter: StoredRow<EncounterRow>;
  combatants: StoredRow<CombatantRow>[];
  effects: StoredRow<EffectRow>[];
}

/** A log entry as `ENTRY_JSON` gives it. */
interface EntryRow {
  at: string;
  actor_id: string;
  actor_name: string;
  command: string;
  detail: string;
  undone: boolean;
  events: EncounterEvent[];
}

interface FightRow extends StateRow {
  entries: EntryRow[];
}

function fightEntryOf(entry: EntryRow): FightEntry {
  return {
    at: new Date(entry.at),
    actorId: entry.actor_id,
    actorName: entry.actor_name,
    command: entry.command,
    detail: entry.detail,
    undone: entry.undone,
    events: entry.events,
  };
}

interface LoadedRow {
  unchanged: boolean;
  encounter: StoredRow<EncounterRow> | null;
  combatants: StoredRow<CombatantRow>[] | null;
  effects: StoredRow<EffectRow>[] | null;
  last_change: {
    id: string;
    actor_id: string;
    actor_name: string;
    command: string;
    detail: string;
    before: LoggedBeforeSide;
    after: LoggedSide;
  } | null;
}

interface Loaded {
  encounter: Encounter;
  lastChange: LastChange | null;
}

/** How one try went; `stale`: the cached copy lost a race or may have misled a refusal. */
type Attempt<Prepared> = { kind: 'saved'; transition: PreparedChange<Prepared> } | { kind: 'stale' } | { kind: 'missing' };

/** What `update` was asked for, each option settled. */
interface Asked<Prepared> extends Required<Omit<UpdateOptions<Prepared>, 'prepare' | 'claim'>> {
  prepare: UpdateOptions<Prepared>['prepare'];
  claim: string | undefined;
}

/**
 * Resolves after one turn of the event loop: by then pg has written what was asked of it, and what
 * the sockets already held (a notice that came in with an answer) has been read.
 */
function oneTurnOfTheLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `prepare` once `saving`'s statement has gone out (pg sends it on a later tick), then waits
 * for the save: the two take the time of the longer, not of both.
 */
async function alongside<Saved, Prepared>(saving: Promise<Saved>, prepare: () => Prepared): Promise<[Saved, Prepared]> {
  // Its failure reaches the caller from the await below; meanwhile it must not count as unhandled.
  saving.catch(() => undefined);
  await oneTurnOfTheLoop();
  const prepared = prepare();
  return [await saving, prepared];
}

/** Loads the channel's encounter; `known`, a copy the caller holds, is returned as it is while still current. */
async function load(db: Sql, channelId: string, withLastChange: boolean, known?: Encounter): Promise<Loaded | null> {
  const rows = await db.rows<LoadedRow>(LOAD_SQL, channelId, withLastChange, known?.id ?? null, known?.version ?? null);
  const row = rows[0];
  if (row === undefined) return null;
  let encounter = known;
  if (!row.unchanged || encounter === undefined) {
    if (row.encounter === null || row.combatants === null || row.effects === null) throw new Error('an encounter loaded without its state');
    encounter = encounterFromRows(row.encounter, row.combatants, row.effects);
  }
  const last = row.last_change;
  return {
    encounter,
    lastChange:
      last === null
        ? null
        : {
            id: last.id,
            actorId: last.actor_id,
            actorName: last.actor_name,
            command: last.command,
            detail: last.detail,
            delta: { before: last.before, after: last.after },
          },
  };
}

/** What a saved change logged, for the cache's changes an undo may revert (LOAD_SQL's last_change tells the same from the log). */
function loggedAs(change: StoredTransition, actor: Actor, entry: LoggedEntry): Logged {
  if (change.undoes !== undefined) return { kind: 'undo', undid: change.undoes };
  const { command, detail } = change;
  return {
    kind: 'change',
    change: { id: entry.id, actorId: actor.userId, actorName: actor.name, command, detail, before: entry.before, after: entry.after },
  };
}

/** What a save gives back: the encounter as saved, its log entry, and with `withFight` its whole log. */
interface Saved {
  encounter: Encounter;
  logged: LoggedEntry;
  entries?: FightEntry[];
}

/** A saved change's log entry: its id, and its two documents as the texts sent. */
type LoggedEntry = Pick<UndoableChange, 'id' | 'before' | 'after'>;

/** How a save's notice goes: this process's listening connection, which need not hear of its own saves, and whether it carries the rows. */
interface SaveNotice {
  listener: string;
  rows: boolean;
}

/**
 * Saves `change` if the encounter is still at `before.version`; the saved encounter (and with
 * `withFight` its whole log, this change last), or null on a lost race.
 */
async function save(
  db: Sql,
  before: Encounter,
  change: StoredTransition,
  actor: Actor,
  at: Date,
  withFight: boolean,
  notice: SaveNotice,
  claim: string | undefined,
): Promise<Saved | null> {
  const after = change.encounter;
  const delta = deltaOf(before, after);
  const combatants = addedAndRemoved(
    delta.before.combatants.map((p) => p.combatant),
    delta.after.combatants.map((p) => p.combatant),
  );
  const effects = addedAndRemoved(delta.before.effects, delta.after.effects);
  const changedCombatants = delta.after.combatants.filter((p) => !combatants.added.includes(p.combatant.id));
  const newCombatants = delta.after.combatants.filter((p) => combatants.added.includes(p.combatant.id));
  const changedEffects = delta.after.effects.filter((e) => !effects.added.includes(e.id));
  const newEffects = delta.after.effects.filter((e) => effects.added.includes(e.id));
  const earlier = new Map(delta.before.combatants.map((p) => [p.combatant.id, combatantRow(p.combatant, p.sortOrder)]));
  const changed = changedCombatantRows(
    changedCombatants.map((p) => ({ was: earlier.get(p.combatant.id), row: combatantRow(p.combatant, p.sortOrder) })),
  );
  const payload = {
    round: after.round,
    currentId: after.currentId,
    autoDeathSaves: after.options.autoDeathSaves,
    autoConcentrationSaves: after.options.autoConcentrationSaves,
    monstersDie: after.options.monstersDie,
    nextSeq: after.nextSeq,
    endedAt: after.endedAt?.toISOString() ?? null,
    changedCombatants: changed.rows,
    newCombatants: newCombatants.map((p) => combatantRow(p.combatant, p.sortOrder)),
    removedCombatants: combatants.removed,
    changedEffects: changedEffects.map(effectRow),
    newEffects: newEffects.map(effectRow),
    removedEffects: effects.removed,
    undoes: change.undoes ?? null,
    actorId: actor.userId,
    actorName: actor.name,
    command: change.command,
    detail: change.detail,
    at: at.toISOString(),
    sheets: (change.sheets ?? []).map(sheetRow),
    listener: notice.listener,
    claim: claim ?? null,
  };
  const sql = saveSql(
    {
      removedCombatants: combatants.removed.length > 0,
      changedCombatants: changed.columns,
      newCombatants: newCombatants.length > 0,
      removedEffects: effects.removed.length > 0,
      changedEffects: changedEffects.length > 0,
      newEffects: newEffects.length > 0,
      undoes: change.undoes !== undefined,
      sheets: payload.sheets.length > 0,
      claim: claim !== undefined,
    },
    withFight,
    notice.rows,
  );
  // The log entry's documents go as parameters of their own: `json` columns store the text as sent.
  const loggedBeforeText = JSON.stringify(loggedBefore(delta));
  const loggedAfterText = JSON.stringify(loggedSide(delta.after));
  const rows = await db.rows<{ version: number; logged_id: string; entries?: EntryRow[] }>(
    sql,
    before.id,
    before.version,
    JSON.stringify(payload),
    loggedBeforeText,
    loggedAfterText,
    JSON.stringify(change.events),
  );
  const row = rows[0];
  if (row === undefined) return null;
  const encounter = { ...after, version: Number(row.version) };
  const logged = { id: row.logged_id, before: loggedBeforeText, after: loggedAfterText };
  if (row.entries === undefined) return { encounter, logged };
  return { encounter, logged, entries: [...row.entries.map(fightEntryOf), fightEntry(actor, change, at)] };
}

/**
 * The changed combatants' rows cut to the columns that differ from `was` in any of them (every
 * column for a row without one), with their ids; no columns when none differ.
 */
function changedCombatantRows(changed: readonly { was: CombatantRow | undefined; row: CombatantRow }[]): {
  columns: readonly (keyof CombatantRow)[];
  rows: Partial<CombatantRow>[];
} {
  const differing = COMBATANT_COLUMNS.filter(
    (column) => column !== 'id' && changed.some(({ was, row }) => was === undefined || !unchanged(was[column], row[column])),
  );
  if (differing.length === 0) return { columns: [], rows: [] };
  const columns: readonly (keyof CombatantRow)[] = ['id', ...differing];
  return { columns, rows: changed.map(({ row }) => Object.fromEntries(columns.map((column) => [column, row[column]]))) };
}

/** A sheet write-back as a `characters` row for `jsonb_populate_recordset`: only the columns the save sets. */
function sheetRow(sheet: SheetWrite) {
  return {
    id: sheet.characterId,
    hp: sheet.hp,
    temp_hp: sheet.tempHp,
    hit_dice_left: sheet.hitDiceLeft,
    exhaustion: sheet.tracks.exhaustion,
    fatigue: sheet.tracks.fatigue,
    strife: sheet.tracks.strife,
    conditions: sheet.conditions,
    dead: sheet.dead,
    slots_spent: sheet.slotsSpent,
  };
}

/** Every key of a change as it landed, the optional ones too (possibly undefined). */
type LandedChange<Prepared> = { [Key in keyof Required<PreparedChange<Prepared>>]: PreparedChange<Prepared>[Key] };

/**
 * The change as it landed, written key by key in one literal. Spread into a literal after a key, it
 * was copied key by key on a slow path of Node 20's V8 (some 5 µs a command). The type names every
 * key, so a key added to the change cannot be left out here.
 */
function landedChange<Prepared>(transition: StoredTransition, saved: Saved, prepared: Prepared | undefined): LandedChange<Prepared> {
  return {
    encounter: saved.encounter,
    events: transition.events,
    command: transition.command,
    detail: transition.detail,
    undoes: transition.undoes,
    sheets: transition.sheets,
    entries: saved.entries,
    prepared,
  };
}

function createPrismaEncounterStore(
  sql: SqlPool,
  now: () => Date,
  saved: (notice: LiveNotice) => void,
  heard: HeardVersions | undefined,
): EncounterStore {
  const cache = new EncounterCache(CACHED_ENCOUNTERS);
  const queue = new KeyedQueue();
  // Another process's save of the copy kept here, its rows in the notice: the copy as a read would find it, without the read.
  heard?.followSaves((notice) => {
    const kept = cache.get(notice.channelId);
    if (kept?.id !== notice.encounterId || kept.version !== notice.version - 1 || notice.rows === undefined) return;
    const after = encounterAfterSave(kept, notice.rows);
    if (after?.version !== notice.version) cache.forget(notice.channelId);
    else cache.remember(after);
  });

  async function loadFresh(db: Sql, channelId: string, withLastChange: boolean, known?: Encounter): Promise<Loaded | null> {
    const since = heard?.since ?? null;
    const loaded = await load(db, channelId, withLastChange, known);
    if (loaded === null) cache.forget(channelId);
    else {
      cache.remember(loaded.encounter);
      heard?.current(loaded.encounter.id, loaded.encounter.version, since);
    }
    return loaded;
  }

  /**
   * Computes the change on `loaded` and saves it unless somebody changed the encounter since, doing
   * what `prepare` asks on the change as it will be saved meanwhile.
   */
  async function attempt<Prepared>(
    db: Sql,
    loaded: Loaded,
    actor: Actor,
    change: ChangeFn,
    asked: Asked<Prepared>,
  ): Promise<Attempt<Prepared>> {
    const transition = change(loaded.encounter, loaded.lastChange);
    // The rows go in the notice only while another process saves too: only then do copies elsewhere want them.
    const notice = { listener: heard?.listenerName ?? '', rows: heard?.othersSaving === true };
    const saving = save(db, loaded.encounter, transition, actor, now(), asked.withFight, notice, asked.claim);
    const { prepare } = asked;
    // A save that lands writes the next version (saveHead): the change as saved is known before it lands.
    const expected = { ...transition, encounter: { ...transition.encounter, version: loaded.encounter.version + 1 } };
    let landed: [Saved | null, Prepared | undefined];
    try {
      landed = prepare === undefined ? [await saving, undefined] : await alongside(saving, () => prepare(expected));
    } catch (error) {
      // A save sent may have committed with its answer lost: the copy here would be a version behind,
      // and vouched for. The next command reads what the database holds.
      cache.forget(loaded.encounter.channelId);
      throw error;
    }
    const [saved, prepared] = landed;
    if (saved === null) return { kind: 'stale' };
    cache.saved(saved.encounter, loggedAs(transition, actor, saved.logged));
    if (prepare === undefined) return { kind: 'saved', transition: landedChange(transition, saved, undefined) };
    const asExpected = saved.encounter.version === expected.encounter.version;
    const ready = asExpected ? prepared : prepare(landedChange(transition, saved, undefined));
    return { kind: 'saved', transition: landedChange(transition, saved, ready) };
  }

  /** On the state this process last saw: one statement when nobody else changed the encounter since. */
  async function attemptCached<Prepared>(
    cached: Loaded,
    actor: Actor,
    change: ChangeFn,
    asked: Asked<Prepared>,
  ): Promise<Attempt<Prepared>> {
    try {
      return await attempt(sql, cached, actor, change, asked);
    } catch (error) {
      // A refusal computed on a state another process has since changed may be wrong: ask again on a
      // fresh one, which keeps what the cache knows for undo while it is the same version.
      if (!(error instanceof CombatRefusal)) throw error;
      return { kind: 'stale' };
    }
  }

  /**
   * The cached state, and the change an undo would revert when one is asked for and known here;
   * none when another process's later save was heard, as a save from it would be refused.
   */
  function cachedFor(channelId: string, withLastChange: boolean): Loaded | undefined {
    const encounter = cache.get(channelId);
    if (encounter === undefined || heard?.heardPast(encounter.id, encounter.version) === true) return undefined;
    if (!withLastChange) return { encounter, lastChange: null };
    const lastChange = cache.lastChange(channelId);
    return lastChange === undefined ? undefined : { encounter, lastChange };
  }

  async function attemptFresh<Prepared>(
    channelId: string,
    actor: Actor,
    change: ChangeFn,
    asked: Asked<Prepared>,
  ): Promise<Attempt<Prepared>> {
    const loaded = await loadFresh(sql, channelId, asked.withLastChange);
    return loaded === null ? { kind: 'missing' } : attempt(sql, loaded, actor, change, asked);
  }

  /** Holding the encounter's row lock, nobody can change it between the load and the save. */
  function attemptLocked<Prepared>(
    channelId: string,
    actor: Actor,
    change: ChangeFn,
    asked: Asked<Prepared>,
  ): Promise<PreparedChange<Prepared> | null> {
    const locked = sql.transaction(async (tx) => {
      await tx.rows(LOCK_SQL, channelId);
      const loaded = await loadFresh(tx, channelId, asked.withLastChange);
      if (loaded === null) return null;
      const result = await attempt(tx, loaded, actor, change, asked);
      if (result.kind !== 'saved') throw new Error('an encounter changed while its row was locked');
      return result.transition;
    }, LOCKED_TRANSACTION_TIMEOUT_MS);
    return locked.catch((error: unknown) => {
      // The copy here took the save's version before the COMMIT, which failed: nothing of it landed.
      cache.forget(channelId);
      throw error;
    });
  }

  return {
    async active(channelId) {
      // Current, as another process may have changed it; re-read only if it did.
      return (await loadFresh(sql, channelId, false, cache.get(channelId)))?.encounter ?? null;
    },

    async newer(encounterId, version) {
      if (heard !== undefined) {
        // Lets whatever the socket already holds (a notice that came in with our edit's answer) be heard first.
        await oneTurnOfTheLoop();
        if (heard.nothingPast(encounterId, version)) return null;
      }
      const rows = await sql.rows<StateRow>(NEWER_SQL, encounterId, version);
      const row = rows[0];
      return row === undefined ? null : encounterFromRows(row.encounter, row.combatants, row.effects);
    },

    async cached(channelId) {
      // From memory while no other process can have saved it since, as far as LISTEN tells (a process
      // without `heard` is taken to be alone on its database); else read, nothing sent back if unchanged.
      const known = cache.get(channelId);
      if (known !== undefined && (heard === undefined || heard.nothingPast(known.id, known.version))) return known;
      return (await loadFresh(sql, channelId, false, known))?.encounter ?? null;
    },

    async create(begun: StoredTransition, actor: Actor) {
      const e = begun.encounter;
      const payload = {
        encounter: encounterRow(e),
        at: e.createdAt.toISOString(),
        actorId: actor.userId,
        actorName: actor.name,
        command: begun.command,
        detail: begun.detail,
        after: wholeSide(e),
        events: begun.events,
      };
      const since = heard?.since ?? null;
      const rows = await sql.rows<{ id: string }>(CREATE_SQL, JSON.stringify(payload));
      if (rows.length !== 1) return false;
      cache.remember(e);
      heard?.current(e.id, e.version, since);
      saved({ kind: 'changed', channelId: e.channelId, encounterId: e.id, version: e.version, encounter: e });
      return true;
    },

    async update<Prepared>(channelId: string, actor: Actor, change: ChangeFn, options: UpdateOptions<Prepared> = {}) {
      const asked: Asked<Prepared> = {
        withLastChange: options.withLastChange ?? false,
        withFight: options.withFight ?? false,
        prepare: options.prepare,
        claim: options.claim,
      };
      const since = heard?.since ?? null;
      const transition = await queue
        .run(channelId, async () => {
          const cached = cachedFor(channelId, asked.withLastChange);
          let result: Attempt<Prepared> = cached === undefined ? { kind: 'stale' } : await attemptCached(cached, actor, change, asked);
          // This process's own commands wait their turn, so a lost race means another process changed
          // the encounter. Its notice went out when it committed, before our save ran: once the socket
          // has been read, the copy may be that process's state, from the notice's rows. Else one
          // fresh try, then, if processes are racing, the row lock.
          if (result.kind === 'stale' && cached !== undefined) {
            await oneTurnOfTheLoop();
            const caughtUp = cachedFor(channelId, asked.withLastChange);
            if (caughtUp !== undefined && caughtUp.encounter.version > cached.encounter.version) {
              result = await attemptCached(caughtUp, actor, change, asked);
            }
          }
          if (result.kind === 'stale') result = await attemptFresh(channelId, actor, change, asked);
          if (result.kind === 'saved') return result.transition;
          if (result.kind === 'missing') return null;
          return attemptLocked(channelId, actor, change, asked);
        })
        .catch((error: unknown) => {
          throw isClaimConflict(error) ? new CombatRefusal({ kind: 'already-handled' }) : error;
        });
      // Committed by now (the locked try commits when its transaction ends), so a reader sees this version.
      const { encounter } = transition ?? {};
      if (encounter !== undefined) {
        heard?.current(encounter.id, encounter.version, since);
        saved({ kind: 'changed', channelId: encounter.channelId, encounterId: encounter.id, version: encounter.version, encounter });
      }
      return transition;
    },

    async log(channelId, count) {
      const rows = await sql.rows<{
        created_at: Date;
        actor_id: string;
        actor_name: string;
        command: string;
        detail: string;
        undone: boolean;
        before: LoggedBeforeSide | null;
        after: LoggedSide;
        events: EncounterEvent[];
      }>(LOG_SQL, channelId, count);
      if (rows.length === 0) return null;
      return rows.map((row): EncounterLogEntry => ({
        at: new Date(row.created_at),
        actorId: row.actor_id,
        actorName: row.actor_name,
        command: row.command,
        detail: row.detail,
        undone: row.undone,
        hiddenHitPoints: hiddenHitPointChanges(row.before, row.after),
        events: row.events,
      }));
    },

    async fight(channelId, which) {
      const rows = await sql.rows<FightRow>(FIGHT_SQL, channelId, which === 'ended');
      const row = rows[0];
      if (row === undefined) return null;
      return {
        encounter: encounterFromRows(row.encounter, row.combatants, row.effects),
        entries: row.entries.map(fightEntryOf),
      };
    },

    async fightOutline(channelId, which) {
      const rows = await sql.rows<StateRow & { hidden: boolean }>(FIGHT_OUTLINE_SQL, channelId, which === 'ended');
      const row = rows[0];
      if (row === undefined) return null;
      return { encounter: encounterFromRows(row.encounter, row.combatants, row.effects), hidden: row.hidden };
    },

    async setTrackerMessage(encounterId, messageId) {
      // A new version, so other processes' cached copies (without the message id) are refreshed, and
      // told of, as their trackers' catch-up goes by what they heard.
      const since = heard?.since ?? null;
      const rows = await sql.rows<{ channel_id: string; version: number }>(TRACKER_MESSAGE_SQL, encounterId, messageId);
      const row = rows[0];
      if (row === undefined) return;
      heard?.current(encounterId, Number(row.version), since);
      const cached = cache.get(row.channel_id);
      if (cached?.id === encounterId && cached.version === Number(row.version) - 1) {
        cache.saved({ ...cached, trackerMessageId: messageId, version: Number(row.version) }, { kind: 'nothing' });
      } else {
        cache.forget(row.channel_id);
      }
    },
  };
}

export interface EncounterServiceOptions {
  prisma: PrismaClient;
  random: RandomSource;
  now(this: void): Date;
  /** Told of each saved change once it is committed (the live pages of this process); other processes hear of it through NOTIFY. */
  saved?: (this: void, notice: LiveNotice) => void;
  /** The log line's words for a change: the views' `noteText`, which this layer may not import. */
  describe(this: void, note: ChangeNote): string;
  /** What this process has heard of every process's saves, to answer the tracker's catch-up without a statement. */
  heard?: HeardVersions;
}

/** The encounter service the app uses: PostgreSQL through Prisma, rule sets from the channel settings. */
export function createEncounterService({
  prisma,
  random,
  now,
  saved = () => undefined,
  describe,
  heard,
}: EncounterServiceOptions): EncounterService {
  return createEncounterServiceWith({
    store: createPrismaEncounterStore(sqlOf(prisma), now, saved, heard),
    random,
    now,
    ruleSetFor: async (place) => (await effectiveRuleset(prisma, place)).ruleset,
    newId: randomUUID,
    describe,
  });
}
