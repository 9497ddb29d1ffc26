import type { AutocompleteInteraction, ButtonInteraction, ChatInputCommandInteraction, Interaction } from 'discord.js';
import type { Services } from '../services';
import type { ChannelMessenger } from '../framework/command';
import { Deferral } from '../framework/deferral';
import { baseContext, flattenOptions, focusedOption } from './discord-context';
import { toInteractionMessage, toMessagePayload } from './discord-payload';
import { dispatchAutocomplete, dispatchButton, dispatchCommand } from '../framework/dispatch';
import { NOT_IN_SERVER, RESTARTING } from '../views/interaction-replies';
import { suggestionsWithin } from './suggestions-within';
import type { CommandRegistry } from '../framework/registry';

export interface AnswerOptions {
  registry: CommandRegistry;
  services: Services;
  messenger: ChannelMessenger;
  /**
   * How long a handler may run before the interaction is acknowledged (suggestions, which cannot be,
   * before none are given); Discord drops answers after 3 s.
   */
  deferAfterMs: number;
}

async function answerCommand(interaction: ChatInputCommandInteraction, options: AnswerOptions): Promise<void> {
  const base = baseContext(interaction, options.services, options.messenger);
  if (!base) {
    await interaction.reply(toInteractionMessage(NOT_IN_SERVER));
    return;
  }
  const slow = options.registry.get(interaction.commandName)?.mayBeSlow ?? false;
  const deferral = new Deferral(() => interaction.deferReply(), slow ? 0 : options.deferAfterMs);
  const reply = await dispatchCommand(options.registry, interaction.commandName, {
    ...base,
    options: flattenOptions(interaction.options.data),
  });
  if (!(await deferral.settle())) {
    await interaction.reply(toInteractionMessage(reply));
  } else if (reply.ephemeral) {
    // A deferral fixes the answer as public; a private answer (an error, a secret roll) must not land there.
    await interaction.deleteReply();
    await interaction.followUp(toInteractionMessage(reply));
  } else {
    await interaction.editReply(toMessagePayload(reply, 'replace'));
  }
}

async function answerButton(interaction: ButtonInteraction, options: AnswerOptions): Promise<void> {
  const base = baseContext(interaction, options.services, options.messenger);
  if (!base) {
    await interaction.reply(toInteractionMessage(NOT_IN_SERVER));
    return;
  }
  const slow = options.registry.buttonRoute(interaction.customId)?.mayBeSlow ?? false;
  // A deferred update commits to nothing visible, so it suits both a message update and a new (private) message.
  const deferral = new Deferral(() => interaction.deferUpdate(), slow ? 0 : options.deferAfterMs);
  const reply = await dispatchButton(options.registry, { ...base, customId: interaction.customId });
  const deferred = await deferral.settle();
  if (reply.updateMessage) {
    const payload = toMessagePayload(reply, 'replace');
    await (deferred ? interaction.editReply(payload) : interaction.update(payload));
  } else {
    const message = toInteractionMessage(reply);
    await (deferred ? interaction.followUp(message) : interaction.reply(message));
  }
}

async function answerAutocomplete(interaction: AutocompleteInteraction, options: AnswerOptions): Promise<void> {
  const base = baseContext(interaction, options.services, options.messenger);
  if (!base) {
    await interaction.respond([]);
    return;
  }
  const focused = focusedOption(interaction.options.data) ?? { name: '', value: '' };
  const suggest = (signal: AbortSignal) =>
    dispatchAutocomplete(options.registry, interaction.commandName, {
      ...base,
      options: flattenOptions(interaction.options.data),
      focused,
      signal,
    });
  await interaction.respond(await suggestionsWithin(suggest, options.deferAfterMs));
}

/** Routes one interaction to its handler and sends the answer. Kinds Rollcall does not use are ignored. */
export async function answerInteraction(interaction: Interaction, options: AnswerOptions): Promise<void> {
  if (interaction.isChatInputCommand()) await answerCommand(interaction, options);
  else if (interaction.isAutocomplete()) await answerAutocomplete(interaction, options);
  else if (interaction.isButton()) await answerButton(interaction, options);
}

/** While shutting down: answers with RESTARTING (autocomplete with no suggestions). */
export async function refuseInteraction(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) await interaction.respond([]);
  else if (interaction.isRepliable()) {
    await interaction.reply(toInteractionMessage(RESTARTING));
  }
}
