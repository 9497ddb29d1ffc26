import { playConsole, type ConsoleJson } from '../../support/console';

function said(reply: ConsoleJson | undefined): string {
  return [reply?.content, ...(reply?.embeds ?? []).map((embed) => [embed.title, embed.description].filter(Boolean).join('\n'))]
    .filter(Boolean)
    .join('\n');
}

function recapOf(reply: ConsoleJson | undefined) {
  const embed = reply?.embeds?.find((e) => e.title?.startsWith('📜') === true);
  return { description: embed?.description, fields: embed?.fields, footer: embed?.footer, image: embed?.image };
}

describe('/init recap and /init export in the console', () => {
  test('the fight ends with a recap and its chart; the game master alone sees the hidden Shade in numbers', async () => {
    // Alice's initiative modifier of +20 puts her first whatever the d20 shows; death saves by button roll no dice.
    const script = [
      '@gm /init recap',
      '@gm /init export',
      '@gm /init begin name:The crypt death-saves:button',
      '@gm /init add name:Ghoul hp:22 ac:12 initiative:10',
      '@gm /init add name:Shade hp:30 ac:13 initiative:5 hidden:true',
      '@alice /init join name:Alice hp:20 ac:14 init-mod:20',
      '@gm /init next',
      '@alice /hp damage target:Ghoul amount:9 critical:true',
      '@gm /condition add target:Ghoul condition:Frightened',
      '@gm /init next',
      '@gm /hp damage target:Alice amount:6',
      '@gm /init next',
      '@gm /hp damage target:Alice amount:15 type:necrotic',
      '@gm /init next',
      '@alice /hp heal target:Alice amount:4',
      '@alice /hp damage target:Ghoul amount:20',
      '@alice /init recap',
      '@gm /init end',
      '@gm click:"End the encounter"',
      '@alice /init recap',
      '@gm /init recap',
      '@alice /init export',
      '@gm /init export',
    ];
    const replies = await playConsole(script, 1);
    expect(replies.map((r) => r.error)).toEqual(script.map(() => undefined));
    expect(replies[0]?.ephemeral).toBe(true);
    expect(said(replies[0])).toBe(
      '⚠️ No fight that reached round 1 has ended in this channel yet, so there is nothing to recap. A recap is posted when `/init end` ends one.',
    );
    expect(said(replies[1])).toBe('⚠️ There is no encounter in this channel, running or ended, to export. Start one with `/init begin`.');
    // While the fight runs, the last ended one is what a recap is about: there is none yet.
    expect(said(replies[16])).toContain('No fight that reached round 1 has ended in this channel yet');

    const ended = replies[18];
    expect(ended?.ephemeral).toBe(false);
    expect(ended?.embeds?.map((e) => e.title)).toEqual(['🏁 The crypt is over', '📜 Recap: The crypt']);
    const players = {
      description: '2 rounds in under a minute of real time.\nBiggest hit: **Alice** hit **Ghoul** for 20 damage.',
      fields: [
        {
          name: 'Combatants',
          value: [
            '**Alice**: dealt 29 · took 21 · healed 4 · 1 critical hit · dropped to 0 once · 1 kill · suffered Unconscious',
            '**Ghoul**: dealt 6 · took 29 · dropped to 0 once · suffered Frightened',
            '**Shade**: numbers kept by the game master',
          ].join('\n'),
        },
      ],
      footer:
        "Damage counts what got through resistance and temporary HP; to a hidden monster, what it was dealt. Hidden monsters' numbers are in the game master's copy (`/init recap`).",
      image: 'attachment://recap.png',
    };
    expect(recapOf(ended)).toEqual(players);
    expect(ended?.files?.map((f) => f.name)).toEqual(['recap.png']);
    expect(ended?.files?.[0]?.bytes).toBeGreaterThan(5_000);

    // A player's recap is the public one again, for the channel; the game master's is theirs alone.
    expect(replies[19]?.ephemeral).toBe(false);
    expect(recapOf(replies[19])).toEqual(players);
    const gmCopy = replies[20];
    expect(gmCopy?.ephemeral).toBe(true);
    expect(recapOf(gmCopy)).toEqual({
      description: '2 rounds in under a minute of real time.\nBiggest hit: **Alice** hit **Ghoul** for 20 damage.',
      fields: [
        {
          name: 'Combatants',
          value: [
            '**Alice**: dealt 29 · took 21 · healed 4 · 1 critical hit · dropped to 0 once · 1 kill · suffered Unconscious',
            '**Ghoul**: dealt 6 · took 29 · dropped to 0 once · suffered Frightened',
            '**Shade**: dealt 15 · took 0',
          ].join('\n'),
        },
      ],
      footer:
        "Damage counts what got through resistance and temporary HP. Your copy: players' copies leave out the hidden monsters' numbers.",
      image: 'attachment://recap.png',
    });
    // The game master's chart has a third pair of bars: a taller picture.
    expect(gmCopy?.files?.[0]?.bytes).toBeGreaterThan(ended?.files?.[0]?.bytes ?? 0);

    expect(said(replies[21])).toBe(
      '⚠️ Only the game master (gm) or a member with Manage Channels can export a fight with hidden monsters.',
    );
    const exported = replies[22];
    expect(exported?.ephemeral).toBe(true);
    expect(said(exported)).toBe('**The crypt**: 3 combatants and 15 logged changes, as `the-crypt.json`.');
    expect(exported?.files?.map((f) => f.name)).toEqual(['the-crypt.json']);
  }, 120_000);

  test('without hidden monsters a player may export the running fight, and the recap of a fight nobody hurt says so', async () => {
    const script = [
      '@gm /init begin name:Quiet night',
      '@alice /init join name:Alice hp:20 ac:14',
      '@bob /init export',
      '@gm /init next',
      '@gm /init end',
      '@gm click:"End the encounter"',
      '@gm /init recap',
    ];
    const replies = await playConsole(script, 1);
    expect(replies.map((r) => r.error)).toEqual(script.map(() => undefined));
    expect(replies[2]?.ephemeral).toBe(true);
    expect(said(replies[2])).toBe('**Quiet night**: 1 combatant and 2 logged changes, as `quiet-night.json`.');
    expect(replies[6]?.ephemeral).toBe(false);
    expect(recapOf(replies[6])).toMatchObject({
      description: '1 round in under a minute of real time.\nNobody took any damage.',
      fields: [{ name: 'Combatants', value: '**Alice**: dealt 0 · took 0' }],
    });
  }, 120_000);
});
