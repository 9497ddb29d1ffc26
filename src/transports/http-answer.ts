import {
  ApplicationCommandType,
  ComponentType,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  Routes,
  type APIApplicationCommandAutocompleteInteraction,
  type APIChatInputApplicationCommandInteraction,
  type APIInteraction,
  type APIInteractionResponse,
  type APIMessageComponentButtonInteraction,
} from 'discord-api-types/v10';
import type { REST } from '@discordjs/rest';
import type { Services } from '../services';
import type { ChannelMessenger, InteractionClaim } from '../framework/command';
import type { Reply } from '../views/reply';
import { Deferral } from '../framework/deferral';
import { asPromise } from '../framework/as-promise';
import { apiInteractionFacts, baseContext, flattenOptions, focusedOption } from './discord-context';
import { restFiles, toInteractionResponseData, toMessageBody } from './discord-payload';
import { dispatchAutocomplete, dispatchButton, dispatchCommand } from '../framework/dispatch';
import { NOT_IN_SERVER, RESTARTING } from '../views/interaction-replies';
import { suggestionsWithin } from './suggestions-within';
import type { CommandRegistry } from '../framework/registry';

export interface HttpAnswerOptions {
  registry: CommandRegistry;
  services: Services;
  messenger: ChannelMessenger;
  /** Sends what comes after the first answer: edits of the original message and follow-ups. */
  rest: REST;
  applicationId: string;
  /** How long a handler may run before the interaction is acknowledged; Discord drops answers after 3 s. */
  deferAfterMs: number;
}

/** When a request arrived, and what must pass before its interaction runs. */
export interface Arrival {
  /** `performance.now()` as the request arrived: Discord's 3 seconds count from there, whatever is awaited first. */
  at: number;
  /**
   * Null to run the interaction; else the reply that answers it instead (a replay, the database
   * unavailable). `claimedBySave`: the handler's save records the interaction as handled itself.
   */
  admit(claimedBySave: boolean): Promise<Reply | null>;
}

/** The context's claim for a handler whose save records the interaction as handled. */
function claimFor(interaction: APIInteraction, claimedBySave: boolean): { claim?: InteractionClaim } {
  return claimedBySave ? { claim: { id: interaction.id, recorded: false } } : {};
}

/** What is left of `afterMs` since the request arrived. */
function remaining(afterMs: number, arrival: Arrival): number {
  return Math.max(0, afterMs - (performance.now() - arrival.at));
}

/**
 * Writes the HTTP response to Discord's request, which is the interaction's first answer; called at
 * most once. Null: not a kind of interaction Rollcall answers.
 */
export type Respond = (response: APIInteractionResponse | null) => void;

function message(reply: Reply): APIInteractionResponse {
  return { type: InteractionResponseType.ChannelMessageWithSource, data: toInteractionResponseData(reply) };
}

/** Acknowledging is the HTTP response itself, so it is done as soon as it is written. */
function acknowledge(
  respond: Respond,
  type: InteractionResponseType.DeferredChannelMessageWithSource | InteractionResponseType.DeferredMessageUpdate,
): () => Promise<void> {
  return () => asPromise(() => respond({ type }));
}

/** The interaction's webhook: after the first answer, everything goes through it (the token lasts 15 minutes). */
function webhook(interaction: APIInteraction, options: HttpAnswerOptions) {
  const { rest, applicationId } = options;
  // Interaction webhooks are authorised by their token, not the bot's.
  return {
    editOriginal: (reply: Reply) =>
      rest.patch(Routes.webhookMessage(applicationId, interaction.token), {
        body: toMessageBody(reply, 'replace'),
        files: restFiles(reply),
        auth: false,
      }),
    deleteOriginal: () => rest.delete(Routes.webhookMessage(applicationId, interaction.token), { auth: false }),
    followUp: (reply: Reply) =>
      rest.post(Routes.webhook(applicationId, interaction.token), {
        body: toInteractionResponseData(reply),
        files: restFiles(reply),
        auth: false,
      }),
  };
}

/**
 * Files cannot ride in the HTTP response, which is JSON: a reply with files is acknowledged there and
 * then sent through the webhook as a multipart upload.
 */
function hasFiles(reply: Reply): boolean {
  return (reply.files ?? []).length > 0;
}

async function answerCommand(
  interaction: APIChatInputApplicationCommandInteraction,
  respond: Respond,
  options: HttpAnswerOptions,
  arrival: Arrival,
): Promise<void> {
  const base = baseContext(apiInteractionFacts(interaction), options.services, options.messenger);
  if (!base) return respond(message(NOT_IN_SERVER));
  const name = interaction.data.name;
  const slow = options.registry.get(name)?.mayBeSlow ?? false;
  const deferral = new Deferral(
    acknowledge(respond, InteractionResponseType.DeferredChannelMessageWithSource),
    slow ? 0 : remaining(options.deferAfterMs, arrival),
  );
  const commandOptions = flattenOptions(interaction.data.options ?? [], interaction.data.resolved?.attachments);
  const claimedBySave = options.registry.claimedBySave(name, commandOptions.subcommandGroup === null ? commandOptions.subcommand : null);
  const reply =
    (await arrival.admit(claimedBySave)) ??
    (await dispatchCommand(options.registry, name, { ...base, ...claimFor(interaction, claimedBySave), options: commandOptions }));
  const hook = webhook(interaction, options);
  if (!(await deferral.settle())) {
    if (!hasFiles(reply)) return respond(message(reply));
    // Deferred with the reply's own visibility, the original message then takes the files.
    respond({
      type: InteractionResponseType.DeferredChannelMessageWithSource,
      data: reply.ephemeral ? { flags: MessageFlags.Ephemeral } : {},
    });
    await hook.editOriginal(reply);
    return;
  }
  if (reply.ephemeral) {
    // A deferral fixes the answer as public; a private answer (an error, a secret roll) must not land there.
    await hook.deleteOriginal();
    await hook.followUp(reply);
  } else {
    await hook.editOriginal(reply);
  }
}

async function answerButton(
  interaction: APIMessageComponentButtonInteraction,
  respond: Respond,
  options: HttpAnswerOptions,
  arrival: Arrival,
): Promise<void> {
  const base = baseContext(apiInteractionFacts(interaction), options.services, options.messenger);
  if (!base) return respond(message(NOT_IN_SERVER));
  const customId = interaction.data.custom_id;
  const slow = options.registry.buttonRoute(customId)?.mayBeSlow ?? false;
  // A deferred update commits to nothing visible, so it suits both a message update and a new (private) message.
  const deferral = new Deferral(
    acknowledge(respond, InteractionResponseType.DeferredMessageUpdate),
    slow ? 0 : remaining(options.deferAfterMs, arrival),
  );
  const claimedBySave = options.registry.buttonRoute(customId)?.claimedBySave === true;
  const reply =
    (await arrival.admit(claimedBySave)) ??
    (await dispatchButton(options.registry, { ...base, ...claimFor(interaction, claimedBySave), customId }));
  const deferred = await deferral.settle();
  const hook = webhook(interaction, options);
  if (!deferred && hasFiles(reply)) respond({ type: InteractionResponseType.DeferredMessageUpdate });
  const acknowledged = deferred || hasFiles(reply);
  if (reply.updateMessage) {
    // For a button, the original message is the one the button sits on.
    if (acknowledged) await hook.editOriginal(reply);
    else respond({ type: InteractionResponseType.UpdateMessage, data: toMessageBody(reply, 'replace') });
  } else if (acknowledged) {
    await hook.followUp(reply);
  } else {
    respond(message(reply));
  }
}

/** Suggestions change nothing, so they are not claimed; a slow database gives none, within the deadline. */
async function answerAutocomplete(
  interaction: APIApplicationCommandAutocompleteInteraction,
  respond: Respond,
  options: HttpAnswerOptions,
  arrival: Arrival,
): Promise<void> {
  const base = baseContext(apiInteractionFacts(interaction), options.services, options.messenger);
  const data = interaction.data.options;
  const choices = base
    ? await suggestionsWithin(
        (signal) =>
          dispatchAutocomplete(options.registry, interaction.data.name, {
            ...base,
            options: flattenOptions(data),
            focused: focusedOption(data) ?? { name: '', value: '' },
            signal,
          }),
        remaining(options.deferAfterMs, arrival),
      )
    : [];
  respond({ type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices } });
}

/**
 * Routes one verified interaction to its handler and answers it: PING with PONG, the rest through
 * the dispatcher once `arrival.admit()` lets them run (autocomplete without asking, as it changes nothing).
 */
export async function answerHttpInteraction(
  interaction: APIInteraction,
  respond: Respond,
  options: HttpAnswerOptions,
  arrival: Arrival,
): Promise<void> {
  if (interaction.type === InteractionType.Ping) respond({ type: InteractionResponseType.Pong });
  else if (interaction.type === InteractionType.ApplicationCommand && interaction.data.type === ApplicationCommandType.ChatInput) {
    await answerCommand(interaction as APIChatInputApplicationCommandInteraction, respond, options, arrival);
  } else if (interaction.type === InteractionType.ApplicationCommandAutocomplete) {
    await answerAutocomplete(interaction, respond, options, arrival);
  } else if (interaction.type === InteractionType.MessageComponent && interaction.data.component_type === ComponentType.Button) {
    await answerButton(interaction as APIMessageComponentButtonInteraction, respond, options, arrival);
  } else respond(null);
}

/**
 * An interaction that is not run: PING still gets PONG, autocomplete no suggestions, everything else
 * `reply` (RESTARTING while shutting down).
 */
export function refuseHttpInteraction(interaction: APIInteraction, respond: Respond, reply: Reply = RESTARTING): void {
  if (interaction.type === InteractionType.Ping) respond({ type: InteractionResponseType.Pong });
  else if (interaction.type === InteractionType.ApplicationCommandAutocomplete)
    respond({ type: InteractionResponseType.ApplicationCommandAutocompleteResult, data: { choices: [] } });
  else respond(message(reply));
}
