import { playConsoleOutput, type ConsoleJson } from '../../support/console';

function said(line: ConsoleJson | undefined): string {
  return [line?.content, ...(line?.embeds ?? []).map((embed) => [embed.title, embed.description].filter(Boolean).join('\n'))]
    .filter(Boolean)
    .join('\n');
}

describe('secret rolls in the console', () => {
  test('go to the roller and the game master (DM, else the game master channel), never to the table', async () => {
    const script = [
      '@gm /init begin name:Crypt',
      '@alice /roll dice:1d20+3 secret:true label:Stealth',
      '@gm /roll dice:1d20 secret:true',
      '#hall @alice /roll dice:1d20 secret:true',
      '@alice /config gm-channel channel:#gm-screen',
      '@gm /config gm-channel channel:#gm-screen',
      '@alice /roll dice:1d4 secret:true label:Sleight of hand',
      '#crypt @bob /roll dice:1d6 label:Open roll',
    ];
    const output = await playConsoleOutput(script, 4);
    const at = (line: number) => output.filter((o) => o.input === script[line]);
    const replyTo = (line: number) => at(line).find((o) => o.kind === 'reply' || o.kind === 'error');

    // In #general, where Crypt runs: Alice sees her roll, gm gets it by DM naming her, nothing is posted.
    const stealth = replyTo(1);
    expect(stealth?.ephemeral).toBe(true);
    expect(stealth?.content).toBe('🔒 Secret roll: only you and the game master, gm, see it (sent by direct message).');
    const dm = at(1).find((o) => o.kind === 'dm');
    expect(dm).toMatchObject({ user: 'gm', content: '🔒 Secret roll by **alice** in <#general>:' });
    expect(dm?.embeds).toEqual(stealth?.embeds);
    expect(said(dm)).toMatch(/^🔒 Secret roll by \*\*alice\*\* in <#general>:\nStealth\n1d20 \(\**\d+\**\) \+ 3 = `\d+`/);
    expect(at(1).map((o) => o.kind)).toEqual(['reply', 'dm']);

    // The game master's own secret roll stays theirs.
    expect(replyTo(2)?.content).toBe('🔒 Secret roll: you run the encounter here, so only you see it.');
    expect(at(2).map((o) => o.kind)).toEqual(['reply']);

    // #hall has no encounter and the server no game master channel yet.
    expect(replyTo(3)?.content).toContain('no game master could be reached');
    expect(at(3).map((o) => o.kind)).toEqual(['reply']);

    // Only Manage Server sets the game master channel.
    expect(said(replyTo(4))).toBe('⚠️ Only members with the Manage Server permission can choose where game masters get secret rolls.');
    expect(said(replyTo(5))).toContain('Game master copies of secret rolls can go to <#gm-screen>.');

    // Still in #hall: the copy is posted in #gm-screen, and only there.
    expect(replyTo(6)?.content).toBe('🔒 Secret roll: only you and the game master see it (posted in <#gm-screen>).');
    const posted = at(6).filter((o) => o.kind === 'posted');
    expect(posted.map((o) => o.channel)).toEqual(['gm-screen']);
    expect(posted[0]?.content).toBe('🔒 Secret roll by **alice** in <#hall>:');
    expect(posted[0]?.embeds).toEqual(replyTo(6)?.embeds);

    // An open roll is for the table, and goes nowhere else.
    expect(replyTo(7)?.ephemeral).toBe(false);
    expect(at(7).map((o) => o.kind)).toEqual(['reply']);
  }, 120_000);

  test('/check, /save and /attack in secret reach the game master too; a hit still lands on the tracker and in the log', async () => {
    const script = [
      '@gm /init begin name:Crypt',
      '@gm /init add name:Goblin hp:30 ac:13 initiative:10',
      '@gm /init add name:Bugbear hp:40 ac:16 initiative:5 hidden:true',
      '@alice /character create name:Alice level:5 str:16 dex:14 hp:40 ac:15 skills:stealth saves:dex',
      '@alice /init join initiative:20',
      '@alice /check skill:stealth secret:true',
      '@alice /save ability:dex dc:12 secret:true',
      '@alice /attack target:Goblin bonus:5 damage:1d8+3 [slashing] secret:true',
      '@alice /attack target:Bugbear bonus:5 damage:1d8+3 [slashing] secret:true',
      '@gm /check ability:dex target:Bugbear secret:true',
      '@gm /attack target:Alice bonus:6 damage:2d6+2 [slashing] attacker:Bugbear secret:true',
      '@bob /init log',
    ];
    const output = await playConsoleOutput(script, 4);
    const at = (line: number) => output.filter((o) => o.input === script[line]);
    const replyTo = (line: number) => at(line).find((o) => o.kind === 'reply' || o.kind === 'error');
    const dmFor = (line: number) => at(line).find((o) => o.kind === 'dm');
    const toGameMaster = '🔒 Secret roll: only you and the game master, gm, see it (sent by direct message).';
    const tracker = (line: number) => said(at(line).find((o) => o.kind === 'edited'));

    // A player's check and save: privately for Alice, the same roll by direct message to gm, nothing in the channel.
    expect(replyTo(5)).toMatchObject({ ephemeral: true, content: toGameMaster });
    expect(said(replyTo(5))).toBe(`${toGameMaster}\nAlice: Dexterity (Stealth) check\nd20 1 + 2 (Dex) + 3 (proficiency) = 6`);
    expect(dmFor(5)).toMatchObject({ user: 'gm', content: '🔒 Secret roll by **alice** in <#general>:', embeds: replyTo(5)?.embeds });
    expect(at(5).map((o) => o.kind)).toEqual(['reply', 'dm']);
    expect(replyTo(6)).toMatchObject({ ephemeral: true, content: toGameMaster });
    expect(said(dmFor(6))).toBe(
      '🔒 Secret roll by **alice** in <#general>:\nAlice: Dexterity save (DC 12)\nd20 11 + 2 (Dex) + 3 (proficiency) = 16\nDC 12: **✅ Success**',
    );
    expect(at(6).map((o) => o.kind)).toEqual(['reply', 'dm']);

    // A player's attack: the roll for Alice and gm alone; the hit still changes the tracker the table reads.
    const onGoblin = '**Alice** makes a melee weapon attack on **Goblin**: d20 13 + 5 (attack bonus) = 18 against AC 13. **Hit.**';
    expect(replyTo(7)).toMatchObject({ ephemeral: true, content: toGameMaster });
    expect(said(replyTo(7))).toBe(
      `${toGameMaster}\n${onGoblin}\n🎲 1d8 (3) + 3 [slashing] = \`6\`\nGoblin takes 6 slashing damage and is at 24 HP.`,
    );
    expect(dmFor(7)).toMatchObject({ user: 'gm', content: '🔒 Secret roll by **alice** in <#general>:', embeds: replyTo(7)?.embeds });
    expect(at(7).map((o) => o.kind)).toEqual(['reply', 'edited', 'dm']);
    expect(tracker(7)).toContain('**Goblin** · 24/30 HP · AC 13');

    // On a hidden monster neither Alice's reply nor her copy for gm shows its AC or HP; the tracker keeps its health band.
    const onBugbear =
      '**Alice** makes a melee weapon attack on **Bugbear**: d20 14 + 5 (attack bonus) = 19. **Hit.**\n🎲 1d8 (3) + 3 [slashing] = `6`\nBugbear is dealt 6 slashing damage.';
    expect(said(replyTo(8))).toBe(`${toGameMaster}\n${onBugbear}`);
    // The game master's copy has what the game master may read: the Bugbear's AC and HP (issue 24 item 3).
    expect(said(dmFor(8))).toBe(
      '🔒 Secret roll by **alice** in <#general>:\n**Alice** makes a melee weapon attack on **Bugbear**: d20 14 + 5 (attack bonus) = 19 against AC 16. **Hit.**\n🎲 1d8 (3) + 3 [slashing] = `6`\nBugbear takes 6 slashing damage and is at 34 HP.',
    );
    expect(
      tracker(8)
        .split('\n')
        .find((line) => line.includes('Bugbear')),
    ).toBe('▫️ ` 5` **Bugbear** · Healthy');

    // The game master's own secret rolls stay theirs, a hidden monster's numbers included, and no copy is sent.
    expect(replyTo(9)?.ephemeral).toBe(true);
    expect(said(replyTo(9))).toContain('d20 16 = 16');
    expect(at(9).map((o) => o.kind)).toEqual(['reply']);
    expect(said(replyTo(10))).toBe(
      [
        '🔒 Secret roll: you run the encounter here, so only you see it.',
        '**Bugbear** makes a melee weapon attack on **Alice**: d20 16 + 6 (attack bonus) = 22 against AC 15. **Hit.**',
        '🎲 2d6 (4, **6**) + 2 [slashing] = `12`',
        'Alice takes 12 slashing damage and is at 28 HP.',
      ].join('\n'),
    );
    expect(at(10).map((o) => o.kind)).toEqual(['reply', 'edited']);

    // The log, which anyone reads, records each hit and its damage, as the tracker shows it; never the dice.
    const log = said(replyTo(11));
    expect(log).toContain('alice · /attack · Alice → Goblin: hit, 6 slashing damage');
    expect(log).toContain('alice · /attack · Alice → Bugbear: hit, 6 slashing damage');
    expect(log).not.toMatch(/d20|AC/);
  }, 120_000);
});
