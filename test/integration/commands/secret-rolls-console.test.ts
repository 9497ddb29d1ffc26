import { runConsoleOutput, type ConsoleJson } from '../../support/console';

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
    const output = await runConsoleOutput(script, ['--memory', '--seed', '4']);
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
});
