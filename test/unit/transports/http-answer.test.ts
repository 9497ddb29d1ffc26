import { InteractionResponseType, InteractionType, MessageFlags, type APIInteraction, type APIInteractionResponse } from 'discord.js';
import { refuseHttpInteraction } from '../../../src/transports/http-answer';

function refusal(type: InteractionType): APIInteractionResponse | null {
  const answers: (APIInteractionResponse | null)[] = [];
  refuseHttpInteraction({ id: '1', type } as APIInteraction, (response) => answers.push(response)); // only the type is read
  expect(answers).toHaveLength(1);
  return answers[0] ?? null;
}

test('while stopping: PONG to a ping, no suggestions, and a private "restarting" to everything else', () => {
  expect(refusal(InteractionType.Ping)).toEqual({ type: InteractionResponseType.Pong });
  expect(refusal(InteractionType.ApplicationCommandAutocomplete)).toEqual({
    type: InteractionResponseType.ApplicationCommandAutocompleteResult,
    data: { choices: [] },
  });
  for (const type of [InteractionType.ApplicationCommand, InteractionType.MessageComponent]) {
    expect(refusal(type)).toEqual({
      type: InteractionResponseType.ChannelMessageWithSource,
      data: {
        embeds: [{ description: '⚠️ Rollcall is restarting. Try again in a minute.', color: 0xed4245 }],
        components: [],
        allowed_mentions: { parse: [], users: [] },
        flags: MessageFlags.Ephemeral,
      },
    });
  }
});
