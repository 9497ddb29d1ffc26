import { SlashCommandBuilder } from '@discordjs/builders';
import type { Encounter } from '../combat/types';
import type { Reply } from '../views/reply';
import {
  UserError,
  type AutocompleteChoice,
  type AutocompleteContext,
  type ButtonRoute,
  type Command,
  type CommandContext,
} from './command';
import { addOptions, OptionReader, type OptionDeclarations } from './options';
import { checkRequirements, type Requirements } from './requirements';

/** What the requirements found, handed to the handler so it does not look again: the encounter, when one is required. */
export type Found<R extends Requirements> = R extends { encounter: true } | { gameMaster: string } ? { encounter: Encounter } : object;

/** One subcommand: its options, what it requires of the caller, and its handler. */
export interface Subcommand<D extends OptionDeclarations = OptionDeclarations, R extends Requirements = Requirements> {
  description: string;
  options: D;
  requires: R;
  run: (ctx: CommandContext, options: OptionReader<D>, found: Found<R>) => Promise<Reply>;
  /** See `Command.claimedBySave`. */
  claimedBySave: boolean;
}

/** Declares a subcommand; its handler's reader knows exactly the options declared here. */
export function subcommand<
  const D extends OptionDeclarations = Record<never, never>,
  const R extends Requirements = Record<never, never>,
>(spec: {
  description: string;
  options?: D;
  requires?: R;
  run: (ctx: CommandContext, options: OptionReader<D>, found: Found<R>) => Promise<Reply>;
  claimedBySave?: true;
}): Subcommand<D, R> {
  return {
    description: spec.description,
    options: spec.options ?? ({} as D),
    requires: spec.requires ?? ({} as R),
    run: spec.run,
    claimedBySave: spec.claimedBySave === true,
  };
}

/** Suggests values for one option as the user types into it. */
export type Suggester = (ctx: AutocompleteContext, typed: string) => Promise<AutocompleteChoice[]>;

/** Any subcommand, its handler's types erased: what a table holds. */
interface TableEntry {
  description: string;
  options: OptionDeclarations;
  requires: Requirements;
  run: (...args: never[]) => Promise<Reply>;
  claimedBySave: boolean;
}

type OptionNames<S> = S extends { options: infer D } ? keyof D & string : never;

interface Shared<N extends string> {
  name: N;
  description: string;
  /** False for commands that make no sense outside a server. */
  dmPermission?: false;
  /** Lines as a player would type them, shown by /help; the first one is the headline example. */
  examples: readonly string[];
  /** Buttons this command's replies carry, answered by action. */
  buttons?: readonly ButtonRoute[];
  mayBeSlow?: boolean;
}

/** A declared command, whose name the type system knows (lists of commands are derived from it). */
export type NamedCommand<N extends string = string> = Command & { readonly name: N };

function header(spec: Shared<string>): SlashCommandBuilder {
  const builder = new SlashCommandBuilder().setName(spec.name).setDescription(spec.description);
  if (spec.dmPermission === false) builder.setDMPermission(false);
  return builder;
}

function suggestFor(suggest: Partial<Record<string, Suggester>>): Command['autocomplete'] {
  return (ctx) => suggest[ctx.focused.name]?.(ctx, ctx.focused.value) ?? Promise.resolve([]);
}

function extras(spec: Shared<string>): Pick<Command, 'examples' | 'buttons' | 'mayBeSlow'> {
  return {
    examples: spec.examples,
    ...(spec.buttons === undefined ? {} : { buttons: spec.buttons }),
    ...(spec.mayBeSlow === undefined ? {} : { mayBeSlow: spec.mayBeSlow }),
  };
}

/** A command of subcommands, as a table: one entry each, in the order Discord lists them. */
export function commandOfSubcommands<const N extends string, const T extends Readonly<Record<string, TableEntry>>>(
  spec: Shared<N> & {
    subcommands: T;
    /** Suggestions by the option they complete. */
    suggest?: Partial<Record<OptionNames<T[keyof T]>, Suggester>>;
  },
): NamedCommand<N> {
  const definition = header(spec);
  // Each entry's handler gets the reader of its own options and what its own requirements found:
  // the types `subcommand` checked when the entry was declared.
  const table = spec.subcommands as unknown as Readonly<Record<string, Subcommand>>;
  for (const [name, sub] of Object.entries(table)) {
    definition.addSubcommand((builder) => {
      builder.setName(name).setDescription(sub.description);
      addOptions(builder, sub.options);
      return builder;
    });
  }
  const first = Object.keys(table)[0] ?? '';
  return {
    name: spec.name,
    definition,
    ...extras(spec),
    async execute(ctx) {
      const sub = ctx.options.subcommand === null ? undefined : table[ctx.options.subcommand];
      if (sub === undefined) throw new UserError(`Choose a subcommand of /${spec.name}, e.g. \`/${spec.name} ${first}\`.`);
      const found = await checkRequirements(ctx, sub.requires);
      return sub.run(ctx, new OptionReader(sub.options, ctx.options), found);
    },
    claimedBySave: (name) => name !== null && table[name]?.claimedBySave === true,
    ...(spec.suggest === undefined ? {} : { autocomplete: suggestFor(spec.suggest) }),
  };
}

/** A command with options and no subcommands. */
export function commandWithOptions<const N extends string, const D extends OptionDeclarations>(
  spec: Shared<N> & {
    options: D;
    run(ctx: CommandContext, options: OptionReader<D>): Promise<Reply>;
    suggest?: Partial<Record<keyof D & string, Suggester>>;
    /** See `Command.claimedBySave`. */
    claimedBySave?: true;
  },
): NamedCommand<N> {
  const definition = header(spec);
  addOptions(definition, spec.options);
  return {
    name: spec.name,
    definition,
    ...extras(spec),
    // A handler's refusal reaches the dispatcher as a rejection, also when it throws before awaiting.
    execute: async (ctx) => spec.run(ctx, new OptionReader(spec.options, ctx.options)),
    claimedBySave: () => spec.claimedBySave === true,
    ...(spec.suggest === undefined ? {} : { autocomplete: suggestFor(spec.suggest) }),
  };
}
