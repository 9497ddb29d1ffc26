import type { EncounterEvent } from '../../../src/combat/types';
import { logReply } from '../../../src/views/encounter-log';
import { describeEvents, initiativeInWords } from '../../../src/views/encounter-text';
import { combatant, encounter, initiative, ref } from './init-fixtures';

const goblin1 = combatant('c1', 'Goblin 1', 14, { rules: { maxHp: 7 }, armourClass: 15, groupId: 'g1' });
const goblin2 = combatant('c2', 'Goblin 2', 14, { rules: { maxHp: 7 }, armourClass: 15, groupId: 'g1' });
const alice = combatant('c3', 'Alice', 9, { controllerId: 'alice', rules: { maxHp: 12, isPlayerCharacter: true } });
const ogre = combatant('c4', 'Ogre', 5, { hidden: true, rules: { maxHp: 59 } });
const fight = encounter([goblin1, goblin2, alice, ogre]);

function say(events: EncounterEvent[], state = fight): string[] {
  return describeEvents({ encounter: state, events });
}

describe('initiative in words', () => {
  test.each([
    ['a plain roll and modifier', initiative(14, { rolls: [12], modifier: 2 }), '14 (d20 12 + 2)'],
    ['advantage shows both dice', initiative(17, { rolls: [15, 3], modifier: 2, mode: 'advantage' }), '17 (d20 15, 3 with advantage + 2)'],
    ['a negative modifier', initiative(4, { rolls: [5], modifier: -1 }), '4 (d20 5 − 1)'],
    ['a given total', initiative(15, { rolls: [], given: true }), '15 (given)'],
  ])('%s', (_name, info, expected) => {
    expect(initiativeInWords(info)).toBe(expected);
  });
});

describe('encounter events in words', () => {
  test('a group added with count: shares one roll and is announced once', () => {
    const roll = initiative(14, { rolls: [12], modifier: 2 });
    expect(
      say([
        { kind: 'combatant-added', combatant: ref(goblin1), initiative: roll },
        { kind: 'combatant-added', combatant: ref(goblin2), initiative: roll },
        { kind: 'combatant-added', combatant: ref(ogre), initiative: initiative(5, { rolls: [5] }) },
      ]),
      // The Ogre is hidden: the table reads its total, the game master its roll.
    ).toEqual(['Goblin 1 and Goblin 2 join the fight with initiative 14 (d20 12 + 2).', 'Ogre joins the fight with initiative 5.']);
    expect(
      describeEvents(
        { encounter: fight, events: [{ kind: 'combatant-added', combatant: ref(ogre), initiative: initiative(5, { rolls: [5] }) }] },
        true,
      ),
    ).toEqual(['Ogre joins the fight with initiative 5 (d20 5).']);
  });

  test('a readied action set off by one of a large group not numbered in a run names its first ten, then how many more', () => {
    const group = Array.from({ length: 14 }, (_, i) => `Cultist ${String.fromCharCode(65 + i)}`);
    expect(say([{ kind: 'moved-in-order', combatant: ref(alice), before: ref(goblin1), group }])).toEqual([
      `Alice now acts just before ${group.slice(0, 10).join(', ')} and 4 more: Goblin 1's group keeps its place together.`,
    ]);
  });

  test('the done-when damage: a dead goblin is skipped at its turn', () => {
    expect(
      say([
        { kind: 'damage-taken', combatant: ref(goblin1), source: null, amount: 9, damageType: null, critical: null },
        { kind: 'rules', combatant: ref(goblin1), event: { kind: 'hp-lost', amount: 7, hp: 0 } },
        { kind: 'rules', combatant: ref(goblin1), event: { kind: 'dropped-to-zero', hp: 0 } },
        { kind: 'rules', combatant: ref(goblin1), event: { kind: 'died', cause: 'monster-at-zero' } },
      ]),
    ).toEqual(['Goblin 1 takes 9 damage and drops to 0 HP. It dies.']);
    expect(
      say([
        { kind: 'turn-skipped', combatant: ref(goblin1), reason: 'dead' },
        { kind: 'turn-started', combatant: ref(goblin2), round: 1, moved: false },
      ]),
    ).toEqual(['Goblin 1 is dead and skipped.', "It's **Goblin 2**'s turn."]);
  });

  test('a dice amount shows its roll before what it did', () => {
    expect(
      say([
        {
          kind: 'amount-rolled',
          combatant: ref(ogre),
          roll: { expression: '2d6+3 [fire]', rendered: '2d6 (**6**, 4) + 3 [fire] = `13`', total: 13 },
        },
        { kind: 'damage-taken', combatant: ref(ogre), source: null, amount: 13, damageType: 'fire', critical: null },
        { kind: 'rules', combatant: ref(ogre), event: { kind: 'hp-lost', amount: 13, hp: 46 } },
      ]),
    ).toEqual(['🎲 2d6 (**6**, 4) + 3 [fire] = `13`', 'Ogre is dealt 13 fire damage.']);
  });

  test('a new round, a turn with an automatic death save and its tally', () => {
    const down = encounter([goblin1, { ...alice, rules: { ...alice.rules, hp: 0, deathSaves: { successes: 1, failures: 1 } } }]);
    expect(
      say(
        [
          { kind: 'round-started', round: 2 },
          { kind: 'turn-started', combatant: ref(alice), round: 2, moved: false },
          { kind: 'death-save', combatant: ref(alice), roll: 8, total: 8, outcome: 'failure', damage: null },
        ],
        down,
      ),
    ).toEqual(['**Round 2** begins.', "It's **Alice**'s turn.", "Alice's death save: 8, a failure (1 success, 1 failure)."]);
  });

  test('concentration: the check, then a failed save ends the effect once', () => {
    expect(
      say([
        { kind: 'concentration-check', combatant: ref(alice), effect: 'Bless', dc: 10, bonus: 2 },
        {
          kind: 'concentration-save',
          combatant: ref(alice),
          effect: 'Bless',
          dc: 10,
          rolls: [6],
          total: 8,
          success: false,
          natural: 6,
          parts: [{ value: 2, reason: 'save bonus', dice: null }],
          autoFail: null,
        },
        {
          kind: 'effect-ended',
          effect: { id: 'e1', kind: 'concentration', name: 'Bless' },
          combatant: ref(alice),
          source: ref(alice),
          reason: 'save-failed',
          private: false,
        },
      ]),
    ).toEqual([
      'Alice must make a **DC 10** Constitution save to keep concentrating on Bless.',
      "Alice's concentration save (DC 10): d20 6 + 2 (save bonus) = 8. Bless ends.",
    ]);
  });

  test('hidden numbers stay hidden when HP are set', () => {
    expect(
      say([
        { kind: 'hp-set', combatant: ref(ogre), hp: 30, previous: 59 },
        { kind: 'hp-set', combatant: ref(alice), hp: 5, previous: 12 },
      ]),
    ).toEqual(["Ogre's hit points are set.", 'Alice is now at 5 HP (was 12).']);
  });

  test('undo and the end', () => {
    expect(
      say([
        { kind: 'undone', command: 'hp damage', actorName: 'alice', detail: 'Goblin 1: 9 damage' },
        { kind: 'encounter-ended', rounds: 3 },
      ]),
    ).toEqual(['Undone: `/hp damage` by alice (Goblin 1: 9 damage).', '**Goblin ambush** is over after 3 rounds.']);
  });
});

describe('the log in words', () => {
  const entry = (minute: number, detail: string, undone = false) => ({
    at: new Date(`2026-01-01T20:${String(minute).padStart(2, '0')}:05Z`),
    actorId: 'gm',
    actorName: 'Gina',
    command: 'hp damage',
    detail,
    undone,
    hiddenHitPoints: [],
    events: [],
  });

  test('newest first, with the time, who, the command and what it did; undone changes struck through', () => {
    const reply = logReply([entry(12, 'Goblin 1: 9 damage'), entry(11, 'Goblin 2: 3 damage', true)], 5);
    expect(reply.embeds?.[0]).toEqual({
      title: 'All 2 changes, newest first',
      description: '`20:12:05` Gina · /hp damage · Goblin 1: 9 damage\n~~`20:11:05` Gina · /hp damage · Goblin 2: 3 damage~~ (undone)',
      color: 0x5865f2,
      footer: 'Times are UTC. /init undo reverts the newest one you may undo.',
    });
  });

  test('an encounter with no changes yet', () => {
    expect(logReply([], 10).embeds?.[0]?.description).toBe('Nothing has happened in this encounter yet.');
  });

  test("the game master's copy is private and adds the hidden numbers after a 🔒; the players' never shows them", () => {
    const ogre = (before: { hp: number; maxHp: number; tempHp: number } | null, after: typeof before) => [{ name: 'Ogre', before, after }];
    const entries = [
      { ...entry(14, 'removed Ogre'), command: 'init remove', hiddenHitPoints: ogre({ hp: 30, maxHp: 65, tempHp: 5 }, null) },
      {
        ...entry(13, 'Ogre: maximum HP set', true),
        command: 'hp max',
        hiddenHitPoints: ogre({ hp: 30, maxHp: 65, tempHp: 0 }, { hp: 30, maxHp: 70, tempHp: 0 }),
      },
      { ...entry(12, 'added Ogre (initiative 5)'), command: 'init add', hiddenHitPoints: ogre(null, { hp: 65, maxHp: 65, tempHp: 0 }) },
    ];
    const gm = logReply(entries, 10, 'game-master');
    expect(gm.ephemeral).toBe(true);
    expect(gm.embeds?.[0]?.description?.split('\n')).toEqual([
      '`20:14:05` Gina · /init remove · removed Ogre · 🔒 Ogre left at HP 30/65 + 5 temporary',
      '~~`20:13:05` Gina · /hp max · Ogre: maximum HP set · 🔒 Ogre maximum 65 → 70~~ (undone)',
      '`20:12:05` Gina · /init add · added Ogre (initiative 5) · 🔒 Ogre HP 65/65',
    ]);
    const players = logReply(entries, 10);
    expect(players.ephemeral).toBe(false);
    expect(players.embeds?.[0]?.description).not.toMatch(/🔒|65|70/);
  });
});
