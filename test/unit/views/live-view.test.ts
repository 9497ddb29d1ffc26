import type { EncounterEffect } from '../../../src/combat/types';
import { NO_TURN_ACTIONS } from '../../../src/combat/types';
import { healthWord, liveView } from '../../../src/views/live-view';
import { combatant, encounter } from '../commands/init-fixtures';

const at = new Date('2026-01-01T20:10:00Z');
const turnStarted = new Date('2026-01-01T20:08:30Z');

const goblin = (hp: number, max = 20) => combatant('c1', 'Goblin', 12, { armourClass: 15, rules: { maxHp: max, hp } });

describe('monster health words', () => {
  test.each([
    [20, 'unhurt'],
    [19, 'hurt'],
    [11, 'hurt'],
    [10, 'bloodied'],
    [6, 'bloodied'],
    [5, 'near death'],
    [1, 'near death'],
    [0, 'down'],
  ])('2024: %i of 20 HP is %s', (hp, word) => {
    expect(healthWord(goblin(hp), { ruleSet: 'dnd2024' })).toBe(word);
  });

  test('2014, which has no Bloodied, still says bloodied at half and near death at a quarter', () => {
    expect([10, 11, 5].map((hp) => healthWord(goblin(hp), { ruleSet: 'dnd2014' }))).toEqual(['bloodied', 'hurt', 'near death']);
  });

  test('the dead are dead', () => {
    expect(healthWord(combatant('c1', 'Goblin', 12, { rules: { maxHp: 7, hp: 0, dead: true } }), { ruleSet: 'dnd2024' })).toBe('dead');
  });
});

const alice = combatant('c2', 'Alice', 18, {
  controllerId: 'alice',
  armourClass: 14,
  rules: { maxHp: 12, hp: 9, tempHp: 3, isPlayerCharacter: true, concentration: 'Bless', conditions: ['poisoned'] },
});
const bram = combatant('c3', 'Bram', 15, {
  controllerId: 'bob',
  rules: { maxHp: 18, hp: 0, isPlayerCharacter: true, deathSaves: { successes: 1, failures: 2 }, conditions: ['unconscious'] },
});
const chief = combatant('c4', 'Bugbear Chief', 14, {
  hidden: true,
  armourClass: 17,
  rules: { maxHp: 65, hp: 30, concentration: 'Darkness', conditions: ['frightened'] },
});
const wolf = combatant('c5', 'Wolf', 10, { actions: { ...NO_TURN_ACTIONS, delayed: true }, rules: { maxHp: 11, hp: 11 } });
const rat = combatant('c6', 'Rat', 2, { rules: { maxHp: 1, hp: 0, dead: true, conditions: ['prone'] } });
const poisonedAlice: EncounterEffect = {
  id: 'e1',
  kind: 'condition',
  name: 'Poisoned',
  sourceId: null,
  targetId: 'c2',
  startedRound: 2,
  expiry: { round: 4, combatantId: 'c2', boundary: 'end' },
  concentrationId: null,
  appliedBy: 'gm',
  note: null,
  save: { ability: 'con', dc: 13 },
  modifiers: [],
  shownToPlayers: false,
  savePending: false,
};
const shownOnChief: EncounterEffect = {
  ...poisonedAlice,
  id: 'e2',
  kind: 'effect',
  name: 'Faerie Fire',
  targetId: 'c4',
  shownToPlayers: true,
};
const fight = encounter([alice, bram, chief, wolf, rat], { round: 3, currentId: 'c2', effects: [poisonedAlice, shownOnChief] });

describe('the live view', () => {
  const view = liveView(fight, 'words', turnStarted, at);

  test('a hidden monster is absent: its name, numbers and conditions appear nowhere in what is sent', () => {
    const sent = JSON.stringify(view);
    expect(view.combatants.map((c) => c.name)).toEqual(['Alice', 'Bram', 'Wolf', 'Rat']);
    for (const secret of ['Bugbear', 'Chief', 'Darkness', 'Frightened', 'Faerie', '65', '30', '17', 'c4'])
      expect(sent).not.toContain(secret);
  });

  test('round, whose turn, and how long the turn has lasted', () => {
    expect(view).toMatchObject({ title: 'Goblin ambush', ruleSet: '5e 2024 rules', heading: "Round 3 · Alice's turn", running: true });
    expect(view.turnElapsedMs).toBe(90_000);
  });

  test("a player character's HP in numbers, with concentration and conditions with the rounds they have left", () => {
    expect(view.combatants[0]).toEqual({
      name: 'Alice',
      current: true,
      side: 'character',
      health: '9/12 HP (+3 temp)',
      healthWord: null,
      dead: false,
      dying: false,
      deathSaves: null,
      concentration: 'Bless',
      delaying: false,
      // It ends as Alice's turn of round 4 ends; the end of her turn in progress does not count.
      conditions: ['Poisoned (1 round left)'],
    });
  });

  test('the dying with their death saves, the delaying, and the dead with nothing else', () => {
    expect(view.combatants[1]).toMatchObject({ health: '0/18 HP', dying: true, deathSaves: 'Death saves: 1 success, 2 failures' });
    expect(view.combatants[2]).toMatchObject({ health: 'unhurt', healthWord: 'unhurt', delaying: true });
    expect(view.combatants[3]).toMatchObject({ dead: true, health: 'dead', conditions: [], deathSaves: null });
  });

  test('a combatant whose HP was never given (it reads as 0) is not shown as dying', () => {
    const unknown = { hpKnown: false, rules: { hp: 0, maxHp: 0 } };
    const ogre = combatant('c1', 'Ogre', 12, unknown);
    const alice = combatant('c2', 'Alice', 15, { ...unknown, rules: { ...unknown.rules, isPlayerCharacter: true } });
    const shown = liveView(encounter([ogre, alice], { round: 1, currentId: 'c1' }), 'words', null, at).combatants;
    expect(shown.map(({ health, dying, deathSaves }) => ({ health, dying, deathSaves }))).toEqual([
      { health: null, dying: false, deathSaves: null },
      { health: null, dying: false, deathSaves: null },
    ]);
  });

  test('no armour class and no initiative: only what the page shows is sent', () => {
    expect(JSON.stringify(view)).not.toMatch(/"(armourClass|initiative|id)"/);
  });

  test('with monster-hp:hidden, monsters show no health at all; player characters keep their numbers', () => {
    const hidden = liveView(fight, 'hidden', turnStarted, at);
    expect(hidden.combatants.map((c) => c.health)).toEqual(['9/12 HP (+3 temp)', '0/18 HP', null, null]);
    expect(hidden.combatants.map((c) => c.healthWord)).toEqual([null, null, null, null]);
    // Death still shows, as the dead are out of the fight for everyone to see.
    expect(hidden.combatants[3]?.dead).toBe(true);
  });

  test('with monster-hp:hidden, a monster at 0 HP making death saves reads as one that is up', () => {
    const up = combatant('c1', 'Troll', 12, { rules: { hp: 7, maxHp: 84 } });
    const down = combatant('c2', 'Troll chief', 11, { rules: { hp: 0, maxHp: 84, deathSaves: { successes: 1, failures: 0 } } });
    const [shownUp, shownDown] = liveView(encounter([up, down], { round: 1, currentId: 'c1' }), 'hidden', null, at).combatants;
    expect(shownDown).toEqual({ ...shownUp, name: 'Troll chief', current: false });
    expect(liveView(encounter([down]), 'words', null, at).combatants[0]).toMatchObject({
      health: 'down',
      deathSaves: 'Death saves: 1 success, 0 failures',
    });
  });

  test("a hidden creature's turn is the game master's: no name, and nobody is marked current", () => {
    const chiefsTurn = liveView({ ...fight, currentId: 'c4' }, 'words', turnStarted, at);
    expect(chiefsTurn.heading).toBe("Round 3 · The game master's turn");
    expect(chiefsTurn.combatants.some((c) => c.current)).toBe(false);
  });

  test('a fight of hidden monsters alone reads as one without combatants, as they are not counted', () => {
    const hiddenOnly = encounter([combatant('c1', 'Lich', 20, { hidden: true })], { round: 0, currentId: null });
    expect(liveView(hiddenOnly, 'words', null, at)).toEqual(liveView(encounter([], { round: 0, currentId: null }), 'words', null, at));
    expect(liveView(encounter([], { round: 0, currentId: null }), 'words', null, at).heading).toBe('Waiting for combatants.');
  });

  test('before the first turn and after the end, no timer', () => {
    expect(liveView({ ...fight, round: 0, currentId: null }, 'words', null, at)).toMatchObject({
      heading: 'Not started yet.',
      turnElapsedMs: null,
    });
    const ended = liveView({ ...fight, endedAt: at }, 'words', turnStarted, at);
    expect(ended).toMatchObject({ heading: 'The fight ended after 3 rounds.', running: false, turnElapsedMs: null });
  });
});
