import pino from 'pino';
import { registry, type CommandName } from '../../../commands';
import { buildServices } from '../../../src/app';
import { createSeededRandom } from '../../../src/dice/seeded';
import type { RandomSource } from '../../../src/dice/random';
import type { ChannelMessenger, InvocationContext, OptionAttachment, OptionValue } from '../../../src/framework/command';
import type { Reply } from '../../../src/views/reply';
import { dispatchAutocomplete, dispatchButton, dispatchCommand } from '../../../src/framework/dispatch';
import type { Services } from '../../../src/services';
import { createTestDatabase, emptyDatabase, type TestDatabase } from '../../support/database';
import type { PrismaClient } from '../../../src/db/generated/client';
import { randomUUID } from 'node:crypto';
import type { CharacterStore } from '../../../src/characters/store';
import { createEncounterServiceWith } from '../../../src/combat/service';
import { noteText } from '../../../src/views/change-notes';
import { createMemoryEncounterStore } from '../../support/memory-encounters';
import { createMemorySettingsStore } from '../../support/memory-settings';
import type { RuleSetId } from '../../../src/rules/ids';
import { createBestiary } from '../../../src/compendium/bestiary';
import { memoryHomebrewShelf } from '../../support/memory-homebrew';
import { HeardVersions } from '../../../src/db/heard-versions';
import { listenIntoFeed, type LiveListener } from '../../../src/db/live-listener';
import { LiveFeed } from '../../../src/live/feed';
import { createCountingPrisma, type CountingPrisma } from '../../../src/db/encounter-statement-counter';
import { waitUntil } from '../../support/wait-until';
import { chartRenderer } from '../../support/chart-renderers';

/**
 * Dice the test chooses: queued faces come first (each must fit the die), then a seeded stream,
 * so a test states exactly what a death save or an initiative roll comes up.
 */
export class ScriptedRandom implements RandomSource {
  private readonly queued: number[] = [];
  private readonly fallback: RandomSource;

  constructor(seed: number) {
    this.fallback = createSeededRandom(seed);
  }

  queue(...faces: number[]): void {
    this.queued.push(...faces);
  }

  get pending(): number {
    return this.queued.length;
  }

  die(sides: number): number {
    const face = this.queued.shift();
    if (face === undefined) return this.fallback.die(sides);
    if (face < 1 || face > sides) throw new Error(`scripted face ${face} does not fit a d${sides}`);
    return face;
  }
}

/** Channel messages the bot posted on its own, with every version an edit gave them. */
export class RecordingMessenger implements ChannelMessenger {
  readonly posts: { channelId: string; id: string; versions: Reply[] }[] = [];
  readonly pinned: string[] = [];
  /** A test can forbid pinning, as a channel without the permission would. */
  mayPin = true;

  send(channelId: string, message: Reply): Promise<string> {
    const id = `msg-${this.posts.length + 1}`;
    this.posts.push({ channelId, id, versions: [message] });
    return Promise.resolve(id);
  }

  edit(channelId: string, messageId: string, message: Reply): Promise<boolean> {
    const post = this.posts.find((p) => p.id === messageId && p.channelId === channelId);
    if (!post) return Promise.resolve(false);
    post.versions.push(message);
    return Promise.resolve(true);
  }

  pin(_channelId: string, messageId: string): Promise<boolean> {
    if (!this.mayPin) return Promise.resolve(false);
    this.pinned.push(messageId);
    return Promise.resolve(true);
  }

  /** Direct messages, in order; a test can make every user refuse them, as Discord users may. */
  readonly direct: { userId: string; message: Reply }[] = [];
  refuseDirect = false;

  sendDirect(userId: string, message: Reply): Promise<string | null> {
    if (this.refuseDirect) return Promise.resolve(null);
    this.direct.push({ userId, message });
    return Promise.resolve(`dm-${this.direct.length}`);
  }
}

export interface Player {
  id: string;
  name: string;
  /** Manage Channels in this channel. */
  manager?: boolean;
  /** Manage Server. */
  admin?: boolean;
}

export const GM: Player = { id: 'user-gm', name: 'Gina' };
export const ALICE: Player = { id: 'user-alice', name: 'Alice' };
export const BOB: Player = { id: 'user-bob', name: 'Bob' };
export const MODERATOR: Player = { id: 'user-mod', name: 'Mo', manager: true };

/** A channel of a test guild, with every command of the bot behind the real dispatcher. */
export class Table {
  readonly messenger = new RecordingMessenger();
  private readonly registry = registry;
  private counter = 0;

  /** `parentChannelId` makes the table a thread opened under that channel. */
  constructor(
    readonly services: Services,
    readonly channelId = 'channel-1',
    readonly parentChannelId: string | null = null,
  ) {}

  private context(player: Player): InvocationContext {
    this.counter += 1;
    return {
      interactionId: `test-${this.counter}`,
      user: { id: player.id, name: player.name },
      guildId: 'guild-1',
      channelId: this.channelId,
      parentChannelId: this.parentChannelId,
      permissions: { manageGuild: player.admin === true, manageChannels: player.manager === true },
      services: this.services,
      messenger: this.messenger,
    };
  }

  /** `/name subcommand option:value…` as `player`. */
  run(
    player: Player,
    name: CommandName,
    subcommand: string | null,
    values: Record<string, OptionValue> = {},
    attachments: Record<string, OptionAttachment> = {},
  ): Promise<Reply> {
    return dispatchCommand(this.registry, name, {
      ...this.context(player),
      options: { subcommandGroup: null, subcommand, values, attachments },
    });
  }

  press(player: Player, customId: string): Promise<Reply> {
    return dispatchButton(this.registry, { ...this.context(player), customId });
  }

  /** What the `option` (default `target`) suggests for `typed`, with the other options already given. */
  suggest(
    player: Player,
    name: CommandName,
    subcommand: string | null,
    typed: string,
    option = 'target',
    given: Record<string, OptionValue> = {},
  ): Promise<string[]> {
    return dispatchAutocomplete(this.registry, name, {
      ...this.context(player),
      options: { subcommandGroup: null, subcommand, values: { ...given, [option]: typed } },
      focused: { name: option, value: typed },
    }).then((choices) => choices.map((choice) => choice.name));
  }

  /** The tracker message as the channel sees it now: its latest version. */
  tracker(): Reply {
    const post = this.messenger.posts[0];
    const latest = post?.versions[post.versions.length - 1];
    if (!latest) throw new Error('no tracker was posted');
    return latest;
  }
}

/** A table on a fresh database with reproducible dice; `close` drops the database. */
export async function openTable(seed = 1): Promise<{ table: Table; dice: ScriptedRandom; services: Services; close: () => Promise<void> }> {
  const db = await createTestDatabase();
  return { ...tableOn(db.prisma, seed), close: () => db.drop() };
}

/** A table whose services are built afresh over `prisma`, with reproducible dice. */
function tableOn(prisma: PrismaClient, seed: number): Omit<OpenTable, 'close'> {
  const random = new ScriptedRandom(seed);
  const services = buildServices({ prisma, random, logger: pino({ level: 'silent' }), charts: chartRenderer() });
  return { table: new Table(services), dice: random, services };
}

type OpenTable = Awaited<ReturnType<typeof openTable>>;

/** A server where nobody has made a character: what a table on the in-memory stores has. */
const NO_CHARACTERS: CharacterStore = {
  list: () => Promise.resolve([]),
  find: () => Promise.resolve(null),
  active: () => Promise.resolve(null),
  get: () => Promise.resolve(null),
  lastParty: () => Promise.resolve(null),
  create: () => Promise.reject(new Error('a table in memory keeps no characters: open it on a database')),
  update: () => Promise.reject(new Error('a table in memory keeps no characters: open it on a database')),
  use: () => Promise.reject(new Error('a table in memory keeps no characters: open it on a database')),
  delete: () => Promise.reject(new Error('a table in memory keeps no characters: open it on a database')),
  recordStates: () => Promise.reject(new Error('a table in memory keeps no characters: open it on a database')),
  recordStateIfUnchanged: () => Promise.reject(new Error('a table in memory keeps no characters: open it on a database')),
  fightOf: () => Promise.resolve(null),
};

/**
 * A table on the in-memory encounter and settings stores, no PostgreSQL: for handler tests of
 * fights without stored characters, live pages or attachments (the contract test holds the memory
 * encounter store to the PostgreSQL one).
 */
export function openMemoryTable(seed = 1): OpenTable {
  const random = new ScriptedRandom(seed);
  const now = () => new Date();
  const settings = createMemorySettingsStore(now);
  const encounters = createEncounterServiceWith({
    store: createMemoryEncounterStore({ now }),
    random,
    now,
    ruleSetFor: async (place) => (await settings.effectiveRuleset(place)).ruleset,
    newId: randomUUID,
    describe: noteText,
  });
  // No attachments, live pages or confirmations: a test that reaches them needs a table on a database.
  const reached: Omit<Services, 'attachments' | 'live' | 'confirmations'> = {
    random,
    logger: pino({ level: 'silent' }),
    now,
    encounters,
    settings,
    characters: NO_CHARACTERS,
    charts: chartRenderer(),
    bestiary: createBestiary(memoryHomebrewShelf()),
  };
  const services = reached as Services;
  return { table: new Table(services), dice: random, services, close: () => Promise.resolve() };
}

/**
 * Opens a fresh table (an empty database, or the in-memory stores) for the enclosing describe and
 * drops it after: one per test, or one the whole describe shares. Per test, the tests share one
 * database, emptied before each: as fresh as a new one, without making one and a client for it.
 */
export function openTablePer(
  scope: 'test' | 'describe',
  receive: (opened: Omit<OpenTable, 'close'>) => void,
  seed = 1,
  storage: 'database' | 'memory' = 'database',
): void {
  if (scope === 'test' && storage === 'database') {
    let db: TestDatabase | null = null;
    beforeAll(async () => {
      db = await createTestDatabase();
    });
    beforeEach(async () => {
      if (db === null) throw new Error('the test database was not made');
      await emptyDatabase(db.prisma);
      receive(tableOn(db.prisma, seed));
    });
    afterAll(() => db?.drop());
    return;
  }
  let close: () => Promise<void> = () => Promise.resolve();
  const open = async (): Promise<void> => {
    const opened = storage === 'memory' ? openMemoryTable(seed) : await openTable(seed);
    close = opened.close;
    receive(opened);
  };
  if (scope === 'test') {
    beforeEach(open);
    afterEach(() => close());
  } else {
    beforeAll(open);
    afterAll(() => close());
  }
}

/** Sets the test guild's rule set, as its game master. */
export function useRules(services: Services, ruleset: RuleSetId): Promise<void> {
  return services.settings.setGuildRuleset({ guildId: 'guild-1', ruleset, userId: GM.id });
}

/** The text of a refusal, which must be private. */
export function refused(reply: Reply): string {
  expect(reply.ephemeral).toBe(true);
  return text(reply);
}

/** What a reply says, as one string: its content, then each embed's title, description and fields. */
export function text(reply: Reply): string {
  const parts: string[] = [];
  if (reply.content) parts.push(reply.content);
  for (const embed of reply.embeds ?? []) {
    if (embed.title) parts.push(embed.title);
    if (embed.description) parts.push(embed.description);
    for (const field of embed.fields ?? []) parts.push(`${field.name}: ${field.value}`);
  }
  return parts.join('\n');
}

export function buttonsOf(reply: Reply): { customId: string; label: string }[] {
  return (reply.components ?? []).flatMap((row) => row.buttons.map(({ customId, label }) => ({ customId, label })));
}

/**
 * A bot process as it runs on PostgreSQL, hearing the others' saves through LISTEN on `url` and
 * passing them on through its `feed`; its listening connection joins `listeners`, for the suite to close.
 */
export async function listeningProcess(
  prisma: PrismaClient,
  url: string,
  listeners: LiveListener[],
): Promise<{ table: Table; heard: HeardVersions; feed: LiveFeed }> {
  const feed = new LiveFeed();
  const heard = new HeardVersions();
  const logger = pino({ level: 'silent' });
  listeners.push(await listenIntoFeed(url, feed, heard, logger));
  const services = buildServices({ prisma, random: new ScriptedRandom(1), logger, feed, heard, charts: chartRenderer() });
  return { table: new Table(services), heard, feed };
}

/**
 * Two bot processes on one new database, each hearing the other's saves: ours, whose statements
 * are counted, and theirs. `forSuite` starts them before a suite's tests and closes them after.
 */
export class ListeningPair {
  db!: TestDatabase;
  counting!: CountingPrisma;
  ours!: Table;
  theirs!: Table;
  /** What ours heard, and the feed it passes notices on through. */
  heard!: HeardVersions;
  feed!: LiveFeed;
  private readonly listeners: LiveListener[] = [];

  static forSuite(): ListeningPair {
    const pair = new ListeningPair();
    beforeAll(() => pair.start());
    afterAll(() => pair.close());
    return pair;
  }

  private async start(): Promise<void> {
    this.db = await createTestDatabase();
    this.counting = createCountingPrisma(this.db.url, 2);
    ({ table: this.ours, heard: this.heard, feed: this.feed } = await listeningProcess(this.counting.prisma, this.db.url, this.listeners));
    ({ table: this.theirs } = await listeningProcess(this.db.prisma, this.db.url, this.listeners));
  }

  private async close(): Promise<void> {
    await Promise.all(this.listeners.map((listener) => listener.close()));
    await this.counting.prisma.$disconnect();
    await this.db.drop();
  }

  /** Waits until ours has heard the last save of theirs, as it has long before a person's next command comes. */
  async heardTheirSave(): Promise<void> {
    const saved = await this.theirs.services.encounters.get({ guildId: 'guild-1', channelId: this.theirs.channelId });
    if (saved === null) throw new Error('no fight');
    await waitUntil(() => this.heard.heardPast(saved.id, saved.version - 1), 'the other process’s save, heard');
  }
}
