import { runConsole, type ConsoleJson } from '../../support/console';

function said(reply: ConsoleJson | undefined): string {
  return [reply?.content, ...(reply?.embeds ?? []).map((embed) => [embed.title, embed.description].filter(Boolean).join('\n'))]
    .filter(Boolean)
    .join('\n');
}

describe('/condition in the console (2024)', () => {
  test("the issue's done-when script: Poisoned for 1 round on Goblin ends after its turn and leaves the tracker", async () => {
    // Alice's initiative modifier of +20 puts her before the Goblin's fixed 10 whatever the d20 shows.
    const script = [
      '@gm /init begin',
      '@gm /init add name:Goblin hp:7 ac:15 initiative:10',
      '@alice /init join name:Alice hp:12 ac:14 init-mod:20',
      '@gm /init next',
      '@gm /condition add target:Goblin condition:Poisoned duration:1',
      '@gm /init list',
      '@gm /init next',
      '@gm /init next',
      '@gm /init list',
      '@gm /condition add target:Goblin condition:Doomed',
    ];
    const replies = await runConsole(script, ['--memory', '--seed', '1']);
    expect(replies.map((r) => r.error)).toEqual(script.map(() => undefined));
    expect(said(replies[4])).toBe("Goblin is now **Poisoned** for 1 round, until the end of Goblin's turn.");
    expect(said(replies[5])).toContain('**Goblin** · 7/7 HP · AC 15 · Poisoned (1)');
    expect(said(replies[6])).toContain("It's **Goblin**'s turn.");
    expect(said(replies[7])).toContain('Poisoned on Goblin ends.');
    expect(said(replies[8])).toContain('**Goblin** · 7/7 HP · AC 15');
    expect(said(replies[8])).not.toContain('Poisoned');
    expect(said(replies[9])).toBe(
      '⚠️ Doomed is not a condition in the 5e 2024 rules. Their conditions are Blinded, Charmed, Deafened, Frightened, Grappled, Incapacitated, Invisible, Paralyzed, Petrified, Poisoned, Prone, Restrained, Stunned, Unconscious, Exhaustion.',
    );
  }, 120_000);
});
