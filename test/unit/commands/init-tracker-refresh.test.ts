import pino from 'pino';
import type { ChannelMessenger, CommandContext } from '../../../src/framework/command';
import type { Reply } from '../../../src/views/reply';
import { refreshTracker } from '../../../src/framework/encounter-commands';
import { unitContext } from './context';
import { combatant, encounter } from './init-fixtures';

/** Edits land on one message; the test reads the last one. */
function messengerRecording(edits: Reply[]): ChannelMessenger {
  return {
    send: () => Promise.resolve('unused'),
    edit: (_channel, _id, message) => {
      edits.push(message);
      return Promise.resolve(true);
    },
    pin: () => Promise.resolve(true),
  };
}

function context(messenger: ChannelMessenger): CommandContext {
  // Only the logger is read when the tracker exists and edits succeed.
  return unitContext({ logger: pino({ level: 'silent' }) }, messenger);
}

describe('keeping the tracker on the newest state', () => {
  const order = [combatant('c1', 'Kobold 1', 12), combatant('c2', 'Kobold 2', 12)];

  test('a command that finishes late with an older state does not overwrite a newer tracker', async () => {
    const edits: Reply[] = [];
    const ctx = context(messengerRecording(edits));
    const older = encounter(order, { id: 'race-1', version: 4, currentId: 'c1' });
    const newer = encounter(order, { id: 'race-1', version: 5, currentId: 'c2' });
    await refreshTracker(ctx, newer);
    await refreshTracker(ctx, older);
    expect(edits).toHaveLength(1);
    expect(edits[0]?.embeds?.[0]?.description?.split('\n')[0]).toBe("Round **1** · **Kobold 2**'s turn");
  });

  test('a late edit cannot bring back the buttons of an ended encounter', async () => {
    const edits: Reply[] = [];
    const ctx = context(messengerRecording(edits));
    await refreshTracker(ctx, encounter(order, { id: 'race-2', version: 9, endedAt: new Date('2026-01-01T21:00:00Z') }));
    await refreshTracker(ctx, encounter(order, { id: 'race-2', version: 8 }));
    expect(edits.map((edit) => edit.components)).toEqual([[]]);
  });
});
