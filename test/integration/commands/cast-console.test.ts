import { playConsole, type ConsoleJson } from '../../support/console';

/** A reply as the channel reads it: each embed's description. */
function said(reply: ConsoleJson | undefined): string {
  return (reply?.embeds ?? []).map((embed) => embed.description ?? '').join('\n');
}

describe('/cast in the console', () => {
  test('2024: a level 5 wizard (Int 16) casts Fireball at 3rd level on three goblins: DC 14 saves, one 8d6 roll, a slot spent, undone whole', async () => {
    const script = [
      '@alice /character create name:Merric level:5 int:16 hp:28 class:wizard',
      '@gm /init begin',
      '@alice /init join initiative:18',
      '@gm /init add monster:"Goblin Warrior" count:3 initiative:10',
      '@alice /cast spell:Fireball target:"Goblin Warrior 1, Goblin Warrior 2, Goblin Warrior 3"',
      '@gm /init undo',
      '@alice /cast spell:Fireball level:3 target:"Goblin Warrior 1"',
    ];
    const replies = await playConsole(script, 7);
    expect(replies.map((r) => r.error)).toEqual(script.map(() => undefined));
    expect(said(replies[4]).split('\n')).toEqual([
      '**Merric** casts **Fireball** (3rd level; 1 of 2 3rd-level slots left).',
      "Goblin Warrior 1's Dexterity save (DC 14): d20 7 + 2 (save bonus) = 9, failed.",
      '🎲 8d6 (**6**, 4, 5, 4, 2, 4, 3, **6**) [fire] = `34`',
      'Goblin Warrior 1 takes 34 fire damage and drops to 0 HP. It dies.',
      "Goblin Warrior 2's Dexterity save (DC 14): d20 7 + 2 (save bonus) = 9, failed.",
      'Goblin Warrior 2 takes 34 fire damage and drops to 0 HP. It dies.',
      "Goblin Warrior 3's Dexterity save (DC 14): d20 6 + 2 (save bonus) = 8, failed.",
      'Goblin Warrior 3 takes 34 fire damage and drops to 0 HP. It dies.',
    ]);
    // The undo gave the slot back: the next Fireball still finds one of its two 3rd-level slots left after it.
    expect(said(replies[6]).split('\n')[0]).toBe('**Merric** casts **Fireball** (3rd level; 1 of 2 3rd-level slots left).');
  }, 120_000);
});
