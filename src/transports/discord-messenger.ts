import { DiscordAPIError, type REST } from '@discordjs/rest';
import { RESTJSONErrorCodes, Routes, type APIChannel, type APIMessage } from 'discord-api-types/v10';
import type { Logger } from 'pino';
import type { ChannelMessenger } from '../framework/command';
import type { Reply } from '../views/reply';
import { restFiles, toMessageBody } from './discord-payload';

/** The message or its channel is gone (deleted, or the bot was removed from it). */
function isGone(error: unknown): boolean {
  return error instanceof DiscordAPIError && error.status === 404;
}

/** The user shares no server with the bot any more, or does not take direct messages from its members. */
function refusesDirectMessages(error: unknown): boolean {
  return error instanceof DiscordAPIError && error.code === RESTJSONErrorCodes.CannotSendMessagesToThisUser;
}

/** Posts, edits and pins the bot's own channel messages, and sends direct messages, through Discord's REST API. */
export function restMessenger(rest: REST, logger: Logger): ChannelMessenger {
  return {
    async send(channelId: string, message: Reply): Promise<string> {
      const posted = (await rest.post(Routes.channelMessages(channelId), {
        body: toMessageBody(message, 'create'),
        files: restFiles(message),
      })) as APIMessage;
      return posted.id;
    },

    async sendDirect(userId: string, message: Reply): Promise<string | null> {
      try {
        // A direct message goes to the DM channel with the user, which this call opens (or finds) first.
        const channel = (await rest.post(Routes.userChannels(), { body: { recipient_id: userId } })) as APIChannel;
        const posted = (await rest.post(Routes.channelMessages(channel.id), { body: toMessageBody(message, 'create') })) as APIMessage;
        return posted.id;
      } catch (error) {
        if (refusesDirectMessages(error)) return null;
        throw error;
      }
    },

    async edit(channelId: string, messageId: string, message: Reply): Promise<boolean> {
      try {
        await rest.patch(Routes.channelMessage(channelId, messageId), {
          body: toMessageBody(message, 'replace'),
          files: restFiles(message),
        });
        return true;
      } catch (error) {
        if (isGone(error)) return false;
        throw error;
      }
    },

    async pin(channelId: string, messageId: string): Promise<boolean> {
      try {
        await rest.put(Routes.channelMessagesPin(channelId, messageId));
        return true;
      } catch (error) {
        // A pin is a convenience: without the Pin Messages permission the tracker still works unpinned.
        logger.warn({ channelId, messageId, err: error }, 'could not pin a message');
        return false;
      }
    },
  };
}
