import type { SlashCommandSubcommandBuilder } from '@discordjs/builders';
import { requireGameMaster } from '../src/combat/permissions';
import { UserError, type CommandContext } from '../src/framework/command';
import { actorOf, encountersOf, placeOf } from '../src/framework/encounter-commands';
import { optionalBoolean } from '../src/framework/options';
import { revokeReply, shareReply } from '../src/views/live-share';
import type { Reply } from '../src/views/reply';

/** `/init share [revoke]`: its options, added to the subcommand builder. */
export function withShareOptions(sub: SlashCommandSubcommandBuilder): SlashCommandSubcommandBuilder {
  return sub
    .setName('share')
    .setDescription("A private link to this channel's live page, for a second screen or a stream (game master)")
    .addBooleanOption((o) => o.setName('revoke').setDescription("Revoke this channel's links instead: open pages say so"));
}

/**
 * The game master of the channel's fight (or a member with Manage Channels, who may do all a game
 * master may) gets a link, privately; a link outlives the fight and follows the channel's next ones.
 */
export async function share(ctx: CommandContext): Promise<Reply> {
  const revoking = optionalBoolean(ctx.options, 'revoke');
  const encounter = await encountersOf(ctx).get(placeOf(ctx));
  const doing = revoking ? "revoke this channel's live page links" : "share this channel's live page";
  if (encounter !== null) requireGameMaster(actorOf(ctx), encounter, doing);
  else if (!ctx.permissions.manageChannels)
    throw new UserError(
      `No fight runs here: only a member with the Manage Channels permission can ${doing} now. Begin one with \`/init begin\`.`,
    );
  const { live } = ctx.services;
  if (revoking) return revokeReply(await live.revoke(placeOf(ctx)));
  return shareReply(await live.share(placeOf(ctx), ctx.user.id));
}
