import { playConsole, playConsoleOutput, type ConsoleJson } from '../../support/console';

/** A reply as a player reads it: title, description, fields and footer of each embed. */
function said(reply: ConsoleJson | undefined): string {
  return (reply?.embeds ?? [])
    .map((embed) =>
      [embed.title, embed.description, ...embed.fields.map((f) => `${f.name}: ${f.value}`), embed.footer].filter(Boolean).join('\n'),
    )
    .join('\n');
}

// The game master speaks first in every script: the first user a fresh database sees is its
// administrator, who may roll for anyone, and no player here should be.

describe('/check and /save in the console (2024)', () => {
  test('every part of the total, exhaustion at −2 a level, Poisoned at disadvantage, a hidden monster kept hidden, and the refusals', async () => {
    const script = [
      '@gm /config show',
      '@alice /character create name:Alice level:3 dex:16 skills:stealth saves:dex',
      '@alice /check skill:stealth dc:15',
      '@gm /init begin',
      '@gm /init add name:Bugbear Chief hp:65 ac:17 hidden:true saves:dex+2,wis+1',
      '@gm /init add name:Goblin hp:7 ac:15',
      '@alice /init join',
      '@gm /condition add target:Alice condition:Exhaustion level:2',
      '@alice /check skill:stealth',
      '@gm /condition add target:Alice condition:Poisoned',
      '@alice /check skill:Stealth dc:10',
      '@alice /save ability:dex mode:advantage bonus:1d4 Bless',
      '@gm /save ability:dex target:Bugbear dc:12',
      '@gm /save ability:wis target:Bugbear',
      '@gm /check ability:str target:Goblin',
      '@bob /save ability:dex target:Goblin',
      '@alice /check skill:culture',
      '@alice /check ability:str skill:stealth',
      '@alice /save ability:dex bonus:2d6kh',
      '@gm /save ability:con target:Nobody',
    ];
    const replies = await playConsole(script, 4);
    expect(replies.map((r) => r.error)).toEqual(script.map(() => undefined));
    expect(said(replies[2])).toBe(
      'Alice: Dexterity (Stealth) check (DC 15)\nd20 1 + 3 (Dex) + 2 (proficiency) = 6\nDC 15: **❌ Failure**\nTotal: 6',
    );
    expect(replies[2]?.ephemeral).toBe(false);
    // In the fight, the combatant's Exhaustion 2 applies: the issue's own example.
    expect(said(replies[8])).toBe(
      'Alice: Dexterity (Stealth) check\nd20 14 + 3 (Dex) + 2 (proficiency) − 4 (Exhaustion 2) = 15\nTotal: 15',
    );
    expect(said(replies[10])).toBe(
      'Alice: Dexterity (Stealth) check (DC 10)\n' +
        'd20 15 (of 15, 16) + 3 (Dex) + 2 (proficiency) − 4 (Exhaustion 2) = 16\n' +
        'Disadvantage: Poisoned.\nDC 10: **✅ Success**\nTotal: 16',
    );
    // Poisoned touches checks, not saves: the advantage asked for stands.
    expect(said(replies[11])).toBe(
      'Alice: Dexterity save\n🎲 Bless: 1d4 (**4**) = `4`\n' +
        'd20 16 (of 6, 16) + 3 (Dex) + 2 (proficiency) + 4 (Bless) − 4 (Exhaustion 2) = 21\nAdvantage: asked for.\nTotal: 21',
    );
    // The hidden Bugbear's save with a DC: the table reads the outcome, never its +2.
    expect(said(replies[12])).toBe('Bugbear Chief: Dexterity save (DC 12)\n**❌ Failure**');
    expect(replies[12]?.ephemeral).toBe(false);
    // Without a DC its total is the news, so only the game master gets it.
    expect(replies[13]?.ephemeral).toBe(true);
    expect(said(replies[13])).toBe(
      'Bugbear Chief: Wisdom save\nd20 19 + 1 (save bonus) = 20\nTotal: 20\n' +
        'Only you see this: Bugbear Chief is hidden, so its numbers stay with the game master.',
    );
    expect(said(replies[14])).toBe(
      'Goblin: Strength check\nd20 5 = 5\nNo ability modifier is recorded for Goblin, so it rolls at +0 (add one with `bonus:`).\nTotal: 5',
    );
    const refusals = replies.slice(15).map((r) => [r.ephemeral, said(r)]);
    expect(refusals).toEqual([
      [true, '⚠️ Only the game master (gm) or a member with Manage Channels can roll checks and saves for Goblin.'],
      [
        true,
        '⚠️ "culture" is not a skill in the 5e 2024 rules (Culture is a Level Up A5E skill). Their skills are Acrobatics, Animal Handling, ' +
          'Arcana, Athletics, Deception, History, Insight, Intimidation, Investigation, Medicine, Nature, Perception, Performance, ' +
          'Persuasion, Religion, Sleight of Hand, Stealth, Survival.',
      ],
      [true, '⚠️ Give `ability` for a plain ability check or `skill` for a skill check, not both.'],
      [true, '⚠️ `bonus` takes a number or dice such as `+2` or `1d4`: `k` needs a number after it, such as `kh1` or `k1`.'],
      [true, '⚠️ There is no combatant called "Nobody" here. The combatants are Goblin, Bugbear Chief, Alice.'],
    ]);
  }, 120_000);
});

describe('secret checks and saves in the console', () => {
  test("a player's secret check reaches the game master by direct message; a hidden monster's secret save stays with the game master", async () => {
    const script = [
      '@gm /init begin name:Crypt',
      '@alice /character create name:Alice level:3 dex:16 skills:stealth',
      '@alice /check skill:stealth secret:true',
      '@gm /init add name:Bugbear Chief hp:65 hidden:true saves:dex+2',
      '@gm /save ability:dex target:Bugbear dc:12 secret:true',
    ];
    const output = await playConsoleOutput(script, 4);
    const at = (line: number) => output.filter((o) => o.input === script[line]);
    const stealth = at(2).find((o) => o.kind === 'reply');
    expect(stealth?.ephemeral).toBe(true);
    expect(stealth?.content).toBe('🔒 Secret roll: only you and the game master, gm, see it (sent by direct message).');
    expect(said(stealth)).toMatch(/^Alice: Dexterity \(Stealth\) check\nd20 \d+ \+ 3 \(Dex\) \+ 2 \(proficiency\) = \d+\nTotal: \d+$/);
    const dm = at(2).find((o) => o.kind === 'dm');
    expect(dm).toMatchObject({ user: 'gm', content: '🔒 Secret roll by **alice** in <#general>:' });
    expect(dm?.embeds).toEqual(stealth?.embeds);
    // The game master's roll for the hidden Bugbear: the whole roll, privately, and no copy anywhere.
    expect(at(4).map((o) => o.kind)).toEqual(['reply']);
    expect(at(4)[0]?.ephemeral).toBe(true);
    expect(said(at(4)[0])).toMatch(/^Bugbear Chief: Dexterity save \(DC 12\)\nd20 \d+ \+ 2 \(save bonus\) = \d+\n/);
  }, 120_000);
});

describe('/check and /save in the console (2014 and A5E)', () => {
  test('2014 exhaustion 1: checks at disadvantage with no penalty, saves untouched, and it stays after the fight', async () => {
    const script = [
      '@gm /config ruleset ruleset:dnd2014',
      '@alice /character create name:Alice level:3 dex:16 skills:stealth saves:dex',
      '@gm /init begin',
      '@alice /init join',
      '@gm /condition add target:Alice condition:Exhaustion level:1',
      '@alice /check skill:stealth',
      '@alice /save ability:dex',
      '@gm /init end',
      '@gm click:End the encounter',
      '@alice /check skill:stealth',
      '@alice /save ability:dex dc:12 secret:true',
    ];
    const replies = await playConsole(script, 5);
    expect(replies.map((r) => r.error)).toEqual(script.map(() => undefined));
    expect(said(replies[5])).toBe(
      'Alice: Dexterity (Stealth) check\nd20 4 (of 4, 5) + 3 (Dex) + 2 (proficiency) = 9\nDisadvantage: Exhaustion 1.\nTotal: 9',
    );
    expect(said(replies[6])).toBe('Alice: Dexterity save\nd20 4 + 3 (Dex) + 2 (proficiency) = 9\nTotal: 9');
    expect(said(replies[9])).toBe(
      'Alice: Dexterity (Stealth) check\nd20 1 (of 1, 17) + 3 (Dex) + 2 (proficiency) = 6\nDisadvantage: Exhaustion 1.\nTotal: 6',
    );
    expect(replies[10]?.ephemeral).toBe(true);
    expect(replies[10]?.content).toContain('no game master could be reached');
    expect(said(replies[10])).toBe(
      'Alice: Dexterity save (DC 12)\nd20 19 + 3 (Dex) + 2 (proficiency) = 24\nDC 12: **✅ Success**\nTotal: 24',
    );
    expect(replies[10]?.content).toContain('🔒 Secret roll: no game master could be reached');
  }, 120_000);

  test("A5E knows Culture; character: picks another of the player's characters; refusals name what to do", async () => {
    const script = [
      '@gm /config ruleset ruleset:a5e',
      '@alice /character create name:Alice level:5 int:14 skills:culture',
      '@alice /character create name:Brannoc level:1 str:16',
      '@alice /check skill:culture character:Alice',
      '@alice /check ability:str',
      '@bob /check ability:str',
      '@alice /check ability:str character:Nobody',
      '@alice /check skill:culture target:Goblin',
    ];
    const replies = await playConsole(script, 6);
    expect(replies.map((r) => r.error)).toEqual(script.map(() => undefined));
    expect(said(replies[3])).toBe('Alice: Intelligence (Culture) check\nd20 5 + 2 (Int) + 3 (proficiency) = 10\nTotal: 10');
    expect(said(replies[4])).toBe('Brannoc: Strength check\nd20 11 + 3 (Str) = 14\nTotal: 14');
    expect(replies.slice(5).map(said)).toEqual([
      '⚠️ You have no active character here: make one with `/character create` or pick one with `/character use`.',
      '⚠️ You have no character called "Nobody" here; `/character list` shows yours.',
      '⚠️ There is no encounter in this channel, so `target` names nobody: roll for your own character without it.',
    ]);
  }, 120_000);
});
