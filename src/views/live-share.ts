import type { MonsterHpShown } from './live-view';
import type { Reply } from './reply';
import { COLORS } from './embeds';

/** Why this bot process serves no live pages: over the gateway without WEB_PORT, or in the console without --web. */
export type LivePagesOff = 'gateway' | 'console';

/** What `/init share` did: a new link, or none as this process serves no pages. */
export type ShareOutcome = { kind: 'link'; url: string; links: number } | { kind: 'off'; why: LivePagesOff };

const TURN_ON: Record<LivePagesOff, string> = {
  gateway:
    'Live pages are off: this bot serves them only when `WEB_PORT` is set (and `PUBLIC_URL` to the address people reach it at). Ask whoever runs the bot to set them and restart it.',
  console: 'Live pages are off in this console: start it with `npm run console -- --web 8080` to serve them.',
};

/** The private answer to `/init share`. */
export function shareReply(outcome: ShareOutcome): Reply {
  if (outcome.kind === 'off')
    return { ephemeral: true, embeds: [{ title: 'No live page here', description: TURN_ON[outcome.why], color: COLORS.info }] };
  const lines = [
    outcome.url,
    '',
    "Open it on a second screen or a phone, or add it to a stream as a browser source (add `?overlay=1` for the compact, transparent overlay). It follows this channel's fights as they happen and shows what the pinned tracker shows players, never a hidden monster.",
    'Anyone with the link can watch: share it only with the table.',
    outcome.links > 1
      ? `This channel's ${outcome.links} links all work until \`/init share revoke:true\` revokes them.`
      : '`/init share revoke:true` revokes it.',
  ];
  return { ephemeral: true, embeds: [{ title: 'Live page of this channel', description: lines.join('\n'), color: COLORS.success }] };
}

/** The private answer to `/init share revoke:true`. */
export function revokeReply(revoked: number): Reply {
  const description =
    revoked === 0
      ? 'This channel had no live page link. `/init share` makes one.'
      : `Revoked ${revoked === 1 ? 'the link' : `all ${revoked} links`} to this channel's live page: open pages now say so, and the link${revoked === 1 ? '' : 's'} no longer open${revoked === 1 ? 's' : ''} anything. \`/init share\` makes a new one.`;
  return { ephemeral: true, embeds: [{ title: 'Live page link revoked', description, color: COLORS.success }] };
}

const MONSTER_HP_WORDS: Record<MonsterHpShown, string> = {
  words: 'in words: unhurt, hurt, bloodied (at half or below), near death (a quarter or below), down, dead',
  hidden: 'not at all',
};

/** The answer to `/config live-page`: how monsters' hit points show on this server's live pages. */
export function livePageSettingsReply(monsterHp: MonsterHpShown, change: 'set' | 'shown'): Reply {
  const lines = [
    `Monsters' hit points show ${MONSTER_HP_WORDS[monsterHp]}. Player characters' show in numbers; hidden monsters never show.`,
    change === 'shown'
      ? 'Change it with `/config live-page monster-hp:words` or `monster-hp:hidden` (Manage Server).'
      : 'Open pages follow at once.',
  ];
  return {
    embeds: [
      {
        title: change === 'set' ? 'Live page settings changed' : 'Live page settings',
        description: lines.join('\n'),
        color: change === 'set' ? COLORS.success : COLORS.info,
      },
    ],
  };
}
