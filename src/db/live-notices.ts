import { randomUUID } from 'node:crypto';

/** The channel every process LISTENs on for the live pages' notices (src/live/feed.ts reads them). */
export const LIVE_CHANNEL = 'rollcall_live';

/** A name for one process's listening connection, its row in `listeners`. */
export function listenerName(): string {
  return randomUUID();
}

/** NOTIFY takes payloads under 8000 bytes: a notice whose rows would pass this goes without them. */
const MOST_NOTICE_BYTES = 7_900;

/**
 * The notice of a saved encounter; given `rows` (an SQL expression of the rows the statement wrote),
 * it carries them too, when they fit, so that other processes can bring their copies up to date
 * without reading them back.
 */
function changedNotice(alias: string, rows?: string, from?: string): string {
  const saver = from === undefined ? '' : `, 'from', ${from}`;
  const notice = (extra: string) =>
    `json_build_object('kind', 'changed', 'channelId', ${alias}.channel_id, 'encounterId', ${alias}.id, 'version', ${alias}.version${saver}${extra})::text`;
  if (rows === undefined) return `pg_notify('${LIVE_CHANNEL}', ${notice('')})`;
  return `pg_notify('${LIVE_CHANNEL}', (
    SELECT CASE WHEN octet_length(whole.payload) < ${MOST_NOTICE_BYTES} THEN whole.payload ELSE ${notice('')} END
    FROM (SELECT ${notice(`, 'rows', ${rows}`)} AS payload) whole))`;
}

/**
 * A LATERAL join that notifies the live pages of one saved encounter: `alias` is a row with `id`,
 * `channel_id` and `version`. Joined to a statement's result, it runs once per row the statement
 * wrote, so a save that lost its race (no row) notifies nobody.
 */
export function notifyChanged(alias: string, rows?: string): string {
  return `LATERAL (SELECT ${changedNotice(alias, rows)}) notified`;
}

/** A listener's row counts this long after it was last renewed (every minute while it listens). */
const LISTENER_FRESH = "interval '3 minutes'";

/**
 * `notifyChanged` for the saves of commands, as a LEFT JOIN: only when another process listens (a
 * fresh row in `listeners` other than `ownListener`, an SQL text expression, which the notice names
 * as its sender). PostgreSQL serializes the commits of notifying transactions, WAL flush included,
 * so one process alone would otherwise pay for notices nobody hears. A process registers before it listens, and a save that replaces a
 * version another process made or heard of started after that version committed, so it sees the row.
 */
export function notifyChangedIfHeard(alias: string, ownListener: string, rows?: string): string {
  return `LEFT JOIN LATERAL (SELECT ${changedNotice(alias, rows, ownListener)} WHERE EXISTS (
    SELECT 1 FROM listeners l WHERE l.name <> ${ownListener} AND l.seen_at > now() - ${LISTENER_FRESH}
  )) notified ON true`;
}
