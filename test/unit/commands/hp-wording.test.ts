import { describeDamage, describeDeathSave, describeHealing, describeTempHp, type Subject } from '../../../src/views/encounter-rules-text';
import type { DamageType, RulesEvent } from '../../../src/rules/types';

const goblin: Subject = { name: 'Goblin 2', isPlayerCharacter: false, showNumbers: true };
const hiddenOgre: Subject = { name: 'Ogre', isPlayerCharacter: false, showNumbers: false };
const alice: Subject = { name: 'Alice', isPlayerCharacter: true, showNumbers: true };

describe('damage in words', () => {
  test.each<[string, Subject, number, DamageType | null, RulesEvent[], string]>([
    [
      "the issue's example: resisted, down to 0, dead",
      goblin,
      14,
      'fire',
      [
        { kind: 'damage-modified', reason: 'resistance', before: 14, after: 7 },
        { kind: 'hp-lost', amount: 7, hp: 0 },
        { kind: 'dropped-to-zero', hp: 0 },
        { kind: 'died', cause: 'monster-at-zero' },
      ],
      'Goblin 2 takes 7 fire damage (halved: resistant) and drops to 0 HP. It dies.',
    ],
    ['plain damage', goblin, 3, null, [{ kind: 'hp-lost', amount: 3, hp: 4 }], 'Goblin 2 takes 3 damage and is at 4 HP.'],
    [
      'a hidden monster keeps its HP to itself',
      hiddenOgre,
      10,
      'slashing',
      [{ kind: 'hp-lost', amount: 10, hp: 49 }],
      'Ogre is dealt 10 slashing damage.',
    ],
    [
      "a hidden monster's resistance, immunity and temporary HP stay the game master's: the channel reads what was dealt",
      hiddenOgre,
      14,
      'fire',
      [
        { kind: 'damage-modified', reason: 'resistance', before: 14, after: 7 },
        { kind: 'temp-hp-absorbed', amount: 2, tempHpLeft: 0 },
        { kind: 'hp-lost', amount: 5, hp: 44 },
      ],
      'Ogre is dealt 14 fire damage.',
    ],
    ['a hidden monster immune', hiddenOgre, 9, 'poison', [{ kind: 'immune', damageType: 'poison' }], 'Ogre is dealt 9 poison damage.'],
    [
      'vulnerability',
      goblin,
      4,
      'radiant',
      [
        { kind: 'damage-modified', reason: 'vulnerability', before: 4, after: 8 },
        { kind: 'hp-lost', amount: 8, hp: 2 },
      ],
      'Goblin 2 takes 8 radiant damage (doubled: vulnerable) and is at 2 HP.',
    ],
    ['immunity', goblin, 9, 'poison', [{ kind: 'immune', damageType: 'poison' }], 'Goblin 2 is immune to poison damage and takes none.'],
    [
      'temporary HP first',
      alice,
      8,
      'cold',
      [
        { kind: 'temp-hp-absorbed', amount: 5, tempHpLeft: 0 },
        { kind: 'hp-lost', amount: 3, hp: 9 },
      ],
      'Alice takes 8 cold damage (5 absorbed by temporary HP, 0 left) and is at 9 HP.',
    ],
    [
      'a player character drops and starts dying',
      alice,
      15,
      'piercing',
      [
        { kind: 'hp-lost', amount: 12, hp: 0 },
        { kind: 'dropped-to-zero', hp: 0 },
        { kind: 'dying' },
        { kind: 'condition-added', condition: 'unconscious', impliedBy: null },
        { kind: 'condition-added', condition: 'incapacitated', impliedBy: 'unconscious' },
        { kind: 'condition-added', condition: 'prone', impliedBy: 'unconscious' },
      ],
      'Alice takes 15 piercing damage and drops to 0 HP. Alice is dying and makes death saves at the start of each turn. Alice is now Unconscious, Incapacitated and Prone.',
    ],
    [
      'a critical hit at 0 HP',
      alice,
      4,
      'slashing',
      [
        { kind: 'death-save-failures', added: 2, failures: 3 },
        { kind: 'died', cause: 'death-saves' },
      ],
      'Alice takes 4 slashing damage. Alice suffers 2 failed death saves (3 of 3). Alice dies after three failed death saves.',
    ],
    [
      'instant death',
      alice,
      30,
      null,
      [
        { kind: 'hp-lost', amount: 12, hp: 0 },
        { kind: 'dropped-to-zero', hp: 0 },
        { kind: 'died', cause: 'instant-death' },
      ],
      'Alice takes 30 damage and drops to 0 HP. Alice dies instantly: the damage left over reaches the hit point maximum.',
    ],
  ])('%s', (_name, subject, amount, type, events, expected) => {
    expect(describeDamage(subject, { amount, type, critical: null }, events)).toBe(expected);
  });
});

describe('healing and temporary HP in words', () => {
  test('healing from 0 HP wakes a player character', () => {
    const events: RulesEvent[] = [
      { kind: 'healed', amount: 5, hp: 5 },
      { kind: 'revived' },
      { kind: 'condition-removed', condition: 'unconscious' },
      { kind: 'condition-removed', condition: 'incapacitated' },
    ];
    expect(describeHealing(alice, events)).toBe(
      'Alice regains 5 HP and is at 5 HP. Alice is conscious again. Alice is no longer Unconscious or Incapacitated.',
    );
  });

  test('the dead cannot be healed', () => {
    expect(describeHealing(goblin, [{ kind: 'cannot-heal-dead' }])).toBe('Goblin 2 is dead and cannot regain hit points.');
  });

  test('a hidden monster heals without showing its total', () => {
    expect(describeHealing(hiddenOgre, [{ kind: 'healed', amount: 6, hp: 40 }])).toBe('Ogre is healed.');
  });

  test('temporary HP do not add up', () => {
    expect(describeTempHp(alice, [{ kind: 'temp-hp-kept', tempHp: 8, offered: 5 }])).toBe(
      "Alice keeps 8 temporary HP: temporary HP don't add up, and 5 is not more.",
    );
    expect(describeTempHp(alice, [{ kind: 'temp-hp-set', tempHp: 10, previous: 8 }])).toBe('Alice has 10 temporary HP (replacing 8).');
  });

  test("a hidden monster's reads the same whether it took the offer or kept what it had, so no offer tells how many it has", () => {
    const taken = describeTempHp(hiddenOgre, [{ kind: 'temp-hp-set', tempHp: 9, previous: 8 }]);
    expect(taken).toBe("Ogre has temporary HP: they don't add up, and the higher amount stays.");
    expect(describeTempHp(hiddenOgre, [{ kind: 'temp-hp-kept', tempHp: 8, offered: 8 }])).toBe(taken);
  });
});

describe('death saves in words', () => {
  test.each<[string, Parameters<typeof describeDeathSave>[1], { successes: number; failures: number }, string]>([
    [
      'a success',
      { roll: 12, total: 12, outcome: 'success', damage: null, events: [] },
      { successes: 1, failures: 0 },
      "Alice's death save: 12, a success (1 success, 0 failures).",
    ],
    [
      'a failure',
      { roll: 4, total: 4, outcome: 'failure', damage: null, events: [] },
      { successes: 1, failures: 1 },
      "Alice's death save: 4, a failure (1 success, 1 failure).",
    ],
    [
      'a third success',
      { roll: 15, total: 15, outcome: 'stable', damage: null, events: [{ kind: 'stabilised' }] },
      { successes: 0, failures: 0 },
      "Alice's death save: 15, a third success. Alice is stable.",
    ],
    [
      'a natural 20',
      {
        roll: 20,
        total: 20,
        outcome: 'revived',
        damage: null,
        events: [{ kind: 'healed', amount: 1, hp: 1 }, { kind: 'revived' }, { kind: 'death-saves-reset' }],
      },
      { successes: 0, failures: 0 },
      "Alice's death save: 20, a natural 20! Alice regains 1 HP and is back up.",
    ],
    [
      'the third failure',
      { roll: 1, total: 1, outcome: 'dead', damage: null, events: [{ kind: 'died', cause: 'death-saves' }] },
      { successes: 0, failures: 3 },
      "Alice's death save: 1, a failure. Alice dies after three failed death saves.",
    ],
  ])('%s', (_name, save, tally, expected) => {
    expect(describeDeathSave(alice, save, tally)).toBe(expected);
  });
});

describe('critical hits in words', () => {
  const lost: RulesEvent[] = [{ kind: 'hp-lost', amount: 18, hp: 41 }];
  test.each([
    ['rolled', 'Critical hit. Goblin 2 takes 18 damage and is at 41 HP.'],
    ['doubled', 'Critical hit: 9 doubled to 18. Goblin 2 takes 18 damage and is at 41 HP.'],
    [
      'no-dice',
      "Critical hit (a plain number has no dice to double under these rules, so 18 counts as the critical's total). Goblin 2 takes 18 damage and is at 41 HP.",
    ],
  ] as const)('a critical %s says so', (critical, expected) => {
    expect(describeDamage(goblin, { amount: 18, type: null, critical }, lost)).toBe(expected);
  });
});
