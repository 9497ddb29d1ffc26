import { playConsole, playConsoleOutput, type ConsoleJson } from '../../support/console';

function said(reply: ConsoleJson | undefined): string {
  return [reply?.content, ...(reply?.embeds ?? []).map((embed) => [embed.title, embed.description].filter(Boolean).join('\n'))]
    .filter(Boolean)
    .join('\n');
}

describe('/attack in the console (2024, seed 3)', () => {
  test('advantage on a Prone target in melee, disadvantage at range, a hidden monster kept hidden, undo, and refusals', async () => {
    // Initiatives are given, so the seeded dice go to the attacks alone.
    const script = [
      '@gm /init begin',
      '@gm /init add name:Goblin hp:30 ac:13 initiative:10 resist:slashing',
      '@gm /init add name:Bugbear hp:40 ac:16 initiative:5 hidden:true',
      '@alice /character create name:Alice level:5 str:16 hp:40 ac:15',
      '@alice /init join initiative:20',
      '@gm /condition add target:Goblin condition:Prone',
      '@alice /attack target:Goblin bonus:str damage:1d8+3 [slashing]',
      '@alice /attack target:Goblin bonus:5 damage:1d6 [piercing] reach:ranged',
      '@alice /attack target:Bugbear bonus:5 damage:1d8+3 [slashing]',
      '@gm /attack target:Alice bonus:6 damage:2d6+2 [slashing] attacker:Bugbear',
      '@gm /init undo',
      '@gm /init list',
      '@alice /attack target:Goblin bonus:5 damage:1d8 attacker:Bugbear',
      '@alice /attack target:Nobody bonus:5 damage:1d8',
      '@alice /attack target:Goblin bonus:5 damage:1d8+',
      '@alice /attack target:Goblin bonus:wits damage:1d8',
      '#other',
      '@alice /attack target:Goblin bonus:5 damage:1d8',
    ];
    const replies = await playConsole(script, 3);
    const [, , , , , , sword, bow, onHidden, byHidden, undo, list, asOther, nobody, badDice, badBonus, elsewhere] = replies;
    expect(replies.slice(0, 12).map((r) => r.error)).toEqual(script.slice(0, 12).map(() => undefined));

    // The Goblin is Prone: two d20s, the higher kept in melee; Str +3 and proficiency +3 from Alice's sheet; a natural 20 doubles the dice.
    expect(said(sword)).toBe(
      [
        '**Alice** makes a melee weapon attack on **Goblin** with advantage (Goblin: Prone): d20 20 (of 13, 20) + 3 (Str) + 3 (proficiency) = 26 against AC 13. **Critical hit** (natural 20).',
        '🎲 2d8 (3, **1**) + 3 [slashing] = `7`',
        'Critical hit. Goblin takes 3 slashing damage (halved: resistant) and is at 27 HP.',
      ].join('\n'),
    );
    // At range the lower d20 counts.
    expect(said(bow)).toBe(
      '**Alice** makes a ranged weapon attack on **Goblin** with disadvantage (Goblin: Prone): d20 3 (of 3, 18) + 5 (attack bonus) = 8 against AC 13. **Miss.**',
    );
    // The hidden Bugbear: "hits", the damage dealt, and neither its AC (16) nor its HP (40, 33 after).
    expect(said(onHidden)).toBe(
      [
        '**Alice** makes a melee weapon attack on **Bugbear**: d20 13 + 5 (attack bonus) = 18. **Hit.**',
        '🎲 1d8 (4) + 3 [slashing] = `7`',
        'Bugbear is dealt 7 slashing damage.',
      ].join('\n'),
    );
    expect(said(onHidden)).not.toMatch(/AC|16|40|33|HP/);
    // Its own attack shows players neither its bonus nor its dice.
    expect(said(byHidden)).toBe(
      [
        '**Bugbear** makes a melee weapon attack on **Alice**. **Critical hit** (natural 20).',
        'Critical hit. Alice takes 20 slashing damage and is at 20 HP.',
      ].join('\n'),
    );
    expect(byHidden?.ephemeral).toBe(false);
    expect(said(undo)).toBe('Undone: `/attack` by gm (Bugbear → Alice: hit, 20 slashing damage (critical)).');
    expect(said(list)).toContain('**Alice** · 40/40 HP · AC 15');
    expect(said(list)).toContain('**Bugbear** (hidden) · 33/40 HP');

    expect([asOther, nobody, badDice, badBonus, elsewhere].map((r) => r?.ephemeral)).toEqual([true, true, true, true, true]);
    expect(said(asOther)).toBe('⚠️ Only the game master (gm) or a member with Manage Channels can attack as Bugbear.');
    expect(said(nobody)).toBe('⚠️ There is no combatant called "Nobody" here. The combatants are Alice, Goblin, Bugbear.');
    expect(said(badDice)).toMatch(/^⚠️ Damage must be a number or dice such as `2d6\+3`: /);
    expect(said(badBonus)).toBe('⚠️ `bonus` is a number such as `+5` or an ability (str, dex, con, int, wis, cha), not "wits".');
    expect(said(elsewhere)).toBe('⚠️ There is no encounter in this channel. Start one with `/init begin`.');
  }, 120_000);

  test("a player's secret attack reaches them and the game master by direct message, never the table", async () => {
    const script = [
      '@gm /init begin',
      '@gm /init add name:Bugbear hp:40 ac:16 initiative:5 hidden:true',
      '@alice /init join name:Alice hp:12 ac:14 initiative:20',
      '@alice /attack target:Bugbear bonus:5 damage:1d8+3 [slashing] secret:true',
    ];
    const output = await playConsoleOutput(script, 3);
    const lines = output.filter((o) => o.input === script[3]);
    const reply = lines.find((o) => o.kind === 'reply');
    const dm = lines.find((o) => o.kind === 'dm');
    expect(reply?.ephemeral).toBe(true);
    expect(reply?.content).toBe('🔒 Secret roll: only you and the game master, gm, see it (sent by direct message).');
    expect(dm).toMatchObject({ user: 'gm', content: '🔒 Secret roll by **alice** in <#general>:' });
    // The game master's copy has the hidden Bugbear's AC and HP, which Alice's never shows (issue 24 item 3).
    expect(dm?.embeds?.[0]?.description).toMatch(/= \d+ against AC 16\. \*\*[^]*Bugbear takes \d+ slashing damage and is at \d+ HP\.$/);
    expect(said(reply)).toMatch(
      /^🔒 Secret roll[^]*\*\*Alice\*\* makes a melee weapon attack on \*\*Bugbear\*\*: d20 \d+ \+ 5 \(attack bonus\) = \d+\. \*\*/,
    );
    expect(said(reply)).not.toMatch(/AC 16|\/40/);
    expect(lines.map((o) => o.kind).filter((kind) => kind === 'posted')).toEqual([]);
  }, 120_000);
});
