import { requireGameMaster } from '../../src/combat/permissions';
import { UserError } from '../../src/framework/command';
import { flag } from '../../src/framework/options';
import { subcommand } from '../../src/framework/slash-command';
import { revokeReply, shareReply } from '../../src/views/live-share';
import { actorOf, encountersOf, placeOf } from '../shared/encounter';

/**
 * The game master of the channel's fight (or a member with Manage Channels, who may do all a game
 * master may) gets a link, privately; a link outlives the fight and follows the channel's next ones.
 */
export const share = subcommand({
  description: "A private link to this channel's live page, for a second screen or a stream (game master)",
  options: { revoke: flag("Revoke this channel's links instead: open pages say so") },
  async run(ctx, options) {
    const revoking = options.flag('revoke');
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
  },
});
