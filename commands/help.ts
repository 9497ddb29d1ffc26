import { SlashCommandBuilder } from '@discordjs/builders';
import { asPromise } from '../src/framework/as-promise';
import { rankByName } from '../src/framework/autocomplete';
import { UserError, type Command } from '../src/framework/command';
import { optionalInteger, optionalString } from '../src/framework/options';
import { helpDetailPages, helpOverviewPages, type HelpEntry } from '../src/views/help';
import type { Embed, Reply } from '../src/views/reply';

const definition = new SlashCommandBuilder()
  .setName('help')
  .setDescription('What Rollcall can do, with an example of each command')
  .addStringOption((o) => o.setName('command').setDescription('Show one command in detail').setAutocomplete(true).setMaxLength(40))
  .addIntegerOption((o) => o.setName('page').setDescription('The page, when the help runs to more than one').setMinValue(1));

function entryOf(command: Command): HelpEntry {
  return { definition: command.definition.toJSON(), examples: command.examples ?? [] };
}

function page(pages: readonly Embed[], wanted: number | null): Embed {
  const number = wanted ?? 1;
  const found = pages[number - 1];
  if (found === undefined) throw new UserError(`There is no page ${number}: this help has ${pages.length}.`);
  return found;
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
  const helpReply = (wanted: string | null, number: number | null): Reply => {
    const pages =
      wanted === null
        ? helpOverviewPages(
            listCommands()
              .filter((c) => c !== help)
              .map(entryOf),
          )
        : helpDetailPages(entryOf(find(wanted)));
    return { embeds: [page(pages, number)] };
  };
  const help: Command = {
    definition,
    examples: ['/help', '/help command:init'],
    // An unknown command name throws a UserError, which must reach the dispatcher as a rejection.
    execute: (ctx) => asPromise(() => helpReply(optionalString(ctx.options, 'command'), optionalInteger(ctx.options, 'page'))),
    autocomplete(ctx) {
      const names = listCommands().map((c) => c.definition.name);
      return Promise.resolve(rankByName(names, (n) => n, ctx.focused.value).map((n) => ({ name: `/${n}`, value: n })));
    },
  };
  return help;
}
