import pino from 'pino';
import type { EncounterService } from '../../../src/combat/service';
import type { Encounter } from '../../../src/combat/types';
import type { CommandContext, MemberPermissions } from '../../../src/framework/command';
import { dispatchCommand } from '../../../src/framework/dispatch';
import { CommandRegistry } from '../../../src/framework/registry';
import { commandOfSubcommands, subcommand } from '../../../src/framework/slash-command';
import type { Services } from '../../../src/services';

const running = { id: 'e1', name: 'Ambush', gameMasterId: 'gm', gameMasterName: 'Gemma' } as Encounter;

const probe = commandOfSubcommands({
  name: 'probe',
  description: 'A probe',
  examples: [],
  subcommands: {
    settle: subcommand({
      description: 'Needs Manage Channels',
      requires: { permission: { manage: 'channels', to: "settle this channel's probes" } },
      run: () => Promise.resolve({ content: 'settled' }),
    }),
    stop: subcommand({
      description: 'The game master stops the fight',
      requires: { encounter: true, gameMaster: 'stop the probe' },
      run: (_ctx, _options, { encounter }) => Promise.resolve({ content: `stopped ${encounter.name}` }),
    }),
  },
});

function run(subcommand: string, userId: string, encounter: Encounter | null, permissions: Partial<MemberPermissions> = {}) {
  const ctx: CommandContext = {
    interactionId: 'test',
    user: { id: userId, name: userId },
    guildId: 'guild',
    channelId: 'channel',
    permissions: { manageGuild: false, manageChannels: false, ...permissions },
    options: { subcommandGroup: null, subcommand, values: {} },
    services: {
      logger: pino({ level: 'silent' }),
      encounters: { get: () => Promise.resolve(encounter) } as unknown as EncounterService,
    } as Services,
    messenger: {} as CommandContext['messenger'],
  };
  return dispatchCommand(new CommandRegistry([probe]), 'probe', ctx).then((reply) => reply.embeds?.[0]?.description ?? reply.content);
}

describe('a subcommand declares what it requires, checked before its handler in one wording', () => {
  it('a Discord permission', async () => {
    expect(await run('settle', 'alice', null)).toContain(
      "Only members with the Manage Channels permission can settle this channel's probes.",
    );
    expect(await run('settle', 'alice', null, { manageChannels: true })).toBe('settled');
  });

  it('a running encounter, handed to the handler, and its game master', async () => {
    expect(await run('stop', 'gm', null)).toContain('There is no encounter in this channel. Start one with `/init begin`.');
    expect(await run('stop', 'alice', running)).toContain('Only the game master (Gemma)');
    expect(await run('stop', 'alice', running)).toContain('can stop the probe.');
    expect(await run('stop', 'gm', running)).toBe('stopped Ambush');
  });
});
