import pino from 'pino';
import type { EncounterService } from '../../../src/combat/service';
import type { Transition } from '../../../src/combat/transition';
import type { Encounter, EncounterResult } from '../../../src/combat/types';
import type { ChannelMessenger, CommandContext } from '../../../src/framework/command';
import type { Reply } from '../../../src/views/reply';
import { applyStep, refreshTracker } from '../../../commands/shared/encounter';
import { coalesceEdits } from '../../../src/transports/coalescing-messenger';
import { unitContext } from './context';
import { combatant, encounter } from './init-fixtures';

/** Edits land on one message; the test reads the last one. */
function messengerRecording(edits: Reply[]): ChannelMessenger {
  return {
    send: () => Promise.resolve('unused'),
    sendDirect: () => Promise.resolve('unused'),
    edit: (_channel, _id, message) => {
      edits.push(message);
      return Promise.resolve(true);
    },
    pin: () => Promise.resolve(true),
  };
}

/** A messenger whose edits stay in flight until the test lets them land, as a slow Discord would. */
function slowMessenger(): { messenger: ChannelMessenger; landed: Reply[]; asked: Reply[]; land(error?: Error): void } {
  const landed: Reply[] = [];
  const asked: Reply[] = [];
  const waiting: { message: Reply; resolve(): void; reject(error: Error): void }[] = [];
  return {
    landed,
    asked,
    messenger: {
      send: () => Promise.resolve('posted'),
      sendDirect: () => Promise.resolve('posted'),
      pin: () => Promise.resolve(true),
      edit: (_channel, _id, message) =>
        new Promise<boolean>((resolve, reject) => {
          asked.push(message);
          waiting.push({
            message,
            resolve: () => {
              landed.push(message);
              resolve(true);
            },
            reject,
          });
        }),
    },
    land: (error) => {
      const next = waiting.shift();
      if (error) next?.reject(error);
      else next?.resolve();
    },
  };
}

/** Long enough for every update that can start to have started: each starts on a later turn of the event loop. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 10));
const headline = (reply: Reply | undefined) => reply?.embeds?.[0]?.description?.split('\n')[0];

function context(messenger: ChannelMessenger, services: Partial<CommandContext['services']> = {}): CommandContext {
  // The logger, and the encounter once an edit has landed; nothing else is read. Dispatch would stamp the label.
  return {
    ...unitContext({ logger: pino({ level: 'silent' }), encounters: serviceAnswering([]), ...services }, messenger),
    label: 'init next',
  };
}

/**
 * A service whose every change answers with the next of `states`, as the store would save them;
 * asking for a newer state gives the newest saved (by this process or, in a test, another).
 */
function serviceAnswering(states: Encounter[], saved: Encounter[] = []): EncounterService {
  const service: Pick<EncounterService, 'applyWorded' | 'newer'> = {
    applyWorded: (_actor, _place, _label, word, _change, ..._input) => {
      const next = states.shift();
      if (!next) throw new Error('no more states');
      saved.push(next);
      const result: EncounterResult = { encounter: next, events: [] };
      return Promise.resolve({ result, words: word(result) });
    },
    newer: (known) => {
      const latest = saved[saved.length - 1];
      return Promise.resolve(latest?.id === known.id && latest.version > known.version ? latest : null);
    },
  };
  return service as EncounterService;
}

const order = [combatant('c1', 'Kobold 1', 12), combatant('c2', 'Kobold 2', 12)];
const turnOf = (version: number) => encounter(order, { id: 'slow', version, currentId: version % 2 === 0 ? 'c1' : 'c2' });
const nothing = (e: Encounter): Transition => ({ encounter: e, events: [], note: { kind: 'moved', combatant: 'Kobold 1' } });

describe('keeping the tracker on the newest state', () => {
  test('a command that finishes late with an older state does not overwrite a newer tracker', async () => {
    const edits: Reply[] = [];
    const ctx = context(messengerRecording(edits));
    const older = encounter(order, { id: 'race-1', version: 4, currentId: 'c1' });
    const newer = encounter(order, { id: 'race-1', version: 5, currentId: 'c2' });
    await refreshTracker(ctx, newer);
    await refreshTracker(ctx, older);
    expect(edits).toHaveLength(1);
    expect(headline(edits[0])).toBe("Round **1** · **Kobold 2**'s turn");
  });

  test('a late edit cannot bring back the buttons of an ended encounter', async () => {
    const edits: Reply[] = [];
    const ctx = context(messengerRecording(edits));
    await refreshTracker(ctx, encounter(order, { id: 'race-2', version: 9, endedAt: new Date('2026-01-01T21:00:00Z') }));
    await refreshTracker(ctx, encounter(order, { id: 'race-2', version: 8 }));
    expect(edits.map((edit) => edit.components)).toEqual([[]]);
  });
});

describe('answering before the tracker edit on a Discord transport', () => {
  test('the reply is back while the edit of a slow Discord is still in flight, and stop() waits for it', async () => {
    const slow = slowMessenger();
    const messenger = coalesceEdits(slow.messenger);
    const ctx = context(messenger, { encounters: serviceAnswering([turnOf(3)]) });
    const reply = await applyStep(ctx, nothing);
    expect(reply.embeds?.[0]?.description).toBe('Done.');
    // Not even asked for yet: the reply goes out first.
    expect(slow.asked).toHaveLength(0);
    await settle();
    expect(slow.asked).toHaveLength(1);
    expect(slow.landed).toHaveLength(0);
    let idle = false;
    const drained = messenger.idle().then(() => (idle = true));
    await settle();
    expect(idle).toBe(false);
    slow.land();
    await drained;
    expect(headline(slow.landed[0])).toBe("Round **1** · **Kobold 2**'s turn");
  });

  test('edits land in version order, an older state asked for late never overwrites, and a burst costs two edits', async () => {
    const slow = slowMessenger();
    const messenger = coalesceEdits(slow.messenger);
    const ctx = context(messenger);
    await refreshTracker(ctx, turnOf(3));
    await refreshTracker(ctx, turnOf(6));
    await refreshTracker(ctx, turnOf(5));
    await refreshTracker(ctx, turnOf(4));
    await settle();
    slow.land();
    await settle();
    slow.land();
    await messenger.idle();
    await refreshTracker(ctx, turnOf(5));
    await messenger.idle();
    expect(slow.landed.map(headline)).toEqual(["Round **1** · **Kobold 2**'s turn", "Round **1** · **Kobold 1**'s turn"]);
  });

  test('when another process saved a newer state meanwhile, the tracker is brought to it after our edit lands', async () => {
    const slow = slowMessenger();
    const messenger = coalesceEdits(slow.messenger);
    // The other process's version 4, whose edit reached Discord before ours of version 3.
    const ctx = context(messenger, { encounters: serviceAnswering([], [turnOf(3), turnOf(4)]) });
    await refreshTracker(ctx, turnOf(3));
    await settle();
    slow.land();
    await settle();
    slow.land();
    await messenger.idle();
    expect(slow.landed.map(headline)).toEqual(["Round **1** · **Kobold 2**'s turn", "Round **1** · **Kobold 1**'s turn"]);
  });

  test('an edit that fails in the background is logged with its encounter', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, { write: (line: string) => lines.push(line) });
    const slow = slowMessenger();
    const messenger = coalesceEdits(slow.messenger);
    const ctx = context(messenger, { logger });
    await refreshTracker(ctx, turnOf(3));
    await settle();
    slow.land(new Error('Discord is down'));
    await messenger.idle();
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; encounterId: string; err: { message: string } });
    expect(logged.map(({ msg, encounterId, err }) => [msg, encounterId, err.message])).toEqual([
      ['could not update the encounter tracker', 'slow', 'Discord is down'],
    ]);
  });
});
