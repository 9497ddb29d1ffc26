import { SlashCommandBuilder } from '@discordjs/builders';
import {
  ApplicationCommandOptionType,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandOption,
  type APIApplicationCommandSubcommandOption,
} from 'discord-api-types/v10';
import { asPromise } from '../src/framework/as-promise';
import { rankByName } from '../src/framework/autocomplete';
import { UserError, type Command } from '../src/framework/command';
import { optionalString } from '../src/framework/options';
import type { Embed, EmbedField, Reply } from '../src/views/reply';
import { COLORS, EMBED_LIMITS } from '../src/views/embeds';

const definition = new SlashCommandBuilder()
  .setName('help')
  .setDescription('What Rollcall can do, with an example of each command')
  .addStringOption((o) => o.setName('command').setDescription('Show one command in detail').setAutocomplete(true).setMaxLength(40));

const DICE_NOTATION =
  'Dice: `4d6kh3` keeps the highest 3, `1d20+5 adv` rolls with advantage, `2d6+3 [fire]` is typed damage, ' +
  '`(1d4+1, 3)kh1` keeps the higher, and words after a space are a comment (`1d20+5 to hit`).';

type Subcommand = APIApplicationCommandSubcommandOption;

function subcommandsOf(command: Command): Subcommand[] {
  return (command.definition.toJSON().options ?? []).filter(
    (o: APIApplicationCommandOption): o is Subcommand => o.type === ApplicationCommandOptionType.Subcommand,
  );
}

/** The examples that start with `invocation` (`/init add`), so each subcommand shows its own. */
function examplesFor(command: Command, invocation: string): string[] {
  return (command.examples ?? []).filter((e) => e === invocation || e.startsWith(`${invocation} `));
}

function code(example: string): string {
  return `\`${example}\``;
}

function optionLine(option: APIApplicationCommandBasicOption): string {
  return `\`${option.name}\`${option.required ? ' (required)' : ''}: ${option.description}`;
}

/** Field values past Discord's limit are cut rather than refused, so /help always answers. */
function fieldOf(name: string, lines: readonly string[]): EmbedField {
  return { name, value: lines.join('\n').slice(0, EMBED_LIMITS.fieldValue) };
}

/** One field per command: what it does and an example of each of its subcommands (or of itself). */
function overviewField(command: Command): EmbedField {
  const name = `/${command.definition.name}`;
  const subcommands = subcommandsOf(command);
  const examples =
    subcommands.length === 0 ? (command.examples ?? []) : subcommands.flatMap((s) => examplesFor(command, `${name} ${s.name}`).slice(0, 1));
  return fieldOf(name, [command.definition.description, ...examples.map(code)]);
}

function detailLines(description: string, options: readonly APIApplicationCommandBasicOption[], examples: readonly string[]): string[] {
  return [description, ...options.map(optionLine), ...examples.map(code)];
}

/** One command in detail: each subcommand (or the command itself) with its options and examples. */
function detailEmbed(command: Command): Embed {
  const json = command.definition.toJSON();
  const name = `/${json.name}`;
  const subcommands = subcommandsOf(command);
  if (subcommands.length === 0) {
    const options = (json.options ?? []) as APIApplicationCommandBasicOption[];
    return { title: name, description: detailLines(json.description, options, command.examples ?? []).join('\n'), color: COLORS.info };
  }
  return {
    title: name,
    description: json.description,
    fields: subcommands.map((s) =>
      fieldOf(`${name} ${s.name}`, detailLines(s.description, s.options ?? [], examplesFor(command, `${name} ${s.name}`))),
    ),
    color: COLORS.info,
  };
}

/** /help lists whatever the registry holds, so a new command documents itself. */
export function createHelpCommand(listCommands: () => readonly Command[]): Command {
  const find = (typed: string): Command => {
    const wanted = typed.trim().replace(/^\//, '').toLowerCase();
    const found = listCommands().find((c) => c.definition.name === wanted);
    if (found) return found;
    const names = listCommands().map((c) => c.definition.name);
    throw new UserError(`No command /${wanted}. Try one of: ${names.join(', ')}.`);
  };
  const helpReply = (wanted: string | null): Reply => {
    if (wanted !== null) return { embeds: [detailEmbed(find(wanted))] };
    return {
      embeds: [
        {
          title: 'Rollcall: tabletop combat in Discord',
          description: `Dice, initiative, hit points, concentration and death saves, by the rules of the rule set this server or channel chose (/config below). \`/help command:<name>\` shows a command's options.\n${DICE_NOTATION}`,
          fields: listCommands()
            .filter((c) => c !== help)
            .map(overviewField),
          color: COLORS.info,
        },
      ],
    };
  };
  const help: Command = {
    definition,
    examples: ['/help', '/help command:init'],
    // An unknown command name throws a UserError, which must reach the dispatcher as a rejection.
    execute: (ctx) => asPromise(() => helpReply(optionalString(ctx.options, 'command'))),
    autocomplete(ctx) {
      const names = listCommands().map((c) => c.definition.name);
      return Promise.resolve(rankByName(names, (n) => n, ctx.focused.value).map((n) => ({ name: `/${n}`, value: n })));
    },
  };
  return help;
}
