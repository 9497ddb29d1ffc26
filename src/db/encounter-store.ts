import { randomUUID } from 'node:crypto';
import { UNDO_COMMAND, type LastChange } from '../combat/lifecycle';
import { createEncounterServiceWith, type EncounterService } from '../combat/service';
import { addedAndRemoved, deltaOf, wholeSide, type EncounterSide } from '../combat/delta';
import type { ChangeFn, EncounterStore, StoredTransition } from '../combat/store';
import type { Transition } from '../combat/transition';
import type { Actor, Encounter, EncounterLogEntry } from '../combat/types';
import type { RandomSource } from '../dice/random';
import type { PrismaClient } from './generated/client';
import { COMBATANT_COLUMNS, EFFECT_COLUMNS, combatantRow, effectRow, encounterFromRows } from './encounter-rows';
import { effectiveRuleset } from './settings';

/*
 * Every command costs two statements when nobody else is changing the same encounter: one SELECT
 * that returns the encounter with its combatants and effects, and one statement whose CTEs update
 * the encounter (only if its version is still the one read), update, insert and delete the
 * combatants and effects the command touched, and append the event, all or nothing. A version mismatch writes nothing
 * and the command is computed again on the newer state. When that keeps failing (many commands on
 * one encounter at once), the load takes the encounter's row lock in a transaction instead, which
 * queues the commands: BEGIN, SELECT … FOR UPDATE, the same save, COMMIT. Locks are per encounter
 * row, so encounters in different channels never wait on each other.
 */

/** Only the prisma client's raw query method is needed, inside a transaction or not. */
type Queryable = Pick<PrismaClient, '$queryRawUnsafe'>;

const OPTIMISTIC_ATTEMPTS = 3;
/** Queued behind many others on one row lock, a command may wait this long for its turn. */
const LOCKED_TRANSACTION_TIMEOUT_MS = 30_000;

function recordType(columns: readonly (readonly [string, string])[]): string {
  return columns.map(([name, type]) => `${name} ${type}`).join(', ');
}

function columnList(columns: readonly (readonly [string, string])[]): string {
  return columns.map(([name]) => name).join(', ');
}

/** `a = r.a, b = r.b, …` for every column but the key. */
function assignments(columns: readonly (readonly [string, string])[]): string {
  return columns
    .filter(([name]) => name !== 'id')
    .map(([name]) => `${name} = r.${name}`)
    .join(', ');
}

const LOAD_SQL = (lock: boolean): string => `
SELECT row_to_json(e) AS encounter,
  (SELECT coalesce(json_agg(c ORDER BY c.sort_order), '[]'::json) FROM combatants c WHERE c.encounter_id = e.id) AS combatants,
  (SELECT coalesce(json_agg(f ORDER BY f.id), '[]'::json) FROM encounter_effects f WHERE f.encounter_id = e.id) AS effects,
  CASE WHEN $2::boolean THEN (
    SELECT row_to_json(v) FROM (
      SELECT ev.id::text AS id, ev.actor_id, ev.actor_name, ev.command, ev.detail, ev.before, ev.after
      FROM encounter_events ev
      WHERE ev.encounter_id = e.id AND NOT ev.undone AND ev.before IS NOT NULL AND ev.command <> '${UNDO_COMMAND}'
      ORDER BY ev.id DESC LIMIT 1
    ) v
  ) END AS last_change,
  (SELECT s.version FROM encounters s WHERE s.id = e.id) AS seen_version
FROM encounters e
WHERE e.active_channel_id = $1
${lock ? 'FOR UPDATE OF e' : ''}`;

const SAVE_SQL = `
WITH input AS (SELECT $3::jsonb AS j),
enc AS (
  UPDATE encounters e SET
    round = (i.j->>'round')::int,
    current_id = i.j->>'currentId',
    auto_death_saves = (i.j->>'autoDeathSaves')::boolean,
    auto_concentration_saves = (i.j->>'autoConcentrationSaves')::boolean,
    next_seq = (i.j->>'nextSeq')::int,
    ended_at = (i.j->>'endedAt')::timestamptz,
    active_channel_id = CASE WHEN i.j->>'endedAt' IS NULL THEN e.active_channel_id END,
    version = e.version + 1
  FROM input i
  WHERE e.id = $1::uuid AND e.version = $2::int
  RETURNING e.id, e.version
),
gone_combatants AS (
  DELETE FROM combatants c USING enc, input i
  WHERE c.encounter_id = enc.id AND c.id IN (SELECT jsonb_array_elements_text(i.j->'removedCombatants'))
),
changed_combatants AS (
  UPDATE combatants c SET ${assignments(COMBATANT_COLUMNS)}
  FROM enc, input i, jsonb_to_recordset(i.j->'changedCombatants') AS r(${recordType(COMBATANT_COLUMNS)})
  WHERE c.encounter_id = enc.id AND c.id = r.id
),
new_combatants AS (
  INSERT INTO combatants (encounter_id, ${columnList(COMBATANT_COLUMNS)})
  SELECT enc.id, r.* FROM enc, input i, jsonb_to_recordset(i.j->'newCombatants') AS r(${recordType(COMBATANT_COLUMNS)})
),
gone_effects AS (
  DELETE FROM encounter_effects f USING enc, input i
  WHERE f.encounter_id = enc.id AND f.id IN (SELECT jsonb_array_elements_text(i.j->'removedEffects'))
),
changed_effects AS (
  UPDATE encounter_effects f SET ${assignments(EFFECT_COLUMNS)}
  FROM enc, input i, jsonb_to_recordset(i.j->'changedEffects') AS r(${recordType(EFFECT_COLUMNS)})
  WHERE f.encounter_id = enc.id AND f.id = r.id
),
new_effects AS (
  INSERT INTO encounter_effects (encounter_id, ${columnList(EFFECT_COLUMNS)})
  SELECT enc.id, r.* FROM enc, input i, jsonb_to_recordset(i.j->'newEffects') AS r(${recordType(EFFECT_COLUMNS)})
),
undone AS (
  UPDATE encounter_events ev SET undone = true FROM enc, input i
  WHERE ev.encounter_id = enc.id AND ev.id = (i.j->>'undoes')::bigint
),
logged AS (
  INSERT INTO encounter_events (encounter_id, actor_id, actor_name, command, detail, before, after, created_at)
  SELECT enc.id, i.j->>'actorId', i.j->>'actorName', i.j->>'command', i.j->>'detail', i.j->'before', i.j->'after', (i.j->>'at')::timestamptz
  FROM enc, input i
)
SELECT version FROM enc`;

const CREATE_SQL = `
WITH input AS (SELECT $1::jsonb AS j),
enc AS (
  INSERT INTO encounters (id, guild_id, channel_id, active_channel_id, name, game_master_id, game_master_name, ruleset,
    round, current_id, auto_death_saves, auto_concentration_saves, tracker_message_id, version, next_seq, created_at, ended_at)
  SELECT (i.j->>'id')::uuid, i.j->>'guildId', i.j->>'channelId', i.j->>'channelId', i.j->>'name', i.j->>'gameMasterId',
    i.j->>'gameMasterName', i.j->>'ruleSet', (i.j->>'round')::int, i.j->>'currentId', (i.j->>'autoDeathSaves')::boolean,
    (i.j->>'autoConcentrationSaves')::boolean, NULL, 0, (i.j->>'nextSeq')::int, (i.j->>'at')::timestamptz, NULL
  FROM input i
  ON CONFLICT (active_channel_id) DO NOTHING
  RETURNING id
),
logged AS (
  INSERT INTO encounter_events (encounter_id, actor_id, actor_name, command, detail, before, after, created_at)
  SELECT enc.id, i.j->>'actorId', i.j->>'actorName', i.j->>'command', i.j->>'detail', NULL, i.j->'after', (i.j->>'at')::timestamptz
  FROM enc, input i
)
SELECT id::text FROM enc`;

const LOG_SQL = `
SELECT ev.created_at, ev.actor_id, ev.actor_name, ev.command, ev.detail, ev.undone
FROM encounter_events ev JOIN encounters e ON e.id = ev.encounter_id
WHERE e.active_channel_id = $1
ORDER BY ev.id DESC
LIMIT $2::int`;

interface LoadedRow {
  encounter: Record<string, unknown>;
  combatants: Record<string, unknown>[];
  effects: Record<string, unknown>[];
  last_change: {
    id: string;
    actor_id: string;
    actor_name: string;
    command: string;
    detail: string;
    before: EncounterSide;
    after: EncounterSide;
  } | null;
  seen_version: number;
}

interface Loaded {
  encounter: Encounter;
  lastChange: LastChange | null;
}

async function load(db: Queryable, channelId: string, withLastChange: boolean, lock: boolean): Promise<Loaded | null> {
  let rows = await db.$queryRawUnsafe<LoadedRow[]>(LOAD_SQL(lock), channelId, withLastChange);
  // Waiting for the lock, the statement re-read the encounter row but not its combatants and effects,
  // which stay as they were when it began: read them again now that the lock is held.
  if (lock && rows[0] !== undefined && Number(rows[0].encounter.version) !== Number(rows[0].seen_version)) {
    rows = await db.$queryRawUnsafe<LoadedRow[]>(LOAD_SQL(lock), channelId, withLastChange);
  }
  const row = rows[0];
  if (row === undefined) return null;
  const last = row.last_change;
  return {
    encounter: encounterFromRows(row.encounter, row.combatants, row.effects),
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

/** Saves `change` if the encounter is still at `before.version`; the saved encounter, or null on a lost race. */
async function save(db: Queryable, before: Encounter, change: StoredTransition, actor: Actor, at: Date): Promise<Encounter | null> {
  const after = change.encounter;
  const delta = deltaOf(before, after);
  const combatants = addedAndRemoved(delta.before.combatants.map((p) => p.combatant), delta.after.combatants.map((p) => p.combatant));
  const effects = addedAndRemoved(delta.before.effects, delta.after.effects);
  const payload = {
    round: after.round,
    currentId: after.currentId,
    autoDeathSaves: after.options.autoDeathSaves,
    autoConcentrationSaves: after.options.autoConcentrationSaves,
    nextSeq: after.nextSeq,
    endedAt: after.endedAt?.toISOString() ?? null,
    changedCombatants: delta.after.combatants.filter((p) => !combatants.added.includes(p.combatant.id)).map((p) => combatantRow(p.combatant, p.sortOrder)),
    newCombatants: delta.after.combatants.filter((p) => combatants.added.includes(p.combatant.id)).map((p) => combatantRow(p.combatant, p.sortOrder)),
    removedCombatants: combatants.removed,
    changedEffects: delta.after.effects.filter((e) => !effects.added.includes(e.id)).map(effectRow),
    newEffects: delta.after.effects.filter((e) => effects.added.includes(e.id)).map(effectRow),
    removedEffects: effects.removed,
    undoes: change.undoes ?? null,
    actorId: actor.userId,
    actorName: actor.name,
    command: change.command,
    detail: change.detail,
    before: delta.before,
    after: delta.after,
    at: at.toISOString(),
  };
  const rows = await db.$queryRawUnsafe<{ version: number }[]>(SAVE_SQL, before.id, before.version, JSON.stringify(payload));
  const row = rows[0];
  return row === undefined ? null : { ...after, version: Number(row.version) };
}

export function createPrismaEncounterStore(prisma: PrismaClient, now: () => Date): EncounterStore {
  async function attempt(db: Queryable, channelId: string, actor: Actor, change: ChangeFn, withLastChange: boolean, lock: boolean) {
    const loaded = await load(db, channelId, withLastChange, lock);
    if (loaded === null) return { found: false as const };
    const transition = change(loaded.encounter, loaded.lastChange);
    const saved = await save(db, loaded.encounter, transition, actor, now());
    return { found: true as const, saved: saved === null ? null : { ...transition, encounter: saved } };
  }

  return {
    async active(channelId) {
      return (await load(prisma, channelId, false, false))?.encounter ?? null;
    },

    async create(begun: Transition, actor: Actor) {
      const e = begun.encounter;
      const payload = {
        id: e.id,
        guildId: e.guildId,
        channelId: e.channelId,
        name: e.name,
        gameMasterId: e.gameMasterId,
        gameMasterName: e.gameMasterName,
        ruleSet: e.ruleSet,
        round: e.round,
        currentId: e.currentId,
        autoDeathSaves: e.options.autoDeathSaves,
        autoConcentrationSaves: e.options.autoConcentrationSaves,
        nextSeq: e.nextSeq,
        at: e.createdAt.toISOString(),
        actorId: actor.userId,
        actorName: actor.name,
        command: begun.command,
        detail: begun.detail,
        after: wholeSide(e),
      };
      const rows = await prisma.$queryRawUnsafe<{ id: string }[]>(CREATE_SQL, JSON.stringify(payload));
      return rows.length === 1;
    },

    async update(channelId, actor, change, options = {}) {
      const withLastChange = options.withLastChange ?? false;
      for (let i = 0; i < OPTIMISTIC_ATTEMPTS; i += 1) {
        const result = await attempt(prisma, channelId, actor, change, withLastChange, false);
        if (!result.found) return null;
        if (result.saved !== null) return result.saved;
      }
      const locked = await prisma.$transaction((tx) => attempt(tx, channelId, actor, change, withLastChange, true), {
        maxWait: LOCKED_TRANSACTION_TIMEOUT_MS,
        timeout: LOCKED_TRANSACTION_TIMEOUT_MS,
      });
      if (!locked.found) return null;
      if (locked.saved === null) throw new Error('an encounter changed while its row was locked');
      return locked.saved;
    },

    async log(channelId, count) {
      const rows = await prisma.$queryRawUnsafe<
        { created_at: Date; actor_id: string; actor_name: string; command: string; detail: string; undone: boolean }[]
      >(LOG_SQL, channelId, count);
      if (rows.length === 0) return null;
      return rows.map(
        (row): EncounterLogEntry => ({
          at: new Date(row.created_at),
          actorId: row.actor_id,
          actorName: row.actor_name,
          command: row.command,
          detail: row.detail,
          undone: row.undone,
        }),
      );
    },

    async setTrackerMessage(encounterId, messageId) {
      await prisma.$queryRawUnsafe('UPDATE encounters SET tracker_message_id = $2 WHERE id = $1::uuid', encounterId, messageId);
    },
  };
}

export interface EncounterServiceOptions {
  prisma: PrismaClient;
  random: RandomSource;
  now(): Date;
}

/** The encounter service the app uses: PostgreSQL through Prisma, rule sets from the channel settings. */
export function createEncounterService({ prisma, random, now }: EncounterServiceOptions): EncounterService {
  return createEncounterServiceWith({
    store: createPrismaEncounterStore(prisma, now),
    random,
    now,
    ruleSetFor: async (place) => (await effectiveRuleset(prisma, place)).ruleset,
    newId: randomUUID,
  });
}
