import { playConsole, type ConsoleJson } from '../../support/console';

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
    const replies = await playConsole(script, 1);
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

  test('exhaustion 2 shows −4 on a concentration save; Bless modifiers are stored and bad ones refused with the syntax', async () => {
    const script = [
      '@gm /init begin concentration-saves:automatic',
      '@alice /init join name:Alice hp:30 ac:14 con-save:3',
      '@gm /init next',
      '@alice /init concentrate target:Alice effect:Bless',
      '@alice /condition add target:Alice condition:Bless source:Alice modifiers:attack:+1d4,save:+1d4',
      '@gm /condition add target:Alice condition:Exhaustion level:2',
      '@gm /hp damage target:Alice amount:4',
      '@gm /condition add target:Alice condition:Bane modifiers:attack:-1d4,luck:+1',
    ];
    const replies = await playConsole(script, 1);
    expect(replies.slice(0, 7).map((r) => r.error)).toEqual(script.slice(0, 7).map(() => undefined));
    expect(said(replies[4])).toBe("Alice is now **Bless** [attack:+1d4, save:+1d4]; it ends with Alice's concentration on Bless.");
    expect(said(replies[6])).toMatch(
      /Alice's concentration save \(DC 10\): d20 \d+ \+ 3 \(save bonus\) − 4 \(Exhaustion 2\) \+ \d \(Bless 1d4\) = -?\d+\./,
    );
    expect(said(replies[7])).toContain('"luck:+1" is not a modifier I know.');
    expect(said(replies[7])).toContain('`attack:+1d4` `save:+1d4`');
  }, 120_000);

  test("when Hold Person's last effect ends on a save, Drop Alice's concentration ends the concentration", async () => {
    const script = [
      '@gm /init begin',
      '@gm /init add name:Goblin hp:7 ac:15 initiative:10',
      '@alice /init join name:Alice hp:12 ac:14 init-mod:20',
      '@gm /init next',
      '@alice /init concentrate target:Alice effect:Hold Person',
      '@alice /condition add target:Goblin condition:Paralyzed source:Alice save:wis dc:1',
      '@gm /init next',
      '@gm /init next',
      '@bob click:"Drop Alice\'s concentration"',
      '@alice click:"Drop Alice\'s concentration"',
      '@gm /init list',
    ];
    const replies = await playConsole(script, 1);
    expect(said(replies[7])).toContain(
      "Nothing is left of what Alice's concentration on Hold Person kept up: drop it (the button, or `/init drop-concentration`), or keep it if the spell does more.",
    );
    expect(said(replies[8])).toContain(
      "Only Alice's player, the game master (gm) or a member with Manage Channels can end Alice's concentration.",
    );
    expect(said(replies[9])).toContain('Alice stops concentrating on Hold Person.');
    expect(said(replies[10])).not.toContain('Hold Person');
  });
});
