import { runConsole } from '../../support/console';

describe('console buttons', () => {
  test("a wrong user's refused press leaves the buttons for the right user", async () => {
    const replies = await runConsole(
      ['@gm /init begin name:Ford', '@gm /init end', '@alice click:End the encounter', '@gm click:End the encounter'],
      ['--memory', '--seed', '1'],
    );
    expect(replies.map((r) => r.error)).toEqual([undefined, undefined, undefined, undefined]);
    expect(replies[1]?.components?.[0]?.buttons.map((b) => b.label)).toEqual(['End the encounter', 'Keep fighting']);
    expect(replies[2]?.ephemeral).toBe(true);
    expect(replies[2]?.embeds?.[0]?.description).toContain('game master');
    expect(replies[3]?.ephemeral).toBe(false);
    expect(replies[3]?.embeds?.[0]?.title).toContain('Ford');
  }, 120_000);
});
