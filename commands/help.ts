import { asPromise } from '../src/framework/as-promise';
import { rankByName } from '../src/framework/autocomplete';
import { UserError, type Command } from '../src/framework/command';
import { integer, text } from '../src/framework/options';
import { commandWithOptions, type NamedCommand } from '../src/framework/slash-command';
import { helpDetailPages, helpOverviewPages, type HelpEntry } from '../src/views/help';
import type { Embed, Reply } from '../src/views/reply';

const OPTIONS = {
  command: text('Show one command in detail', { autocomplete: true, maxLength: 40 }),
  page: integer('The page, when the help runs to more than one', { min: 1 }),
} as const;

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
export function createHelpCommand(listCommands: () => readonly Command[]): NamedCommand<'help'> {
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
  const help = commandWithOptions({
    name: 'help',
    description: 'What Rollcall can do, with an example of each command',
    options: OPTIONS,
    examples: ['/help', '/help command:init'],
    // An unknown command name throws a UserError, which must reach the dispatcher as a rejection.
    run: (_ctx, options) => asPromise(() => helpReply(options.text('command'), options.integer('page'))),
    suggest: {
      command(_ctx, typed) {
        const names = listCommands().map((c) => c.definition.name);
        return Promise.resolve(rankByName(names, (n) => n, typed).map((n) => ({ name: `/${n}`, value: n })));
      },
    },
  });
  return help;
}
