import { playConsole, type ConsoleJson } from '../../support/console';

function said(reply: ConsoleJson | undefined): string {
  return [reply?.content, ...(reply?.embeds ?? []).map((embed) => [embed.title, embed.description].filter(Boolean).join('\n'))]
    .filter(Boolean)
    .join('\n');
}

describe('a monster acting from its stat block in the console (2024, seed 4)', () => {
  test('Fire Breath on two characters and a goblin, one undo, the next breath refused; Multiattack', async () => {
    // Initiatives are given, so the seeded dice go to the actions alone.
    const script = [
      '@gm /init begin concentration-saves:automatic',
      '@gm /init add monster:"Adult Red Dragon" initiative:22',
      '@alice /init join name:Alice hp:120 ac:15 con-save:2 initiative:15',
      '@bob /init join name:Bram hp:120 ac:16 initiative:12',
      '@gm /init add monster:"Goblin Warrior" initiative:7',
      '@alice /init concentrate target:Alice effect:Bless',
      '@bob /condition add target:Bram condition:Fire Ward modifiers:resist:fire',
      '@gm /attack attacker:"Adult Red Dragon" action:"Fire Breath" target:"Alice, Bram, Goblin Warrior"',
      '@gm /init undo',
      '@gm /attack attacker:"Adult Red Dragon" action:"Fire Breath" target:Alice',
      '@gm /attack attacker:"Adult Red Dragon" action:"Fire Breath" target:Bram',
      '@gm /attack attacker:"Adult Red Dragon" action:Multiattack target:Bram',
    ];
    const replies = await playConsole(script, 4);
    expect(replies.slice(0, 10).map((r) => r.error)).toEqual(script.slice(0, 10).map(() => undefined));
    const [breath, undo, again, refused, multiattack] = replies.slice(7);
    // One 17d6 roll for all, shown once: Alice's concentration save at once, Bram's resistance halves it.
    expect(said(breath)).toBe(
      [
        '**Adult Red Dragon** uses **Fire Breath** (recharge 5–6).',
        "Alice's Dexterity save (DC 21): d20 11 = 11, failed.",
        '🎲 17d6 (5, 3, **1**, 3, 2, 5, 2, 2, 4, **6**, 3, 3, **1**, **1**, 3, 2, **6**) [fire] = `52`',
        'Alice takes 52 fire damage and is at 68 HP.',
        "Alice's concentration save (DC 26): d20 18 + 2 (save bonus) = 20. Bless ends.",
        "Bram's Dexterity save (DC 21): d20 15 = 15, failed.",
        'Bram takes 26 fire damage (halved: resistant) and is at 94 HP.',
        "Goblin Warrior's Dexterity save (DC 21): d20 1 + 2 (save bonus) = 3, failed.",
        'Goblin Warrior takes 52 fire damage and drops to 0 HP. It dies.',
      ].join('\n'),
    );
    // One undo takes back the saves, the damage, the goblin's death and the spent recharge.
    expect(said(undo)).toBe(
      'Undone: `/attack` by gm (Adult Red Dragon used Fire Breath; Alice failed a DC 21 Dexterity save; Alice: 52 fire damage; Bram failed a DC 21 Dexterity save; Bram: 52 fire damage, 26 taken; Goblin Warrior failed a DC 21 Dexterity save; Goblin Warrior: 52 fire damage).',
    );
    expect(said(again)).toBe(
      [
        '**Adult Red Dragon** uses **Fire Breath** (recharge 5–6).',
        "Alice's Dexterity save (DC 21): d20 8 = 8, failed.",
        '🎲 17d6 (3, 5, **6**, 4, **1**, 2, 5, 4, **1**, 4, 3, 3, 3, 3, **6**, 5, 4) [fire] = `62`',
        'Alice takes 62 fire damage and is at 58 HP.',
        "Alice's concentration save (DC 30): d20 7 + 2 (save bonus) = 9. Bless ends.",
      ].join('\n'),
    );
    // Spent: refused until a recharge roll of 5 or 6 at the start of its turn.
    expect(said(refused)).toBe("⚠️ Adult Red Dragon's Fire Breath is spent: it recharges on 5–6, rolled at the start of its turn.");
    // Three Rend attacks, +14, 1d10+8 slashing plus 2d4 fire each.
    expect(said(multiattack)).toBe(
      [
        '**Adult Red Dragon** uses **Multiattack**.',
        '**Adult Red Dragon** makes a melee weapon attack on **Bram**: d20 7 + 14 (attack bonus) = 21 against AC 16. **Hit.**',
        '🎲 1d10 (**10**) + 8 [slashing] = `18` + 2d4 (2, **1**) [fire] = `3`',
        'Bram takes 19 damage (18 slashing; 3 fire → 1 (resistant)) and is at 101 HP.',
        '**Adult Red Dragon** makes a melee weapon attack on **Bram**: d20 13 + 14 (attack bonus) = 27 against AC 16. **Hit.**',
        '🎲 1d10 (3) + 8 [slashing] = `11` + 2d4 (3, **4**) [fire] = `7`',
        'Bram takes 14 damage (11 slashing; 7 fire → 3 (resistant)) and is at 87 HP.',
        '**Adult Red Dragon** makes a melee weapon attack on **Bram**: d20 18 + 14 (attack bonus) = 32 against AC 16. **Hit.**',
        '🎲 1d10 (3) + 8 [slashing] = `11` + 2d4 (**4**, **1**) [fire] = `5`',
        'Bram takes 13 damage (11 slashing; 5 fire → 2 (resistant)) and is at 74 HP.',
      ].join('\n'),
    );
  }, 120_000);
});
