import {
  ApplicationCommandOptionType,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOption,
  type APIApplicationCommandSubcommandOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import { MAX_DICE, MAX_LENGTH, MAX_SIDES, withCommas } from '../dice/limits';
import { ATTRIBUTION_SECTION, SRD_ATTRIBUTION, SRD_COMMANDS } from './attribution';
import { chunks, COLORS, EMBED_LIMITS, embedLength, fieldsOfLines } from './embeds';
import type { Embed, EmbedField } from './reply';

/** A command as /help shows it: its registered definition and the lines a player would type. */
export interface HelpEntry {
  definition: RESTPostAPIChatInputApplicationCommandsJSONBody;
  examples: readonly string[];
}

/** A titled run of lines that /help keeps together where it can: one subcommand, one command. */
interface Section {
  name: string;
  lines: readonly string[];
}

/** What one help page says before it is fitted into embeds: a title, an introduction, sections. */
interface HelpText {
  title: string;
  intro: readonly string[];
  sections: readonly Section[];
}

const DICE_NOTATION =
  'Dice: `4d6kh3` keeps the highest 3, `1d20+5 adv` rolls with advantage, `2d6+3 [fire]` is typed damage, ' +
  '`(1d4+1, 3)kh1` keeps the higher, and words after a space are a comment (`1d20+5 to hit`).';

const OVERVIEW_TITLE = 'Rollcall: tabletop combat in Discord';

/** Room kept on every page for the footer that says where the next page is. */
const FOOTER_ROOM = 120;

type Subcommand = APIApplicationCommandSubcommandOption;

function subcommandsOf(definition: HelpEntry['definition']): Subcommand[] {
  return (definition.options ?? []).filter(
    (o: APIApplicationCommandOption): o is Subcommand => o.type === ApplicationCommandOptionType.Subcommand,
  );
}

/** The examples that start with `invocation` (`/init add`), so each subcommand shows its own. */
function examplesFor(entry: HelpEntry, invocation: string): string[] {
  return entry.examples.filter((e) => e === invocation || e.startsWith(`${invocation} `));
}

function code(example: string): string {
  return `\`${example}\``;
}

function optionLine(option: APIApplicationCommandBasicOption): string {
  return `\`${option.name}\`${option.required ? ' (required)' : ''}: ${option.description}`;
}

/** One section per command: what it does and an example of each of its subcommands (or of itself). */
function overviewSection(entry: HelpEntry): Section {
  const name = `/${entry.definition.name}`;
  const subcommands = subcommandsOf(entry.definition);
  const examples =
    subcommands.length === 0 ? entry.examples : subcommands.flatMap((s) => examplesFor(entry, `${name} ${s.name}`).slice(0, 1));
  return { name, lines: [entry.definition.description, ...examples.map(code)] };
}

function detailLines(description: string, options: readonly APIApplicationCommandBasicOption[], examples: readonly string[]): string[] {
  return [description, ...options.map(optionLine), ...examples.map(code)];
}

function overviewText(entries: readonly HelpEntry[]): HelpText {
  return {
    title: OVERVIEW_TITLE,
    intro: [
      "Dice, initiative, hit points, concentration and death saves, by the rules of the rule set this server or channel chose (/config below). `/help command:<name>` shows a command's options.",
      DICE_NOTATION,
    ],
    sections: [...entries.map(overviewSection), { name: ATTRIBUTION_SECTION, lines: SRD_ATTRIBUTION }],
  };
}

/** Every part of the dice notation, for /roll's own help: a refused roll sends the player here. */
const DICE_NOTATION_SECTION: Section = {
  name: 'Dice notation',
  lines: [
    '`3d6` rolls three six-sided dice (`d20` is `1d20`, `d%` a d100); `+ - * /`, `//` (round down) and `%` go between terms.',
    '`k` keeps and `p` drops dice: `4d6kh3` keeps the highest 3, `4d6pl1` drops the lowest, `2d20kl1` keeps the lower.',
    '`2d6rr1` rerolls 1s until none is left, `2d6ro<3` rerolls each die under 3 once, `3d6ra6` adds one die if any shows 6.',
    '`2d6e6` explodes: each 6 adds a die, which can explode again. `8d6mi2` counts each die as at least 2, `4d8ma6` at most 6.',
    'After `k`, `p`, `rr`, `ro`, `ra` and `e`: a face (`6`), `h3` or `l1` (highest or lowest), `>4` or `<3`.',
    '`(1d4+1, 3)kh1` keeps the higher of a set; `[fire]` labels the term before it; `adv` or `dis` changes the first `1d20`; words after a space are a comment.',
    `At most ${withCommas(MAX_DICE)} dice, ${withCommas(MAX_SIDES)} sides and ${MAX_LENGTH} characters.`,
  ],
};

/** The SRD's attribution, for a command whose replies come from it; the dice notation, for /roll. */
function commandSections(command: string): Section[] {
  const dice = command === 'roll' ? [DICE_NOTATION_SECTION] : [];
  return SRD_COMMANDS.includes(command) ? [...dice, { name: ATTRIBUTION_SECTION, lines: SRD_ATTRIBUTION }] : dice;
}

/** One command in detail: each subcommand (or the command itself) with its options and examples. */
function detailText(entry: HelpEntry): HelpText {
  const { definition } = entry;
  const name = `/${definition.name}`;
  const subcommands = subcommandsOf(definition);
  if (subcommands.length === 0) {
    const options = (definition.options ?? []) as APIApplicationCommandBasicOption[];
    return { title: name, intro: detailLines(definition.description, options, entry.examples), sections: commandSections(definition.name) };
  }
  const attribution = commandSections(definition.name);
  return {
    title: name,
    intro: [definition.description],
    sections: [
      ...subcommands.map((s) => ({
        name: `${name} ${s.name}`,
        lines: detailLines(s.description, s.options ?? [], examplesFor(entry, `${name} ${s.name}`)),
      })),
      ...attribution,
    ],
  };
}

/** A section as fields of at most 1,024 characters each, split between lines. */
function fieldsOf(section: Section): EmbedField[] {
  return fieldsOfLines(section.name, section.lines);
}

/** The introduction in the description, and what does not fit there as fields after it. */
function introduce(text: HelpText): { description: string; overflow: Section[] } {
  const [description = '', ...rest] = chunks(text.intro, EMBED_LIMITS.description);
  return { description, overflow: rest.length === 0 ? [] : [{ name: `${text.title} (continued)`, lines: rest }] };
}

function fits(page: Embed, more: readonly EmbedField[]): boolean {
  const fields = (page.fields?.length ?? 0) + more.length;
  const length = embedLength(page) + more.reduce((sum, f) => sum + f.name.length + f.value.length, 0);
  return fields <= EMBED_LIMITS.fields && length <= EMBED_LIMITS.total - FOOTER_ROOM;
}

/**
 * Lays the text out on as few embeds as Discord's limits allow, each one a page that fits alone. A
 * section that does not fit on the page so far but fits on a page of its own starts a new page.
 */
function paginate(text: HelpText): Embed[] {
  const { description, overflow } = introduce(text);
  const newPage = (): Embed => ({ title: text.title, fields: [], color: COLORS.info });
  const pages: Embed[] = [{ ...newPage(), description }];
  for (const section of [...overflow, ...text.sections]) {
    const fields = fieldsOf(section);
    let page = pages[pages.length - 1] as Embed;
    if ((page.fields?.length ?? 0) > 0 && !fits(page, fields) && fits(newPage(), fields)) pages.push((page = newPage()));
    for (const field of fields) {
      if (!fits(page, [field])) pages.push((page = newPage()));
      page.fields?.push(field);
    }
  }
  return pages.map(({ fields, ...page }) => (fields === undefined || fields.length === 0 ? page : { ...page, fields }));
}

/** Says which page this is and how to ask for the next one, when there is more than one. */
function numbered(pages: Embed[], ask: (page: number) => string): Embed[] {
  if (pages.length === 1) return pages;
  return pages.map((page, i) => ({
    ...page,
    footer: i + 1 < pages.length ? `Page ${i + 1} of ${pages.length}. Next: ${ask(i + 2)}` : `Page ${i + 1} of ${pages.length}.`,
  }));
}

/** `/help`: every command with an example of each subcommand, page by page. */
export function helpOverviewPages(entries: readonly HelpEntry[]): Embed[] {
  return numbered(paginate(overviewText(entries)), (page) => `/help page:${page}`);
}

/** `/help command:<name>`: one command's subcommands, options and examples, page by page. */
export function helpDetailPages(entry: HelpEntry): Embed[] {
  return numbered(paginate(detailText(entry)), (page) => `/help command:${entry.definition.name} page:${page}`);
}
