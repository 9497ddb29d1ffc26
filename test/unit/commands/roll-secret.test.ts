import pino from 'pino';
import { command } from '../../../commands/roll';
import type { EncounterService } from '../../../src/combat/service';
import type { Encounter } from '../../../src/combat/types';
import type { ChannelMessenger, CommandContext } from '../../../src/framework/command';
import type { Reply } from '../../../src/views/reply';
import { createMemorySettingsStore } from '../../support/memory-settings';
import { scripted } from '../dice/scripted';
import { unitContext } from './context';

/** What the bot sent outside the reply: channel posts and direct messages. */
interface Sent {
  posts: { channelId: string; message: Reply }[];
  direct: { userId: string; message: Reply }[];
}

interface Setup {
  /** The channel's encounter's game master, if an encounter runs. */
  gameMaster?: { id: string; name: string };
  gmChannel?: string;
  /** The game master takes no direct messages from the bot. */
  dmsClosed?: boolean;
  /** Posting in a channel fails, as it does where the bot may not post. */
  postFails?: boolean;
  rollerId?: string;
}

async function secretRoll(setup: Setup, face: number): Promise<{ reply: Reply; sent: Sent }> {
  const sent: Sent = { posts: [], direct: [] };
  const messenger: ChannelMessenger = {
    send(channelId, message) {
      if (setup.postFails) return Promise.reject(new Error('Missing Access'));
      sent.posts.push({ channelId, message });
      return Promise.resolve('post-1');
    },
    sendDirect(userId, message) {
      if (setup.dmsClosed) return Promise.resolve(null);
      sent.direct.push({ userId, message });
      return Promise.resolve('dm-1');
    },
    edit: () => Promise.reject(new Error('no edits')),
    pin: () => Promise.reject(new Error('no pins')),
  };
  const encounter = setup.gameMaster ? ({ gameMasterId: setup.gameMaster.id, gameMasterName: setup.gameMaster.name } as Encounter) : null;
  const encounters = { get: () => Promise.resolve(encounter) } as unknown as EncounterService;
  const settings = createMemorySettingsStore();
  if (setup.gmChannel) await settings.setGmChannel({ guildId: 'guild', channelId: setup.gmChannel, userId: 'admin' });
  const services = { random: scripted(face), encounters, settings, logger: pino({ level: 'silent' }) };
  const base = unitContext(services, messenger, { dice: '1d20+3', secret: true, label: 'Stealth' });
  const ctx: CommandContext = { ...base, user: { id: setup.rollerId ?? base.user.id, name: 'Alice' } };
  return { reply: await command.execute(ctx), sent };
}

const GINA = { id: 'user-gina', name: 'Gina' };
const ROLL = { title: 'Stealth', description: '1d20 (12) + 3 = `15`' };

describe('/roll secret:true', () => {
  test("goes to the roller privately and by direct message to the encounter's game master, naming the roller", async () => {
    const { reply, sent } = await secretRoll({ gameMaster: GINA, gmChannel: 'gm-screen' }, 12);
    expect(reply.ephemeral).toBe(true);
    expect(reply.embeds?.[0]).toMatchObject(ROLL);
    expect(reply.content).toBe('🔒 Secret roll: only you and the game master, Gina, see it (sent by direct message).');
    expect(sent.posts).toEqual([]);
    expect(sent.direct).toHaveLength(1);
    expect(sent.direct[0]?.userId).toBe('user-gina');
    expect(sent.direct[0]?.message.content).toBe('🔒 Secret roll by **Alice** in <#channel>:');
    expect(sent.direct[0]?.message.embeds).toEqual(reply.embeds);
    expect(sent.direct[0]?.message.ephemeral).toBeUndefined();
  });

  test('a game master who takes no direct messages gets it in the game master channel, and the roller is told why', async () => {
    const { reply, sent } = await secretRoll({ gameMaster: GINA, gmChannel: 'gm-screen', dmsClosed: true }, 12);
    expect(sent.posts.map((p) => p.channelId)).toEqual(['gm-screen']);
    expect(sent.posts[0]?.message.embeds?.[0]).toMatchObject(ROLL);
    expect(reply.content).toBe(
      '🔒 Secret roll: only you and the game master see it (posted in <#gm-screen>, as Gina takes no direct messages from the bot).',
    );
  });

  test('without an encounter, the game master channel takes it', async () => {
    const { reply, sent } = await secretRoll({ gmChannel: 'gm-screen' }, 12);
    expect(sent.posts.map((p) => p.channelId)).toEqual(['gm-screen']);
    expect(sent.direct).toEqual([]);
    expect(reply.content).toBe('🔒 Secret roll: only you and the game master see it (posted in <#gm-screen>).');
  });

  test('with no game master to reach, the roller still sees the roll and is told nobody else did', async () => {
    const { reply, sent } = await secretRoll({}, 12);
    expect(sent).toEqual({ posts: [], direct: [] });
    expect(reply.ephemeral).toBe(true);
    expect(reply.embeds?.[0]).toMatchObject(ROLL);
    expect(reply.content).toContain('no game master could be reached');
    expect(reply.content).toContain('`/config gm-channel`');
  });

  test('a channel the bot cannot post in is reported, not thrown', async () => {
    const { reply } = await secretRoll({ gmChannel: 'gm-screen', postFails: true }, 12);
    expect(reply.ephemeral).toBe(true);
    expect(reply.content).toBe('🔒 Secret roll: no game master could be reached, as the bot cannot post in <#gm-screen>. Only you see it.');
  });

  test('the game master rolling in secret keeps it to themselves', async () => {
    const { reply, sent } = await secretRoll({ gameMaster: GINA, gmChannel: 'gm-screen', rollerId: 'user-gina' }, 12);
    expect(sent).toEqual({ posts: [], direct: [] });
    expect(reply.content).toBe('🔒 Secret roll: you run the encounter here, so only you see it.');
  });
});
