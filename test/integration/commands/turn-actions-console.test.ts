import { playConsole, type ConsoleJson } from '../../support/console';

function said(reply: ConsoleJson | undefined): string {
  return [reply?.content, ...(reply?.embeds ?? []).map((embed) => [embed.title, embed.description].filter(Boolean).join('\n'))]
    .filter(Boolean)
    .join('\n');
}

/** Runs a script and returns its replies by line, failing on a line the console could not read. */
async function run(script: readonly string[], seed = 1): Promise<ConsoleJson[]> {
  const replies = await playConsole(script, seed);
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

  test('a lair turn that opens a round sits between the round before and the next turn: what ends as that turn starts waits for it', async () => {
    const script = [
      '@gm /init begin',
      '@gm /init add name:Aboleth hp:135 ac:17 initiative:9 lair:true',
      '@alice /init join name:Alice hp:12 ac:14 initiative:15',
      '@gm /init next',
      '@gm /init next',
      '@gm /condition add target:Alice condition:Dodging duration:1 ends:start',
      '@gm /init next',
      '@gm /init next',
      '@gm /init list',
      '@gm /init next',
    ];
    const replies = await run(script);
    expect(said(replies[5])).toBe("Alice is now **Dodging** for 1 round, until the start of Alice's turn.");
    expect(said(replies[7])).toContain("**Round 2** begins.\nInitiative count 20: it's **Aboleth**'s lair turn.");
    expect(said(replies[7])).not.toContain('Dodging');
    expect(said(replies[8])).toContain("Round **2** · **Aboleth**'s lair turn (initiative 20)");
    expect(said(replies[8])).toContain('**Alice** · 12/12 HP · AC 14 · Dodging');
    expect(said(replies[9])).toContain("Dodging on Alice ends.\nIt's **Alice**'s turn.");
    expect(said(replies[9])).not.toContain('Round 3');
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
      '@alice /init log count:1',
    ];
    const replies = await run(script);
    expect(said(replies[4])).toContain('Wyvern takes a legendary action.');
    expect(said(replies[4])).not.toContain('/2');
    expect(said(replies[5])).toContain('**Wyvern** · Healthy');
    expect(said(replies[5])).not.toContain('Legendary');
    expect(said(replies[6])).toContain('**Wyvern** (hidden) · 110/110 HP · AC 13 · Legendary 1/2');
    expect(said(replies[7])).toMatch(/\/init legendary · Wyvern spent 1 legendary action$/m);
  }, 120_000);
});

describe('reactions (issue 13 item 2)', () => {
  test('one reaction, shown on the tracker, refused a second time with the reason, back at the start of its turn; undo gives it back', async () => {
    const script = [
      '@gm /init begin',
      '@gm /init add name:Goblin hp:7 ac:15 initiative:10',
      '@alice /init join name:Alice hp:12 ac:14 initiative:15',
      '@bob /init join name:Bob hp:10 ac:12 initiative:12',
      '@gm /init next',
      '@gm /init next',
      '@alice /init react target:Alice note:Shield',
      '@gm /init list',
      '@alice /init react target:Alice',
      '@bob /init react target:Alice',
      '@gm /init next',
      '@gm /init next',
      '@gm /init list',
      '@bob /init react target:Bob',
      '@bob /init undo',
      '@gm /init list',
    ];
    const replies = await run(script);
    expect(said(replies[6])).toContain('Alice uses their reaction: Shield.');
    expect(said(replies[7])).toContain('**Alice** · 12/12 HP · AC 14 · Reaction used (Shield)');
    expect(replies[8]?.ephemeral).toBe(true);
    expect(said(replies[8])).toBe('⚠️ Alice has already used their reaction (Shield); it comes back at the start of their turn.');
    expect(said(replies[9])).toContain(
      "⚠️ Only Alice's player, the game master (gm) or a member with Manage Channels can use Alice's reaction.",
    );
    // Goblin's turn ends, round 2 starts with Alice: her reaction is back.
    expect(said(replies[11])).toContain("It's **Alice**'s turn.");
    expect(said(replies[12])).toContain('▶️ `15` **Alice** · 12/12 HP · AC 14\n');
    expect(said(replies[13])).toContain('Bob uses their reaction.');
    expect(said(replies[15])).toContain('**Bob** · 10/10 HP · AC 12\n');
    expect(said(replies[15])).not.toContain('Reaction used');
  }, 120_000);
});

describe('delay and ready (issue 13 item 3)', () => {
  test('2014: delay steps out of the order until act, which acts now and keeps that place; acting and delaying out of turn are refused', async () => {
    const script = [
      '@gm /config ruleset ruleset:dnd2014',
      '@gm /init begin',
      '@gm /init add name:Goblin hp:7 ac:15 initiative:10',
      '@alice /init join name:Alice hp:12 ac:14 initiative:15',
      '@bob /init join name:Bob hp:10 ac:12 initiative:5',
      '@gm /init next',
      '@bob /init delay',
      '@alice /init act',
      '@alice /init delay',
      '@gm /init list',
      '@alice /init act',
      '@gm /init list',
      '@gm /init next',
      '@gm /init next',
      '@gm /init next',
    ];
    const replies = await run(script);
    expect(said(replies[6])).toBe("⚠️ It is Alice's turn: only their player or the game master can delay now.");
    expect(said(replies[7])).toBe('⚠️ None of your combatants is delaying: `/init delay` on your turn first.');
    expect(said(replies[8])).toContain("Alice delays: out of the order until `/init act`.\nIt's **Goblin**'s turn.");
    expect(said(replies[9])).toContain('`15` **Alice** · 12/12 HP · AC 14 · ⏸️ Delaying');
    expect(said(replies[10])).toContain("Alice stops delaying and acts now.\nIt's **Alice**'s turn.");
    // Alice now stands right after the Goblin, on its initiative.
    expect(said(replies[11])).toMatch(/▫️ `10` \*\*Goblin\*\*.*\n▶️ `10` \*\*Alice\*\*.*\n▫️ ` 5` \*\*Bob\*\*/);
    expect(said(replies[12])).toContain("It's **Bob**'s turn.");
    expect(said(replies[13])).toContain("**Round 2** begins.\nIt's **Goblin**'s turn.");
    expect(said(replies[14])).toContain("It's **Alice**'s turn.");
  }, 120_000);

  test('2024 has no delay; a readied action shows until used with react note:ready, or lapses at the start of the next turn', async () => {
    const script = [
      '@gm /init begin',
      '@gm /init add name:Goblin hp:7 ac:15 initiative:10',
      '@alice /init join name:Alice hp:12 ac:14 initiative:15',
      '@gm /init next',
      '@alice /init delay',
      '@gm /init ready trigger:the goblin moves',
      '@alice /init ready trigger:the goblin moves',
      '@gm /init list',
      '@gm /init next',
      '@alice /init react target:Alice note:ready',
      '@gm /init list',
      '@gm /init next',
      '@alice /init ready trigger:a door opens',
      '@gm /init next',
      '@gm /init next',
      '@alice /init react target:Alice note:ready',
      '@alice /init ready trigger:an arrow flies',
      '@alice /init react target:Alice note:Shield',
    ];
    const replies = await run(script);
    expect(said(replies[4])).toBe('⚠️ The 5e 2024 rules have no delaying: take the turn, or ready an action with `/init ready`.');
    // The game master may act for anyone: the refusal is for players out of turn.
    expect(said(replies[5])).toContain('Alice readies an action for when the goblin moves');
    expect(said(replies[6])).toContain('Alice readies an action for when the goblin moves; it lasts until the start of their next turn.');
    expect(said(replies[7])).toContain('**Alice** · 12/12 HP · AC 14 · ⏳ Ready: the goblin moves');
    expect(said(replies[9])).toContain('Alice takes their readied action (the goblin moves), spending their reaction.');
    expect(said(replies[10])).toContain('**Alice** · 12/12 HP · AC 14 · Reaction used (the goblin moves)');
    expect(said(replies[10])).not.toContain('Ready:');
    expect(said(replies[13])).toContain("It's **Goblin**'s turn.");
    expect(said(replies[14])).toContain("It's **Alice**'s turn.\nAlice's readied action (a door opens) lapses unused.");
    expect(said(replies[15])).toBe(
      '⚠️ Alice has no readied action: ready one on their turn with `/init ready trigger:<what sets it off>`.',
    );
    expect(said(replies[17])).toContain(
      'Alice uses their reaction: Shield. Their readied action (an arrow flies) is dropped: it needed the reaction.',
    );
  }, 120_000);

  test('Next: a readied action used moves its creature to just before the creature whose turn set it off', async () => {
    const script = [
      '@gm /config ruleset ruleset:dnd-next',
      '@gm /init begin',
      '@alice /init join name:Alice hp:12 ac:14 initiative:15',
      '@gm /init add name:Goblin hp:7 ac:15 initiative:10',
      '@gm /init add name:Ogre hp:59 ac:11 initiative:5',
      '@gm /init next',
      '@alice /init ready trigger:the ogre charges',
      '@gm /init next',
      '@bob /init ready trigger:nothing',
      '@gm /init next',
      '@alice /init react target:Alice note:ready',
      '@gm /init list',
      '@gm /init next',
      '@gm /init next',
    ];
    const replies = await run(script);
    expect(said(replies[8])).toBe("⚠️ It is Goblin's turn: only its player or the game master can ready an action now.");
    expect(said(replies[10])).toContain(
      'Alice takes their readied action (the ogre charges), spending their reaction.\nAlice now acts just before Ogre.',
    );
    expect(said(replies[11])).toMatch(/▫️ `10` \*\*Goblin\*\*.*\n▫️ ` 5` \*\*Alice\*\*.*\n▶️ ` 5` \*\*Ogre\*\*/);
    expect(said(replies[12])).toContain("**Round 2** begins.\nIt's **Goblin**'s turn.");
    expect(said(replies[13])).toContain("It's **Alice**'s turn.");
  }, 120_000);
});

describe('surprise per rule set (issue 13 item 4)', () => {
  test.each([
    ['dnd2024', '5e 2024'],
    ['crown-misery', 'Crown & Misery'],
  ])(
    '%s: a surprised creature rolls initiative with disadvantage and keeps its first turn',
    async (ruleSet) => {
      const script = [
        `@gm /config ruleset ruleset:${ruleSet}`,
        '@gm /init begin',
        '@gm /init add name:Goblin hp:7 ac:15 init-mod:2 surprised:true',
        '@alice /init join name:Alice hp:12 ac:14 initiative:1 surprised:true',
        '@bob /init join name:Bob hp:10 ac:12 init-mod:1 surprised:true',
        '@gm /init list',
      ];
      const replies = await run(script);
      expect(said(replies[2])).toMatch(/^Goblin joins the fight with initiative -?\d+ \(d20 \d+, \d+ with disadvantage \+ 2\)\.$/);
      // A given total is the table's own roll: surprise has nothing to change there.
      expect(said(replies[3])).toContain('Alice joins the fight with initiative 1 (given).');
      expect(said(replies[4])).toMatch(/^Bob joins the fight with initiative -?\d+ \(d20 \d+, \d+ with disadvantage \+ 1\)\.$/);
      expect(said(replies[5])).not.toContain('Surprised');
    },
    120_000,
  );

  test.each(['dnd2014', 'dnd-next', 'a5e'])(
    '%s: a surprised creature rolls normally, loses its first turn and has no reaction until that turn is over',
    async (ruleSet) => {
      const script = [
        `@gm /config ruleset ruleset:${ruleSet}`,
        '@gm /init begin',
        '@gm /init add name:Goblin hp:7 ac:15 init-mod:2 surprised:true',
        '@gm /init set-initiative target:Goblin value:10',
        '@alice /init join name:Alice hp:12 ac:14 initiative:15 surprised:true',
        '@bob /init join name:Bob hp:10 ac:12 initiative:5',
        '@gm /init list',
        '@gm /init react target:Goblin',
        '@gm /init next',
        '@gm /init react target:Goblin',
        '@gm /init next',
        '@gm /init next',
      ];
      const replies = await run(script);
      expect(said(replies[2])).toMatch(/^Goblin joins the fight with initiative -?\d+ \(d20 \d+ \+ 2\)\.$/);
      expect(said(replies[6])).toContain('**Goblin** · 7/7 HP · AC 15 · Surprised');
      expect(said(replies[6])).toContain('**Alice** · 12/12 HP · AC 14 · Surprised');
      expect(said(replies[7])).toBe('⚠️ Goblin is surprised: it has no reaction until its first turn is over.');
      expect(said(replies[8])).toContain(
        "**Round 1** begins.\nAlice is surprised and loses their first turn.\nGoblin is surprised and loses its first turn.\nIt's **Bob**'s turn.",
      );
      expect(said(replies[9])).toContain('Goblin uses its reaction.');
      expect(said(replies[10])).toContain("**Round 2** begins.\nIt's **Alice**'s turn.");
      expect(said(replies[11])).toContain("It's **Goblin**'s turn.");
    },
    120_000,
  );
});

describe('the My turn checklist (issue 13 item 5)', () => {
  test("a player's turn reply has My turn: theirs alone, ephemeral, with the death save's button; anyone else is refused without losing it", async () => {
    const script = [
      '@gm /init begin death-saves:button',
      '@gm /init add name:Dragon hp:200 ac:19 initiative:22 legendary:3',
      '@alice /init join name:Alice hp:12 ac:14 initiative:15 con-save:2',
      '@bob /init join name:Bob hp:10 ac:12 initiative:5',
      '@gm /init next',
      '@gm /init next',
      '@alice /init ready trigger:the dragon lands',
      '@gm /condition add target:Alice condition:Poisoned save:con dc:12',
      '@gm /condition add target:Alice condition:Blinded duration:1',
      '@alice /init concentrate target:Alice effect:Bless',
      '@alice click:My turn',
      '@gm /init next',
      '@gm /init next',
      '@gm /hp damage target:Alice amount:13',
      '@gm /init next',
      '@bob click:My turn',
      '@alice click:My turn',
      '@alice click:Roll death save for Alice',
    ];
    const replies = await run(script);
    expect(replies[5]?.content).toBe("<@console-alice>, it's your turn.");
    expect(replies[5]?.components?.flatMap((row) => row.buttons.map((b) => b.label))).toEqual(['My turn']);
    expect(replies[10]?.ephemeral).toBe(true);
    expect(replies[10]?.content ?? null).toBeNull();
    expect(said(replies[10])).toBe(
      [
        'My turn: Alice (round 1)',
        '🎲 At the end of this turn: a Constitution save (DC 12) against Poisoned.',
        '↩️ Your reaction is back.',
        '🔮 Concentrating on Bless: damage calls for a Constitution save.',
      ].join('\n'),
    );
    // Round 2: Alice starts her turn dying, with the Poisoned save left from the end of her last turn.
    expect(said(replies[14])).toContain("Alice's readied action (the dragon lands) lapses unused.");
    expect(replies[14]?.components?.flatMap((row) => row.buttons.map((b) => b.label))).toEqual(['Roll death save for Alice', 'My turn']);
    expect(replies[15]?.ephemeral).toBe(true);
    expect(said(replies[15])).toBe(
      "⚠️ Only Alice's player, the game master (gm) or a member with Manage Channels can see Alice's turn checklist.",
    );
    expect(replies[16]?.ephemeral).toBe(true);
    expect(said(replies[16])).toBe(
      [
        'My turn: Alice (round 2)',
        '💀 **Death save due**: press **Roll death save**.',
        '🎲 **Constitution save (DC 12) due** against Poisoned: press its button.',
        '⌛ Ending with this turn: Blinded.',
        // Dying, Alice can take no reactions at all.
        '↩️ No reactions while Alice is dying.',
        '⏳ Your readied action (the dragon lands) lapsed unused as this turn started.',
      ].join('\n'),
    );
    expect(replies[16]?.components?.flatMap((row) => row.buttons.map((b) => b.label))).toEqual([
      'Roll death save for Alice',
      'Roll Constitution save for Alice',
    ]);
    expect(said(replies[17])).toMatch(/^Alice's death save: \d+, /);
  }, 120_000);

  test("on a monster's turn the game master's checklist adds every legendary count left, a hidden monster's too", async () => {
    const script = [
      '@gm /init begin',
      '@gm /init add name:Dragon hp:200 ac:19 initiative:22 legendary:3',
      '@gm /init add name:Wyvern hp:110 ac:13 initiative:18 legendary:2 hidden:true',
      '@alice /init join name:Alice hp:12 ac:14 initiative:15',
      '@gm /init next',
      '@gm /init react target:Dragon note:Tail sweep',
      '@gm /init legendary target:Wyvern cost:2',
      '@gm click:My turn',
    ];
    const replies = await run(script);
    expect(said(replies[7])).toBe(
      [
        'My turn: Dragon (round 1)',
        '↩️ Reaction used (Tail sweep): it comes back at the start of your next turn.',
        '👑 Legendary actions left: Dragon 3/3 and Wyvern 0/2.',
      ].join('\n'),
    );
  }, 120_000);
});
