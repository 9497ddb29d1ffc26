import pino from 'pino';
import { buildServices } from '../../../src/app';
import type { Encounter } from '../../../src/combat/types';
import { createCountingPrisma, type CountingPrisma } from '../../../src/db/encounter-statement-counter';
import type { LiveListener } from '../../../src/db/live-listener';
import { createTestDatabase, type TestDatabase } from '../../support/database';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy';
import { waitUntil } from '../../support/wait-until';
import {
  ALICE,
  BOB,
  GM,
  ListeningPair,
  MODERATOR,
  ScriptedRandom,
  Table,
  buttonsOf,
  listeningProcess,
  openTablePer,
  refused,
  text,
} from './support';
import { chartRenderer } from '../../support/chart-renderers';

/** Where the tables' commands run. */
const PLACE = { guildId: 'guild-1', channelId: 'channel-1' };

/** The statements `run` sends through `counting`. */
async function statementsOf(counting: CountingPrisma, run: () => Promise<unknown>): Promise<number> {
  const before = counting.statements();
  await run();
  return counting.statements() - before;
}

/*
 * A command is one SQL statement once this process has seen the encounter: its save, whatever it
 * checks first. The table's messenger edits the tracker before the reply, from the saved state, so
 * no catch-up read follows here.
 */
describe('what a command costs on PostgreSQL once the encounter is known', () => {
  let db: TestDatabase;
  let counting: CountingPrisma;
  let table: Table;

  beforeAll(async () => {
    db = await createTestDatabase();
    counting = createCountingPrisma(db.url, 2);
    table = new Table(
      buildServices({ prisma: counting.prisma, random: new ScriptedRandom(1), logger: pino({ level: 'silent' }), charts: chartRenderer() }),
    );
    await table.run(GM, 'init', 'begin', { name: 'Costs' });
    await table.run(GM, 'init', 'add', { name: 'Orc', hp: 500, ac: 13, count: 2 });
    await table.run(GM, 'init', 'add', { monster: 'Goblin Warrior', hp: '500' });
    await table.run(GM, 'init', 'next');
  });

  afterAll(async () => {
    await counting.prisma.$disconnect();
    await db.drop();
  });

  it('spends one statement on the Next turn button, its check that the button is this fight’s included', async () => {
    const [, next] = buttonsOf(table.tracker());
    expect(next?.label).toBe('Next turn');
    expect(await statementsOf(counting, () => table.press(GM, next?.customId ?? ''))).toBe(1);
  });

  it('spends one statement on a concentration save button, its check that the button is this fight’s included', async () => {
    await table.run(GM, 'init', 'concentrate', { target: 'Orc 1', effect: 'Bless' });
    const [save] = buttonsOf(await table.run(GM, 'hp', 'damage', { target: 'Orc 1', amount: '1' }));
    expect(save?.label).toBe('Roll concentration save (DC 10)');
    expect(await statementsOf(counting, () => table.press(GM, save?.customId ?? ''))).toBe(1);
  });

  it('spends one statement on /attack action:, the attacker found on the state this process saw', async () => {
    expect(
      await statementsOf(counting, () =>
        table.run(GM, 'attack', null, { attacker: 'Goblin Warrior', action: 'Scimitar', target: 'Orc 1' }),
      ),
    ).toBe(1);
  });

  it('sends what a hit changed, not the combatant: its columns, and its hit points in the log', async () => {
    const before = counting.parameterBytes();
    const statements = await statementsOf(counting, () => table.run(GM, 'hp', 'damage', { target: 'Orc 2', amount: '1' }));
    const sent = counting.parameterBytes() - before;
    expect(statements).toBe(1);
    // The whole row, and the whole combatant before and after in the log, came to some 4,200.
    expect(sent).toBeLessThan(2_600);
  });

  it('keeps the last statement sent, for the benchmark to send again: a hit’s save, with the version it expected', async () => {
    await table.run(GM, 'hp', 'damage', { target: 'Orc 1', amount: '2' });
    const last = counting.lastStatement();
    const [saved] = await db.prisma.$queryRawUnsafe<{ id: string; version: number }[]>('SELECT id::text, version FROM encounters');
    expect(last?.text).toMatch(/^WITH enc AS \(\s+UPDATE encounters/);
    expect(last?.values.slice(0, 2)).toEqual([saved?.id, (saved?.version ?? 0) - 1]);
    const payload = JSON.parse(String(last?.values[2])) as { changedCombatants: { id: string; hp: number }[] };
    expect(payload.changedCombatants.map((row) => Object.keys(row))).toEqual([['id', 'hp']]);
  });

  it("spends two statements on /init add monster:, the server's homebrew asked first, the book the fight's", async () => {
    expect(await statementsOf(counting, () => table.run(GM, 'init', 'add', { monster: 'Goblin Boss', hp: '30' }))).toBe(2);
  });

  it('spends one statement on /condition add, the group question asked of the state this process saw', async () => {
    expect(await statementsOf(counting, () => table.run(GM, 'condition', 'add', { target: 'Orc 2', condition: 'Poisoned' }))).toBe(1);
  });

  it('spends one statement on /init undo of changes this process saved, undo after undo, a refused command between included', async () => {
    await table.run(GM, 'hp', 'damage', { target: 'Orc 2', amount: '4' });
    await table.run(GM, 'hp', 'heal', { target: 'Orc 2', amount: '1' });
    expect(refused(await table.run(GM, 'init', 'act', { target: 'Orc 1' }))).toMatch(/not delaying/);
    const replies: string[] = [];
    const statements: number[] = [];
    for (let undo = 0; undo < 2; undo += 1) {
      const before = counting.statements();
      replies.push(text(await table.run(GM, 'init', 'undo')));
      statements.push(counting.statements() - before);
    }
    expect(statements).toEqual([1, 1]);
    expect(replies).toEqual([
      expect.stringMatching(/^Undone: `\/hp heal` by Gina/),
      expect.stringMatching(/^Undone: `\/hp damage` by Gina/),
    ]);
  });

  it('reads the sheets of every character in the fight at once for /attack bonus:str, however many joined', async () => {
    for (const [player, name] of [
      [ALICE, 'Merric'],
      [BOB, 'Bram'],
      [MODERATOR, 'Tess'],
    ] as const) {
      await table.run(player, 'character', 'create', { name, level: 5, str: 16, hp: 30 });
      await table.run(player, 'init', 'join', {});
    }
    // The three sheets of the fight as this process saw it (Prisma batches the lookups of one tick
    // into one read), then the save; which combatant attacks is decided on the fight as it stands.
    let said = '';
    const attack = async () => {
      said = text(await table.run(BOB, 'attack', null, { target: 'Orc 2', bonus: 'str', damage: '1d8' }));
    };
    expect(await statementsOf(counting, attack)).toBe(2);
    expect(said).toMatch(/^\*\*Bram\*\* makes a melee weapon attack on \*\*Orc 2\*\*: d20 \d+ \+ 3 \(Str\) \+ 3 \(proficiency\)/);
  });
});

describe('a monster action after another process moved the turn', () => {
  let db: TestDatabase;
  const processes: Table[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    // Two bot processes on one database, each remembering the encounter as it last saw it.
    for (let i = 0; i < 2; i += 1) {
      processes.push(
        new Table(
          buildServices({ prisma: db.prisma, random: new ScriptedRandom(1), logger: pino({ level: 'silent' }), charts: chartRenderer() }),
        ),
      );
    }
  });

  afterAll(() => db.drop());

  it('is refused rather than made by the combatant whose turn it was', async () => {
    const [ours, theirs] = processes;
    if (ours === undefined || theirs === undefined) throw new Error('two processes');
    await ours.run(GM, 'init', 'begin', { name: 'Race' });
    await ours.run(GM, 'init', 'add', { monster: 'Goblin Warrior', hp: '50', initiative: 30 });
    await ours.run(GM, 'init', 'add', { name: 'Orc', hp: 15, ac: 13, initiative: 10 });
    await ours.run(GM, 'init', 'next');
    await theirs.run(GM, 'init', 'next');
    expect(refused(await ours.run(GM, 'attack', null, { action: 'Scimitar', target: 'Orc' }))).toBe(
      '⚠️ The turn moved on while you acted: **Goblin Warrior** no longer acts. Run the command again.',
    );
    expect(text(await ours.run(GM, 'init', 'list'))).toContain('**Orc** · 15/15 HP');
  });
});

describe('a turn button of an ended fight, pressed while the next fight runs', () => {
  let table: Table;
  openTablePer('test', (opened) => ({ table } = opened), 1, 'memory');

  it('is refused and leaves the running fight where it was', async () => {
    await table.run(GM, 'init', 'begin', { name: 'First' });
    await table.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, count: 2 });
    const [, oldNext] = buttonsOf(table.tracker());
    const [confirm] = buttonsOf(await table.run(GM, 'init', 'end'));
    await table.press(GM, confirm?.customId ?? '');
    await table.run(GM, 'init', 'begin', { name: 'Second' });
    await table.run(GM, 'init', 'add', { name: 'Ogre', hp: 59, ac: 11 });
    expect(refused(await table.press(GM, oldNext?.customId ?? ''))).toBe('⚠️ That encounter is over; this button no longer does anything.');
    expect(text(await table.run(GM, 'init', 'list')).split('\n')[1]).toBe('Not started yet: **Next turn** starts round 1.');
  });

  it('is refused once no fight runs in the channel', async () => {
    await table.run(GM, 'init', 'begin', { name: 'Only' });
    const [, next] = buttonsOf(table.tracker());
    const [confirm] = buttonsOf(await table.run(GM, 'init', 'end'));
    await table.press(GM, confirm?.customId ?? '');
    expect(refused(await table.press(GM, next?.customId ?? ''))).toBe('⚠️ That encounter is over; this button no longer does anything.');
  });
});

describe('what a handler finds on the state this process saw, once another process has changed it', () => {
  const pair = ListeningPair.forSuite();

  it('finds a caster and a monster the other process added, then answers from memory again', async () => {
    await pair.ours.run(GM, 'init', 'begin', { name: 'Replicas' });
    await pair.ours.run(GM, 'init', 'add', { name: 'Orc', hp: 500, ac: 13, initiative: 10 });
    await pair.theirs.run(GM, 'init', 'add', { monster: 'Mage', hp: '500', initiative: 30 });
    await pair.heardTheirSave();
    let said = '';
    // The fight as the other process's notice said it saved it: no read, the save alone.
    expect(
      await statementsOf(pair.counting, async () => {
        said = text(await pair.ours.run(GM, 'cast', null, { caster: 'Mage', spell: 'Fireball', target: 'Orc' }));
      }),
    ).toBe(1);
    expect(said).toMatch(/^\*\*Mage\*\* casts \*\*Fireball\*\* \(3rd level\)\.\nOrc's Dexterity save \(DC 14\)/);
    expect(
      await statementsOf(pair.counting, async () => {
        said = text(await pair.ours.run(GM, 'attack', null, { attacker: 'Mage', action: 'Arcane Burst', target: 'Orc' }));
      }),
    ).toBe(1);
    expect(said).toMatch(/^\*\*Mage\*\* uses \*\*Arcane Burst\*\*\./);
  });

  it('takes the attack bonus from the sheet of a character who joined through the other process', async () => {
    await pair.theirs.run(ALICE, 'character', 'create', { name: 'Merric', level: 5, str: 16, hp: 30 });
    await pair.theirs.run(ALICE, 'init', 'join', {});
    await pair.heardTheirSave();
    const said = text(await pair.ours.run(ALICE, 'attack', null, { target: 'Orc', bonus: 'str', damage: '1d8' }));
    expect(said).toMatch(/^\*\*Merric\*\* makes a melee weapon attack on \*\*Orc\*\*: d20 \d+ \+ 3 \(Str\) \+ 3 \(proficiency\)/);
  });

  it('puts a condition on the whole group the other process made, not on the members it knew of', async () => {
    await pair.ours.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, count: 2 });
    await pair.theirs.run(GM, 'init', 'add', { name: 'Goblin', hp: 7, ac: 15, count: 2 });
    await pair.heardTheirSave();
    const asked = await pair.ours.run(GM, 'condition', 'add', { target: 'Goblin', condition: 'Poisoned' });
    // In initiative order, which the dice decide.
    const [asks] = text(asked).split('\n');
    expect(asks).toMatch(/^\*\*Goblin\*\* stands for Goblin \d, Goblin \d, Goblin \d and Goblin \d\. Put \*\*Poisoned\*\* on all 4\?$/);
    expect(asks?.match(/Goblin \d/g)?.toSorted()).toEqual(['Goblin 1', 'Goblin 2', 'Goblin 3', 'Goblin 4']);
  });

  /** This process's copy of the fight, with the statements finding it took, and the fight as a read by a process with no copy finds it. */
  async function bothCopies(): Promise<{ kept: Encounter | null; statements: number; read: Encounter | null }> {
    let kept: Encounter | null = null;
    const statements = await statementsOf(pair.counting, async () => {
      kept = await pair.ours.services.encounters.seen(PLACE);
    });
    const reader = buildServices({
      prisma: pair.db.prisma,
      random: new ScriptedRandom(1),
      logger: pino({ level: 'silent' }),
      charts: chartRenderer(),
    });
    return { kept, statements, read: await reader.encounters.get(PLACE) };
  }

  it("keeps its copy of the fight as a read finds it, from the rows each of the other process's saves wrote", async () => {
    const changes: [string, () => Promise<unknown>][] = [
      ['a hit', () => pair.theirs.run(GM, 'hp', 'damage', { target: 'Orc', amount: '5' })],
      ['the next turn', () => pair.theirs.run(GM, 'init', 'next')],
      ['a condition', () => pair.theirs.run(GM, 'condition', 'add', { target: 'Orc', condition: 'Prone' })],
      ['a concentration spell', () => pair.theirs.run(GM, 'cast', null, { caster: 'Mage', spell: 'Invisibility', target: 'Mage' })],
      ['a hit on the concentrating caster', () => pair.theirs.run(GM, 'hp', 'damage', { target: 'Mage', amount: '30' })],
      ['a condition taken off', () => pair.theirs.run(GM, 'condition', 'remove', { target: 'Orc', condition: 'Prone' })],
      ['a combatant removed, those after it moving up', () => pair.theirs.run(GM, 'init', 'remove', { target: 'Goblin 2' })],
      ['the removal undone', () => pair.theirs.run(GM, 'init', 'undo')],
      ['healing', () => pair.theirs.run(GM, 'hp', 'heal', { target: 'Orc', amount: '3' })],
      ['a combatant added last', () => pair.theirs.run(GM, 'init', 'add', { name: 'Troll', hp: 84, ac: 15, initiative: 1 })],
      // Every combatant after it moves down a place: its place alone goes in the notice.
      ['a combatant added early', () => pair.theirs.run(GM, 'init', 'add', { name: 'Ogre', hp: 59, ac: 11, initiative: 25 })],
    ];
    for (const [change, make] of changes) {
      await make();
      await pair.heardTheirSave();
      const { kept, statements, read } = await bothCopies();
      expect({ change, statements }).toEqual({ change, statements: 0 });
      expect(kept).toEqual(read);
    }
  });

  it('reads the fight once when the rows of a save did not fit in its notice, and forgets it once it ends', async () => {
    // Twenty combatants' rows are past what a notice carries.
    await pair.theirs.run(GM, 'init', 'add', { name: 'Kobold', hp: 5, ac: 12, count: 20 });
    await pair.heardTheirSave();
    const large = await bothCopies();
    expect(large.statements).toBe(1);
    expect(large.kept).toEqual(large.read);
    expect(large.kept?.combatants.filter((combatant) => combatant.name.startsWith('Kobold'))).toHaveLength(20);
    expect((await bothCopies()).statements).toBe(0);
    const end = buttonsOf(await pair.theirs.run(GM, 'init', 'end')).find((button) => button.label === 'End the encounter');
    await pair.theirs.press(GM, end?.customId ?? '');
    await waitUntil(() => pair.heard.heardPast(large.read?.id ?? '', large.read?.version ?? 0), 'the end, pair.heard');
    const ended = await bothCopies();
    expect(ended).toEqual({ kept: null, statements: 1, read: null });
  });
});

describe("a command whose save lost to another process's", () => {
  let db: TestDatabase;
  let counting: CountingPrisma;
  /** Between this process's listening connection and PostgreSQL, and between its pool and PostgreSQL. */
  let notices: TcpProxy;
  let statements: TcpProxy;
  const listeners: LiveListener[] = [];

  beforeAll(async () => {
    db = await createTestDatabase();
    const target = new URL(db.url);
    notices = await startTcpProxy(target.hostname, Number(target.port));
    statements = await startTcpProxy(target.hostname, Number(target.port));
    counting = createCountingPrisma(statements.url(db.url), 2);
  });

  afterAll(async () => {
    notices.resume();
    statements.resume();
    await Promise.all(listeners.map((listener) => listener.close()));
    await counting.prisma.$disconnect();
    await notices.close();
    await statements.close();
    await db.drop();
  });

  it('tries again on the state the other process’s notice brings, not on a read', async () => {
    const { table: ours, heard } = await listeningProcess(counting.prisma, notices.url(db.url), listeners);
    const { table: theirs } = await listeningProcess(db.prisma, db.url, listeners);
    await ours.run(GM, 'init', 'begin', { name: 'Lost race' });
    await ours.run(GM, 'init', 'add', { name: 'Orc', hp: 500, ac: 13, initiative: 10 });
    const known = await ours.services.encounters.seen(PLACE);
    if (known === null) throw new Error('no fight');
    notices.pause();
    await theirs.run(GM, 'hp', 'damage', { target: 'Orc', amount: '5' });
    let said = '';
    // The save on the state this process knew goes out and is held until the other's notice has been
    // read, so it is refused after that, however the machine schedules the two: then the save on the
    // notice's state. (Let through together, the refusal came first now and then, under load, and the
    // command read the fight: the retry looks once, one turn of the event loop after the refusal.)
    expect(
      await statementsOf(counting, async () => {
        statements.pause();
        const hit = ours.run(GM, 'hp', 'damage', { target: 'Orc', amount: '3' });
        notices.resume();
        await waitUntil(() => heard.heardPast(known.id, known.version), 'the other process’s save, heard');
        statements.resume();
        said = text(await hit);
      }),
    ).toBe(2);
    expect(said).toBe('Orc takes 3 damage and is at 492 HP.');
    const kept = await ours.services.encounters.seen(PLACE);
    const reader = buildServices({
      prisma: db.prisma,
      random: new ScriptedRandom(1),
      logger: pino({ level: 'silent' }),
      charts: chartRenderer(),
    });
    expect(kept).toEqual(await reader.encounters.get(PLACE));
  });
});
