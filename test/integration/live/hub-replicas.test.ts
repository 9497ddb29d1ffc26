import pino from 'pino';
import { createLiveStateSource } from '../../../src/db/live-store';
import { LiveHub } from '../../../src/live/hub';
import { LiveStream } from '../../../src/live/stream';
import { liveView, type LiveView } from '../../../src/views/live-view';
import { FakeResponse } from '../../support/fake-response';
import { waitUntil } from '../../support/wait-until';
import { GM, ListeningPair } from '../commands/support';

/*
 * A live page served by one process (ours) while another (theirs) takes the fight's commands, on
 * one PostgreSQL. Each has heard the other save, so the notices of theirs carry the rows its saves
 * wrote: the page is shown each change from them, as a read would show it, and ours sends nothing.
 */

const PLACE = { guildId: 'guild-1', channelId: 'channel-1' };

const pair = ListeningPair.forSuite();
let hub: LiveHub;
const page = new FakeResponse();

beforeAll(async () => {
  hub = new LiveHub({
    source: createLiveStateSource(pair.counting.prisma),
    links: { existing: (hashes) => Promise.resolve(new Set(hashes)) },
    feed: pair.feed,
    logger: pino({ level: 'silent' }),
  });
  await pair.ours.run(GM, 'init', 'begin', { name: 'Replicas' });
  await pair.ours.run(GM, 'init', 'add', { name: 'Orc', hp: 50, ac: 13, initiative: 10 });
  await pair.theirs.run(GM, 'init', 'add', { monster: 'Mage', hp: '40', initiative: 30 });
  await theirsHeard();
  await hub.join(PLACE, new LiveStream(page.asResponse(), 'link'));
  await sent();
});

afterAll(() => hub.close());

/** Lets the hub's sends, a turn of the event loop after it decides them, reach the page. */
async function sent(): Promise<void> {
  for (let turn = 0; turn < 3; turn++) await new Promise((resolve) => setImmediate(resolve));
}

/** Waits until ours has heard the last save of theirs, and the page has been sent what it showed. */
async function theirsHeard(): Promise<void> {
  await pair.heardTheirSave();
  await sent();
}

/** The page's newest view. */
function lastView(): LiveView {
  const view = page.views().at(-1);
  if (view === undefined) throw new Error('nothing shown');
  return view;
}

/** The page's last view and the view a read of the fight gives, but for how long the turn has lasted. */
async function shownAndRead() {
  const read = await createLiveStateSource(pair.db.prisma).latest(PLACE.channelId);
  if (read === null) throw new Error('no fight');
  const { turnElapsedMs: _readElapsed, ...asRead } = liveView(read.encounter, read.monsterHp, read.turnStartedAt, new Date());
  const { turnElapsedMs: _shownElapsed, ...shown } = lastView();
  return { shown, asRead };
}

test("shows each change of the other process's from the rows its notice brought, as a read would, and sends no statement", async () => {
  const changes: [string, () => Promise<unknown>][] = [
    ['the first turn', () => pair.theirs.run(GM, 'init', 'next')],
    ['a hit', () => pair.theirs.run(GM, 'hp', 'damage', { target: 'Orc', amount: '30' })],
    ['a condition', () => pair.theirs.run(GM, 'condition', 'add', { target: 'Orc', condition: 'Prone' })],
    ['a spell', () => pair.theirs.run(GM, 'cast', null, { caster: 'Mage', spell: 'Fireball', target: 'Orc' })],
    ['the next turn', () => pair.theirs.run(GM, 'init', 'next')],
    ['an undo', () => pair.theirs.run(GM, 'init', 'undo')],
    ['a combatant added', () => pair.theirs.run(GM, 'init', 'add', { name: 'Troll', hp: 84, ac: 15, initiative: 20 })],
  ];
  for (const [change, make] of changes) {
    const views = page.views().length;
    const statements = pair.counting.statements();
    await make();
    await theirsHeard();
    expect({ change, views: page.views().length - views, statements: pair.counting.statements() - statements }).toEqual({
      change,
      views: 1,
      statements: 0,
    });
    const { shown, asRead } = await shownAndRead();
    expect({ change, shown }).toEqual({ change, shown: asRead });
  }
});

test('reads the fight when the rows of a save did not fit in its notice', async () => {
  const statements = pair.counting.statements();
  // Twenty combatants' rows are past what a notice carries.
  await pair.theirs.run(GM, 'init', 'add', { name: 'Kobold', hp: 5, ac: 12, count: 20 });
  await theirsHeard();
  await waitUntil(() => pair.counting.statements() > statements, 'the read');
  await waitUntil(() => lastView().combatants.length === 23, 'the kobolds, shown');
  expect(pair.counting.statements() - statements).toBe(1);
  const { shown, asRead } = await shownAndRead();
  expect(shown).toEqual(asRead);
});
