import type { SlashCommandBuilder, SlashCommandOptionsOnlyBuilder, SlashCommandSubcommandsOnlyBuilder } from '@discordjs/builders';
import type { OptionAttachment, Services } from '../services';
import type { Reply } from '../views/reply';
import type { TrackerQueue } from './tracker-queue';
import type { InteractionClaim } from '../combat/store';

export { UserError } from '../errors';
export type { InteractionClaim };

/** A user as every transport can describe one. */
export interface CommandUser {
  id: string;
  /** Display name, for replies. */
  name: string;
}

/** What the member may do in this channel, as Discord computes it. */
export interface MemberPermissions {
  manageGuild: boolean;
  manageChannels: boolean;
}

export type OptionValue = string | number | boolean;

export type { ExpectedFile, OptionAttachment } from '../services';

/** The options of one invocation, flattened: the subcommand (group) and each option by name. */
export interface CommandOptions {
  subcommandGroup: string | null;
  subcommand: string | null;
  values: Readonly<Record<string, OptionValue>>;
  /** Attachment options by name (Discord only: the console cannot attach files). */
  attachments?: Readonly<Record<string, OptionAttachment>>;
}

/**
 * Messages the bot posts on its own, outside any reply: in a channel (the encounter tracker, the game
 * master's copy of a secret roll) or to one user (that copy by direct message).
 */
export interface ChannelMessenger {
  /** Posts a message and returns its id. */
  send(channelId: string, message: Reply): Promise<string>;
  /** Sends a direct message to a user and returns its id; null when the user accepts none from the bot. */
  sendDirect(userId: string, message: Reply): Promise<string | null>;
  /** Replaces a message the bot posted; returns false when it no longer exists. */
  edit(channelId: string, messageId: string, message: Reply): Promise<boolean>;
  /** Pins a message; returns false when the bot may not. */
  pin(channelId: string, messageId: string): Promise<boolean>;
  /**
   * Where tracker updates wait their turn after the reply is sent (the Discord transports, whose
   * `stop()` drains it). Without one (the console) each update is done before its reply.
   */
  readonly trackers?: TrackerQueue;
}

/** Everything a handler needs to know about an invocation, whatever transport carried it. */
export interface CommandContext {
  /** The interaction id (or a console-made one), for logs. */
  interactionId: string;
  user: CommandUser;
  guildId: string;
  /** The channel or thread it ran in: a fight belongs to it. */
  channelId: string;
  /** For a thread, the channel it was opened under, whose settings it follows until it has its own; null or absent elsewhere. */
  parentChannelId?: string | null;
  permissions: MemberPermissions;
  options: CommandOptions;
  services: Services;
  messenger: ChannelMessenger;
  /**
   * The invocation as the encounter log names it ("hp damage", "death save"): dispatch sets it from
   * the command and subcommand, or from the button pressed. A change the core makes is stamped with it.
   */
  label?: string;
  /**
   * Set by a transport whose interactions may arrive twice (HTTP) for a handler declared
   * `claimedBySave`: the interaction is recorded as handled by its first encounter save, or the sheet
   * write given it, in the same statement or transaction, instead of by a statement of its own before
   * the handler runs.
   */
  claim?: InteractionClaim;
}

/** What every invocation carries (a command's, a button press's), past the options only a command has. */
export type InvocationContext = Omit<CommandContext, 'options'>;

/** A button press: the context of the message's channel plus the button's custom id. */
export interface ComponentContext extends InvocationContext {
  customId: string;
}

export interface AutocompleteContext extends CommandContext {
  focused: { name: string; value: string };
  /**
   * Aborted once the answer's deadline has passed and nobody will see the suggestions: work that
   * checks it between steps (after a read, before ranking) stops there instead of running on.
   * Absent where the suggestions have no deadline.
   */
  signal?: AbortSignal;
}

export interface AutocompleteChoice {
  name: string;
  value: string;
}

/** The handler of one kind of button, found by the `<command>:<action>` its custom ids start with. */
export interface ButtonRoute {
  key: string;
  press(ctx: ComponentContext): Promise<Reply>;
  /** True when the press may take long enough that transports should defer the answer. */
  mayBeSlow?: boolean;
  /** See `Command.claimedBySave`. */
  claimedBySave?: boolean;
}

type Definition = SlashCommandBuilder | SlashCommandOptionsOnlyBuilder | SlashCommandSubcommandsOnlyBuilder;

/** One slash command: its definition for Discord and its handlers. */
export interface Command {
  definition: Definition;
  execute(ctx: CommandContext): Promise<Reply>;
  autocomplete?(ctx: AutocompleteContext): Promise<AutocompleteChoice[]>;
  /** The buttons this command's replies carry, answered by action. */
  buttons?: readonly ButtonRoute[];
  /** Lines as a player would type them, shown by /help; the first one is the headline example. */
  examples?: readonly string[];
  /** True when the handler may take long enough that transports should defer the reply. */
  mayBeSlow?: boolean;
  /**
   * True for a subcommand (null: the command itself) whose only writes are encounter saves, with
   * nothing done before the first that a second delivery must not do again: its save can record
   * the interaction as handled (`CommandContext.claim`).
   */
  claimedBySave?(subcommand: string | null): boolean;
}
