import { playConsole, type ConsoleJson } from '../../support/console';

function said(reply: ConsoleJson | undefined): string {
  return (reply?.embeds ?? []).map((embed) => [embed.title, embed.description].filter(Boolean).join('\n')).join('\n');
}

describe('Crown & Misery monsters at 0 HP in the console', () => {
  test('dying by default; with /init begin monsters-die:true a goblin dies at 0 HP', async () => {
    const replies = await playConsole(
      [
        '@gm /config ruleset ruleset:crown-misery',
        '@gm /init begin',
        '@gm /init add name:Goblin hp:7 initiative:12',
        '@gm /hp damage target:Goblin amount:7',
        '@gm /init end',
        '@gm click:End the encounter',
        '@gm /init begin monsters-die:true',
        '@gm /init add name:Goblin hp:7 initiative:12',
        '@gm /hp damage target:Goblin amount:7',
      ],
      4,
    );
    expect(replies.every((r) => r.error === undefined)).toBe(true);
    expect(said(replies[3])).toBe(
      'Goblin takes 7 damage and drops to 0 HP. It is dying and makes death saves at the start of each turn. It is now Unconscious, Incapacitated and Prone.',
    );
    expect(said(replies[6])).toContain('Monsters die at 0 HP; only player characters and important creatures make death saves.');
    expect(said(replies[8])).toBe('Goblin takes 7 damage and drops to 0 HP. It dies.');
  }, 240_000);
});
