/** The channel every process LISTENs on for the live pages' notices (src/live/feed.ts reads them). */
export const LIVE_CHANNEL = 'rollcall_live';

/**
 * A LATERAL join that notifies the live pages of one saved encounter: `alias` is a row with `id`,
 * `channel_id` and `version`. Joined to a statement's result, it runs once per row the statement
 * wrote, so a save that lost its race (no row) notifies nobody.
 */
export function notifyChanged(alias: string): string {
  return `LATERAL (SELECT pg_notify('${LIVE_CHANNEL}', json_build_object('kind', 'changed', 'channelId', ${alias}.channel_id, 'encounterId', ${alias}.id, 'version', ${alias}.version)::text)) notified`;
}
