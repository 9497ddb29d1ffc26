import { playConsole, type ConsoleJson } from '../../support/console';

function said(reply: ConsoleJson | undefined): string {
  return [
    reply?.content,
    ...(reply?.embeds ?? []).map((embed) => [embed.title, embed.description, embed.footer].filter(Boolean).join('\n')),
  ]
    .filter(Boolean)
    .join('\n');
}

describe("who may harm whom, and the sheet's death taken back by the game master (issue 23 item 4)", () => {
  test("Bob cannot kill Alice's stored character until the server allows it; the game master brings her back", async () => {
    const script = [
      '@gm /init begin',
      '@alice /character create name:Alice level:1 hp:10',
      '@alice /init join',
      '@bob /init join name:Bram hp:10',
      '@bob /hp damage target:Alice amount:100',
      '@bob /config harm players:anyone',
      '@gm /config harm players:anyone',
      '@bob /hp damage target:Alice amount:100',
      '@gm /init end',
      '@gm click:End the encounter',
      '@alice /character show',
      '@bob /character revive name:Alice',
      '@gm /character revive name:Alice hp:4',
      '@alice /character show',
    ];
    const replies = await playConsole(script, 3);
    expect(replies.map((r) => r.error)).toEqual(script.map(() => undefined));
    expect(said(replies[4])).toBe(
      "⚠️ Only Alice's player, the game master (gm) or a member with Manage Channels can damage Alice: in this server players harm only their own combatants and the game master's (a server admin lets them harm anyone's with `/config harm players:anyone`).",
    );
    expect(said(replies[5])).toBe('⚠️ Only members with the Manage Server permission can change whom players may harm.');
    expect(said(replies[7])).toBe(
      'Alice takes 100 damage and drops to 0 HP. Alice dies instantly: the damage left over reaches the hit point maximum.',
    );
    expect(said(replies[10])).toContain('**HP** 0/10');
    expect(said(replies[10])).toContain('💀 **Dead**');
    expect(said(replies[11])).toBe(
      "⚠️ Only the game master of this channel's last fight, or a member with Manage Channels, can bring a character back.",
    );
    expect(said(replies[12])).toContain('Brought back by the game master, at 4 HP.');
    expect(said(replies[13])).toContain('**HP** 4/10');
    expect(said(replies[13])).not.toContain('Dead');
  }, 120_000);
});
