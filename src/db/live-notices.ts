import { randomUUID } from 'node:crypto';

/** The channel every process LISTENs on for the live pages' notices (src/live/feed.ts reads them). */
export const LIVE_CHANNEL = 'rollcall_live';

/** How every process's listening connection is named (its application_name), each with a suffix of its own. */
const LISTENER_PREFIX = 'rollcall listener ';

/** A name for one process's listening connection: other processes' saves find it in pg_stat_activity. */
export function listenerName(): string {
  return `${LISTENER_PREFIX}${randomUUID()}`;
}

function changedNotice(alias: string): string {
  return `pg_notify('${LIVE_CHANNEL}', json_build_object('kind', 'changed', 'channelId', ${alias}.channel_id, 'encounterId', ${alias}.id, 'version', ${alias}.version)::text)`;
}

/**
 * A LATERAL join that notifies the live pages of one saved encounter: `alias` is a row with `id`,
 * `channel_id` and `version`. Joined to a statement's result, it runs once per row the statement
 * wrote, so a save that lost its race (no row) notifies nobody.
 */
export function notifyChanged(alias: string): string {
  return `LATERAL (SELECT ${changedNotice(alias)}) notified`;
}

/**
 * `notifyChanged` for the saves of commands, as a LEFT JOIN: only when another process listens (a
 * connection to this database named by `listenerName` other than `ownListener`, an SQL text expression). PostgreSQL
 * serializes the commits of notifying transactions, WAL flush included, so one process alone would
 * otherwise pay for notices nobody hears. Looked up after the save's UPDATE has its row, so a process
 * that heard of (or made) the version this save replaces was already listening and is found.
 */
export function notifyChangedIfHeard(alias: string, ownListener: string): string {
  return `LEFT JOIN LATERAL (SELECT ${changedNotice(alias)} WHERE EXISTS (
    SELECT 1 FROM pg_stat_activity a
    WHERE a.datname = current_database() AND a.application_name LIKE '${LISTENER_PREFIX}%' AND a.application_name <> ${ownListener}
  )) notified ON true`;
}
