import { ChannelType } from 'discord-api-types/v10';
import type { CommandContext } from '../src/framework/command';
import type { Encounter } from '../src/combat/types';
import { channel, flag, text, type OptionReader } from '../src/framework/options';
import { placeOf, requirePermission } from '../src/framework/requirements';
import { shown } from '../src/views/markdown';
import { commandOfSubcommands, subcommand } from '../src/framework/slash-command';
import type { Reply } from '../src/views/reply';
import { UserError } from '../src/errors';
import { COLORS } from '../src/views/embeds';
import { RULESET_IDS, RULESET_SUMMARIES, isRuleSetId, type RuleSetId } from '../src/rules/ids';
import { differencesFor } from '../src/rules/differences';
import type { RestRules, RulesetSource } from '../src/settings/store';
import { NEXT_REST_VARIANTS, type NextRestVariant } from '../src/rules/types';
import { gmChannelReply } from '../src/views/secret-rolls';
import { livePageSettingsReply } from '../src/views/live-share';
import { LIVE_MONSTER_HP, PLAYERS_HARM, type LiveMonsterHp, type PlayersHarm } from '../src/settings/store';

function rulesetChoiceName(id: RuleSetId): string {
  const { name, description } = RULESET_SUMMARIES[id];
  return `${name} — ${description}`;
}

const NEXT_REST_CHOICES: Record<NextRestVariant, string> = {
  standard: 'standard — Hit Dice need a healer’s kit; a long rest restores all',
  'slower-hp': 'slower hit points — a long rest restores no HP; Hit Dice spent freely',
  'slower-hit-dice': 'slower Hit Dice — a long rest gives back 1 + Con modifier Hit Dice',
  'slower-all': 'all-around slower — both slower rules',
  'experimental-1': 'Experimental Rule 1 — each hour of rest heals level + Con modifier',
  'experimental-2': 'Experimental Rule 2 — every 5 minutes heals 1 + level + Con modifier',
};

/** What the place the command ran in is, as its replies name it. */
function hereWord(ctx: CommandContext): 'channel' | 'thread' {
  return ctx.parentChannelId == null ? 'channel' : 'thread';
}

/** Where the rule set in force was chosen; in a thread, naming the channel it follows. */
function sourceWords(ctx: CommandContext, source: RulesetSource): string {
  switch (source) {
    case 'channel':
      return `set for this ${hereWord(ctx)}`;
    case 'parent':
      return `set for <#${ctx.parentChannelId ?? ''}>, the channel this thread is in`;
    case 'server':
      return 'set for the server';
    case 'default':
      return 'the default';
  }
}

const RUNNING_ENCOUNTERS = 'Encounters already running keep the rule set they began with.';

/**
 * The rule set of this channel's running fight when it differs from the one in force: the fight and
 * everything rolled in it (checks, saves, stat blocks) keep the rules it began with until it ends.
 */
function runningFightLine(encounter: Encounter | null, inForce: RuleSetId): string | null {
  if (encounter === null || encounter.ruleSet === inForce) return null;
  const kept = RULESET_SUMMARIES[encounter.ruleSet].name;
  return `The encounter running here, **${shown(encounter.name)}**, keeps playing **${kept}** (\`${encounter.ruleSet}\`), the rule set it began with, until it ends.`;
}

const RULESET_OPTIONS = {
  ruleset: text('The rules Rollcall applies', {
    required: true,
    choices: RULESET_IDS.map((id) => ({ name: rulesetChoiceName(id), value: id })),
  }),
  scope: text('The whole server (default) or only this channel', {
    choices: [
      { name: 'server', value: 'server' },
      { name: 'channel', value: 'channel' },
    ],
  }),
} as const;

async function setRuleset(ctx: CommandContext, options: OptionReader<typeof RULESET_OPTIONS>): Promise<Reply> {
  const ruleset = String(options.raw('ruleset') ?? '');
  if (!isRuleSetId(ruleset)) throw new UserError(`Unknown rule set "${ruleset}". Choose one of: ${RULESET_IDS.join(', ')}.`);
  const scope = options.raw('scope') === 'channel' ? 'channel' : 'server';
  if (scope === 'server') {
    requirePermission(
      ctx,
      { manage: 'guild', to: "set the server's rule set" },
      'Ask a server admin, or set it for this channel with scope:channel (Manage Channels).',
    );
  } else requirePermission(ctx, { manage: 'channels', to: "set this channel's rule set" });
  const { settings } = ctx.services;
  if (scope === 'server') await settings.setGuildRuleset({ guildId: ctx.guildId, ruleset, userId: ctx.user.id });
  else await settings.setChannelRuleset({ ...placeOf(ctx), ruleset, userId: ctx.user.id });
  const effective = await settings.effectiveRuleset(placeOf(ctx));
  const summary = RULESET_SUMMARIES[ruleset];
  const lines = [`${summary.description}`];
  if (effective.ruleset !== ruleset) {
    lines.push(
      `This ${hereWord(ctx)} keeps **${RULESET_SUMMARIES[effective.ruleset].name}** (\`${effective.ruleset}\`), which is ${sourceWords(ctx, effective.source)}.`,
    );
  }
  lines.push(runningFightLine(await ctx.services.encounters.get(placeOf(ctx)), effective.ruleset) ?? RUNNING_ENCOUNTERS);
  return {
    embeds: [
      {
        title: `Rule set for this ${scope === 'channel' ? hereWord(ctx) : scope}: ${summary.name} (\`${ruleset}\`)`,
        description: lines.join('\n'),
        color: COLORS.success,
      },
    ],
  };
}

const REST_RULE_LINES = {
  next: (rules: RestRules) => `**D&D Next rests:** ${NEXT_REST_CHOICES[rules.nextRests]}`,
  a5e: (rules: RestRules) =>
    `**A5E Supply:** ${rules.a5eSupply ? 'counted: each long rest says `supply:true` or `supply:false`' : 'not counted'}`,
};

function restRulesLines(rules: RestRules): string[] {
  return [REST_RULE_LINES.next(rules), REST_RULE_LINES.a5e(rules)];
}

/** The server's rest rule that applies under the rule set in force here, if one does. */
function restRuleHere(ruleset: RuleSetId, rules: RestRules): string[] {
  if (ruleset === 'dnd-next') return [REST_RULE_LINES.next(rules)];
  if (ruleset === 'a5e') return [REST_RULE_LINES.a5e(rules)];
  return [];
}

const RESTS_OPTIONS = {
  next: text('D&D Next: the optional or experimental rest rules (default standard)', {
    choices: NEXT_REST_VARIANTS.map((variant) => ({ name: NEXT_REST_CHOICES[variant], value: variant })),
  }),
  'a5e-supply': flag('A5E: every long rest says whether it consumed 1 Supply (none: 1 fatigue)'),
} as const;

async function rests(ctx: CommandContext, options: OptionReader<typeof RESTS_OPTIONS>): Promise<Reply> {
  const { settings } = ctx.services;
  const current = await settings.restRules(ctx.guildId);
  const next = options.text('next');
  const supply = options.givenFlag('a5e-supply');
  if (next === null && supply === undefined) {
    return {
      embeds: [
        {
          title: "This server's rest rules",
          description: restRulesLines(current).join('\n'),
          footer: 'Each applies only in channels playing its rule set. Change them with /config rests next: or a5e-supply:.',
          color: COLORS.info,
        },
      ],
    };
  }
  requirePermission(ctx, { manage: 'guild', to: "change the server's rest rules" });
  if (next !== null && !(NEXT_REST_VARIANTS as readonly string[]).includes(next)) {
    throw new UserError(`Unknown D&D Next rest rule "${next}". Choose one of: ${NEXT_REST_VARIANTS.join(', ')}.`);
  }
  const rules: RestRules = {
    nextRests: next === null ? current.nextRests : (next as NextRestVariant),
    a5eSupply: supply ?? current.a5eSupply,
  };
  await settings.setRestRules({ guildId: ctx.guildId, rules, userId: ctx.user.id });
  return {
    embeds: [
      {
        title: 'Rest rules for this server',
        description: [...restRulesLines(rules), 'Each applies only in channels playing its rule set.'].join('\n'),
        color: COLORS.success,
      },
    ],
  };
}

async function show(ctx: CommandContext): Promise<Reply> {
  const [effective, restRules, encounter] = await Promise.all([
    ctx.services.settings.effectiveRuleset(placeOf(ctx)),
    ctx.services.settings.restRules(ctx.guildId),
    ctx.services.encounters.get(placeOf(ctx)),
  ]);
  const summary = RULESET_SUMMARIES[effective.ruleset];
  const fight = runningFightLine(encounter, effective.ruleset);
  return {
    embeds: [
      {
        title: `Rule set here: ${summary.name} (\`${effective.ruleset}\`)`,
        description: [
          `${summary.description} This is ${sourceWords(ctx, effective.source)}.`,
          ...(fight === null ? [] : [fight]),
          '',
          ...differencesFor(effective.ruleset).map((row) => `**${row.label}:** ${row.value}`),
          ...restRuleHere(effective.ruleset, restRules),
        ].join('\n'),
        footer: 'Change it with /config ruleset, whose choices describe each rule set.',
        color: COLORS.info,
      },
    ],
  };
}

async function clear(ctx: CommandContext): Promise<Reply> {
  const { settings } = ctx.services;
  const cleared = await settings.clearChannelRuleset(placeOf(ctx));
  const effective = await settings.effectiveRuleset(placeOf(ctx));
  const summary = RULESET_SUMMARIES[effective.ruleset];
  const inForce = `**${summary.name}** (\`${effective.ruleset}\`), ${sourceWords(ctx, effective.source)}`;
  const here = hereWord(ctx);
  if (!cleared) throw new UserError(`This ${here} has no rule set of its own to clear; it plays ${inForce}.`);
  const running = runningFightLine(await ctx.services.encounters.get(placeOf(ctx)), effective.ruleset) ?? RUNNING_ENCOUNTERS;
  return {
    embeds: [
      {
        title: `Rule set for this ${here} cleared: ${summary.name} (\`${effective.ruleset}\`) applies`,
        description: [`This ${here} now plays ${inForce}.`, running].join('\n'),
        color: COLORS.success,
      },
    ],
  };
}

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

export const command = commandOfSubcommands({
  name: 'config',
  description: 'The rule set here, rest rules, the game master channel, live pages and whom players may harm',
  dmPermission: false,
  subcommands: {
    ruleset: subcommand({
      description: 'Set the rule set for the server (Manage Server) or this channel (Manage Channels)',
      options: RULESET_OPTIONS,
      run: setRuleset,
    }),
    show: subcommand({ description: 'Show the rule set in force here and what it changes', run: show }),
    clear: subcommand({
      description: "Remove this channel's own rule set, so the server's applies again (Manage Channels)",
      requires: { permission: { manage: 'channels', to: "clear this channel's rule set" } },
      run: clear,
    }),
    'gm-channel': subcommand({
      description: 'Where game masters get copies of secret rolls outside a DM (Manage Server); without options, show it',
      options: GM_CHANNEL_OPTIONS,
      run: gmChannel,
    }),
    rests: subcommand({
      description: "Choose the server's rest rules (Manage Server), or show them: D&D Next's rest variants, A5E Supply",
      options: RESTS_OPTIONS,
      run: rests,
    }),
    'live-page': subcommand({
      description: "How live pages (/init share) show monsters' HP (Manage Server); without options, show it",
      options: LIVE_PAGE_OPTIONS,
      run: livePage,
    }),
    harm: subcommand({
      description: 'Whom players may damage in fights (Manage Server); without options, show it',
      options: HARM_OPTIONS,
      run: harm,
    }),
  },
  examples: [
    '/config ruleset ruleset:dnd2014',
    '/config ruleset ruleset:a5e scope:channel',
    '/config show',
    '/config clear',
    '/config gm-channel channel:#gm-screen',
    '/config gm-channel clear:true',
    '/config rests next:experimental-1',
    '/config rests a5e-supply:true',
    '/config live-page monster-hp:hidden',
    '/config harm players:anyone',
  ],
});
