import type { Services } from '../../../src/services';
import { ALICE, GM, MODERATOR, Table, buttonsOf, openTablePer, refused, text, useRules } from './support';

/**
 * Tables run each session in a thread under their game's channel: a thread with no rule set of its
 * own plays its channel's, then the server's; its fight is still the thread's own.
 */
describe.each(['database', 'memory'] as const)('a thread under a channel, on the %s stores', (storage) => {
  let services: Services;
  openTablePer('test', (opened) => ({ services } = opened), 1, storage);

  const footer = (table: Table) => table.tracker().embeds?.[0]?.footer;

  test("a channel set to the 2014 rules gives its thread's new fight the 2014 rules, and the fight stays in the thread", async () => {
    const channel = new Table(services, 'channel-1');
    const thread = new Table(services, 'thread-1', 'channel-1');
    await channel.run(MODERATOR, 'config', 'ruleset', { ruleset: 'dnd2014', scope: 'channel' });

    expect(text(await thread.run(GM, 'config', 'show'))).toContain(
      'Rule set here: 5e 2014 (`dnd2014`)\nThe 2014 rules: six-level exhaustion table, half your hit dice back. This is set for <#channel-1>, the channel this thread is in.',
    );
    await thread.run(GM, 'init', 'begin', { name: 'Session 4' });
    expect(footer(thread)).toBe('5e 2014 rules · Game master: Gina');
    expect(refused(await channel.run(GM, 'init', 'list'))).toContain('no encounter');
  });

  test("a thread's own rule set wins over its channel's; cleared, the channel's applies again", async () => {
    const channel = new Table(services, 'channel-1');
    const thread = new Table(services, 'thread-1', 'channel-1');
    await channel.run(MODERATOR, 'config', 'ruleset', { ruleset: 'dnd2014', scope: 'channel' });
    const set = await thread.run(MODERATOR, 'config', 'ruleset', { ruleset: 'a5e', scope: 'channel' });
    expect(set.embeds?.[0]?.title).toBe('Rule set for this thread: Level Up A5E (`a5e`)');

    expect(text(await thread.run(GM, 'config', 'show'))).toContain('This is set for this thread.');
    await thread.run(GM, 'init', 'begin', { name: 'Side quest' });
    expect(footer(thread)).toBe('Level Up A5E rules · Game master: Gina');
    await thread.run(GM, 'init', 'end');

    const cleared = text(await thread.run(MODERATOR, 'config', 'clear'));
    expect(cleared).toContain(
      'Rule set for this thread cleared: 5e 2014 (`dnd2014`) applies\nThis thread now plays **5e 2014** (`dnd2014`), set for <#channel-1>, the channel this thread is in.',
    );
  });

  test("a thread of a channel with no rule set plays the server's, not another channel's", async () => {
    await useRules(services, 'dnd-next');
    await new Table(services, 'channel-2').run(MODERATOR, 'config', 'ruleset', { ruleset: 'a5e', scope: 'channel' });
    const thread = new Table(services, 'thread-1', 'channel-1');

    expect(text(await thread.run(GM, 'config', 'show'))).toContain(
      'Rule set here: D&D Next playtest (`dnd-next`)\nNegative hit points, 1d6 damage on a failed death save. This is set for the server.',
    );
    expect(refused(await thread.run(MODERATOR, 'config', 'clear'))).toBe(
      '⚠️ This thread has no rule set of its own to clear; it plays **D&D Next playtest** (`dnd-next`), set for the server.',
    );
    await thread.run(GM, 'init', 'begin', { name: 'Session 5' });
    expect(footer(thread)).toBe('D&D Next playtest rules · Game master: Gina');
  });
});

/** Stored characters live on the database store alone. */
describe('a character of a thread under a channel', () => {
  let services: Services;
  openTablePer('test', (opened) => ({ services } = opened), 1, 'database');

  test("/character revive in a thread brings a character back by the channel's rule set, as its fight there went", async () => {
    // The server plays A5E, whose tracks are fatigue and strife; the channel, and so its thread, 2024.
    await useRules(services, 'a5e');
    const channel = new Table(services, 'channel-1');
    const thread = new Table(services, 'thread-1', 'channel-1');
    await channel.run(MODERATOR, 'config', 'ruleset', { ruleset: 'dnd2024', scope: 'channel' });
    await thread.run(ALICE, 'character', 'create', { name: 'Alice', level: 3, hp: 20 });
    await thread.run(GM, 'init', 'begin', { name: 'Session 6' });
    await thread.run(ALICE, 'init', 'join', { initiative: 10 });
    // 2024: Exhaustion 6 kills.
    await thread.run(GM, 'condition', 'add', { target: 'Alice', condition: 'Exhaustion', level: 6 });
    const confirm = await thread.run(GM, 'init', 'end');
    await thread.press(GM, buttonsOf(confirm).find((b) => b.label === 'End the encounter')?.customId ?? '');
    // Brought back by the 2024 rules the fight went by, she keeps Exhaustion 5, not the 6 that killed her.
    expect(text(await thread.run(GM, 'character', 'revive', { name: 'Alice' }))).toContain('Exhaustion 5');
  });
});
