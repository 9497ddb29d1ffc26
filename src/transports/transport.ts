import type { Logger } from 'pino';
import type { Services } from '../services';
import type { ChannelMessenger } from '../framework/command';
import type { CommandRegistry } from '../framework/registry';

/** What every Discord transport (gateway, HTTP interactions) needs to serve the commands. */
export interface TransportOptions {
  /** The bot token: the transport posts the bot's own messages (the encounter tracker) with it. */
  token: string;
  /** REST base without the version, as discord.js's `rest.api` takes it. */
  apiUrl: string;
  registry: CommandRegistry;
  services: Services;
  logger: Logger;
  /** How long a handler may run before its interaction is deferred. Discord drops answers after 3 s. */
  deferAfterMs?: number;
  /** How long `stop()` waits for interactions in flight before it gives up on them. */
  drainTimeoutMs?: number;
}

/** A running transport. */
export interface Transport {
  /** Takes no new interactions, lets those in flight finish (bounded), then disconnects. */
  stop(): Promise<void>;
  /** Posts and edits the bot's own channel messages; edits of one message are coalesced. */
  messenger: ChannelMessenger;
}
