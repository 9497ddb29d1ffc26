import { runConsole, type ConsoleJson } from '../../support/console';

function said(reply: ConsoleJson | undefined): string {
  return [reply?.content, ...(reply?.embeds ?? []).map((embed) => [embed.title, embed.description].filter(Boolean).join('\n'))]
    .filter(Boolean)
    .join('\n');
}

/** Runs a script and returns its replies by line, failing on a line the console could not read. */
async function run(script: readonly string[], seed = '1'): Promise<ConsoleJson[]> {
  const replies = await runConsole(script, ['--memory', '--seed', seed]);
  expect(replies.map((r) => r.error)).toEqual(script.map(() => undefined));
  return replies;
}

describe('legendary and lair actions (issue 13 item 1)', () => {
  test('legendary actions spend down, are refused on its own turn and when too few are left, and come back as its turn starts', async () => {
    // Initiatives are given, so the order is fixed: Dragon 22, Goblin 20, the lair at 20 (losing the tie), Alice 15.
    const script = [
      '@gm /init begin',
      '@gm /init add name:Dragon hp:200 ac:19 initiative:22 legendary:3 lair:true',
      '@gm /init add name:Goblin hp:7 ac:15 initiative:20',
      '@alice /init join name:Alice hp:12 ac:14 initiative:15',
      '@gm /init next',
      '@gm /init legendary target:Dragon',
      '@gm /init next',
      '@gm /init legendary target:Dragon cost:2',
      '@gm /init legendary target:Dragon cost:2',
      '@alice /init legendary target:Dragon',
      '@gm /init list',
      '@gm /init next',
      '@gm /init list',
      '@gm /init next',
      '@gm /init next',
      '@gm /init list',
      '@gm /init legendary target:Goblin',
    ];
    const replies = await run(script);
    expect(said(replies[4])).toContain("It's **Dragon**'s turn.");
    expect(replies[5]?.ephemeral).toBe(true);
    expect(said(replies[5])).toBe("⚠️ It is Dragon's own turn: legendary actions are taken at the end of another creature's turn.");
    expect(said(replies[6])).toContain("It's **Goblin**'s turn.");
    expect(said(replies[7])).toContain('Dragon takes a legendary action costing 2 (1/3 left).');
    expect(replies[8]?.ephemeral).toBe(true);
    expect(said(replies[8])).toBe(
      '⚠️ Dragon has 1 of 3 legendary actions left, not the 2 this one costs; they come back at the start of its turn.',
    );
    expect(said(replies[9])).toContain(
      "⚠️ Only the game master (gm) or a member with Manage Channels can spend Dragon's legendary actions.",
    );
    expect(said(replies[10])).toContain('**Dragon** · 200/200 HP · AC 19 · Legendary 1/3 · 🏰 Lair');
    // The Goblin on 20 went first: the lair turn loses the tie and comes before Alice's 15.
    expect(said(replies[11])).toContain("Initiative count 20: it's **Dragon**'s lair turn.");
    expect(said(replies[12])).toContain("Round **1** · **Dragon**'s lair turn (initiative 20)");
    expect(said(replies[12])).toContain('🏰 `22` **Dragon**');
    expect(said(replies[13])).toContain("It's **Alice**'s turn.");
    // Once a round: round 2 starts with the Dragon, whose legendary actions are back.
    expect(said(replies[14])).toContain('**Round 2** begins.');
    expect(said(replies[14])).not.toContain('lair turn');
    expect(said(replies[15])).toContain('▶️ `22` **Dragon** · 200/200 HP · AC 19 · Legendary 3/3');
    expect(said(replies[16])).toBe('⚠️ Goblin has no legendary actions: give them with `/init add … legendary:<n>`.');
  }, 120_000);

  test('a lair with everyone below 20 opens each round; undo and prev come back to the turn before it', async () => {
    const script = [
      '@gm /init begin',
      '@gm /init add name:Aboleth hp:135 ac:17 initiative:9 lair:true',
      '@alice /init join name:Alice hp:12 ac:14 initiative:15',
      '@gm /init next',
      '@gm /init next',
      '@gm /init next',
      '@gm /init next',
      '@gm /init prev',
      '@gm /init next',
      '@gm /init undo',
      '@gm /init list',
    ];
    const replies = await run(script);
    expect(said(replies[3])).toContain("**Round 1** begins.\nInitiative count 20: it's **Aboleth**'s lair turn.");
    expect(said(replies[4])).toContain("It's **Alice**'s turn.");
    expect(said(replies[5])).toContain("It's **Aboleth**'s turn.");
    expect(said(replies[6])).toContain("**Round 2** begins.\nInitiative count 20: it's **Aboleth**'s lair turn.");
    expect(said(replies[7])).toContain("Back to **Aboleth**'s turn (round 1).");
    expect(said(replies[8])).toContain("**Round 2** begins.\nInitiative count 20: it's **Aboleth**'s lair turn.");
    expect(said(replies[10])).toContain("Round **1** · **Aboleth**'s turn");
  }, 120_000);

  test("a hidden monster's legendary count is the game master's: the channel reads only that it acted", async () => {
    const script = [
      '@gm /init begin',
      '@gm /init add name:Wyvern hp:110 ac:13 initiative:5 legendary:2 hidden:true',
      '@alice /init join name:Alice hp:12 ac:14 initiative:15',
      '@gm /init next',
      '@gm /init legendary target:Wyvern',
      '@alice /init list',
      '@gm /init list',
    ];
    const replies = await run(script);
    expect(said(replies[4])).toContain('Wyvern takes a legendary action.');
    expect(said(replies[4])).not.toContain('/2');
    expect(said(replies[5])).toContain('**Wyvern** · Healthy');
    expect(said(replies[5])).not.toContain('Legendary');
    expect(said(replies[6])).toContain('**Wyvern** (hidden) · 110/110 HP · AC 13 · Legendary 1/2');
  }, 120_000);
});
