import { SlashCommandBuilder } from '@discordjs/builders';
import pino from 'pino';
import { registry } from '../../../commands';
import { onButton } from '../../../src/framework/buttons';
import type { Command, ComponentContext } from '../../../src/framework/command';
import { dispatchButton } from '../../../src/framework/dispatch';
import { CommandRegistry } from '../../../src/framework/registry';
import type { Services } from '../../../src/services';

function press(routes: CommandRegistry, customId: string): Promise<string | undefined> {
  const ctx = {
    interactionId: 'test',
    user: { id: '42', name: 'Alice' },
    guildId: 'guild',
    channelId: 'channel',
    permissions: { manageGuild: false, manageChannels: false },
    services: { logger: pino({ level: 'silent' }) } as Services,
    messenger: {} as ComponentContext['messenger'],
    customId,
  };
  return dispatchButton(routes, ctx).then((reply) => reply.embeds?.[0]?.description ?? reply.content);
}

function probe(name: string, buttons: Command['buttons']): Command {
  return {
    definition: new SlashCommandBuilder().setName(name).setDescription('A probe'),
    execute: () => Promise.resolve({}),
    ...(buttons === undefined ? {} : { buttons }),
  };
}

describe('buttons are routed by action', () => {
  it('to the handler of their <command>:<action>, wherever it is declared', async () => {
    const endedBy = onButton('init', 'keep', () => Promise.resolve({ content: 'kept' }));
    const savedBy = onButton('hp', 'conc', () => Promise.resolve({ content: 'saved' }));
    const routes = new CommandRegistry([probe('init', [endedBy])], [savedBy]);
    expect(await press(routes, 'init:keep:e1')).toBe('kept');
    expect(await press(routes, 'hp:conc:e1:c1:0')).toBe('saved');
  });

  it('and a press no handler answers, or a custom id this version does not make, does nothing', async () => {
    const routes = new CommandRegistry([probe('init', [onButton('init', 'keep', () => Promise.resolve({ content: 'kept' }))])]);
    expect(await press(routes, 'init:next:e1')).toContain('This button no longer does anything.');
    expect(await press(routes, 'init:keep:e1:extra:parts:here')).toContain('This button no longer does anything.');
  });

  it('one handler for each action', () => {
    const keep = onButton('init', 'keep', () => Promise.resolve({}));
    expect(() => new CommandRegistry([probe('init', [keep])], [keep])).toThrow('two handlers answer the init:keep buttons');
  });

  it("Rollcall's registry answers every button its replies make", () => {
    const keys = [
      ...['next', 'prev', 'death', 'myturn', 'dropconc', 'end', 'keep'].map((action) => `init:${action}`),
      'hp:conc',
      'condition:save',
      'character:delete',
      'character:keep',
    ];
    expect(keys.filter((key) => registry.buttonRoute(`${key}:x`) === undefined)).toEqual([]);
  });
});
