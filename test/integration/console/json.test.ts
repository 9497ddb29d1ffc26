import { runConsoleOutput } from '../../support/console';

describe('the console with --json', () => {
  test('prints the tracker the bot posts and edits as lines of their own, after the reply that caused them', async () => {
    const output = await runConsoleOutput(
      ['@gm /init begin name:Ford', '/roll dice:1d20', '@gm /init add name:Goblin hp:7 ac:15', '@gm /dance'],
      ['--memory', '--seed', '1'],
    );
    expect(output.map((line) => [line.kind, line.input])).toEqual([
      ['reply', '@gm /init begin name:Ford'],
      ['posted', '@gm /init begin name:Ford'],
      ['reply', '/roll dice:1d20'],
      ['reply', '@gm /init add name:Goblin hp:7 ac:15'],
      ['edited', '@gm /init add name:Goblin hp:7 ac:15'],
      ['error', '@gm /dance'],
    ]);
    const [posted, edited] = output.filter((line) => line.kind === 'posted' || line.kind === 'edited');
    expect(posted).toMatchObject({ channel: 'general', pinned: true, ephemeral: false });
    expect(edited?.messageId).toBe(posted?.messageId);
    expect(posted?.components?.[0]?.buttons.map((b) => b.label)).toEqual(['Previous turn', 'Next turn']);
    expect(edited?.embeds?.[0]?.description).toContain('Goblin');
    expect(output[5]).toEqual({ kind: 'error', input: '@gm /dance', error: 'unknown command /dance' });
  }, 120_000);
});
