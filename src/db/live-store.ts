import type { Place } from '../combat/types';
import type { LiveLink, LiveLinkStore } from '../live/links';
import type { LiveState, LiveStateSource } from '../live/hub';
import { liveMonsterHpFrom } from '../settings/store';
import { STATE_COLUMNS, type StateRow } from './encounter-store';
import { encounterAfterSave, encounterFromRows } from './encounter-rows';
import type { PrismaClient } from './generated/client';
import { LIVE_CHANNEL } from './live-notices';

type Queryable = Pick<PrismaClient, '$queryRawUnsafe'>;

/** Notifies every process's live pages that a channel's links were revoked, once per statement. */
const NOTIFY_REVOKED = `pg_notify('${LIVE_CHANNEL}', json_build_object('kind', 'revoked', 'channelId', $1::text)::text)`;

/**
 * A new link, and the channel's oldest past `$6` deleted in the same statement (the DELETE sees the
 * links as they were before the INSERT, so it keeps `$6 - 1` of them). Pages open on a deleted link
 * hear of it as of a revocation.
 */
const ADD_SQL = `
WITH added AS (
  INSERT INTO live_links (token_hash, guild_id, channel_id, created_by, created_at) VALUES ($2, $3, $1, $4, $5::timestamptz)
),
dropped AS (
  DELETE FROM live_links WHERE token_hash IN (
    SELECT token_hash FROM live_links WHERE channel_id = $1 ORDER BY created_at DESC OFFSET $6::int - 1
  )
  RETURNING 1
),
told AS (
  SELECT ${NOTIFY_REVOKED} FROM (SELECT 1 WHERE EXISTS (SELECT 1 FROM dropped)) d
)
SELECT (SELECT count(*)::int FROM live_links WHERE channel_id = $1) + 1 - (SELECT count(*)::int FROM dropped) AS links,
  (SELECT count(*) FROM told)::int AS told`;

const REVOKE_SQL = `
WITH gone AS (DELETE FROM live_links WHERE channel_id = $1 RETURNING 1)
SELECT count(*)::int AS revoked FROM gone, LATERAL (SELECT ${NOTIFY_REVOKED}) told`;

/**
 * The channel's newest fight (running, or the last to end), when its current turn began (kept on
 * the encounter by the saves that move it: the log's newest such change took a walk back through
 * every change since, 25 ms after 3,000 hits in one turn), and how its server shows monsters' hit
 * points.
 */
const LATEST_SQL = `
SELECT ${STATE_COLUMNS},
  e.turn_started_at,
  (SELECT s.monster_hp FROM live_settings s WHERE s.guild_id = e.guild_id) AS monster_hp
FROM encounters e
WHERE e.channel_id = $1
ORDER BY e.created_at DESC
LIMIT 1`;

interface LatestRow extends StateRow {
  turn_started_at: Date | string | null;
  monster_hp: string | null;
}

export function createLiveLinkStore(prisma: Queryable): LiveLinkStore {
  return {
    async add(link: LiveLink, keep: number) {
      const rows = await prisma.$queryRawUnsafe<{ links: number }[]>(
        ADD_SQL,
        link.channelId,
        link.tokenHash,
        link.guildId,
        link.createdBy,
        link.createdAt.toISOString(),
        keep,
      );
      return Number(rows[0]?.links ?? 1);
    },

    async revoke(channelId) {
      const rows = await prisma.$queryRawUnsafe<{ revoked: number }[]>(REVOKE_SQL, channelId);
      return Number(rows[0]?.revoked ?? 0);
    },

    async find(tokenHash): Promise<Place | null> {
      const rows = await prisma.$queryRawUnsafe<{ guild_id: string; channel_id: string }[]>(
        'SELECT guild_id, channel_id FROM live_links WHERE token_hash = $1',
        tokenHash,
      );
      const row = rows[0];
      return row === undefined ? null : { guildId: row.guild_id, channelId: row.channel_id };
    },

    async existing(tokenHashes) {
      if (tokenHashes.length === 0) return new Set();
      const rows = await prisma.$queryRawUnsafe<{ token_hash: string }[]>(
        'SELECT token_hash FROM live_links WHERE token_hash = ANY($1::text[])',
        tokenHashes,
      );
      return new Set(rows.map((row) => row.token_hash));
    },
  };
}

export function createLiveStateSource(prisma: Queryable): LiveStateSource {
  return {
    async latest(channelId): Promise<LiveState | null> {
      const rows = await prisma.$queryRawUnsafe<LatestRow[]>(LATEST_SQL, channelId);
      const row = rows[0];
      if (row === undefined) return null;
      return {
        encounter: encounterFromRows(row.encounter, row.combatants, row.effects),
        turnStartedAt: row.turn_started_at === null ? null : new Date(row.turn_started_at),
        monsterHp: liveMonsterHpFrom(row.monster_hp),
      };
    },

    afterSave: encounterAfterSave,
  };
}
