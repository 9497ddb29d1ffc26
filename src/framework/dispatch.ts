import type { Logger } from 'pino';
import { UserError, type AutocompleteChoice, type AutocompleteContext, type CommandContext, type ComponentContext } from './command';
import type { Reply } from '../views/reply';
import { CombatRefusal } from '../combat/refusals';
import { refusalText } from '../views/refusals';
import { buttonLogLabel } from '../views/encounter-log';
import { parseButtonId } from '../views/button-ids';
import { errorReply } from '../views/embeds';
import type { CommandRegistry } from './registry';
import { isDatabaseUnavailable } from '../errors';
import { DATABASE_UNAVAILABLE } from '../views/interaction-replies';
import { NO_LONGER } from './buttons';
import { extended } from './extended';

const UNEXPECTED = 'Something went wrong on our side, and nothing was changed. Please try again.';

type Outcome = 'ok' | 'user-error' | 'duplicate' | 'database-unavailable' | 'failed';

function logOutcome(logger: Logger, fields: Record<string, unknown>, outcome: Outcome, started: number, error?: unknown): void {
  const latencyMs = Math.round(performance.now() - started);
  if (outcome === 'failed') logger.error(extended(fields, { outcome, latencyMs, err: error }), 'interaction failed');
  // An outage is the operator's to see, once a command, without a stack: it is not a bug.
  else if (outcome === 'database-unavailable')
    logger.warn(extended(fields, { outcome, latencyMs, reason: errorText(error) }), 'interaction');
  else logger.info(extended(fields, { outcome, latencyMs }), 'interaction');
}

function errorText(error: unknown): string {
  return error instanceof Error ? (error.message.trim().split('\n').pop() ?? '') : String(error);
}

async function guarded(logger: Logger, fields: Record<string, unknown>, run: () => Promise<Reply>): Promise<Reply> {
  const started = performance.now();
  try {
    const reply = await run();
    logOutcome(logger, fields, 'ok', started);
    return reply;
  } catch (error) {
    if (error instanceof UserError || error instanceof CombatRefusal) {
      const message = error instanceof CombatRefusal ? refusalText(error.refusal) : error.message;
      // A second delivery of an interaction its save had recorded (HTTP): a replay, not the user's mistake.
      const outcome = error instanceof CombatRefusal && error.refusal.kind === 'already-handled' ? 'duplicate' : 'user-error';
      logOutcome(logger, { ...fields, reason: message }, outcome, started);
      return errorReply(message);
    }
    if (isDatabaseUnavailable(error)) {
      logOutcome(logger, fields, 'database-unavailable', started, error);
      return DATABASE_UNAVAILABLE;
    }
    logOutcome(logger, fields, 'failed', started, error);
    return errorReply(UNEXPECTED);
  }
}

function commandLabel(ctx: CommandContext, name: string): string {
  return [name, ctx.options.subcommandGroup, ctx.options.subcommand].filter(Boolean).join(' ');
}

/** Runs a slash command. A user's mistake becomes an ephemeral message; a bug is logged, never shown. */
export function dispatchCommand(registry: CommandRegistry, name: string, ctx: CommandContext): Promise<Reply> {
  const fields = { interactionId: ctx.interactionId, command: commandLabel(ctx, name), userId: ctx.user.id, channelId: ctx.channelId };
  return guarded(ctx.services.logger, fields, async () => {
    const command = registry.get(name);
    if (!command) throw new UserError(`There is no /${name} command. Try /help.`);
    return command.execute(extended(ctx, { label: commandLabel(ctx, name) }));
  });
}

/** Runs a button press on the handler of its action. */
export function dispatchButton(registry: CommandRegistry, ctx: ComponentContext): Promise<Reply> {
  const fields = { interactionId: ctx.interactionId, button: ctx.customId, userId: ctx.user.id, channelId: ctx.channelId };
  return guarded(ctx.services.logger, fields, async () => {
    const route = registry.buttonRoute(ctx.customId);
    if (route === undefined) throw new UserError(NO_LONGER);
    const button = parseButtonId(ctx.customId);
    return route.press(button === null ? ctx : extended(ctx, { label: buttonLogLabel(button) }));
  });
}

/** Discord takes at most 25 choices, each name and value at most 100 characters, or refuses them all. */
const MAX_CHOICES = 25;
const CHOICE_MAX_LENGTH = 100;

/**
 * Choices as Discord takes them: a name too long is shortened with an ellipsis; a value too long
 * could not be sent back, so its choice is left out.
 */
function fitChoices(choices: readonly AutocompleteChoice[]): AutocompleteChoice[] {
  return choices
    .filter((choice) => choice.value.length <= CHOICE_MAX_LENGTH)
    .slice(0, MAX_CHOICES)
    .map((choice) =>
      choice.name.length <= CHOICE_MAX_LENGTH ? choice : { ...choice, name: `${choice.name.slice(0, CHOICE_MAX_LENGTH - 1)}…` },
    );
}

/** Autocomplete never fails loudly: a problem gives no suggestions. */
export async function dispatchAutocomplete(
  registry: CommandRegistry,
  name: string,
  ctx: AutocompleteContext,
): Promise<AutocompleteChoice[]> {
  const command = registry.get(name);
  if (!command?.autocomplete) return [];
  try {
    return fitChoices(await command.autocomplete(ctx));
  } catch (error) {
    // Stopped at its deadline, as asked: the answer has gone out without it. Any other failure,
    // even one after the deadline (a database gone), is logged.
    if (ctx.signal?.aborted === true && error === ctx.signal.reason) return [];
    ctx.services.logger.error({ interactionId: ctx.interactionId, command: name, err: error }, 'autocomplete failed');
    return [];
  }
}
