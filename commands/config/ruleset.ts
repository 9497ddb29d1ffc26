import type { Encounter } from '../../src/combat/types';
import type { CommandContext } from '../../src/framework/command';
import { text, type OptionReader } from '../../src/framework/options';
import { placeOf, requirePermission } from '../../src/framework/requirements';
import { subcommand } from '../../src/framework/slash-command';
import { UserError } from '../../src/errors';
import { differencesFor } from '../../src/rules/differences';
import { RULESET_IDS, RULESET_SUMMARIES, isRuleSetId, type RuleSetId } from '../../src/rules/ids';
import type { RulesetSource } from '../../src/settings/store';
import { COLORS } from '../../src/views/embeds';
import { shown } from '../../src/views/markdown';
import type { Reply } from '../../src/views/reply';
import { restRuleHere } from './rests';

function rulesetChoiceName(id: RuleSetId): string {
  const { name, description } = RULESET_SUMMARIES[id];
  return `${name} — ${description}`;
}

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

async function showHere(ctx: CommandContext): Promise<Reply> {
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

async function clearHere(ctx: CommandContext): Promise<Reply> {
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

export const ruleset = subcommand({
  description: 'Set the rule set for the server (Manage Server) or this channel (Manage Channels)',
  options: RULESET_OPTIONS,
  run: setRuleset,
});

export const show = subcommand({ description: 'Show the rule set in force here and what it changes', run: showHere });

export const clear = subcommand({
  description: "Remove this channel's own rule set, so the server's applies again (Manage Channels)",
  requires: { permission: { manage: 'channels', to: "clear this channel's rule set" } },
  run: clearHere,
});
