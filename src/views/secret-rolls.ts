import { COLORS } from './embeds';
import { shown } from './markdown';
import type { Embed, Reply } from './reply';

/** Where the game master's copy of a secret roll can go. */
export type SecretDestination = { kind: 'dm'; userId: string; name: string } | { kind: 'channel'; channelId: string };

/** What happened to the game master's copy. */
export interface SecretDelivery {
  /** The roller runs the channel's encounter: the roll is theirs alone, no copy is sent. */
  rollerIsGameMaster: boolean;
  deliveredTo: SecretDestination | null;
  /** Destinations tried first that did not take the copy. */
  failed: SecretDestination[];
}

/** The game master's copy: who rolled, where, and the roll in full. */
export function gameMasterCopy(rollerName: string, channelId: string, embeds: Embed[]): Reply {
  return { content: `🔒 Secret roll by **${shown(rollerName)}** in <#${channelId}>:`, embeds };
}

/** What the game master alone reads of a change in a channel: the whole roll and the reasons the table was not told. */
export function gameMasterAccountCopy(channelId: string, embeds: Embed[]): Reply {
  return { content: `🔒 For the game master, from <#${channelId}> (the table saw the outcome only):`, embeds };
}

function failure(to: SecretDestination): string {
  return to.kind === 'dm' ? `${shown(to.name)} takes no direct messages from the bot` : `the bot cannot post in <#${to.channelId}>`;
}

/** The line above the roller's private copy: who else saw the roll. */
export function secretRollNote(delivery: SecretDelivery): string {
  if (delivery.rollerIsGameMaster) return '🔒 Secret roll: you run the encounter here, so only you see it.';
  const { deliveredTo, failed } = delivery;
  const why = failed.length > 0 ? `, as ${failed.map(failure).join(' and ')}` : '';
  if (deliveredTo?.kind === 'dm')
    return `🔒 Secret roll: only you and the game master, ${shown(deliveredTo.name)}, see it (sent by direct message).`;
  if (deliveredTo?.kind === 'channel')
    return `🔒 Secret roll: only you and the game master see it (posted in <#${deliveredTo.channelId}>${why}).`;
  if (failed.length > 0)
    return `🔒 Secret roll: no game master could be reached, as ${failed.map(failure).join(' and ')}. Only you see it.`;
  return '🔒 Secret roll: no game master could be reached, as no encounter runs in this channel and the server has no game master channel (a server admin sets one with `/config gm-channel`). Only you see it.';
}

/** The answer to `/config gm-channel`: the server's game master channel, after a change or as it stands. */
export function gmChannelReply(channelId: string | null, change: 'set' | 'cleared' | 'shown'): Reply {
  const titles = { set: 'Game master channel set', cleared: 'Game master channel cleared', shown: 'Game master channel' };
  const lines = [
    channelId === null ? 'This server has no game master channel.' : `Game master copies of secret rolls can go to <#${channelId}>.`,
    'A secret roll goes to the roller and, by direct message, to the game master of the channel’s encounter; ' +
      'the game master channel takes it when no encounter runs there or that game master takes no direct messages.',
    channelId === null
      ? 'Set one with `/config gm-channel channel:#channel` (Manage Server).'
      : 'Keep it a channel only game masters can read; `/config gm-channel clear:true` removes it.',
  ];
  return { embeds: [{ title: titles[change], description: lines.join('\n'), color: change === 'shown' ? COLORS.info : COLORS.success }] };
}
