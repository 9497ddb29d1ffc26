import type { ChannelMessenger, CommandContext, OptionValue } from '../../../src/framework/command';
import type { Services } from '../../../src/services';

/**
 * A context for calling a command or a reply helper directly: Alice, without manager permissions, in
 * one channel. Only the services a test passes exist, so a test says what the code under it reads.
 */
export function unitContext(
  services: Partial<Services>,
  messenger: ChannelMessenger,
  values: Record<string, OptionValue> = {},
): CommandContext {
  return {
    interactionId: 'test-interaction',
    user: { id: '42', name: 'Alice' },
    guildId: 'guild',
    channelId: 'channel',
    permissions: { manageGuild: false, manageChannels: false },
    options: { subcommandGroup: null, subcommand: null, values },
    services: services as Services,
    messenger,
  };
}
