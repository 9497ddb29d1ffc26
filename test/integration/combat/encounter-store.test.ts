import pg from 'pg';
import pino from 'pino';
import { CombatRefusal } from '../../../src/combat/refusals';
import { refusalText } from '../../../src/views/refusals';
import type { EncounterService } from '../../../src/combat/service';
import { chain, step } from '../../../src/combat/compose';
import { addMonsters, dealDamage, endEncounter, grantTempHp, joinEncounter, nextTurn, startConcentration } from '../../../src/combat/steps';
import type { Actor, Encounter, EncounterResult, Place } from '../../../src/combat/types';
import { createSeededRandom } from '../../../src/dice/seeded';
import { createEncounterService, LOG_SQL } from '../../../src/db/encounter-store';
import { createCharacterStore } from '../../../src/db/characters';
import { prismaOn } from '../../../src/db/client';
import { joinInputFor, sheetsAfterFight } from '../../../src/characters/fight';
import { applySheetChanges, freshState, type Character } from '../../../src/characters/sheet';
import { noteText } from '../../../src/views/change-notes';
import { createCountingPrisma, type CountingPrisma } from '../../../src/db/encounter-statement-counter';
import { HeardVersions } from '../../../src/db/heard-versions';
import { listenForLiveNotices } from '../../../src/db/live-listener';
import { createTestDatabase, emptyDatabase, type TestDatabase } from '../../support/database';
import { waitUntil } from '../../support/wait-until';

const gm: Actor = { userId: 'gm', name: 'Dana', canManageChannel: false };
const alice: Actor = { userId: 'alice', name: 'Alice', canManageChannel: false };
const bob: Actor = { userId: 'bob', name: 'Bob', canManageChannel: false };
const here: Place = { guildId: 'guild', channelId: 'tavern' };
const there: Place = { guildId: 'guild', channelId: 'crypt' };

let db: TestDatabase;
let counting: CountingPrisma;
let service: EncounterService;

// One database for the file, emptied before each test: as fresh as a new copy of the template, for less.
beforeAll(async () => {
  db = await createTestDatabase();
  // Enough connections that 50 racing commands really overlap.
  counting = createCountingPrisma(db.url, 10);
});

beforeEach(async () => {
  await emptyDatabase(db.prisma);
  service = processService(7);
});

afterAll(async () => {
  await counting.prisma.$disconnect();
  await db.drop();
});

/** A service of its own on the test database with its own dice, as one bot process (or another) has; `heard`, what its LISTEN tells it. */
function processService(seed: number, heard?: HeardVersions): EncounterService {
  return createEncounterService({
    prisma: counting.prisma,
    random: createSeededRandom(seed),
    now: () => new Date(),
    describe: noteText,
    ...(heard === undefined ? {} : { heard }),
  });
}

/** A process's listening connection, telling `heard` what it hears. */
function listenInto(heard: HeardVersions) {
  return listenForLiveNotices(
    db.url,
    (notice) => heard.hear(notice),
    pino({ level: 'silent' }),
    (up) => heard.setListening(up),
    heard.listenerName,
  );
}

function combatant(encounter: Encounter, name: string) {
  const found = encounter.combatants.find((c) => c.name === name);
  if (found === undefined) throw new Error(`${name} is not in the encounter`);
  return found;
}

const ogreHp = (encounter: Encounter | null) => (encounter === null ? null : combatant(encounter, 'Ogre').rules.hp);

async function current(place: Place = here): Promise<Encounter> {
  const encounter = await service.get(place);
  if (encounter === null) throw new Error('no encounter');
  return encounter;
}

describe('the encounter store on PostgreSQL', () => {
  it('keeps a fight across service instances: the console example leaves Goblin 1 dead and skipped', async () => {
    await service.begin(gm, here, 'init begin', {});
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Goblin', hp: 7, ac: 15, count: 2, initiative: 12 });
    await service.apply(alice, here, 'init join', joinEncounter, { name: 'Alice', hp: 12, ac: 14, initiative: 15 });
    await service.apply(gm, here, 'init next', nextTurn);
    const hit = await service.apply(gm, here, 'hp damage', dealDamage, { target: 'Goblin 1', amount: '9' });
    expect(combatant(hit.encounter, 'Goblin 1').rules).toMatchObject({ hp: 0, dead: true });

    // A restart: a new service over the same database continues the fight.
    const restarted = processService(8);
    const turn = await restarted.apply(alice, here, 'init next', nextTurn);
    expect(turn.events.map((e) => e.kind)).toEqual(['turn-skipped', 'turn-started']);
    expect(turn.encounter.currentId).toBe(combatant(turn.encounter, 'Goblin 2').id);
    expect(turn.encounter.round).toBe(1);
    expect((await restarted.get(here))?.combatants.map((c) => [c.name, c.rules.hp])).toEqual([
      ['Alice', 12],
      ['Goblin 1', 0],
      ['Goblin 2', 7],
    ]);
  });

  it('spends one SQL statement on an uncontended command, two when another process changed the encounter', async () => {
    await service.begin(gm, here, 'init begin', {});
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
    let before = counting.statements();
    await service.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '10' });
    await service.apply(gm, here, 'init next', nextTurn);
    expect(counting.statements() - before).toBe(2);

    const elsewhere = processService(9);
    before = counting.statements();
    await elsewhere.apply(alice, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '5' });
    expect(counting.statements() - before).toBe(2);
    // This service's copy is now a version behind: its save finds out, and it loads and saves again.
    before = counting.statements();
    const hit = await service.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '4' });
    expect(counting.statements() - before).toBe(3);
    expect(combatant(hit.encounter, 'Ogre').rules.hp).toBe(40);
  });

  it.each([
    ['saves on the state it brought, one statement, when it has heard through LISTEN', 'as sent', 1],
    ['loads first, two statements, when it has heard through LISTEN without the rows (too many for a notice)', 'without rows', 2],
  ] as const)('after another process changed the encounter, %s', async (_, notices, statements) => {
    const heard = new HeardVersions();
    const versions: number[] = [];
    let heardOne: () => void = () => undefined;
    const listener = await listenForLiveNotices(
      db.url,
      (published) => {
        heard.hear(notices === 'as sent' || published.kind !== 'changed' ? published : { ...published, rows: undefined });
        if (published.kind === 'changed') versions.push(published.version);
        heardOne();
      },
      pino({ level: 'silent' }),
      (up) => heard.setListening(up),
      heard.listenerName,
    );
    const othersHeard = new HeardVersions();
    const othersListener = await listenInto(othersHeard);
    const otherProcess = processService(9, othersHeard);
    const heardOf = (version: number) =>
      new Promise<void>((resolve) => {
        heardOne = () => {
          if (versions.includes(version)) resolve();
        };
        heardOne();
      });
    try {
      const hearing = createEncounterService({
        prisma: counting.prisma,
        random: createSeededRandom(7),
        now: () => new Date(),
        describe: noteText,
        heard,
      });
      await hearing.begin(gm, here, 'init begin', {});
      await hearing.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
      // Heard by nobody who saves yet: its notice goes without rows, and its statement returns none.
      expect(counting.lastStatement()?.text).not.toMatch(/RETURNING e\.\*|'rows'/);
      // The other process listens too, and has heard this one's saves: its own carry rows.
      await waitUntil(() => othersHeard.othersSaving, "the other process's hearing of this one's saves");
      const other = await otherProcess.apply(alice, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '5' });
      expect(counting.lastStatement()?.text).toMatch(/'rows'/);
      await heardOf(other.encounter.version);
      const before = counting.statements();
      const hit = await hearing.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '4' });
      // No save sent to fail first: the other process's state is known, from its notice or read.
      expect(counting.statements() - before).toBe(statements);
      expect(combatant(hit.encounter, 'Ogre').rules.hp).toBe(50);
    } finally {
      await Promise.all([listener.close(), othersListener.close()]);
    }
  });

  it('saves each changed combatant whole when one change alters different columns of each', async () => {
    await service.begin(gm, here, 'init begin', {});
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Goblin', hp: 7, ac: 15, count: 2, initiative: 12 });
    // Goblin 1 loses hit points, Goblin 2 gains temporary ones and starts concentrating: one save.
    const both = chain(
      step(dealDamage, { target: 'Goblin 1', amount: '3' }),
      step(grantTempHp, { target: 'Goblin 2', amount: '5' }),
      step(startConcentration, { target: 'Goblin 2', effect: 'Bless' }),
    );
    const saved = await service.apply(gm, here, 'hp mixed', both);

    const elsewhere = processService(9);
    const loaded = await elsewhere.get(here);
    expect(loaded).toEqual(saved.encounter);
    expect(loaded?.combatants.map((c) => [c.name, c.rules.hp, c.rules.tempHp])).toEqual([
      ['Goblin 1', 4, 0],
      ['Goblin 2', 7, 5],
    ]);
    expect(combatant(loaded!, 'Goblin 2').rules.concentration).toBe('Bless');
  });

  it('records an interaction as handled in the save itself: a claimed command is still one statement', async () => {
    await service.begin(gm, here, 'init begin', {});
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
    const before = counting.statements();
    await service
      .claiming({ id: 'interaction-7', recorded: false })
      .apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '10' });
    expect(counting.statements() - before).toBe(1);
    expect(await db.prisma.$queryRawUnsafe('SELECT id FROM processed_interactions')).toEqual([{ id: 'interaction-7' }]);
  });

  it("times each statement's round trip, the database's own time included, for the benchmark's split of a reply", async () => {
    const before = counting.statementMs();
    await counting.prisma.$executeRawUnsafe('SELECT pg_sleep(0.05)');
    const slept = counting.statementMs() - before;
    expect(slept).toBeGreaterThanOrEqual(50);
    expect(slept).toBeLessThan(5_000);
    // Through the store's own path (the pool directly, a prepared statement): one save, timed once.
    await service.begin(gm, here, 'init begin', {});
    const saveBefore = counting.statementMs();
    const sent = counting.statements();
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
    expect(counting.statements() - sent).toBe(1);
    expect(counting.statementMs() - saveBefore).toBeGreaterThan(0);
  });

  it('notes when the last statement was handed to its connection, not when it was answered', async () => {
    const unused = createCountingPrisma(db.url, 1);
    expect(unused.lastSentAt()).toBeNaN();
    await unused.prisma.$disconnect();
    const asked = performance.now();
    await counting.prisma.$executeRawUnsafe('SELECT pg_sleep(0.05)');
    const answered = performance.now();
    expect(counting.lastSentAt()).toBeGreaterThanOrEqual(asked);
    expect(answered - counting.lastSentAt()).toBeGreaterThanOrEqual(50);
    // A save: handed over after the change was worked out, before the command's answer.
    await service.begin(gm, here, 'init begin', {});
    const applying = performance.now();
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
    expect(counting.lastSentAt()).toBeGreaterThan(applying);
    expect(counting.lastSentAt()).toBeLessThan(performance.now());
  });

  it('does not trust a refusal computed on a stale copy', async () => {
    await service.begin(gm, here, 'init begin', {});
    const elsewhere = processService(9);
    await elsewhere.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
    const hit = await service.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '4' });
    expect(combatant(hit.encounter, 'Ogre').rules.hp).toBe(55);
  });

  it('keeps the tracker message id in every copy', async () => {
    const begun = await service.begin(gm, here, 'init begin', {});
    const elsewhere = processService(9);
    await elsewhere.apply(alice, here, 'init join', joinEncounter, { hp: 10, initiative: 3 });
    await service.setTrackerMessage(here, begun.encounter.id, 'message-1');
    expect((await service.apply(bob, here, 'init join', joinEncounter, { hp: 9, initiative: 4 })).encounter.trackerMessageId).toBe(
      'message-1',
    );
    expect((await elsewhere.apply(gm, here, 'init next', nextTurn)).encounter.trackerMessageId).toBe('message-1');
  });

  /** Services as separate bot processes on one database would have them: each with its own memory. */
  function replicas(count: number): EncounterService[] {
    return [service, ...Array.from({ length: count - 1 }, (_, i) => processService(20 + i))];
  }

  it.each([1, 5])('applies 50 concurrent `damage 1` on one combatant from %i process(es): exactly 50 HP lost', async (processes) => {
    await service.begin(gm, here, 'init begin', {});
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 120, initiative: 8 });
    const senders = replicas(processes);
    const before = counting.statements();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (senders[i % processes] ?? service).apply(alice, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '1' }),
      ),
    );
    const statements = counting.statements() - before;
    expect(results).toHaveLength(50);
    expect(combatant(await current(), 'Ogre').rules.hp).toBe(70);
    expect(new Set(results.map((r) => r.encounter.version)).size).toBe(50);
    // A process queues its own commands; racing processes queue on the row lock: never dozens of statements.
    expect(statements / 50).toBeLessThanOrEqual(processes === 1 ? 1 : 8);
    const log = await service.log(here, 25);
    expect(log.filter((entry) => entry.command === 'hp damage')).toHaveLength(25);
  });

  it('takes 50 concurrent `damage 1` from 20 temporary HP first, then 30 from HP', async () => {
    await service.begin(gm, here, 'init begin', {});
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 120, initiative: 8 });
    await service.apply(gm, here, 'hp temp', grantTempHp, { target: 'Ogre', amount: '20' });
    const senders = replicas(3);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        (senders[i % 3] ?? service).apply(bob, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '1' }),
      ),
    );
    expect(combatant(await current(), 'Ogre').rules).toMatchObject({ tempHp: 0, hp: 90 });
  });

  it.each([1, 4])('advances exactly 20 turns for 20 concurrent `next` from %i process(es)', async (processes) => {
    await service.begin(gm, here, 'init begin', {});
    for (const [name, initiative] of [
      ['A', 20],
      ['B', 16],
      ['C', 12],
    ] as const)
      await service.apply(gm, here, 'init add', addMonsters, { name, hp: 10, initiative });
    await service.apply(gm, here, 'init next', nextTurn);
    const senders = replicas(processes);
    await Promise.all(Array.from({ length: 20 }, (_, i) => (senders[i % processes] ?? service).apply(gm, here, 'init next', nextTurn)));
    const encounter = await current();
    // Turn 1 was A's in round 1; the 21st turn is the 3rd of round 7 (20 = 6 × 3 + 2): C's.
    expect(encounter.round).toBe(7);
    expect(encounter.currentId).toBe(combatant(encounter, 'C').id);
    expect(encounter.version).toBe(3 + 1 + 20);
  });

  it('lets only one of two racing `begin`s start an encounter in a channel', async () => {
    const outcomes = await Promise.allSettled([
      service.begin(gm, here, 'init begin', { name: 'First' }),
      service.begin(alice, here, 'init begin', { name: 'Second' }),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected');
    const reason: unknown = refused?.status === 'rejected' ? refused.reason : null;
    expect(reason).toBeInstanceOf(CombatRefusal);
    expect(reason instanceof CombatRefusal && refusalText(reason.refusal)).toMatch(
      /^This channel already has (First|Second) \(game master: (Dana|Alice)\)\./,
    );
  });

  it('allows a new encounter in the channel once the last one ended', async () => {
    await service.begin(gm, here, 'init begin', { name: 'First' });
    const ended = await service.apply(gm, here, 'init end', endEncounter);
    expect(ended.encounter.endedAt).not.toBeNull();
    expect(await service.get(here)).toBeNull();
    const again = await service.begin(alice, here, 'init begin', { name: 'Second' });
    expect(again.encounter.gameMasterId).toBe('alice');
  });

  it('does not make one channel wait for another channel whose encounter is locked', async () => {
    await service.begin(gm, here, 'init begin', {});
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 50, initiative: 8 });
    await service.begin(gm, there, 'init begin', {});
    await service.apply(gm, there, 'init add', addMonsters, { name: 'Wight', hp: 45, initiative: 14 });
    const locker = new pg.Client({ connectionString: db.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query("SELECT id FROM encounters WHERE active_channel_id = 'tavern' FOR UPDATE");
      let tavernDone = false;
      const tavern = service.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '5' }).then(() => {
        tavernDone = true;
      });
      const crypt = await service.apply(gm, there, 'hp damage', dealDamage, { target: 'Wight', amount: '5' });
      expect(combatant(crypt.encounter, 'Wight').rules.hp).toBe(40);
      expect(tavernDone).toBe(false);
      await locker.query('COMMIT');
      await tavern;
      expect(combatant(await current(here), 'Ogre').rules.hp).toBe(45);
    } finally {
      await locker.end();
    }
  });

  it('undoes the last change from the log, and only for its author or the game master', async () => {
    await service.begin(gm, here, 'init begin', {});
    await service.apply(alice, here, 'init join', joinEncounter, { name: 'Alice', hp: 12, initiative: 15 });
    await service.apply(alice, here, 'init concentrate', startConcentration, { target: 'Alice', effect: 'Bless' });
    // A table where players may harm each other's combatants (`/config harm players:anyone`).
    await service.apply(bob, here, 'hp damage', dealDamage, { target: 'Alice', amount: '5', anyoneMayHarm: true });
    await expect(service.undo(alice, here, 'init undo')).rejects.toEqual(
      new CombatRefusal({ kind: 'not-game-master', gameMasterName: 'Dana', doing: "undo Bob's change (hp damage)" }),
    );

    const undone = await service.undo(bob, here, 'init undo');
    expect(undone.events).toEqual([{ kind: 'undone', command: 'hp damage', actorName: 'Bob', detail: 'Alice: 5 damage' }]);
    const alive = combatant(await current(), 'Alice');
    expect(alive.rules.hp).toBe(12);
    expect(alive.pendingConcentrationDcs).toEqual([]);
    expect(alive.rules.concentration).toBe('Bless');

    // The next undo reverts the change before: the concentration.
    await service.undo(alice, here, 'init undo');
    expect(combatant(await current(), 'Alice').rules.concentration).toBeNull();
    expect((await current()).effects).toEqual([]);

    const log = await service.log(here, 10);
    expect(log.map((e) => [e.command, e.undone])).toEqual([
      ['init undo', false],
      ['init undo', false],
      ['hp damage', true],
      ['init concentrate', true],
      ['init join', false],
      ['init begin', false],
    ]);
  });

  it('undoes what this process saved in one statement, change after change, to the very state the log gives', async () => {
    await service.begin(gm, here, 'init begin', {});
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
    await service.apply(alice, here, 'init join', joinEncounter, { name: 'Alice', hp: 12, initiative: 15 });
    await service.apply(alice, here, 'init concentrate', startConcentration, { target: 'Alice', effect: 'Bless' });
    await service.apply(gm, here, 'init next', nextTurn);
    await service.apply(gm, here, 'hp damage', dealDamage, { target: 'Alice', amount: '5' });
    const states = [await current()];
    for (const undoing of ['hp damage', 'init next', 'init concentrate']) {
      const before = counting.statements();
      const undone = await service.undo(gm, here, 'init undo');
      expect(counting.statements() - before).toBe(1);
      expect(undone.events).toEqual([expect.objectContaining({ kind: 'undone', command: undoing })]);
      // What another process reads back from the database is what this one computed from memory.
      expect(await processService(9).get(here)).toEqual(undone.encounter);
      states.push(undone.encounter);
    }
    expect(states.map((state) => [state.round, combatant(state, 'Alice').rules.hp, combatant(state, 'Alice').rules.concentration])).toEqual(
      [
        [1, 7, 'Bless'],
        [1, 12, 'Bless'],
        [0, 12, 'Bless'],
        [0, 12, null],
      ],
    );
    expect((await current()).effects).toEqual([]);
  });

  it('reads the log for an undo once the changes this process kept are used up, or another process changed the fight', async () => {
    await service.begin(gm, here, 'init begin', {});
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
    for (let hit = 1; hit <= 6; hit += 1) await service.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: String(hit) });
    const statementsPerUndo: number[] = [];
    for (let undo = 1; undo <= 6; undo += 1) {
      const before = counting.statements();
      await service.undo(gm, here, 'init undo');
      statementsPerUndo.push(counting.statements() - before);
    }
    // The latest five are kept: the sixth undo loads the change it reverts with the encounter, then saves.
    expect(statementsPerUndo).toEqual([1, 1, 1, 1, 1, 2]);
    expect(combatant(await current(), 'Ogre').rules.hp).toBe(59);

    await service.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '10' });
    await processService(9).apply(bob, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '7', anyoneMayHarm: true });
    // This process's copy is a version behind: its save finds out, and the undo reverts the other process's hit.
    const before = counting.statements();
    const undone = await service.undo(gm, here, 'init undo');
    expect(counting.statements() - before).toBe(3);
    expect(undone.events).toEqual([{ kind: 'undone', command: 'hp damage', actorName: 'Bob', detail: 'Ogre: 7 damage' }]);
    expect(combatant(undone.encounter, 'Ogre').rules.hp).toBe(49);
    const log = await service.log(here, 4);
    expect(log.map((e) => [e.actorName, e.command, e.undone])).toEqual([
      ['Dana', 'init undo', false],
      ['Bob', 'hp damage', true],
      ['Dana', 'hp damage', false],
      ['Dana', 'init undo', false],
    ]);
  });
});

describe('reading the encounter for /init list and buttons', () => {
  it('costs one statement and re-reads nothing while the encounter is unchanged, yet sees a change by another process', async () => {
    await service.begin(gm, here, 'init begin', {});
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 120, initiative: 8 });
    const before = counting.statements();
    const first = await current();
    expect(await current()).toBe(first);
    expect(counting.statements() - before).toBe(2);
    const replica = processService(9);
    await replica.apply(bob, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '30' });
    expect(combatant(await current(), 'Ogre').rules.hp).toBe(90);
    await service.apply(gm, here, 'init end', endEncounter);
    expect(await service.get(here)).toBeNull();
  });
});

describe('reading an encounter by its id for the tracker', () => {
  it('costs one statement and returns nothing while unchanged, then the newest state, the end included, after another process', async () => {
    const begun = await service.begin(gm, here, 'init begin', {});
    const shown = (await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 120, initiative: 8 })).encounter;
    const before = counting.statements();
    expect(await service.newer(shown)).toBeNull();
    expect(counting.statements() - before).toBe(1);
    const replica = processService(9);
    const ended = (await replica.apply(gm, here, 'init end', endEncounter)).encounter;
    await replica.begin(gm, here, 'init begin', { name: 'Rematch' });
    const latest = await service.newer(shown);
    expect(latest).toMatchObject({ id: begun.encounter.id, version: ended.version });
    expect(latest?.endedAt).not.toBeNull();
    expect(latest?.combatants.map((c) => c.name)).toEqual(['Ogre']);
    expect(await service.newer(ended)).toBeNull();
  });
});

/** Every node of a JSON plan, depth first. */
function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

describe('the log query', () => {
  it('reads the newest entries from the encounter index, not through every event of other encounters', async () => {
    await service.begin(gm, here, 'init begin', {});
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 120, initiative: 8 });
    await service.begin(gm, there, 'init begin', {});
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      // A busy table elsewhere, and many fights that ended, so the events table is large.
      await client.query(`
        INSERT INTO encounters (id, guild_id, channel_id, name, game_master_id, game_master_name, ruleset, round,
          auto_death_saves, auto_concentration_saves, version, next_seq, created_at, ended_at)
        SELECT gen_random_uuid(), 'guild', 'old-' || n, 'Old', 'gm', 'Dana', 'dnd2024', 1, true, false, 0, 1, now(), now()
        FROM generate_series(1, 200) n`);
      await client.query(
        `
        INSERT INTO encounter_events (encounter_id, actor_id, actor_name, command, detail, after, created_at)
        SELECT e.id, 'gm', 'Dana', 'hp damage', 'x', '{}'::jsonb, now()
        FROM encounters e, generate_series(1, 250)
        WHERE e.channel_id <> $1`,
        [here.channelId],
      );
      await client.query('ANALYZE');
      await client.query(`PREPARE log_query(text, int) AS ${LOG_SQL}`);
      for (const mode of ['force_custom_plan', 'force_generic_plan']) {
        await client.query(`SET plan_cache_mode = ${mode}`);
        const explained = await client.query<{ 'QUERY PLAN': { Plan: PlanNode }[] }>(
          `EXPLAIN (FORMAT JSON) EXECUTE log_query('${here.channelId}', 25)`,
        );
        const nodes = planNodes(explained.rows[0]?.['QUERY PLAN'][0]?.Plan ?? { 'Node Type': 'none' });
        expect(nodes.filter((n) => n['Node Type'] === 'Sort')).toEqual([]);
        const events = nodes.filter((n) => n['Relation Name'] === 'encounter_events');
        expect(events.map((n) => [n['Node Type'], n['Index Name']])).toEqual([['Index Scan', 'encounter_events_encounter_id_id_idx']]);
      }
    } finally {
      await client.end();
    }
    expect((await service.log(here, 25)).map((entry) => entry.command)).toEqual(['init add', 'init begin']);
    await expect(service.log({ guildId: 'guild', channelId: 'old-1' }, 5)).rejects.toEqual(new CombatRefusal({ kind: 'no-encounter' }));
  });
});

describe('the end of a fight and the sheets it writes back, in one write', () => {
  /** Alice's stored character, 3rd level with 24 HP, in a fight at the tavern with an Ogre hitting her for 9. */
  async function aliceHitInAFight(): Promise<Character> {
    const characters = createCharacterStore(counting.prisma);
    const sheet = applySheetChanges(null, 'Alice', { level: 3, maxHp: 24, scores: { con: 14 } });
    const character = await characters.create({ guildId: here.guildId, ownerId: alice.userId }, sheet, freshState(sheet));
    if (character === null) throw new Error('Alice was not created');
    await service.begin(gm, here, 'init begin', { name: 'Ambush' });
    await service.apply(alice, here, 'init join', joinEncounter, { ...joinInputFor(character, 'dnd2024'), initiative: 15 });
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
    // Round 1: a fight ended before it has no recap to read back.
    await service.apply(gm, here, 'init next', nextTurn);
    await service.apply(gm, here, 'hp damage', dealDamage, { target: 'Alice', amount: '9' });
    return character;
  }

  it('ends the fight and writes Alice back at 15 HP in one statement, and the recap reads the fight that statement saw', async () => {
    const character = await aliceHitInAFight();
    const before = counting.statements();
    const fight = await service.end(gm, here, 'init end', sheetsAfterFight);
    expect(counting.statements() - before).toBe(1);

    expect(fight.encounter.endedAt).not.toBeNull();
    expect(fight.entries.map((e) => [e.command, e.detail])).toEqual([
      ['init begin', 'began Ambush'],
      ['init join', 'Alice joined (initiative 15)'],
      ['init add', 'added Ogre (initiative 8)'],
      ['init next', "round 1, Alice's turn"],
      ['hp damage', 'Alice: 9 damage'],
      ['init end', 'ended Ambush after 1 round'],
    ]);
    // Read back as the next command would: the fight ended, the sheet at 24 - 9.
    expect(await service.get(here)).toBeNull();
    expect((await service.fight(here, 'ended')).entries).toHaveLength(6);
    expect((await createCharacterStore(counting.prisma).get(character.id))?.hp).toBe(15);
  });

  it('keeps the fight running when the sheet write fails: nothing of the end is saved', async () => {
    const character = await aliceHitInAFight();
    // A sheet that cannot be written, as a broken disk or a constraint would refuse it.
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query(`CREATE FUNCTION refuse_sheets() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'sheet write refused'; END $$`);
    await admin.query('CREATE TRIGGER refuse_sheets BEFORE UPDATE ON characters FOR EACH ROW EXECUTE FUNCTION refuse_sheets()');
    await admin.end();

    await expect(service.end(gm, here, 'init end', sheetsAfterFight)).rejects.toThrow(/sheet write refused/);
    const running = await current();
    expect(running.endedAt).toBeNull();
    expect((await service.log(here, 25)).map((e) => e.command)).not.toContain('init end');
    expect((await createCharacterStore(counting.prisma).get(character.id))?.hp).toBe(24);
  });
});

describe("wording a change's reply while its save is on its way", () => {
  /** The Ogre's hit points as a reply to the change would give them, with the version it was worded on. */
  const ogreWords = (result: EncounterResult) => ({ hp: combatant(result.encounter, 'Ogre').rules.hp, version: result.encounter.version });

  it('words the change after its statement is sent and before its answer is back, and the words are the saved outcome', async () => {
    const steps: string[] = [];
    const pool = new pg.Pool({ connectionString: db.url, max: 2 });
    pool.on('connect', (client) => {
      const send = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
        const last = args.length - 1;
        const answered = args[last];
        if (typeof answered !== 'function') return send(...args);
        steps.push('sent');
        return send(...args.slice(0, last), (...result: unknown[]) => {
          steps.push('answered');
          (answered as (...result: unknown[]) => void)(...result);
        });
      };
    });
    const prisma = prismaOn(pool, { prepared: true });
    try {
      const own = createEncounterService({ prisma, random: createSeededRandom(3), now: () => new Date(), describe: noteText });
      await own.begin(gm, here, 'init begin', {});
      const added = await own.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
      steps.length = 0;
      const word = (result: EncounterResult) => {
        steps.push('worded');
        return ogreWords(result);
      };
      const { result, words } = await own.applyWorded(gm, here, 'hp damage', word, dealDamage, { target: 'Ogre', amount: '10' });
      expect(steps).toEqual(['sent', 'worded', 'answered']);
      expect(words).toEqual({ hp: 49, version: added.encounter.version + 1 });
      expect(words).toEqual(ogreWords(result));
      expect(ogreWords({ encounter: await current(), events: [] })).toEqual(words);
    } finally {
      await prisma.$disconnect();
    }
  });

  it('words it again when another process changed the encounter first, and gives back the words of what was saved', async () => {
    await service.begin(gm, here, 'init begin', {});
    await service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
    const elsewhere = processService(9);
    await elsewhere.apply(alice, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '5' });
    const worded: number[] = [];
    const word = (result: EncounterResult) => {
      worded.push(combatant(result.encounter, 'Ogre').rules.hp);
      return ogreWords(result);
    };
    // This service's copy is a version behind: the words of its first try (59 - 4) are not what was saved.
    const { result, words } = await service.applyWorded(gm, here, 'hp damage', word, dealDamage, { target: 'Ogre', amount: '4' });
    expect(worded).toEqual([55, 50]);
    expect(words).toEqual({ hp: 50, version: result.encounter.version });
    expect((await current()).version).toBe(result.encounter.version);
  });

  it('words nothing when the change is refused', async () => {
    await service.begin(gm, here, 'init begin', {});
    const word = jest.fn(ogreWords);
    await expect(service.applyWorded(gm, here, 'hp damage', word, dealDamage, { target: 'Nobody', amount: '4' })).rejects.toBeInstanceOf(
      CombatRefusal,
    );
    expect(word).not.toHaveBeenCalled();
  });
});

describe('a save that fails on its way', () => {
  const SAVE = 'UPDATE encounters e SET';

  /** A process of its own on a pool whose queries `around` may delay or fail, listening as if alone on the database. */
  function faultyProcess(around: (text: string, send: () => Promise<unknown>) => Promise<unknown>) {
    const pool = new pg.Pool({ connectionString: db.url, max: 4 });
    const query = pool.query.bind(pool) as (config: unknown, ...rest: unknown[]) => Promise<unknown>;
    (pool as unknown as { query: unknown }).query = (config: { text?: string }, ...rest: unknown[]) =>
      around(typeof config === 'object' ? (config.text ?? '') : String(config), () => query(config, ...rest));
    const heard = new HeardVersions();
    heard.setListening(true);
    const prisma = prismaOn(pool, { prepared: false });
    return {
      pool,
      prisma,
      service: createEncounterService({ prisma, random: createSeededRandom(1), now: () => new Date(), describe: noteText, heard }),
    };
  }

  it('shows what the database holds after a save that committed but whose answer was lost', async () => {
    let losing = false;
    const own = faultyProcess(async (text, send) => {
      const answer = await send();
      if (losing && text.includes(SAVE)) {
        losing = false;
        throw new Error('Connection terminated unexpectedly');
      }
      return answer;
    });
    try {
      await own.service.begin(gm, here, 'init begin', {});
      await own.service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
      losing = true;
      await expect(own.service.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '10' })).rejects.toThrow();
      expect(ogreHp(await current())).toBe(49);
      // `/init list` and the buttons read this process's copy while it vouches for it.
      expect(ogreHp(await own.service.seen(here))).toBe(49);
    } finally {
      await own.prisma.$disconnect();
    }
  });

  it('loses no later change of another process after a locked try whose COMMIT failed', async () => {
    const killer = new pg.Client({ connectionString: db.url });
    await killer.connect();
    const elsewhere = processService(2);
    // Another process changes the Ogre before each of this one's next two saves: its cached and its fresh
    // try both lose, and it takes the encounter's row lock, whose COMMIT then loses its connection.
    let racing = 0;
    const own = faultyProcess(async (text, send) => {
      if (racing > 0 && text.includes(SAVE)) {
        racing -= 1;
        await elsewhere.apply(alice, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '1' });
      }
      return send();
    });
    let cutting = false;
    own.pool.on('connect', (client) => {
      const send = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => Promise<unknown>;
      (client as unknown as { query: unknown }).query = async (config: unknown, ...rest: unknown[]) => {
        if (config === 'COMMIT' && cutting) {
          cutting = false;
          const backend = (client as unknown as { processID: number }).processID;
          await killer.query('SELECT pg_terminate_backend($1)', [backend]);
        }
        return send(config, ...rest);
      };
    });
    try {
      await own.service.begin(gm, here, 'init begin', {});
      await own.service.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
      [racing, cutting] = [2, true];
      await expect(own.service.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '10' })).rejects.toThrow();
      expect([ogreHp(await current()), ogreHp(await own.service.seen(here))]).toEqual([57, 57]);
      // The version the failed try would have saved is now another process's hit.
      await elsewhere.apply(alice, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '5' });
      const hit = await own.service.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '3' });
      expect([ogreHp(hit.encounter), ogreHp(await current())]).toEqual([49, 49]);
    } finally {
      await killer.end();
      await own.prisma.$disconnect();
    }
  });
});

describe('a process that starts listening while another one saves', () => {
  it('does not vouch for the version that save replaces', async () => {
    const heardOther = new HeardVersions();
    const otherListener = await listenInto(heardOther);
    const other = processService(2, heardOther);
    const heard = new HeardVersions();
    const starting = processService(1, heard);
    const [holder, watcher] = [new pg.Client({ connectionString: db.url }), new pg.Client({ connectionString: db.url })];
    await Promise.all([holder.connect(), watcher.connect()]);
    let listener: Awaited<ReturnType<typeof listenInto>> | undefined;
    try {
      await other.begin(gm, here, 'init begin', {});
      await other.apply(gm, here, 'init add', addMonsters, { name: 'Ogre', hp: 59, initiative: 8 });
      // The encounter's row is held a moment (a third process's locked try): the other process's save
      // has begun, and waits for it.
      await holder.query('BEGIN');
      await holder.query("SELECT 1 FROM encounters WHERE active_channel_id = 'tavern' FOR UPDATE");
      const hit = other.apply(gm, here, 'hp damage', dealDamage, { target: 'Ogre', amount: '10' });
      // Not asked on the holder's connection: inside a transaction, pg_stat_activity does not change.
      const waiting = async (query: string) =>
        (
          await watcher.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE $1",
            [`${query}%`],
          )
        ).rows[0]?.n === 1;
      await waitUntil(() => waiting('WITH enc AS (\n  UPDATE encounters'), 'the save waiting for the row');
      // This process starts meanwhile, and reads the fight as its registration comes through (or waits).
      const listening = listenInto(heard).then((started) => (listener = started));
      await waitUntil(async () => heard.since !== null || (await waiting('LOCK TABLE')), 'the registration through, or waiting');
      expect(ogreHp(await starting.seen(here))).toBe(59);
      await holder.query('ROLLBACK');
      expect(ogreHp((await hit).encounter)).toBe(49);
      await listening;
      expect(ogreHp(await starting.seen(here))).toBe(49);
    } finally {
      await Promise.all([holder.end(), watcher.end(), otherListener.close(), listener?.close()]);
    }
  });
});
