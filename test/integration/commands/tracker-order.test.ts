import { nextTurn } from '../../../src/combat/steps';
import type { ChannelMessenger, CommandContext } from '../../../src/framework/command';
import { applyStep } from '../../../src/framework/encounter-commands';
import { coalesceEdits } from '../../../src/transports/coalescing-messenger';
import type { Reply } from '../../../src/views/reply';
import { GM, openTable, type Table } from './support';

/** Over the table's own messenger, edits that take 0–20 ms each, as Discord's REST latency varies. */
function jittery(inner: ChannelMessenger): ChannelMessenger {
  let seed = 7;
  const jitter = () => {
    seed = (seed * 48271) % 2147483647;
    return seed % 21;
  };
  return {
    send: (channelId, message) => inner.send(channelId, message),
    pin: (channelId, messageId) => inner.pin(channelId, messageId),
    edit: (channelId, messageId, message) =>
      new Promise((resolve) => setTimeout(resolve, jitter())).then(() => inner.edit(channelId, messageId, message)),
  };
}

/** "Round **3** · **Goblin 2**'s turn" as [3, 2], which only ever grows as turns pass. */
function turnOf(reply: Reply): [number, number] {
  const match = /^Round \*\*(\d+)\*\* · \*\*Goblin (\d)\*\*'s turn/.exec(reply.embeds?.[0]?.description ?? '');
  if (!match) throw new Error(`not a turn: ${reply.embeds?.[0]?.description}`);
  return [Number(match[1]), Number(match[2])];
}

describe('the tracker after racing commands on a Discord transport', () => {
  let table: Table;
  let close: () => Promise<void>;

  beforeAll(async () => {
    ({ table, close } = await openTable());
    await table.run(GM, 'init', 'begin', { name: 'Race' });
    await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, count: 2, initiative: 12 });
  });

  afterAll(async () => {
    await close();
  });

  test('twenty /init next at once: edits land in version order and the tracker ends on the last turn', async () => {
    const messenger = coalesceEdits(jittery(table.messenger));
    const ctx: Omit<CommandContext, 'options'> = {
      interactionId: 'race',
      user: { id: GM.id, name: GM.name },
      guildId: 'guild-1',
      channelId: table.channelId,
      permissions: { manageGuild: false, manageChannels: false },
      services: table.services,
      messenger,
    };
    const before = table.messenger.posts[0]?.versions.length ?? 0;
    const replies = await Promise.all(Array.from({ length: 20 }, () => applyStep(ctx, nextTurn)));
    expect(replies).toHaveLength(20);
    await messenger.idle();
    const shown = (table.messenger.posts[0]?.versions ?? []).slice(before).map(turnOf);
    // Twenty turns of two goblins from before round 1: Goblin 2's turn in round 10.
    expect(shown[shown.length - 1]).toEqual([10, 2]);
    expect(shown.length).toBeLessThan(20);
    for (let i = 1; i < shown.length; i += 1) {
      const [round, goblin] = shown[i] ?? [0, 0];
      const [lastRound, lastGoblin] = shown[i - 1] ?? [0, 0];
      expect(round * 10 + goblin).toBeGreaterThan(lastRound * 10 + lastGoblin);
    }
  });
});
