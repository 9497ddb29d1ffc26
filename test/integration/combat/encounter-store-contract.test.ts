import { randomUUID } from 'node:crypto';
import { sheetsAfterFight } from '../../../src/characters/fight';
import { applySheetChanges, freshState } from '../../../src/characters/sheet';
import { CombatRefusal } from '../../../src/combat/refusals';
import { createEncounterServiceWith, type EncounterService } from '../../../src/combat/service';
import { addMonsters, dealDamage, joinEncounter, nextTurn, setHp } from '../../../src/combat/steps';
import type { Actor, Encounter, Place } from '../../../src/combat/types';
import { createCharacterStore } from '../../../src/db/characters';
import { createEncounterService } from '../../../src/db/encounter-store';
import type { RandomSource } from '../../../src/dice/random';
import { noteText } from '../../../src/views/change-notes';
import { refusalText } from '../../../src/views/refusals';
import { createMemoryEncounterStore } from '../../support/memory-encounters';
import { createTestDatabase, emptyDatabase, type TestDatabase } from '../../support/database';
import { ScriptedRandom } from '../commands/support';
import { fireball, OGRES } from '../../support/fireball';

/**
 * One contract for every `EncounterStore`, run on the in-memory store handler tests use and on
 * the PostgreSQL one the bot uses, both behind the one encounter service.
 */
interface Harness {
  service: EncounterService;
  /** A stored character of Alice's, 3rd level with 24 HP, whole. */
  addCharacter(): Promise<string>;
  /** The HP on a stored character's sheet. */
  sheetHp(characterId: string): Promise<number | undefined>;
  close(): Promise<void>;
}

const gm: Actor = { userId: 'gm', name: 'Dana', canManageChannel: false };
const alice: Actor = { userId: 'alice', name: 'Alice', canManageChannel: false };
const here: Place = { guildId: 'guild', channelId: 'tavern' };
const SHEET = applySheetChanges(null, 'Alice', { level: 3, maxHp: 24, scores: { con: 14 } });

function memoryHarness(random: RandomSource): Promise<Harness> {
  const sheets = new Map<string, number>();
  const store = createMemoryEncounterStore({ writeSheets: (written) => written.forEach((s) => sheets.set(s.characterId, s.hp)) });
  const service = createEncounterServiceWith({
    store,
    random,
    now: () => new Date(),
    ruleSetFor: () => Promise.resolve('dnd2024'),
    newId: randomUUID,
    describe: noteText,
  });
  return Promise.resolve({
    service,
    addCharacter() {
      const id = randomUUID();
      sheets.set(id, SHEET.maxHp);
      return Promise.resolve(id);
    },
    sheetHp: (id) => Promise.resolve(sheets.get(id)),
    close: () => Promise.resolve(),
  });
}

/** The PostgreSQL side's database: one for the file, emptied for each test, as fresh as a new copy of the template. */
let shared: TestDatabase | null = null;
afterAll(() => shared?.drop());

async function postgresHarness(random: RandomSource): Promise<Harness> {
  shared ??= await createTestDatabase();
  const db = shared;
  await emptyDatabase(db.prisma);
  const characters = createCharacterStore(db.prisma);
  return {
    service: createEncounterService({ prisma: db.prisma, random, now: () => new Date(), describe: noteText }),
    async addCharacter() {
      const created = await characters.create({ guildId: here.guildId, ownerId: alice.userId }, SHEET, freshState(SHEET));
      if (created === null) throw new Error('Alice was not created');
      return created.id;
    },
    sheetHp: async (id) => (await characters.get(id))?.hp,
    close: () => Promise.resolve(),
  };
}

function hpOf(encounter: Encounter, name: string): number | undefined {
  return encounter.combatants.find((c) => c.name === name)?.rules.hp;
}

async function refusal(pending: Promise<unknown>): Promise<string> {
  try {
    await pending;
  } catch (error) {
    if (error instanceof CombatRefusal) return refusalText(error.refusal);
    throw error;
  }
  throw new Error('it was not refused');
}

describe.each([
  ['in memory', memoryHarness],
  ['on PostgreSQL', postgresHarness],
])('the encounter store %s', (_name, harnessOn) => {
  let dice: ScriptedRandom;
  let harness: Harness;
  let service: EncounterService;

  beforeEach(async () => {
    dice = new ScriptedRandom(7);
    harness = await harnessOn(dice);
    service = harness.service;
    await service.begin(gm, here, 'init begin', { name: 'Ambush' });
  });

  afterEach(() => harness.close());

  it('holds one encounter a channel, until it ends', async () => {
    expect(await refusal(service.begin(alice, here, 'init begin', { name: 'Second' }))).toBe(
      'This channel already has Ambush (game master: Dana). End it with `/init end` before beginning another.',
    );
    expect((await service.get(here))?.name).toBe('Ambush');
  });

  it('saves each change with a new version and logs it, newest first, with its label and words', async () => {
    const begun = await service.get(here);
    const added = await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
    expect(added.encounter.version).toBe((begun?.version ?? 0) + 1);
    expect(await service.newer({ id: added.encounter.id, version: begun?.version ?? 0 })).toMatchObject({
      version: added.encounter.version,
    });
    expect(await service.newer(added.encounter)).toBeNull();
    await service.apply(alice, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '9' });
    expect((await service.log(here, 25)).map((e) => [e.actorName, e.command, e.detail])).toEqual([
      ['Alice', 'hp damage', 'Ogre: 9 damage'],
      ['Dana', 'init add', 'added Ogre (initiative 8)'],
      ['Dana', 'init begin', 'began Ambush'],
    ]);
  });

  it('records an interaction as handled with its first save only, and refuses a second delivery of it, saving nothing', async () => {
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
    const first = { id: 'interaction-1', recorded: false };
    const claimed = service.claiming(first);
    // A refused change records nothing: the interaction may still be applied.
    expect(await refusal(claimed.apply(gm, here, 'hp damage', dealDamage, { target: 'Nobody', amount: '3' }))).toMatch(/Nobody/);
    expect(first.recorded).toBe(false);
    await claimed.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '9' });
    expect(first.recorded).toBe(true);
    // The same invocation saving again does not record it twice.
    await claimed.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '1' });
    const before = await service.get(here);
    const again = service.claiming({ id: 'interaction-1', recorded: false });
    expect(await refusal(again.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '9' }))).toBe(
      'This interaction was already handled.',
    );
    const after = await service.get(here);
    expect(after?.version).toBe(before?.version);
    expect(hpOf(after as Encounter, 'Ogre')).toBe(49);
    expect((await service.log(here, 25)).filter((e) => e.command === 'hp damage')).toHaveLength(2);
  });

  it('saves nothing when a change is refused', async () => {
    const before = await service.get(here);
    expect(await refusal(service.apply(gm, here, 'hp damage', dealDamage, { target: 'Nobody', amount: '3' }))).toBe(
      'There are no combatants yet: add monsters with `/init add` or join with `/init join`.',
    );
    expect((await service.get(here))?.version).toBe(before?.version);
    expect(await service.log(here, 25)).toHaveLength(1);
  });

  it("keeps a hidden combatant's numbers for the game master, beside the log line", async () => {
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8, hidden: true });
    await service.apply(gm, here, 'hp set', setHp, { target: 'Ogre', amount: '40' });
    const [set] = await service.log(here, 1);
    expect(set?.detail).toBe('Ogre: HP set');
    expect(set?.hiddenHitPoints).toEqual([
      { name: 'Ogre', before: { hp: 59, maxHp: 59, tempHp: 0 }, after: { hp: 40, maxHp: 59, tempHp: 0 } },
    ]);
  });

  it('undoes the last change not yet undone, never an undo, and then has nothing left', async () => {
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
    await service.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '9' });
    expect(hpOf((await service.undo(gm, here, 'init undo')).encounter, 'Ogre')).toBe(59);
    expect((await service.undo(gm, here, 'init undo')).encounter.combatants).toEqual([]);
    expect(await refusal(service.undo(gm, here, 'init undo'))).toBe('There is nothing to undo.');
    expect((await service.log(here, 25)).map((e) => [e.command, e.undone])).toEqual([
      ['init undo', false],
      ['init undo', false],
      ['hp damage', true],
      ['init add', true],
      ['init begin', false],
    ]);
  });

  it('saves a save for half damage on five targets as one change: one log entry, and one undo reverts all five', async () => {
    dice.queue(10); // the Ogres' initiative
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, count: 5, saves: { dex: -1 } });
    // 8d6 = 28; the saves' d20s 15, 3, 20, 16, 9 (−1 each): fail, fail, made, made, fail.
    dice.queue(3, 4, 5, 6, 1, 2, 3, 4, 15, 3, 20, 16, 9);
    const burnt = await service.apply(gm, here, 'fireball', fireball, OGRES);
    expect(dice.pending).toBe(0);
    expect(OGRES.map((name) => hpOf(burnt.encounter, name))).toEqual([31, 31, 45, 45, 31]);
    const log = await service.log(here, 25);
    expect(log.map((e) => e.command)).toEqual(['fireball', 'init add', 'init begin']);
    expect(log[0]?.detail).toMatch(/^Ogre 1 failed a DC 15 Dexterity save; Ogre 1: 28 fire damage; .*; Ogre 5: 28 fire damage$/);

    const undone = await service.undo(gm, here, 'init undo');
    expect(OGRES.map((name) => hpOf(undone.encounter, name))).toEqual([59, 59, 59, 59, 59]);
    expect((await service.log(here, 25)).map((e) => [e.command, e.undone])).toEqual([
      ['init undo', false],
      ['fireball', true],
      ['init add', false],
      ['init begin', false],
    ]);
  });

  it('ends the fight with the sheets it writes back, and gives the whole fight back for the recap', async () => {
    const characterId = await harness.addCharacter();
    const character = {
      characterId,
      hp: 24,
      tempHp: 0,
      level: 3,
      conScore: 14,
      saves: {},
      tracks: { exhaustion: 0, fatigue: 0, strife: 0 },
    };
    await service.apply(alice, here, 'init join', joinEncounter, {
      name: 'Alice',
      hp: 24,
      initiative: 15,
      character: { ...character, hitDice: [{ sides: 8, total: 3, remaining: 3 }], conditions: [], dead: false },
    });
    // Round 1: a fight ended before it has no recap to read back.
    await service.apply(gm, here, 'init next', nextTurn);
    await service.apply(gm, here, 'hp damage', dealDamage, { target: 'Alice', amount: '9' });
    const fight = await service.end(gm, here, 'init end', sheetsAfterFight);
    expect(fight.encounter.endedAt).not.toBeNull();
    expect(fight.entries.map((e) => e.detail)).toEqual([
      'began Ambush',
      'Alice joined (initiative 15)',
      "round 1, Alice's turn",
      'Alice: 9 damage',
      'ended Ambush after 1 round',
    ]);
    expect(await harness.sheetHp(characterId)).toBe(15);
    expect(await service.get(here)).toBeNull();
    expect((await service.fight(here, 'ended')).entries.map((e) => e.command)).toEqual([
      'init begin',
      'init join',
      'init next',
      'hp damage',
      'init end',
    ]);
  });

  it('remembers the tracker message as a new version other copies see', async () => {
    const begun = await service.get(here);
    if (begun === null) throw new Error('no encounter');
    await service.setTrackerMessage(here, begun.id, 'message-1');
    const newer = await service.newer(begun);
    expect(newer).toMatchObject({ trackerMessageId: 'message-1', version: begun.version + 1 });
  });
});
