import { Client, Events, GatewayIntentBits, Options, type ClientOptions, type Interaction } from 'discord.js';
import type { ShardCount } from '../config';
import { coalesceEdits } from './coalescing-messenger';
import { restMessenger } from './discord-messenger';
import { answerInteraction, refuseInteraction } from './gateway-interactions';
import type { Transport, TransportOptions } from './transport';

/** How many gateway shards to run: a count, or `auto` for the count Discord recommends. */

export interface GatewayOptions extends Omit<TransportOptions, 'services'> {
  /**
   * A promise while the database is still opening: the connection does not need it, and
   * interactions that arrive before it is open wait for it.
   */
  services: TransportOptions['services'] | Promise<TransportOptions['services']>;
  /** Shards this process runs, all of them: a count, `auto` for Discord's recommendation, or null for one connection. */
  shardCount?: ShardCount | null;
}

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

/**
 * A bot in more than 2,500 servers must split its gateway connection into shards, each carrying the
 * servers whose id maps to it. discord.js runs them all in this one client: every shard's
 * interactions reach the same handler.
 */
function shardOptions(shardCount: ShardCount | null): Pick<ClientOptions, 'shards' | 'shardCount'> {
  if (shardCount === null) return {};
  if (shardCount === 'auto') return { shards: 'auto' };
  return { shards: Array.from({ length: shardCount }, (_, id) => id), shardCount };
}

/**
 * discord.js also reads SHARD_COUNT and SHARDS from the environment (ShardingManager hands them to
 * the processes it spawns), and would take Rollcall's own `SHARD_COUNT=auto` for NaN shards. The
 * count reaches the client through its options instead, so it must not see those variables.
 */
function createClient(options: ClientOptions): Client {
  const inherited = { SHARD_COUNT: process.env.SHARD_COUNT, SHARDS: process.env.SHARDS };
  delete process.env.SHARD_COUNT;
  delete process.env.SHARDS;
  try {
    return new Client(options);
  } finally {
    for (const [name, value] of Object.entries(inherited)) if (value !== undefined) process.env[name] = value;
  }
}

/** Logs in to Discord's gateway and answers interactions until `stop()`. Resolves once the bot is ready. */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { token, apiUrl, registry, services, logger } = options;
  const deferAfterMs = options.deferAfterMs ?? 2_000;
  const drainTimeoutMs = options.drainTimeoutMs ?? 10_000;

  const client = createClient({
    ...shardOptions(options.shardCount ?? null),
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
    const arrived = Date.now();
    const answer = stopping
      ? refuseInteraction(interaction)
      : Promise.resolve(services).then((ready) =>
          // Discord's deadline runs from the interaction's arrival, not from the database being open.
          answerInteraction(interaction, {
            registry,
            services: ready,
            messenger,
            deferAfterMs: Math.max(0, deferAfterMs - (Date.now() - arrived)),
          }),
        );
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
  logger.info({ user: client.user?.tag, guilds: client.guilds.cache.size, shards: client.ws.shards.size }, 'connected to Discord');

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
