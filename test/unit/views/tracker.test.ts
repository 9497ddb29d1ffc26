import { EMBED_LIMITS } from '../../../src/views/embeds';
import { combatantLine, fitOrder, healthBand, trackerEmbed, trackerMessage } from '../../../src/views/tracker';
import { combatant, encounter } from '../commands/init-fixtures';
import { RED_DRAGON_BREATH_SPENT } from '../../support/monsters';

const goblin1 = combatant('c1', 'Goblin 1', 14, { armourClass: 15, rules: { maxHp: 7, hp: 0, dead: true } });
const goblin2 = combatant('c2', 'Goblin 2', 14, { armourClass: 15, rules: { maxHp: 7 } });
const alice = combatant('c3', 'Alice', 9, {
  controllerId: 'alice',
  armourClass: 14,
  rules: {
    maxHp: 12,
    hp: 0,
    isPlayerCharacter: true,
    deathSaves: { successes: 1, failures: 2 },
    conditions: ['unconscious', 'incapacitated', 'prone'],
  },
});
const cleric = combatant('c4', 'Brother Tom', 7, {
  controllerId: 'tom',
  armourClass: 18,
  rules: { maxHp: 20, hp: 15, tempHp: 5, concentration: 'Bless', isPlayerCharacter: true },
});
const ogre = combatant('c5', 'Ogre', 5, { hidden: true, armourClass: 11, rules: { maxHp: 59, hp: 29 } });
const dragon = combatant('c7', 'Dragon', 20, {
  armourClass: 19,
  rules: { maxHp: 256 },
  monster: RED_DRAGON_BREATH_SPENT,
});
const fight = encounter([goblin1, goblin2, alice, cleric, ogre], { round: 2, currentId: 'c2' });

describe('tracker lines', () => {
  test.each([
    ['the current combatant, with HP and AC', goblin2, 'players', '▶️ `14` **Goblin 2** · 7/7 HP · AC 15'],
    ['a dead monster, struck through', goblin1, 'players', '▫️ `14` ~~Goblin 1~~ · Dead'],
    [
      'a dying player with its death-save tally and conditions',
      alice,
      'players',
      '▫️ ` 9` **Alice** · 0/12 HP · AC 14 · Death saves ✅ 1 ❌ 2 · Unconscious, Incapacitated, Prone',
    ],
    ['temporary HP and concentration', cleric, 'players', '▫️ ` 7` **Brother Tom** · 15/20 HP (+5 temp) · AC 18 · 🔮 Bless'],
    [
      'a reduced maximum shows both',
      combatant('c6', 'Vex', 3, { armourClass: 13, rules: { maxHp: 20, hp: 10, hpMaxReduction: 5 } }),
      'players',
      '▫️ ` 3` **Vex** · 10/15 (of 20) HP · AC 13',
    ],
    ['a hidden monster shows players only how it looks', ogre, 'players', '▫️ ` 5` **Ogre** · Bloodied'],
    ["the game master sees a hidden monster's numbers", ogre, 'game-master', '▫️ ` 5` **Ogre** (hidden) · 29/59 HP · AC 11'],
    [
      'a spent breath weapon, waiting for its recharge roll',
      dragon,
      'players',
      '▫️ `20` **Dragon** · 256/256 HP · AC 19 · ⟳ Fire Breath (5–6)',
    ],
    [
      "a hidden monster's spent breath weapon is the game master's to know",
      { ...dragon, hidden: true },
      'players',
      '▫️ `20` **Dragon** · Healthy',
    ],
  ] as const)('%s', (_name, who, viewer, expected) => {
    expect(combatantLine(who, fight, viewer)).toBe(expected);
  });
});

describe('health bands for hidden monsters', () => {
  test.each([
    ['above half', 30, false, 'Healthy'],
    ['exactly half of 60 is bloodied', 30, false, 'Bloodied'],
    ['at 0 HP', 0, false, 'Down'],
    ['dead', 0, true, 'Dead'],
  ] as const)('%s', (name, hp, dead, band) => {
    const maxHp = name === 'above half' ? 59 : 60;
    expect(healthBand(combatant('x', 'Ogre', 1, { hidden: true, rules: { maxHp, hp, dead } }), fight)).toBe(band);
  });
});

describe('health bands under 2014, which has no Bloodied rule', () => {
  test.each([
    [1, 'Wounded'],
    [50, 'Wounded'],
    [51, 'Healthy'],
  ] as const)('a hidden monster at %i of 100 HP reads %s', (hp, band) => {
    const ogre = combatant('x', 'Ogre', 1, { hidden: true, rules: { maxHp: 100, hp } });
    expect(healthBand(ogre, { ruleSet: 'dnd2014' })).toBe(band);
  });
});

describe('the tracker message', () => {
  test('round, whose turn, the order, footer and turn buttons', () => {
    const message = trackerMessage(fight);
    expect(message.embeds?.[0]).toEqual({
      title: '⚔️ Goblin ambush',
      description: [
        "Round **2** · **Goblin 2**'s turn",
        '',
        '▫️ `14` ~~Goblin 1~~ · Dead',
        '▶️ `14` **Goblin 2** · 7/7 HP · AC 15',
        '▫️ ` 9` **Alice** · 0/12 HP · AC 14 · Death saves ✅ 1 ❌ 2 · Unconscious, Incapacitated, Prone',
        '▫️ ` 7` **Brother Tom** · 15/20 HP (+5 temp) · AC 18 · 🔮 Bless',
        '▫️ ` 5` **Ogre** · Bloodied',
      ].join('\n'),
      color: 0x5865f2,
      footer: '5e 2024 rules · Game master: Gina',
    });
    expect(message.components).toEqual([
      {
        buttons: [
          { customId: 'init:prev:enc1', label: 'Previous turn', style: 'secondary' },
          { customId: 'init:next:enc1', label: 'Next turn', style: 'primary' },
        ],
      },
    ]);
  });

  test('before the first turn it says how to start', () => {
    expect(trackerEmbed(encounter([goblin2], { round: 0, currentId: null }), 'players').description).toBe(
      'Not started yet: **Next turn** starts round 1.\n\n▫️ `14` **Goblin 2** · 7/7 HP · AC 15',
    );
    expect(trackerEmbed(encounter([], { round: 0, currentId: null }), 'players').description).toBe(
      'Waiting for combatants: `/init add` for monsters, `/init join` for players.',
    );
  });

  test('an ended encounter keeps its last state and loses its buttons', () => {
    const over = trackerMessage(encounter([goblin2], { round: 3, endedAt: new Date('2026-01-01T21:00:00Z') }));
    expect(over.components).toEqual([]);
    expect(over.embeds?.[0]?.description?.split('\n')[0]).toBe('Ended after 3 rounds.');
  });

  test("fifty combatants with long names stay within Discord's limits, around the current turn", () => {
    const horde = Array.from({ length: 50 }, (_, index) =>
      combatant(`c${index + 1}`, `Kobold Skirmisher of the Deep ${String(index + 1).padStart(2, '0')}`, 50 - index, {
        armourClass: 12,
        rules: { maxHp: 120, hp: 95, tempHp: 10, concentration: "Hunter's Mark", deathSaves: { successes: 0, failures: 0 } },
      }),
    );
    const embed = trackerEmbed(encounter(horde, { currentId: 'c25' }), 'players');
    const description = embed.description ?? '';
    expect(description.length).toBeLessThanOrEqual(EMBED_LIMITS.description);
    expect((embed.title ?? '').length + description.length + (embed.footer ?? '').length).toBeLessThanOrEqual(EMBED_LIMITS.total);
    expect(description).toContain('▶️ `26` **Kobold Skirmisher of the Deep 25**');
    expect(description).toMatch(/\n… \d+ more above\n/);
    expect(description).toMatch(/\n… \d+ more below$/);
  });
});

describe('fitting the order', () => {
  test('everything fits: nothing is cut', () => {
    expect(fitOrder(['a', 'b', 'c'], 1, 100)).toEqual(['a', 'b', 'c']);
  });

  test('too long: the current line and its neighbours stay, the rest are counted', () => {
    const lines = Array.from({ length: 10 }, (_, index) => `line ${index}`.padEnd(20, '.'));
    expect(fitOrder(lines, 5, 60 + 21 * 3)).toEqual(['… 4 more above', lines[4], lines[5], lines[6], '… 3 more below']);
  });
});

describe('the tracker of a large fight', () => {
  test('looks for the lair’s turn once, not once per line: the work does not grow with the square of the fight', () => {
    const many = Array.from({ length: 40 }, (_, i) => combatant(`m${i}`, `Kobold ${i + 1}`, 10, { armourClass: 12, rules: { maxHp: 5 } }));
    let searches = 0;
    const counted = new Proxy(many, {
      get(target, key, receiver) {
        if (key === 'find') searches += 1;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const big = encounter(counted, { round: 1, currentId: 'm0' });
    expect(trackerEmbed(big, 'players').description?.split('\n')[0]).toBe("Round **1** · **Kobold 1**'s turn");
    expect(searches).toBeLessThan(5);
  });
});
