import { ChannelType } from 'discord-api-types/v10';
import type { CommandContext } from '../../src/framework/command';
import { channel, flag, text, type OptionReader } from '../../src/framework/options';
import { requirePermission } from '../../src/framework/requirements';
import { subcommand } from '../../src/framework/slash-command';
import { UserError } from '../../src/errors';
import { LIVE_MONSTER_HP, PLAYERS_HARM, type LiveMonsterHp, type PlayersHarm } from '../../src/settings/store';
import { COLORS } from '../../src/views/embeds';
import { livePageSettingsReply } from '../../src/views/live-share';
import type { Reply } from '../../src/views/reply';
import { gmChannelReply } from '../../src/views/secret-rolls';

const GM_CHANNEL_OPTIONS = {
  channel: channel('A channel only game masters can read', [ChannelType.GuildText, ChannelType.PrivateThread]),
  clear: flag('Stop posting copies in a channel (DMs to the game master only)'),
} as const;

async function gmChannel(ctx: CommandContext, options: OptionReader<typeof GM_CHANNEL_OPTIONS>): Promise<Reply> {
  const given = options.raw('channel');
  const chosen = typeof given === 'string' ? given : null;
  const clearing = options.raw('clear') === true;
  const { settings } = ctx.services;
  if (chosen === null && !clearing) return gmChannelReply(await settings.gmChannel(ctx.guildId), 'shown');
  if (chosen !== null && clearing)
    throw new UserError('Give either `channel` to set the game master channel or `clear:true` to remove it, not both.');
  requirePermission(ctx, { manage: 'guild', to: 'choose where game masters get secret rolls' });
  await settings.setGmChannel({ guildId: ctx.guildId, channelId: chosen, userId: ctx.user.id });
  return gmChannelReply(chosen, clearing ? 'cleared' : 'set');
}

const LIVE_PAGE_OPTIONS = {
  'monster-hp': text('In words (unhurt, hurt, bloodied, near death) or hidden', {
    choices: LIVE_MONSTER_HP.map((value) => ({ name: value, value })),
  }),
} as const;

async function livePage(ctx: CommandContext, options: OptionReader<typeof LIVE_PAGE_OPTIONS>): Promise<Reply> {
  const { settings } = ctx.services;
  const monsterHp = options.text('monster-hp');
  if (monsterHp === null) return livePageSettingsReply(await settings.liveMonsterHp(ctx.guildId), 'shown');
  if (!(LIVE_MONSTER_HP as readonly string[]).includes(monsterHp)) throw new UserError('`monster-hp` is words or hidden.');
  requirePermission(ctx, { manage: 'guild', to: "change the server's live pages" });
  await settings.setLiveMonsterHp({ guildId: ctx.guildId, monsterHp: monsterHp as LiveMonsterHp, userId: ctx.user.id });
  return livePageSettingsReply(monsterHp as LiveMonsterHp, 'set');
}

const HARM_OPTIONS = {
  players: text("own: their own combatants and the game master's (default); anyone: other players' too", {
    choices: PLAYERS_HARM.map((value) => ({ name: value, value })),
  }),
} as const;

const HARM_WORDS: Readonly<Record<PlayersHarm, string>> = {
  own: "Players damage their own combatants and the game master's; another player's combatant only that player or the game master harms (damage, attacks, exhaustion).",
  anyone: "Players may damage anyone's combatants, other players' too (damage, attacks, exhaustion).",
};

async function harm(ctx: CommandContext, options: OptionReader<typeof HARM_OPTIONS>): Promise<Reply> {
  const { settings } = ctx.services;
  const players = options.text('players');
  const footer = 'A character who died in a fight is brought back by the game master with `/character revive`.';
  if (players === null) {
    return {
      embeds: [
        { title: 'Who may harm whom', description: HARM_WORDS[await settings.playersHarm(ctx.guildId)], color: COLORS.info, footer },
      ],
    };
  }
  if (!(PLAYERS_HARM as readonly string[]).includes(players)) throw new UserError('`players` is own or anyone.');
  requirePermission(ctx, { manage: 'guild', to: 'change whom players may harm' });
  await settings.setPlayersHarm({ guildId: ctx.guildId, playersHarm: players as PlayersHarm, userId: ctx.user.id });
  return { embeds: [{ title: 'Who may harm whom: set', description: HARM_WORDS[players as PlayersHarm], color: COLORS.success, footer }] };
}

export const gmChannelSetting = subcommand({
  description: 'Where game masters get copies of secret rolls outside a DM (Manage Server); without options, show it',
  options: GM_CHANNEL_OPTIONS,
  run: gmChannel,
});

export const livePageSetting = subcommand({
  description: "How live pages (/init share) show monsters' HP (Manage Server); without options, show it",
  options: LIVE_PAGE_OPTIONS,
  run: livePage,
});

export const harmSetting = subcommand({
  description: 'Whom players may damage in fights (Manage Server); without options, show it',
  options: HARM_OPTIONS,
  run: harm,
});
