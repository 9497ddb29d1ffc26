import { playConsoleOutput, type ConsoleJson } from '../../support/console';

function said(message: ConsoleJson | undefined): string {
  return [
    message?.content,
    ...(message?.embeds ?? []).map((embed) =>
      [embed.title, embed.description, ...embed.fields.map((f) => `${f.name}: ${f.value}`)].filter(Boolean).join('\n'),
    ),
  ]
    .filter(Boolean)
    .join('\n');
}

describe("a hidden monster's rolls: the table reads the outcome, the game master the whole roll (issue 24 item 3, issue 23 item 2)", () => {
  test('/attack and /save of a hidden Ogre, and a player hitting it through its resistance', async () => {
    const script = [
      '@gm /init begin',
      '@gm /init add name:Ogre hp:59 ac:11 hidden:true saves:dex+2 resist:fire',
      '@alice /init join name:Alice hp:30 ac:14 init-mod:20',
      '@gm /attack target:Alice bonus:6 damage:2d8+4 [bludgeoning] attacker:Ogre',
      '@gm /save ability:dex dc:10 target:Ogre',
      '@alice /hp damage target:Ogre amount:2d6 [fire]',
      '@gm /init log count:2',
      '@alice /init log count:2',
    ];
    const output = await playConsoleOutput(script, 3);
    const at = (line: number) => output.filter((o) => o.input === script[line]);
    const reply = (line: number) => at(line).find((o) => o.kind === 'reply');
    const dm = (line: number) => at(line).find((o) => o.kind === 'dm');

    expect(reply(3)?.ephemeral).toBe(false);
    expect(said(reply(3))).toBe('**Ogre** makes a melee weapon attack on **Alice**. **Miss.**');
    expect(dm(3)?.user).toBe('gm');
    expect(said(dm(3))).toBe(
      '🔒 For the game master, from <#general> (the table saw the outcome only):\n**Ogre** makes a melee weapon attack on **Alice**: d20 7 + 6 (attack bonus) = 13 against AC 14. **Miss.**',
    );

    expect(said(reply(4))).toBe('Ogre: Dexterity save (DC 10)\n**❌ Failure**');
    expect(said(dm(4))).toBe(
      '🔒 For the game master, from <#general> (the table saw the outcome only):\nOgre: Dexterity save (DC 10)\nd20 5 + 2 (save bonus) = 7\nDC 10: **❌ Failure**\nTotal: 7',
    );

    // The channel reads what was dealt; how the Ogre's resistance halved it is the game master's.
    expect(said(reply(5))).toBe('🎲 2d6 (3, **6**) [fire] = `9`\nOgre is dealt 9 fire damage.');
    expect(said(dm(5))).toBe(
      '🔒 For the game master, from <#general> (the table saw the outcome only):\n🎲 2d6 (3, **6**) [fire] = `9`\nOgre takes 4 fire damage (halved: resistant) and is at 55 HP.',
    );

    const gmLog = said(reply(6)).split('\n');
    expect(gmLog[1]).toMatch(/ alice · \/hp damage · Ogre: 9 fire damage · 🔒 Ogre HP 59 → 55$/);
    expect(gmLog[2]).toMatch(/ gm · \/attack · Ogre → Alice: miss · 🔒 Ogre d20 7 \+ 6 \(attack bonus\) = 13 against AC 14$/);
    // The players' log: no hidden roll and no HP left (`\b55 HP`, `→ 55`), whatever the clock reads (06:55).
    expect(said(reply(7))).not.toMatch(/🔒|d20|→ 55|\b55 HP|taken/);
  }, 120_000);

  test("a hidden monster's initiative: the table reads the total, the game master the roll and modifier", async () => {
    const script = ['@gm /init begin', '@gm /init add monster:Goblin Warrior count:2 hidden:true', '@gm /init add monster:Ogre'];
    const output = await playConsoleOutput(script, 3);
    const at = (line: number) => output.filter((o) => o.input === script[line]);
    const reply = (line: number) => at(line).find((o) => o.kind === 'reply');
    const dm = (line: number) => at(line).find((o) => o.kind === 'dm');

    expect(said(reply(1))).toMatch(/^Goblin Warrior 1 and Goblin Warrior 2 join the fight with initiative \d+\.$/);
    expect(said(dm(1))).toMatch(/\nGoblin Warrior 1 and Goblin Warrior 2 join the fight with initiative \d+ \(d20 \d+ \+ 2\)\.\n/);
    // A monster the table sees in full is added with its roll, as before.
    expect(said(reply(2))).toMatch(/^Ogre joins the fight with initiative \d+ \(d20 \d+ − 1\)\./);
  }, 120_000);
});
