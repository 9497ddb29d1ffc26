import type { AutocompleteInteraction, ButtonInteraction, ChatInputCommandInteraction, Interaction } from 'discord.js';
import type { Services } from '../services';
import type { ChannelMessenger } from './command';
import { baseContext, flattenOptions, focusedOption } from './discord-context';
import { toInteractionMessage, toMessagePayload } from './discord-payload';
import { dispatchAutocomplete, dispatchButton, dispatchCommand } from './dispatch';
import { errorReply } from './embeds';
import type { CommandRegistry } from './registry';

const NOT_IN_SERVER = 'Rollcall works in server channels, where your table keeps its rule set and encounters. Try this command there.';

export interface AnswerOptions {
  registry: CommandRegistry;
  services: Services;
  messenger: ChannelMessenger;
  /** How long a handler may run before the interaction is acknowledged; Discord drops answers after 3 s. */
  deferAfterMs: number;
}

/**
 * Acknowledges an interaction if its answer is not ready in time:
 * at once for handlers known to be slow, else when the timer runs out.
 */
class Deferral {
  private acknowledged: Promise<{ error: unknown } | null> | null = null;
  private readonly timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly acknowledge: () => Promise<unknown>,
    afterMs: number,
  ) {
    if (afterMs <= 0) this.start();
    else this.timer = setTimeout(() => this.start(), afterMs);
  }

  private start(): void {
    // Hold the failure as a value so it surfaces in settle() rather than as an unhandled rejection.
    this.acknowledged = this.acknowledge().then(
      (): null => null,
      (error: unknown) => ({ error }),
    );
  }

  /** Stops the timer. True when the interaction was deferred, once Discord has taken the deferral. */
  async settle(): Promise<boolean> {
    if (this.timer) clearTimeout(this.timer);
    if (!this.acknowledged) return false;
    const outcome = await this.acknowledged;
    if (outcome) throw outcome.error;
    return true;
  }
}

async function answerCommand(interaction: ChatInputCommandInteraction, options: AnswerOptions): Promise<void> {
  const base = baseContext(interaction, options.services, options.messenger);
  if (!base) {
    await interaction.reply(toInteractionMessage(errorReply(NOT_IN_SERVER)));
    return;
  }
  const slow = options.registry.get(interaction.commandName)?.mayBeSlow ?? false;
  const deferral = new Deferral(() => interaction.deferReply(), slow ? 0 : options.deferAfterMs);
  const reply = await dispatchCommand(options.registry, interaction.commandName, { ...base, options: flattenOptions(interaction.options.data) });
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
    await interaction.reply(toInteractionMessage(errorReply(NOT_IN_SERVER)));
    return;
  }
  const slow = options.registry.ownerOfButton(interaction.customId)?.mayBeSlow ?? false;
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
  const choices = await dispatchAutocomplete(options.registry, interaction.commandName, {
    ...base,
    options: flattenOptions(interaction.options.data),
    focused,
  });
  await interaction.respond(choices);
}

/** Routes one interaction to its handler and sends the answer. Kinds Rollcall does not use are ignored. */
export async function answerInteraction(interaction: Interaction, options: AnswerOptions): Promise<void> {
  if (interaction.isChatInputCommand()) await answerCommand(interaction, options);
  else if (interaction.isAutocomplete()) await answerAutocomplete(interaction, options);
  else if (interaction.isButton()) await answerButton(interaction, options);
}

/** While shutting down: a polite refusal instead of Discord's "the application did not respond". */
export async function refuseInteraction(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) await interaction.respond([]);
  else if (interaction.isRepliable()) {
    await interaction.reply(toInteractionMessage(errorReply('Rollcall is restarting. Try again in a minute.')));
  }
}
