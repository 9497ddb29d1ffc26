import type { Encounter } from '../../src/combat/types';
import type { InvocationContext as Context } from '../../src/framework/command';
import { placeOf } from '../../src/framework/requirements';
import type { Embed, Reply } from '../../src/views/reply';
import {
  gameMasterAccountCopy,
  gameMasterCopy,
  secretRollNote,
  type SecretDelivery,
  type SecretDestination,
} from '../../src/views/secret-rolls';

/**
 * Where the game master's copy of a secret roll goes, in order: the channel's encounter's game
 * master by direct message (the one person known to run this table), else the server's game master
 * channel (`/config gm-channel`), which also takes the copy a game master's closed DMs refuse.
 */
async function destinations(ctx: Context): Promise<{ rollerIsGameMaster: boolean; tries: SecretDestination[] }> {
  const [encounter, gmChannelId] = await Promise.all([
    ctx.services.encounters.get(placeOf(ctx)),
    ctx.services.settings.gmChannel(ctx.guildId),
  ]);
  if (encounter?.gameMasterId === ctx.user.id) return { rollerIsGameMaster: true, tries: [] };
  const tries: SecretDestination[] = [];
  if (encounter) tries.push({ kind: 'dm', userId: encounter.gameMasterId, name: encounter.gameMasterName });
  if (gmChannelId !== null) tries.push({ kind: 'channel', channelId: gmChannelId });
  return { rollerIsGameMaster: false, tries };
}

/** Sends the copy to one destination; false when it could not be delivered there (logged). */
async function deliver(ctx: Context, to: SecretDestination, copy: Reply): Promise<boolean> {
  try {
    if (to.kind === 'channel') {
      await ctx.messenger.send(to.channelId, copy);
      return true;
    }
    return (await ctx.messenger.sendDirect(to.userId, copy)) !== null;
  } catch (error) {
    // The roller still gets the roll; the note says the copy did not arrive, so they can tell the table.
    ctx.services.logger.warn({ interactionId: ctx.interactionId, destination: to, err: error }, 'could not deliver a secret roll');
    return false;
  }
}

/**
 * The reply to a secret roll: `embeds` (the roll, as the roller sees it) privately for the roller,
 * and a copy naming the roller for the game master (`gameMasterEmbeds`, when they may read more:
 * a hidden monster's numbers), never for the table. Any command that rolls in
 * secret (/roll, and the checks, saves and attacks the bot rolls) answers with this.
 */
export async function secretRollReply(ctx: Context, embeds: Embed[], gameMasterEmbeds: Embed[] = embeds): Promise<Reply> {
  const { rollerIsGameMaster, tries } = await destinations(ctx);
  const delivery: SecretDelivery = { rollerIsGameMaster, deliveredTo: null, failed: [] };
  if (!rollerIsGameMaster) {
    const copy = gameMasterCopy(ctx.user.name, ctx.channelId, gameMasterEmbeds);
    for (const to of tries) {
      if (await deliver(ctx, to, copy)) {
        delivery.deliveredTo = to;
        break;
      }
      delivery.failed.push(to);
    }
  }
  return { content: secretRollNote(delivery), embeds, ephemeral: true };
}

/**
 * Tells the game master privately what the channel's reply left out (a hidden monster's whole roll
 * and numbers, the private reasons behind an outcome), also when they made the change themselves:
 * by direct message, else in the server's game master channel, else nowhere (logged). On Discord it
 * goes after the reply, as the tracker's edit does, so a slow direct message never delays the answer.
 */
export async function tellGameMaster(
  ctx: Context,
  encounter: Pick<Encounter, 'gameMasterId' | 'gameMasterName'>,
  embeds: Embed[],
): Promise<void> {
  const copy = gameMasterAccountCopy(ctx.channelId, embeds);
  const send = async (): Promise<void> => {
    if (await deliver(ctx, { kind: 'dm', userId: encounter.gameMasterId, name: encounter.gameMasterName }, copy)) return;
    const gmChannelId = await ctx.services.settings.gmChannel(ctx.guildId);
    if (gmChannelId !== null) await deliver(ctx, { kind: 'channel', channelId: gmChannelId }, copy);
  };
  if (ctx.messenger.trackers === undefined) return send();
  void send().catch((error: unknown) =>
    ctx.services.logger.warn({ interactionId: ctx.interactionId, err: error }, "could not tell the game master a hidden monster's roll"),
  );
}
