import type { Reply } from './reply';
import { errorReply } from './embeds';

/** Answers every transport gives before any handler runs. */
export const NOT_IN_SERVER: Reply = errorReply(
  'Rollcall works in server channels, where your table keeps its rule set and encounters. Try this command there.',
);

/** While shutting down: a polite refusal instead of Discord's "the application did not respond". */
export const RESTARTING: Reply = errorReply('Rollcall is restarting. Try again in a minute.');

/** The database cannot be reached: nothing ran, or what ran was rolled back with its transaction. */
export const DATABASE_UNAVAILABLE: Reply = errorReply("The bot's database is unavailable, and nothing was changed. Try again in a minute.");

/** What a second delivery of an interaction is told (a command's save refuses one with it too). */
export const ALREADY_HANDLED_TEXT = 'This interaction was already handled.';

/** A second delivery of an interaction id: Discord sends each once, so it is a replay, and is not run again. */
export const ALREADY_HANDLED: Reply = errorReply(ALREADY_HANDLED_TEXT);
