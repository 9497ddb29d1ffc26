import type { CommandContext } from '../../src/framework/command';
import { flag, text, type OptionReader } from '../../src/framework/options';
import { requirePermission } from '../../src/framework/requirements';
import { subcommand } from '../../src/framework/slash-command';
import { UserError } from '../../src/errors';
import type { RuleSetId } from '../../src/rules/ids';
import { NEXT_REST_VARIANTS, type NextRestVariant } from '../../src/rules/types';
import type { RestRules } from '../../src/settings/store';
import { COLORS } from '../../src/views/embeds';
import type { Reply } from '../../src/views/reply';

const NEXT_REST_CHOICES: Record<NextRestVariant, string> = {
  standard: 'standard — Hit Dice need a healer’s kit; a long rest restores all',
  'slower-hp': 'slower hit points — a long rest restores no HP; Hit Dice spent freely',
  'slower-hit-dice': 'slower Hit Dice — a long rest gives back 1 + Con modifier Hit Dice',
  'slower-all': 'all-around slower — both slower rules',
  'experimental-1': 'Experimental Rule 1 — each hour of rest heals level + Con modifier',
  'experimental-2': 'Experimental Rule 2 — every 5 minutes heals 1 + level + Con modifier',
};

const REST_RULE_LINES = {
  next: (rules: RestRules) => `**D&D Next rests:** ${NEXT_REST_CHOICES[rules.nextRests]}`,
  a5e: (rules: RestRules) =>
    `**A5E Supply:** ${rules.a5eSupply ? 'counted: each long rest says `supply:true` or `supply:false`' : 'not counted'}`,
};

function restRulesLines(rules: RestRules): string[] {
  return [REST_RULE_LINES.next(rules), REST_RULE_LINES.a5e(rules)];
}

/** The server's rest rule that applies under the rule set in force here, if one does. */
export function restRuleHere(ruleset: RuleSetId, rules: RestRules): string[] {
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

export const restRules = subcommand({
  description: "Choose the server's rest rules (Manage Server), or show them: D&D Next's rest variants, A5E Supply",
  options: RESTS_OPTIONS,
  run: rests,
});
