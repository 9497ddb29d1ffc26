import type { PrismaClient } from './generated/client';
import { DEFAULT_RULESET, isRuleSetId, type RuleSetId } from '../rules/ids';

/** Where the rule set in force comes from: the channel's override, the server's choice, or the default. */
export type RulesetSource = 'channel' | 'server' | 'default';

export interface EffectiveRuleset {
  ruleset: RuleSetId;
  source: RulesetSource;
  /** Who chose it, and when; null for the default. */
  updatedBy: string | null;
  updatedAt: Date | null;
}

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
  change: { guildId: string; channelId: string; ruleset: RuleSetId; userId: string },
): Promise<void> {
  await prisma.channelSettings.upsert({
    where: { channelId: change.channelId },
    create: { channelId: change.channelId, guildId: change.guildId, ruleset: change.ruleset, updatedBy: change.userId },
    update: { ruleset: change.ruleset, updatedBy: change.userId },
  });
}

/** Removes a channel's override, so the server's rule set applies again; false when there was none. */
export async function clearChannelRuleset(prisma: PrismaClient, where: { channelId: string }): Promise<boolean> {
  const { count } = await prisma.channelSettings.deleteMany({ where: { channelId: where.channelId } });
  return count > 0;
}

/**
 * The rule set in force in a channel. A stored id this version does not know (a rule set since
 * removed) is passed over, as if unset, rather than breaking every command in that channel.
 */
export async function effectiveRuleset(prisma: PrismaClient, where: { guildId: string; channelId: string }): Promise<EffectiveRuleset> {
  const [channel, guild] = await Promise.all([
    prisma.channelSettings.findUnique({ where: { channelId: where.channelId } }),
    prisma.guildSettings.findUnique({ where: { guildId: where.guildId } }),
  ]);
  if (channel && channel.guildId === where.guildId && isRuleSetId(channel.ruleset)) {
    return { ruleset: channel.ruleset, source: 'channel', updatedBy: channel.updatedBy, updatedAt: channel.updatedAt };
  }
  if (guild && isRuleSetId(guild.ruleset)) {
    return { ruleset: guild.ruleset, source: 'server', updatedBy: guild.updatedBy, updatedAt: guild.updatedAt };
  }
  return { ruleset: DEFAULT_RULESET, source: 'default', updatedBy: null, updatedAt: null };
}
