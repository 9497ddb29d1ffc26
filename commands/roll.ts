import type { CommandContext } from '../src/framework/command';
import { flag, integer, text, type OptionReader } from '../src/framework/options';
import { commandWithOptions } from '../src/framework/slash-command';
import { readModeWords } from './shared/mode-words';
import { secretRollReply } from './shared/secret-rolls';
import type { Embed, Reply } from '../src/views/reply';
import { COLORS, EMBED_LIMITS } from '../src/views/embeds';
import { shownWithin } from '../src/views/markdown';
import { UserError } from '../src/errors';
import {
  MAX_LENGTH,
  modesCancel,
  parseDice,
  rollDice,
  sumOfTotals,
  type ParsedDice,
  type RandomSource,
  type RollMode,
  type RollSuccess,
} from '../src/dice';

const MAX_TIMES = 20;
const MAX_LABEL = 100;

const OPTIONS = {
  dice: text('What to roll, e.g. 1d20+5 or 8d6 [fire]', { required: true, maxLength: MAX_LENGTH }),
  mode: text('Advantage or disadvantage on the first 1d20 (or adv/dis in the dice; both cancel)', {
    choices: [
      { name: 'normal', value: 'normal' },
      { name: 'advantage', value: 'advantage' },
      { name: 'disadvantage', value: 'disadvantage' },
    ],
  }),
  dc: integer('Say whether the total meets this DC'),
  label: text('A title for the roll', { maxLength: MAX_LABEL }),
  times: integer('Roll it this many times (1-20)', { min: 1, max: MAX_TIMES }),
  secret: flag('Only you and the game master see the result, never the table'),
} as const;

interface RollRequest {
  parsed: ParsedDice;
  mode: RollMode;
  dc: number | null;
  label: string | null;
  times: number;
  secret: boolean;
  /** Advantage and disadvantage were both asked for (in the dice or the option) and cancelled. */
  cancelled: boolean;
}

/** Other dice rollers' letters for what this notation writes otherwise, met right after a term (`4d6!`, `4d6dl1`, `1d20r1`). */
const OTHER_NOTATIONS: Readonly<Record<string, string>> = {
  '!': 'Exploding dice are written with `e` here: `4d6e6`.',
  d: 'Dropping dice is written with `p` here: `4d6pl1` drops the lowest.',
  r: 'Rerolls are written `rr` (until none is left) or `ro` (once) here: `2d6ro1`.',
};

/** How this notation writes what the mistake at `column` looks like in another roller's, if it does. */
function otherNotationHint(text: string, column: number | null): string | null {
  if (column === null) return null;
  // Columns count what the player sees: an emoji is one.
  const characters = Array.from(text);
  const at = characters[column - 1]?.toLowerCase();
  const before = characters[column - 2];
  if (at === undefined || before === undefined || !/[\d)]/.test(before)) return null;
  return OTHER_NOTATIONS[at] ?? null;
}

function describeMistake(text: string, message: string, column: number | null): string {
  const where = column === null ? '' : `\n\`${text.replace(/`/g, "'")}\`\n\`${' '.repeat(column - 1)}^\``;
  const hint = otherNotationHint(text, column);
  return `${message}${where}${hint === null ? '' : `\n${hint}`}\nDice look like \`1d20+5\`, \`4d6kh3\` or \`2d6+3 [fire]\`; \`/help command:roll\` lists the rest.`;
}

/**
 * The comment as a title. The mode words it held are blanked out where they stood (so columns in a
 * mistake line up): their gaps, a "( )" around one, or a comma before it would show in the title.
 */
function commentTitle(comment: string | null): string | null {
  const tidy = (comment ?? '')
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/\( | \)/g, (gap) => gap.trim())
    .replace(/[\s,;]+$/, '')
    .trim();
  return tidy === '' ? null : tidy;
}

// /roll reads its values as given (dice untrimmed, so columns in a mistake's caret line up).
function readRequest(options: OptionReader<typeof OPTIONS>): RollRequest {
  const values = { dice: options.raw('dice'), mode: options.raw('mode'), times: options.raw('times'), label: options.raw('label') };
  const dc = options.raw('dc');
  const text = typeof values.dice === 'string' ? values.dice : '';
  const words = readModeWords(text);
  const parsed = parseDice(words.text);
  if (!parsed.ok) throw new UserError(describeMistake(text, parsed.error.message, parsed.error.column));
  const mode = values.mode === 'advantage' || values.mode === 'disadvantage' ? values.mode : 'normal';
  const times = typeof values.times === 'number' ? values.times : 1;
  if (!Number.isInteger(times) || times < 1 || times > MAX_TIMES)
    throw new UserError(`\`times\` must be a whole number from 1 to ${MAX_TIMES}.`);
  const label = typeof values.label === 'string' && values.label.trim() !== '' ? values.label.trim().slice(0, MAX_LABEL) : null;
  return {
    parsed: { ...parsed.value, source: text },
    mode,
    dc: typeof dc === 'number' ? dc : null,
    label,
    times,
    secret: options.raw('secret') === true,
    cancelled: modesCancel(mode, ...words.modes),
  };
}

const CANCELLED = 'Advantage and disadvantage cancel out: rolled a plain d20.';

function modeFooter(request: RollRequest, mode: RollMode): string | undefined {
  if (request.cancelled) return CANCELLED;
  return mode === 'normal' ? undefined : `Rolled with ${mode}.`;
}

/** Avrae's reading: a natural 20 or 1 counts when the roll starts with a d20 that keeps one die. */
function natural(result: RollSuccess): 20 | 1 | null {
  const d20 = result.firstD20;
  if (d20 === null || !d20.leading) return null;
  return d20.natural === 20 ? 20 : d20.natural === 1 ? 1 : null;
}

function verdict(total: number, dc: number): string {
  return total >= dc ? '✅ Success' : '❌ Failure';
}

function rollOnce(request: RollRequest, random: RandomSource, maxLength: number): RollSuccess {
  const result = rollDice(request.parsed, random, { mode: request.mode, maxLength });
  if (!result.ok) throw new UserError(describeMistake(request.parsed.source, result.error.message, result.error.column));
  // Asked for in the option or in the dice alike: a mode left with no 1d20 to change is a mistake, not a plain roll.
  const asked = !request.cancelled && (request.mode !== 'normal' || request.parsed.mode !== 'normal');
  if (asked && result.mode === 'normal') {
    throw new UserError(`Advantage and disadvantage apply to a \`1d20\`, and \`${request.parsed.source.replace(/`/g, "'")}\` has none.`);
  }
  return result;
}

function singleEmbed(request: RollRequest, result: RollSuccess, title: string): Embed {
  const lines = [result.text];
  const nat = natural(result);
  if (nat === 20) lines.push('**Natural 20!**');
  if (nat === 1) lines.push('**Natural 1.**');
  let color: number = COLORS.info;
  if (request.dc !== null) {
    lines.push(`DC ${request.dc}: **${verdict(result.total, request.dc)}**`);
    color = result.total >= request.dc ? COLORS.success : COLORS.danger;
  }
  const embed: Embed = {
    title,
    description: lines.join('\n'),
    color,
    fields: [{ name: 'Total', value: String(result.total), inline: true }],
  };
  const footer = modeFooter(request, result.mode);
  if (footer !== undefined) embed.footer = footer;
  return embed;
}

function repeatedEmbed(request: RollRequest, results: RollSuccess[], title: string): Embed {
  const sum = sumOfTotals(results.map((r) => r.total));
  if (!sum.ok) throw new UserError(describeMistake(request.parsed.source, sum.error.message, sum.error.column));
  const lines = results.map((result, i) => {
    const parts = [`${i + 1}. ${result.text}`];
    const nat = natural(result);
    if (nat !== null) parts.push(nat === 20 ? '**natural 20**' : '**natural 1**');
    if (request.dc !== null) parts.push(verdict(result.total, request.dc));
    return parts.join(' · ');
  });
  const fields = [{ name: 'Sum', value: String(sum.sum), inline: true }];
  if (request.dc !== null) {
    const passed = results.filter((r) => r.total >= (request.dc as number)).length;
    fields.push({ name: `DC ${request.dc}`, value: `${passed} of ${results.length} succeed`, inline: true });
  }
  const embed: Embed = { title, description: lines.join('\n'), color: COLORS.info, fields };
  const footer = modeFooter(request, results[0]?.mode ?? 'normal');
  if (footer !== undefined) embed.footer = footer;
  return embed;
}

async function rollReply(ctx: CommandContext, options: OptionReader<typeof OPTIONS>): Promise<Reply> {
  const request = readRequest(options);
  // Each line gets an equal share of the embed, with room for its number and verdict.
  const maxLength = Math.floor(EMBED_LIMITS.description / request.times) - 60;
  const results: RollSuccess[] = [];
  for (let i = 0; i < request.times; i++) results.push(rollOnce(request, ctx.services.random, maxLength));
  // A label, a comment and a display name are typed: inert in markdown, as everywhere else they show.
  const title = request.label ?? commentTitle(request.parsed.comment) ?? `${ctx.user.name} rolls`;
  const shownTitle = shownWithin(title, EMBED_LIMITS.title);
  const [first] = results;
  const embed =
    request.times === 1 && first !== undefined ? singleEmbed(request, first, shownTitle) : repeatedEmbed(request, results, shownTitle);
  return request.secret ? secretRollReply(ctx, [embed]) : { embeds: [embed], ephemeral: false };
}

export const command = commandWithOptions({
  name: 'roll',
  description: 'Roll dice: 1d20+5, 4d6kh3, 2d6+3 [fire], (1d4+1, 3)kh1 …',
  options: OPTIONS,
  examples: [
    '/roll dice:1d20+5 to hit',
    '/roll dice:4d6kh3 times:6',
    '/roll dice:1d20+3 mode:advantage dc:15',
    '/roll dice:1d20+5 advantage',
    '/roll dice:8d6 [fire] secret:true',
  ],
  run: rollReply,
});
