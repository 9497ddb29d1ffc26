import type { PrismaClient } from './generated/client';
import type { LiveNotice } from '../live/feed';
import { LIVE_CHANNEL } from './live-notices';
import type { RuleSetId } from '../rules/ids';
import {
  liveMonsterHpFrom,
  playersHarmFrom,
  type PlayersHarm,
  restRulesFrom,
  rulesetInForce,
  type EffectiveRuleset,
  type LiveMonsterHp,
  type RestRules,
  type SettingsPlace,
  type SettingsStore,
} from '../settings/store';

/** Sets the server's rule set, remembering who did. */
export async function setGuildRuleset(
  prisma: PrismaClient,
  change: { guildId: string; ruleset: RuleSetId; userId: string },
): Promise<void> {
  await prisma.guildSettings.upsert({
    where: { guildId: change.guildId },
    create: { guildId: change.guildId, ruleset: change.ruleset, updatedBy: change.userId },
    update: { ruleset: change.ruleset, updatedBy: change.userId },
  });
}

/** Overrides the rule set for one channel, remembering who did. */
export async function setChannelRuleset(
  prisma: PrismaClient,
  change: SettingsPlace & { ruleset: RuleSetId; userId: string },
): Promise<void> {
  await prisma.channelSettings.upsert({
    where: { channelId: change.channelId },
    create: { channelId: change.channelId, guildId: change.guildId, ruleset: change.ruleset, updatedBy: change.userId },
    update: { guildId: change.guildId, ruleset: change.ruleset, updatedBy: change.userId },
  });
}

/** Removes a channel's override, so the server's rule set applies again; false when there was none. */
export async function clearChannelRuleset(prisma: PrismaClient, where: SettingsPlace): Promise<boolean> {
  const { count } = await prisma.channelSettings.deleteMany({ where: { channelId: where.channelId, guildId: where.guildId } });
  return count > 0;
}

/**
 * The rule set in force in a channel, or in a thread (which follows its parent channel's until it has
 * its own); an override stored for a channel under another server does not count.
 */
export async function effectiveRuleset(prisma: PrismaClient, where: SettingsPlace): Promise<EffectiveRuleset> {
  const parentId = where.parentChannelId ?? null;
  const channelIds = parentId === null ? [where.channelId] : [where.channelId, parentId];
  const [channels, guild] = await Promise.all([
    prisma.channelSettings.findMany({ where: { channelId: { in: channelIds }, guildId: where.guildId } }),
    prisma.guildSettings.findUnique({ where: { guildId: where.guildId } }),
  ]);
  // A server row may hold other settings while the server keeps the default rule set.
  const server = guild?.ruleset == null ? null : { ...guild, ruleset: guild.ruleset };
  const rowOf = (channelId: string | null) => channels.find((row) => row.channelId === channelId) ?? null;
  return rulesetInForce({ channel: rowOf(where.channelId), parent: rowOf(parentId), server });
}

/** The server's game master channel for secret rolls, or null. */
export async function gmChannel(prisma: PrismaClient, guildId: string): Promise<string | null> {
  const row = await prisma.guildSettings.findUnique({ where: { guildId }, select: { gmChannelId: true } });
  return row?.gmChannelId ?? null;
}

/** Sets or clears the server's game master channel; the server's rule set stays as it was. */
export async function setGmChannel(
  prisma: PrismaClient,
  change: { guildId: string; channelId: string | null; userId: string },
): Promise<void> {
  await prisma.guildSettings.upsert({
    where: { guildId: change.guildId },
    create: { guildId: change.guildId, ruleset: null, gmChannelId: change.channelId, updatedBy: change.userId },
    // `updated_by` says who chose the rule set (what /config show is about); a channel is not that.
    update: { gmChannelId: change.channelId },
  });
}

/** Whom players may harm in the server's fights. */
export async function playersHarm(prisma: PrismaClient, guildId: string): Promise<PlayersHarm> {
  return playersHarmFrom((await prisma.guildSettings.findUnique({ where: { guildId }, select: { playersHarm: true } }))?.playersHarm);
}

/** Sets whom players may harm; the server's rule set stays as it was. */
export async function setPlayersHarm(
  prisma: PrismaClient,
  change: { guildId: string; playersHarm: PlayersHarm; userId: string },
): Promise<void> {
  await prisma.guildSettings.upsert({
    where: { guildId: change.guildId },
    create: { guildId: change.guildId, ruleset: null, playersHarm: change.playersHarm, updatedBy: change.userId },
    // `updated_by` says who chose the rule set (what /config show is about); this is not that.
    update: { playersHarm: change.playersHarm },
  });
}

/** The server's rest rules, or the defaults. */
export async function restRules(prisma: PrismaClient, guildId: string): Promise<RestRules> {
  return restRulesFrom(await prisma.restSettings.findUnique({ where: { guildId } }));
}

/** Sets the server's rest rules, remembering who did. */
export async function setRestRules(prisma: PrismaClient, change: { guildId: string; rules: RestRules; userId: string }): Promise<void> {
  const columns = { nextRests: change.rules.nextRests, a5eSupply: change.rules.a5eSupply, updatedBy: change.userId };
  await prisma.restSettings.upsert({
    where: { guildId: change.guildId },
    create: { guildId: change.guildId, ...columns },
    update: columns,
  });
}

/** How monsters' hit points show on the server's live pages. */
export async function liveMonsterHp(prisma: PrismaClient, guildId: string): Promise<LiveMonsterHp> {
  return liveMonsterHpFrom((await prisma.liveSettings.findUnique({ where: { guildId } }))?.monsterHp);
}

/** Saves the choice and, in the same statement, tells every process's open pages of the server to follow it. */
const SET_LIVE_MONSTER_HP_SQL = `
WITH saved AS (
  INSERT INTO live_settings (guild_id, monster_hp, updated_by, updated_at) VALUES ($1, $2, $3, now())
  ON CONFLICT (guild_id) DO UPDATE SET monster_hp = EXCLUDED.monster_hp, updated_by = EXCLUDED.updated_by, updated_at = EXCLUDED.updated_at
  RETURNING guild_id
)
SELECT 1 AS saved FROM saved, LATERAL (SELECT pg_notify('${LIVE_CHANNEL}', json_build_object('kind', 'settings', 'guildId', saved.guild_id)::text)) told`;

export async function setLiveMonsterHp(
  prisma: PrismaClient,
  change: { guildId: string; monsterHp: LiveMonsterHp; userId: string },
): Promise<void> {
  await prisma.$queryRawUnsafe(SET_LIVE_MONSTER_HP_SQL, change.guildId, change.monsterHp, change.userId);
}

/**
 * The settings store over PostgreSQL (or the embedded database), through Prisma. `liveChanged` hears
 * of a change to a server's live page settings in this process (others hear of it through NOTIFY).
 */
export function createSettingsStore(prisma: PrismaClient, liveChanged: (notice: LiveNotice) => void = () => undefined): SettingsStore {
  return {
    effectiveRuleset: (place) => effectiveRuleset(prisma, place),
    setGuildRuleset: (change) => setGuildRuleset(prisma, change),
    setChannelRuleset: (change) => setChannelRuleset(prisma, change),
    clearChannelRuleset: (place) => clearChannelRuleset(prisma, place),
    gmChannel: (guildId) => gmChannel(prisma, guildId),
    setGmChannel: (change) => setGmChannel(prisma, change),
    restRules: (guildId) => restRules(prisma, guildId),
    setRestRules: (change) => setRestRules(prisma, change),
    liveMonsterHp: (guildId) => liveMonsterHp(prisma, guildId),
    playersHarm: (guildId) => playersHarm(prisma, guildId),
    setPlayersHarm: (change) => setPlayersHarm(prisma, change),
    async setLiveMonsterHp(change) {
      await setLiveMonsterHp(prisma, change);
      liveChanged({ kind: 'settings', guildId: change.guildId });
    },
  };
}
