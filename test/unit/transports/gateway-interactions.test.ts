import { SlashCommandBuilder } from '@discordjs/builders';
import { ApplicationCommandOptionType, type Interaction } from 'discord.js';
import pino from 'pino';
import type { AutocompleteChoice, Command } from '../../../src/framework/command';
import { CommandRegistry } from '../../../src/framework/registry';
import type { Services } from '../../../src/services';
import { answerInteraction } from '../../../src/transports/gateway-interactions';

const unused = (): Promise<never> => Promise.reject(new Error('not used'));
const DEFER_AFTER_MS = 2_000;

/** A command whose suggestions come when the test says (a database that stalls). */
function stallingCommand(): { command: Command; ready: (choices: AutocompleteChoice[]) => void } {
  let ready: (choices: AutocompleteChoice[]) => void = () => undefined;
  const command: Command = {
    definition: new SlashCommandBuilder().setName('probe').setDescription('probe'),
    execute: unused,
    autocomplete: () => new Promise((resolve) => (ready = resolve)),
  };
  return { command, ready: (choices) => ready(choices) };
}

/** An autocomplete interaction as discord.js hands it over, keeping what it was answered and when. */
function autocompleteInteraction(answers: { choices: AutocompleteChoice[]; at: number }[]): Interaction {
  const interaction = {
    id: '1',
    guildId: 'guild',
    channelId: 'channel',
    user: { id: 'user', username: 'mira', globalName: null },
    member: null,
    memberPermissions: null,
    commandName: 'probe',
    options: { data: [{ name: 'target', type: ApplicationCommandOptionType.String, value: 'Gob', focused: true }] },
    isChatInputCommand: () => false,
    isAutocomplete: () => true,
    isButton: () => false,
    respond: (choices: AutocompleteChoice[]) => {
      answers.push({ choices, at: Date.now() });
      return Promise.resolve();
    },
  };
  return interaction as unknown as Interaction;
}

/** Someone typing in the command's option, over the gateway: what they were answered, and when. */
function suggest(
  command: Command,
  logger = pino({ level: 'silent' }),
): { answers: { choices: AutocompleteChoice[]; at: number }[]; answered: Promise<void> } {
  const answers: { choices: AutocompleteChoice[]; at: number }[] = [];
  const answered = answerInteraction(autocompleteInteraction(answers), {
    registry: new CommandRegistry([command]),
    services: { logger } as unknown as Services,
    messenger: { send: unused, sendDirect: unused, edit: unused, pin: unused },
    deferAfterMs: DEFER_AFTER_MS,
  });
  return { answers, answered };
}

beforeEach(() => jest.useFakeTimers({ now: 0 }));
afterEach(() => jest.useRealTimers());

test('suggestions that stall are given up at the deadline: no suggestions, answered within the 3 s Discord waits', async () => {
  const { command, ready } = stallingCommand();
  const { answers, answered } = suggest(command);
  await jest.advanceTimersByTimeAsync(DEFER_AFTER_MS - 1);
  expect(answers).toEqual([]);
  await jest.advanceTimersByTimeAsync(1);
  expect(answers).toEqual([{ choices: [], at: DEFER_AFTER_MS }]);
  await answered;
  // The suggestions that come after are not sent: the interaction has had its one answer.
  ready([{ name: 'Goblin 1', value: 'Goblin 1' }]);
  await jest.advanceTimersByTimeAsync(1_000);
  expect(answers).toHaveLength(1);
});

test('suggestions ready in time are answered as they are', async () => {
  const { command, ready } = stallingCommand();
  const { answers, answered } = suggest(command);
  await jest.advanceTimersByTimeAsync(500);
  ready([{ name: 'Goblin 1', value: 'Goblin 1' }]);
  await answered;
  expect(answers).toEqual([{ choices: [{ name: 'Goblin 1', value: 'Goblin 1' }], at: 500 }]);
  expect(jest.getTimerCount()).toBe(0);
});

test('suggestions given up at the deadline stop their work there: a long search takes no step after it', async () => {
  let steps = 0;
  const command: Command = {
    definition: new SlashCommandBuilder().setName('probe').setDescription('probe'),
    execute: unused,
    autocomplete: async (ctx) => {
      for (let step = 0; step < 100; step += 1) {
        ctx.signal?.throwIfAborted();
        steps += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return [];
    },
  };
  const logged: string[] = [];
  const { answers, answered } = suggest(command, pino({ level: 'debug' }, { write: (line: string) => logged.push(line) }));
  await jest.advanceTimersByTimeAsync(DEFER_AFTER_MS);
  await answered;
  expect(answers).toEqual([{ choices: [], at: DEFER_AFTER_MS }]);
  await jest.advanceTimersByTimeAsync(10_000);
  // One step every 100 ms from 0 ms: those before the deadline, none at it or after.
  expect(steps).toBe(DEFER_AFTER_MS / 100);
  // Stopping as asked is no failure.
  expect(logged).toEqual([]);
});
