import { Client, Events, GatewayIntentBits, Options, type Interaction } from 'discord.js';
import { coalesceEdits } from './coalescing-messenger';
import { restMessenger } from './discord-messenger';
import { answerInteraction, refuseInteraction } from './gateway-interactions';
import type { Transport, TransportOptions } from './transport';

export type GatewayOptions = TransportOptions;

export type Gateway = Transport;

/**
 * Rollcall reads nothing from the cache: interactions carry the ids and permissions it needs, and
 * replies go through REST. So keep only what discord.js itself relies on, and bound the rest.
 */
const CACHE_LIMITS = {
  MessageManager: 0,
  ReactionManager: 0,
  PresenceManager: 0,
  VoiceStateManager: 0,
  GuildEmojiManager: 0,
  GuildStickerManager: 0,
  GuildScheduledEventManager: 0,
  StageInstanceManager: 0,
  GuildBanManager: 0,
  GuildInviteManager: 0,
  AutoModerationRuleManager: 0,
  ApplicationCommandManager: 0,
  ThreadMemberManager: 0,
  GuildMemberManager: { maxSize: 200, keepOverLimit: (member: { id: string; client: Client }) => member.id === member.client.user?.id },
  UserManager: { maxSize: 1000, keepOverLimit: (user: { id: string; client: Client }) => user.id === user.client.user?.id },
};

function delay(ms: number): { done: Promise<void>; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const done = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  return { done, cancel: () => clearTimeout(timer) };
}

/** Logs in to Discord's gateway and answers interactions until `stop()`. Resolves once the bot is ready. */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { token, apiUrl, registry, services, logger } = options;
  const deferAfterMs = options.deferAfterMs ?? 2_000;
  const drainTimeoutMs = options.drainTimeoutMs ?? 10_000;

  const client = new Client({
    intents: [GatewayIntentBits.Guilds],
    rest: { api: apiUrl },
    makeCache: Options.cacheWithLimits(CACHE_LIMITS),
    // A safety net: every reply sets its own allowed mentions, and nothing else may ping.
    allowedMentions: { parse: [] },
  });
  const messenger = coalesceEdits(restMessenger(client.rest, logger));
  const inFlight = new Set<Promise<void>>();
  let stopping = false;

  client.on(Events.Error, (error) => logger.error({ err: error }, 'gateway error'));
  client.on(Events.Warn, (message) => logger.warn({ message }, 'gateway warning'));
  client.rest.on('rateLimited', (info) => logger.warn({ route: info.route, retryAfterMs: info.retryAfter }, 'rate limited by Discord'));

  client.on(Events.InteractionCreate, (interaction: Interaction) => {
    if (stopping)
      logger.info({ interactionId: interaction.id, userId: interaction.user.id, outcome: 'refused' }, 'interaction while stopping');
    const answer = stopping
      ? refuseInteraction(interaction)
      : answerInteraction(interaction, { registry, services, messenger, deferAfterMs });
    const task = answer.catch((error: unknown) =>
      logger.error({ interactionId: interaction.id, err: error }, 'could not answer an interaction'),
    );
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  });

  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  try {
    await client.login(token);
    await ready;
  } catch (error) {
    await client.destroy();
    throw error;
  }
  logger.info({ user: client.user?.tag, guilds: client.guilds.cache.size }, 'connected to Discord');

  let stopped: Promise<void> | null = null;
  const stop = async (): Promise<void> => {
    stopping = true;
    const drained = Promise.allSettled([...inFlight]).then(() => messenger.idle());
    const timeout = delay(drainTimeoutMs);
    await Promise.race([drained, timeout.done]);
    timeout.cancel();
    if (inFlight.size > 0) logger.warn({ unfinished: inFlight.size }, 'stopped with interactions still in flight');
    await client.destroy();
    logger.info('disconnected from Discord');
  };

  return {
    messenger,
    stop: () => (stopped ??= stop()),
  };
}
