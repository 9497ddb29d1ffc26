/**
 * `npm run bench:combat`: encounter commands through the service and its PostgreSQL store, on a
 * database of its own (made from DATABASE_URL, or the local server, and dropped at the end).
 * 100 encounters of 10 combatants; `/init next` and `/hp damage` with 1, 10 and 50 channels busy at
 * once, each channel sending its next command when the last one is answered. SQL statements are
 * counted on the connections themselves. The "cold" rows use a new service for every command, as if
 * each were the first this process saw of its encounter (another replica made the last change); the
 * "racing" rows have 10 senders in one channel, so commands collide on one encounter, in one
 * process or split between two; the last rows have two processes hearing each other take a
 * channel's commands in turn, then again with a live page open on each channel on the second.
 *
 * Then through the command handlers, as the transports run them: `/init next` and `/hp damage` with
 * a tracker whose edit takes REST_DELAY_MS (a slow Discord), the edit awaited before the reply (as
 * the console does) beside answered first (the Discord transports' tracker queue); and, for
 * encounters of each size in SIZES, the CPU time the bot process spends on one command (its
 * tracker update included), which should not grow with the encounter.
 *
 * First of all, each command the issue tracks, one at a time in one channel, through its handler as
 * the Discord transports run it (answered first, the tracker edited after, by a Discord that answers
 * at once): its reply and settled (reply, tracker edit and catch-up done) p50/p99, the statements it
 * makes, and its ratio to the floor, a bare one-row UPDATE measured in the same run. Beside the
 * floor, `/hp damage`'s and `/cast`'s own save statements sent again alone, on a copy of the
 * encounter: what of a reply is PostgreSQL's work on the statement, and what is the bot's. Each row
 * also splits its reply in two, command by command: the round trips of its statements (from the
 * call that sends one to its answer, on the connections themselves) and the rest, the bot's own;
 * and of the bot's own, what came before its statement was handed to its connection (for a
 * command of one statement), the rest following the answer.
 * The commands take turns in four rounds, the floor measured around each, and each row's ratio in
 * its worst and best round shows how far one run's figures move. The last two columns send the
 * floor in each row's place, each after a run of the row's own work: a command never follows a loop
 * of bare UPDATEs, and a statement sent after other work, or after a pause, is slower than one in a
 * loop of its own. The line under the table times the floor after pauses in which the process only
 * computes, in turn, so a run shows how much of that is the machine's, not the bot's.
 * Last, `/hp damage` as a table sends it: after the bot has seen no command for 12 s, beside back to
 * back, and the floor at the same pace. `--only=commands,service,discord,sizes,quiet` runs some of
 * the five tables.
 * Under each table, the load at its start and end, and the shares of the CPU time the host took
 * (steal) and the machine's own work took meanwhile; each round of the first table and each of the
 * service's rows give the host's share too. On a shared virtual machine the host's share moves
 * throughput by a sixth to a third with the code unchanged.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import pino from 'pino';
import { registry } from '../commands';
import { buildServices } from '../src/app';
import type { EncounterService } from '../src/combat/service';
import { addMonsters, dealDamage, nextTurn } from '../src/combat/steps';
import type { Actor, Place } from '../src/combat/types';
import { createCryptoRandom } from '../src/dice';
import { createEncounterService } from '../src/db/encounter-store';
import { noteText } from '../src/views/change-notes';
import { createCountingPrisma, type CountingPrisma, type SentStatement } from '../src/db/encounter-statement-counter';
import type { ChannelMessenger, CommandContext, OptionValue } from '../src/framework/command';
import { dispatchButton, dispatchCommand } from '../src/framework/dispatch';
import { buttonId } from '../src/views/button-ids';
import type { Services } from '../src/services';
import { coalesceEdits, type CoalescingMessenger } from '../src/transports/coalescing-messenger';
import type { Reply } from '../src/views/reply';
import { withBenchDatabase } from './bench-database';
import { cpuTimesNow, sharesSince, watchMachine } from './machine-load';
import { HeardVersions } from '../src/db/heard-versions';
import { listenIntoFeed, type LiveListener } from '../src/db/live-listener';
import { LiveFeed } from '../src/live/feed';
import { LiveHub } from '../src/live/hub';
import { LiveStream } from '../src/live/stream';
import { createLiveStateSource } from '../src/db/live-store';
import { FakeResponse } from '../test/support/fake-response';

const ENCOUNTERS = 100;
const COMBATANTS = 10;
const CONCURRENCY = [1, 10, 50];
/** Commands each busy channel sends per measurement (at least MIN_COMMANDS in all). */
const PER_CHANNEL = 40;
const MIN_COMMANDS = 2_000;
/** Players clicking at once in one channel, for the row that shows what racing costs. */
const RACERS = 10;
/** As many connections as the bot's own PostgreSQL pool. */
const POOL_SIZE = 10;
const GM: Actor = { userId: 'bench-gm', name: 'Bench GM', canManageChannel: false };
/** How long the fake Discord takes to edit a message. */
const REST_DELAY_MS = 100;
/** Channels sending at once, and commands each, for the rows with a slow Discord. */
const REST_CHANNELS = [1, 10];
const REST_COMMANDS = 30;
/** Combatants in the encounters of the CPU rows, and commands measured on each. */
const SIZES = [10, 30, 50];
const SIZE_COMMANDS = 300;
const PLAYER: Actor = { userId: 'bench-player', name: 'Bench Player', canManageChannel: false };
/** Commands measured for each row of the per-command table (after WARM_UP unmeasured ones), in ROUNDS stretches. */
const EACH_COMMANDS = 400;
/**
 * Each row's unmeasured runs before its first stretch: what a bot serving a few tables has run of a
 * command within its first hours, so V8 has not yet optimised all of it (docs/development.md).
 */
const WARM_UP = 40;
const ROUNDS = 4;
/** Floors sent in a row's place after each of its stretches (floorsInPlace): a quarter as many as the stretch's commands. */
const FLOORS_IN_PLACE = EACH_COMMANDS / ROUNDS / 4;
/** How long the benchmark's process computes before each floor of floorsAfterPauses, in ms, in turn. */
const PAUSES_MS = [0, 0.25, 0.5, 1];
/**
 * Warm-up rounds of both service commands before their rows, as in a bot that keeps 50 channels
 * busy: the bot's CPU per `/hp damage` fell over its first 6,000 (from 317 to about 175 µs).
 */
const SERVICE_WARM_UP_ROUNDS = 3;
/**
 * How long the bot sees no command before each measured one in the quiet rows: a table's pace, and
 * longer than pg-pool's default idle timeout (10 s), past which a pool left at its defaults closes
 * its connections. QUIET_SPELLS of them.
 */
const QUIET_MS = 12_000;
const QUIET_SPELLS = 4;
/** The tables `--only=` may name; all of them by default. */
const PARTS = ['commands', 'service', 'discord', 'sizes', 'quiet'] as const;
type Part = (typeof PARTS)[number];

function partsAsked(): ReadonlySet<Part> {
  const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
  if (only === undefined) return new Set(PARTS);
  const asked = only.split(',');
  const unknown = asked.filter((part) => !PARTS.some((known) => known === part));
  if (unknown.length > 0) throw new Error(`--only takes ${PARTS.join(', ')}; not ${unknown.join(', ')}`);
  return new Set(PARTS.filter((part) => asked.includes(part)));
}

function place(index: number): Place {
  return { guildId: 'bench-guild', channelId: `bench-${index}` };
}

/** An encounter of `size` combatants under way in `where`, with a tracker message to edit. */
async function fight(service: EncounterService, where: Place, size: number): Promise<void> {
  const begun = await service.begin(GM, where, 'init begin', { name: `Bench ${where.channelId}` });
  await service.setTrackerMessage(where, begun.encounter.id, `tracker-${where.channelId}`);
  // Enough HP that a whole run of `damage 1` never drops anyone; `/init add` adds at most 20 at once.
  for (let added = 0; added < size; added += 20) {
    const count = Math.min(10, (size - added) / 2);
    await service.apply(GM, where, 'init add', addMonsters, { name: 'Goblin', count, hp: 100_000, ac: 15, initMod: 2 });
    await service.apply(GM, where, 'init add', addMonsters, { name: 'Orc', count, hp: 100_000, ac: 13, initMod: 1 });
  }
  await service.apply(GM, where, 'init next', nextTurn);
}

async function setUp(service: EncounterService): Promise<void> {
  await Promise.all(Array.from({ length: ENCOUNTERS }, (_, index) => fight(service, place(index), COMBATANTS)));
}

/**
 * A Discord whose edits of the tracker take `delayMs`; it counts the edits that reach it. At 0 it
 * answers at once, without a timer (which would add a millisecond of its own).
 */
function slowDiscord(delayMs: number): ChannelMessenger & { edits: number } {
  const messenger = {
    edits: 0,
    send: () => Promise.resolve('bench-message'),
    sendDirect: () => Promise.resolve('bench-message'),
    pin: () => Promise.resolve(true),
    edit: () => {
      const landed = () => {
        messenger.edits += 1;
        return true;
      };
      if (delayMs === 0) return Promise.resolve().then(landed);
      return new Promise<boolean>((resolve) => setTimeout(() => resolve(landed()), delayMs));
    },
  };
  return messenger;
}

let interactions = 0;

function invocation(services: Services, messenger: ChannelMessenger, where: Place, actor: Actor) {
  interactions += 1;
  return {
    interactionId: `bench-${interactions}`,
    user: { id: actor.userId, name: actor.name },
    guildId: where.guildId,
    channelId: where.channelId,
    permissions: { manageGuild: false, manageChannels: false },
    services,
    messenger,
  };
}

function refusedIf(reply: Reply, what: string): Reply {
  const said = reply.embeds?.[0]?.description ?? reply.content ?? '';
  if (said.startsWith('⚠️')) throw new Error(`${what} was refused: ${said}`);
  return reply;
}

/** Runs a slash command through its handler as a transport would; a refusal or error fails the benchmark. */
function commandRunner(services: Services, messenger: ChannelMessenger) {
  return async (where: Place, actor: Actor, name: string, subcommand: string | null, values: Record<string, OptionValue> = {}) => {
    const ctx: CommandContext = {
      ...invocation(services, messenger, where, actor),
      options: { subcommandGroup: null, subcommand, values },
    };
    return refusedIf(await dispatchCommand(registry, name, ctx), `/${name} ${subcommand ?? ''}`);
  };
}

/** Presses a button as a transport would. */
function buttonPresser(services: Services, messenger: ChannelMessenger) {
  return async (where: Place, actor: Actor, customId: string) =>
    refusedIf(await dispatchButton(registry, { ...invocation(services, messenger, where, actor), customId }), customId);
}

interface Row {
  command: string;
  channels: number;
  racers: number;
  commands: number;
  perSecond: number;
  p50: number;
  p99: number;
  statements: number;
  /** The share of the CPU time the host took while the row ran, in percent; null where it cannot be read. */
  hostShare: number | null;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** The p50 of times in any order. */
function median(times: readonly number[]): number {
  return percentile(
    times.toSorted((x, y) => x - y),
    50,
  );
}

/** How long `send` took to answer, in ms. */
async function msUntilAnswered(send: () => Promise<unknown>): Promise<number> {
  const sent = performance.now();
  await send();
  return performance.now() - sent;
}

/** `racers` senders per channel, each waiting for its answer before sending again. */
async function measure(
  command: string,
  channels: number,
  run: (where: Place, step: number) => Promise<unknown>,
  statements: () => number,
  racers = 1,
  perSender = Math.max(PER_CHANNEL, Math.ceil(MIN_COMMANDS / (channels * racers))),
): Promise<Row> {
  const latencies: number[] = [];
  const before = statements();
  const cpuBefore = cpuTimesNow();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: channels * racers }, async (_, sender) => {
      for (let step = 0; step < perSender; step += 1) {
        latencies.push(await msUntilAnswered(() => run(place(sender % channels), step)));
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    command,
    channels,
    racers,
    commands: latencies.length,
    perSecond: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    statements: (statements() - before) / latencies.length,
    hostShare: sharesSince(cpuBefore)?.host ?? null,
  };
}

function table(rows: readonly Row[]): string {
  return markdown(
    [
      'command',
      'channels at once',
      'senders per channel',
      'commands',
      'commands/s',
      'p50 ms',
      'p99 ms',
      'SQL statements/command',
      "host's share of the CPU time %",
    ],
    rows.map((r) => [
      r.command,
      String(r.channels),
      String(r.racers),
      String(r.commands),
      r.perSecond.toFixed(0),
      r.p50.toFixed(1),
      r.p99.toFixed(1),
      r.statements.toFixed(2),
      r.hostShare === null ? '—' : r.hostShare.toFixed(1),
    ]),
  );
}

/** A markdown table, the first column left-aligned and the others right-aligned. */
function markdown(header: readonly string[], lines: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [format(header), rule, ...lines.map(format)].join('\n');
}

/** `/init next` and `/hp damage` while every tracker edit takes REST_DELAY_MS: awaited, then answered first. */
async function slowDiscordRows(services: Services, statements: () => number): Promise<string> {
  const awaited = slowDiscord(REST_DELAY_MS);
  const first = slowDiscord(REST_DELAY_MS);
  const setups = [
    { tracker: 'edit awaited before the reply', discord: awaited, messenger: awaited, idle: () => Promise.resolve() },
    { tracker: 'answered first, edit after', discord: first, ...queued(coalesceEdits(first)) },
  ];
  const lines: string[][] = [];
  for (const { tracker, discord, messenger, idle } of setups) {
    const run = commandRunner(services, messenger);
    const commands: [string, (where: Place, step: number) => Promise<unknown>][] = [
      ['/init next', (where) => run(where, GM, 'init', 'next')],
      ['/hp damage', (where, step) => run(where, GM, 'hp', 'damage', { target: `Goblin ${(step % 5) + 1}`, amount: '1' })],
    ];
    for (const channels of REST_CHANNELS) {
      for (const [label, command] of commands) {
        const edits = discord.edits;
        const row = await measure(label, channels, command, statements, 1, REST_COMMANDS);
        await idle();
        const perCommand = ((discord.edits - edits) / row.commands).toFixed(2);
        lines.push([label, String(channels), tracker, String(row.commands), row.p50.toFixed(1), row.p99.toFixed(1), perCommand]);
      }
    }
  }
  return markdown(
    ['command', 'channels at once', `tracker (edit takes ${REST_DELAY_MS} ms)`, 'commands', 'p50 ms', 'p99 ms', 'edits/command'],
    lines,
  );
}

function queued(messenger: CoalescingMessenger): { messenger: ChannelMessenger; idle: () => Promise<void> } {
  return { messenger, idle: () => messenger.idle() };
}

/** CPU time of this process per command, tracker updates included, on encounters of each size. */
async function sizeRows(services: Services): Promise<string> {
  const discord = coalesceEdits(slowDiscord(0));
  const run = commandRunner(services, discord);
  const commands: [string, (where: Place, step: number) => Promise<unknown>][] = [
    ['/init next', (where) => run(where, GM, 'init', 'next')],
    ['/hp damage', (where, step) => run(where, GM, 'hp', 'damage', { target: `Goblin ${(step % 5) + 1}`, amount: '1' })],
    ['/init list', (where) => run(where, PLAYER, 'init', 'list')],
    ['/init log', (where) => run(where, PLAYER, 'init', 'log')],
  ];
  const lines: string[][] = [];
  for (const size of SIZES) {
    const where: Place = { guildId: 'bench-guild', channelId: `bench-size-${size}` };
    await fight(services.encounters, where, size);
    const cells = [String(size)];
    for (const [, command] of commands) {
      // Warm the JIT on this size, then measure.
      for (let step = 0; step < 20; step += 1) await command(where, step);
      await discord.idle();
      const cpu = process.cpuUsage();
      const latencies: number[] = [];
      for (let step = 0; step < SIZE_COMMANDS; step += 1) {
        latencies.push(await msUntilAnswered(() => command(where, step)));
      }
      await discord.idle();
      const used = process.cpuUsage(cpu);
      latencies.sort((a, b) => a - b);
      cells.push(`${((used.user + used.system) / 1000 / SIZE_COMMANDS).toFixed(2)} / ${percentile(latencies, 50).toFixed(1)}`);
    }
    lines.push(cells);
  }
  return markdown(['combatants', ...commands.map(([label]) => `${label}: CPU ms / p50 ms`)], lines);
}

interface EachRow {
  command: string;
  reply: number[];
  settled: number[];
  /** Per command, sorted: the round trips of the statements it made before its reply. */
  waited: number[];
  /** Per command, sorted: its reply's time less those round trips, the bot's own work. */
  own: number[];
  /**
   * Per command of one statement, sorted: from its start until that statement was handed to its
   * connection, the part of the bot's own work that delays the statement itself.
   */
  beforeSent: number[];
  statements: number;
  parameterBytes: number;
}

type Counter = Pick<CountingPrisma, 'statements' | 'parameterBytes' | 'statementMs' | 'lastSentAt'>;

/**
 * A row of the per-command table: the command, what undoes it after each run when it cannot run
 * forever, and what it needs done once before each of its stretches.
 */
interface RowToMeasure {
  command: string;
  step: (index: number) => Promise<unknown>;
  after?: (index: number) => Promise<unknown>;
  before?: () => Promise<unknown>;
}

/** How many of a row's commands `each` runs: after `warmUp` unmeasured ones, `count` measured from index `from`. */
interface Stretch {
  warmUp: number;
  count: number;
  from: number;
}

/** Keeps this process's thread busy for `ms`, touching no memory and sending nothing. */
function compute(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/**
 * The floor after the bot's process has computed for each of PAUSES_MS, `count` of each, in turn:
 * the work before a floor in its place is a pause too, and this keeps the pause apart from what the
 * work leaves in the caches.
 */
async function floorsAfterPauses(sendFloor: () => Promise<unknown>, count: number): Promise<number[][]> {
  const times = PAUSES_MS.map((): number[] => []);
  for (let index = 0; index < count; index += 1) {
    for (const [at, pause] of PAUSES_MS.entries()) {
      compute(pause);
      times[at]?.push(await msUntilAnswered(sendFloor));
    }
  }
  return times;
}

/**
 * The floor sent where a row's next command would go: each of `count` unmeasured runs of the row
 * (its command, its tracker work, its `after` and that one's) is followed by one bare UPDATE, timed.
 * The floor then follows the row's work, and the time it took, as the row's next command does,
 * rather than a loop of bare UPDATEs, which the machine answers faster than any other rhythm.
 */
async function floorsInPlace(
  row: RowToMeasure,
  idle: () => Promise<void>,
  sendFloor: () => Promise<unknown>,
  { count, from }: Omit<Stretch, 'warmUp'>,
): Promise<number[]> {
  const times: number[] = [];
  for (let index = from; index < from + count; index += 1) {
    await row.step(index);
    await idle();
    await row.after?.(index);
    await idle();
    times.push(await msUntilAnswered(sendFloor));
  }
  return times;
}

/** Times `step` one at a time: until it answers, and until its tracker work is done too. */
async function each(
  command: string,
  step: (index: number) => Promise<unknown>,
  idle: () => Promise<void>,
  counter: Counter,
  after: (index: number) => Promise<unknown> = () => Promise.resolve(),
  { warmUp, count, from }: Stretch = { warmUp: WARM_UP, count: EACH_COMMANDS, from: 0 },
): Promise<EachRow> {
  for (let index = from; index < from + warmUp; index += 1) {
    await step(index);
    await idle();
    await after(index);
    await idle();
  }
  const reply: number[] = [];
  const settled: number[] = [];
  const waited: number[] = [];
  const own: number[] = [];
  const beforeSent: number[] = [];
  let counted = 0;
  let bytes = 0;
  for (let index = from + warmUp; index < from + warmUp + count; index += 1) {
    const before = counter.statements();
    const bytesBefore = counter.parameterBytes();
    const waitedBefore = counter.statementMs();
    const sent = performance.now();
    await step(index);
    const answered = performance.now() - sent;
    const roundTrips = counter.statementMs() - waitedBefore;
    reply.push(answered);
    waited.push(roundTrips);
    own.push(answered - roundTrips);
    if (counter.statements() - before === 1) beforeSent.push(counter.lastSentAt() - sent);
    await idle();
    settled.push(performance.now() - sent);
    counted += counter.statements() - before;
    bytes += counter.parameterBytes() - bytesBefore;
    await after(index);
    await idle();
  }
  return {
    command,
    reply: reply.sort((a, b) => a - b),
    settled: settled.sort((a, b) => a - b),
    waited: waited.sort((a, b) => a - b),
    own: own.sort((a, b) => a - b),
    beforeSent: beforeSent.sort((a, b) => a - b),
    statements: counted / count,
    parameterBytes: bytes / count,
  };
}

/** One row's measurements taken in several stretches, as one (each stretch the same length). */
function pooled(rows: readonly EachRow[]): EachRow {
  const [first] = rows;
  if (first === undefined) throw new Error('nothing measured to pool');
  const mean = (of: (row: EachRow) => number) => rows.reduce((sum, row) => sum + of(row), 0) / rows.length;
  return {
    command: first.command,
    reply: rows.flatMap((row) => row.reply).sort((x, y) => x - y),
    settled: rows.flatMap((row) => row.settled).sort((x, y) => x - y),
    waited: rows.flatMap((row) => row.waited).sort((x, y) => x - y),
    own: rows.flatMap((row) => row.own).sort((x, y) => x - y),
    beforeSent: rows.flatMap((row) => row.beforeSent).sort((x, y) => x - y),
    statements: mean((row) => row.statements),
    parameterBytes: mean((row) => row.parameterBytes),
  };
}

/** The floor: a one-row UPDATE that changes nothing, on the encounter `$1`. */
const FLOOR_SQL = 'UPDATE encounters SET round = round WHERE id = $1::uuid';

/** A command's save statement as its handler sent it, to send again alone. */
interface SaveToRepeat {
  command: string;
  statement: SentStatement;
}

/** The copy of the encounter that only the saves sent alone change: each expects the version the last one left. */
interface Copy {
  encounterId: string;
  version: number;
}

/**
 * The floor: a bare one-row UPDATE, straight through the pg driver and through the Prisma client
 * the commands use; and `saves`, each sent alone on `copy` through the pg driver, which shows how
 * much of a command's reply is its statement's own work in PostgreSQL. Given `inPlace`, each save
 * is also followed by the floor, sent as after a command (on the floor's own connection) but with
 * no work of the bot's between: what PostgreSQL's own work leaves for the next statement.
 */
async function floorRows(
  url: string,
  counting: CountingPrisma,
  encounterId: string,
  count: number,
  copy: Copy,
  saves: readonly SaveToRepeat[],
  inPlace?: { sendFloor: () => Promise<unknown>; times: Map<string, number[]> },
): Promise<EachRow[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const none = () => Promise.resolve();
    let sent = 0;
    let waited = 0;
    let lastSentAt = Number.NaN;
    // Each statement's round trip, timed as the counting pool times the commands' (from the call that
    // sends it), without a step of its own between the answer and the caller.
    const timed = <T>(query: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      lastSentAt = started;
      const answered = () => {
        waited += performance.now() - started;
      };
      const sending = query();
      sending.then(answered, answered);
      return sending;
    };
    const update = () => {
      sent += 1;
      return timed(() => client.query(FLOOR_SQL, [encounterId]));
    };
    const direct: Counter = {
      statements: () => sent,
      parameterBytes: () => sent * encounterId.length,
      statementMs: () => waited,
      lastSentAt: () => lastSentAt,
    };
    const stretch = { warmUp: WARM_UP, count, from: 0 };
    const rows = [
      await each('bare UPDATE (pg)', update, none, direct, undefined, stretch),
      await each(
        'bare UPDATE (Prisma)',
        () => counting.prisma.$executeRawUnsafe(FLOOR_SQL, encounterId),
        none,
        counting,
        undefined,
        stretch,
      ),
    ];
    for (const [index, { command, statement }] of saves.entries()) {
      const [, , ...rest] = statement.values;
      const values = () => [copy.encounterId, copy.version, ...rest];
      const bytes = values().reduce<number>((sum, value) => sum + String(value).length, 0);
      let sentAlone = 0;
      const save = async () => {
        sentAlone += 1;
        const result = await timed(() => client.query({ name: `bench_save_alone_${index}`, text: statement.text, values: values() }));
        if (result.rowCount !== 1) throw new Error(`${command}'s save, sent again, did not land`);
        copy.version += 1;
      };
      const counter: Counter = {
        statements: () => sentAlone,
        parameterBytes: () => sentAlone * bytes,
        statementMs: () => waited,
        lastSentAt: () => lastSentAt,
      };
      const name = `${command}'s save alone (pg)`;
      rows.push(await each(name, save, none, counter, undefined, stretch));
      if (inPlace !== undefined) {
        const times = await floorsInPlace({ command: name, step: save }, none, inPlace.sendFloor, { count: FLOORS_IN_PLACE, from: 0 });
        inPlace.times.set(name, [...(inPlace.times.get(name) ?? []), ...times]);
      }
    }
    return rows;
  } finally {
    await client.end();
  }
}

/** Every command the issue tracks, through its handler, against the floor. */
async function commandRows(url: string, counting: CountingPrisma, services: Services): Promise<string> {
  const discord = coalesceEdits(slowDiscord(0));
  const run = commandRunner(services, discord);
  const press = buttonPresser(services, discord);
  const idle = () => discord.idle();
  // The commands' encounter, and a copy of it that only the saves sent alone change.
  const begin = async (where: Place) => {
    await fight(services.encounters, where, COMBATANTS);
    await run(where, GM, 'init', 'add', { monster: 'Goblin Warrior', hp: '100000' });
    await run(where, GM, 'init', 'add', { monster: 'Mage', hp: '100000' });
    await idle();
    const begun = await services.encounters.get(where);
    if (begun === null) throw new Error('the benchmark encounter did not begin');
    return begun;
  };
  const where: Place = { guildId: 'bench-guild', channelId: 'bench-each' };
  const encounter = await begin(where);
  const copy = await begin({ guildId: 'bench-guild', channelId: 'bench-each-copy' });
  const goblin = (index: number) => `Goblin ${(index % (COMBATANTS / 2)) + 1}`;
  const orc = (index: number) => `Orc ${(index % (COMBATANTS / 2)) + 1}`;
  const rows: RowToMeasure[] = [
    { command: '/init next', step: () => run(where, GM, 'init', 'next') },
    { command: '/hp damage', step: (i) => run(where, GM, 'hp', 'damage', { target: goblin(i), amount: '1' }) },
    // Each undo reverts a hit, and the hit after it is the next one's: as a table undoes a misclick.
    {
      command: '/init undo',
      step: () => run(where, GM, 'init', 'undo'),
      after: (i) => run(where, GM, 'hp', 'damage', { target: goblin(i), amount: '1' }),
      before: () => run(where, GM, 'hp', 'damage', { target: goblin(0), amount: '1' }),
    },
    {
      command: 'Next turn button',
      step: () => press(where, GM, buttonId({ command: 'init', action: 'next', encounterId: encounter.id })),
    },
    { command: '/attack', step: (i) => run(where, GM, 'attack', null, { target: orc(i), bonus: '5', damage: '1d6+2 [slashing]' }) },
    {
      command: '/attack action:',
      step: (i) => run(where, GM, 'attack', null, { attacker: 'Goblin Warrior', action: 'Scimitar', target: goblin(i) }),
    },
    // The Mage's Fireball (2 a day) on one goblin; the undo after it gives the use back, uncounted.
    {
      command: '/cast',
      step: (i) => run(where, GM, 'cast', null, { caster: 'Mage', spell: 'Fireball', target: goblin(i) }),
      after: () => run(where, GM, 'init', 'undo'),
    },
    {
      command: '/condition add',
      step: (i) => run(where, GM, 'condition', 'add', { target: orc(i), condition: 'Poisoned' }),
      after: (i) => run(where, GM, 'condition', 'remove', { target: orc(i), condition: 'Poisoned' }),
    },
    { command: '/init list', step: () => run(where, PLAYER, 'init', 'list') },
  ];
  // The rows take turns, a stretch of each per round, and the floor is measured before every round and
  // after the last: a burst of load on a shared machine moves every row a little rather than one a lot,
  // and each round's ratios (to the floor around it) show how far the figures move from round to round.
  const count = EACH_COMMANDS / ROUNDS;
  const savedBy = async (command: string, send: () => Promise<unknown>): Promise<SaveToRepeat> => {
    await send();
    const statement = counting.lastStatement();
    await idle();
    if (statement === null || statement.values[0] !== encounter.id) throw new Error(`${command}'s save was not the last statement it sent`);
    return { command, statement };
  };
  const saves = [
    await savedBy('/hp damage', () => run(where, GM, 'hp', 'damage', { target: goblin(0), amount: '1' })),
    await savedBy('/cast', () => run(where, GM, 'cast', null, { caster: 'Mage', spell: 'Fireball', target: goblin(0) })),
  ];
  // The Mage has two Fireballs a day: the undo gives this one back, as the `/cast` row's own undos do.
  await run(where, GM, 'init', 'undo');
  await idle();
  const copied: Copy = { encounterId: copy.id, version: copy.version };
  const floors: EachRow[][] = [];
  const stretches = rows.map((): EachRow[] => []);
  const floorsInTheirPlace = rows.map((): number[] => []);
  const afterPauses = PAUSES_MS.map((): number[] => []);
  const savesInPlace = new Map<string, number[]>();
  const hostByRound: (number | null)[] = [];
  const floorClient = new pg.Client({ connectionString: url });
  await floorClient.connect();
  try {
    const sendFloor = () => floorClient.query(FLOOR_SQL, [encounter.id]);
    for (let round = 0; round < ROUNDS; round += 1) {
      const cpuAtStart = cpuTimesNow();
      floors.push(await floorRows(url, counting, encounter.id, count, copied, saves, { sendFloor, times: savesInPlace }));
      for (const [index, row] of rows.entries()) {
        const stretch = { warmUp: round === 0 ? WARM_UP : 0, count, from: round * count };
        await row.before?.();
        await idle();
        stretches[index]?.push(await each(row.command, row.step, idle, counting, row.after, stretch));
        floorsInTheirPlace[index]?.push(...(await floorsInPlace(row, idle, sendFloor, { count: FLOORS_IN_PLACE, from: round * count })));
      }
      for (const [at, times] of (await floorsAfterPauses(sendFloor, FLOORS_IN_PLACE)).entries()) afterPauses[at]?.push(...times);
      hostByRound.push(sharesSince(cpuAtStart)?.host ?? null);
    }
  } finally {
    await floorClient.end();
  }
  floors.push(await floorRows(url, counting, encounter.id, count, copied, saves));
  const floor = (floors[0] ?? []).map((_, at) => pooled(floors.flatMap((rows) => rows[at] ?? [])));
  const bare = percentile(floor[0]?.reply ?? [], 50);
  const roundFloor = (round: number) =>
    percentile(pooled([floors[round]?.[0], floors[round + 1]?.[0]].filter((f) => f !== undefined)).reply, 50);
  const measured = stretches.map((rounds, index) => ({
    row: pooled(rounds),
    ratios: rounds.map((stretch, round) => percentile(stretch.reply, 50) / roundFloor(round)),
    floorInPlace: median(floorsInTheirPlace[index] ?? []),
  }));
  const range = (ratios: readonly number[]) => `${Math.min(...ratios).toFixed(1)}–${Math.max(...ratios).toFixed(1)}×`;
  // The floor moves with the machine (a slow commit flush raises it, and every ratio falls with it): each of its stretches shows how far.
  const floorLine = `Floor (bare UPDATE, pg) p50 before each round and after the last: ${floors
    .map(([bareRow]) => percentile(bareRow?.reply ?? [], 50).toFixed(2))
    .join(', ')} ms.`;
  const pauseLine = `Floor p50 after the bot's process computed, sending nothing, for ${PAUSES_MS.join(', ')} ms before it: ${afterPauses
    .map((times) => median(times).toFixed(2))
    .join(', ')} ms.`;
  const table = markdown(
    [
      'command',
      'reply p50 ms',
      'reply p99 ms',
      'statement round trip p50 ms',
      "bot's own p50 ms",
      "bot's own before its statement p50 ms",
      'settled p50 ms',
      'settled p99 ms',
      'SQL statements',
      'parameter bytes',
      'reply p50 / floor',
      `reply p50 / floor, ${ROUNDS} rounds`,
      'settled p50 / floor',
      'floor in its place p50 ms',
      'reply p50 / floor in its place',
    ],
    [
      ...floor.map((row) => ({
        row,
        ratios: null,
        floorInPlace: savesInPlace.has(row.command) ? median(savesInPlace.get(row.command) ?? []) : null,
      })),
      ...measured,
    ].map(({ row, ratios, floorInPlace }) => [
      row.command,
      percentile(row.reply, 50).toFixed(2),
      percentile(row.reply, 99).toFixed(2),
      percentile(row.waited, 50).toFixed(2),
      percentile(row.own, 50).toFixed(2),
      row.beforeSent.length === 0 ? '' : percentile(row.beforeSent, 50).toFixed(2),
      percentile(row.settled, 50).toFixed(2),
      percentile(row.settled, 99).toFixed(2),
      row.statements.toFixed(2),
      row.parameterBytes.toFixed(0),
      `${(percentile(row.reply, 50) / bare).toFixed(1)}×`,
      ratios === null ? '' : range(ratios),
      `${(percentile(row.settled, 50) / bare).toFixed(1)}×`,
      floorInPlace === null ? '' : floorInPlace.toFixed(2),
      floorInPlace === null ? '' : `${(percentile(row.reply, 50) / floorInPlace).toFixed(1)}×`,
    ]),
  );
  // A round whose ratios stand apart from the others' may be one in which the host took the CPUs.
  // Where no round's share is known, the summary under the table says why.
  const hostLine = `The host's share of the CPU time in each round: ${
    hostByRound.every((share) => share === null)
      ? 'not known here'
      : hostByRound.map((share) => (share === null ? 'not known' : `${share.toFixed(1)}%`)).join(', ')
  }.`;
  return `${table}\n\n${floorLine}\n${pauseLine}\n${hostLine}`;
}

/**
 * `/hp damage` through its handler as a table sends it, after the bot has seen nothing for QUIET_MS
 * (the first command after the quiet spell, then the next one at once), beside the same command
 * back to back; and the floor at the same pace, in quiet spells of its own, on a connection kept
 * open as the bot's pool keeps its own: after a quiet spell both start on the machine's cold caches.
 */
async function quietRows(url: string, services: Services): Promise<string> {
  const discord = coalesceEdits(slowDiscord(0));
  const run = commandRunner(services, discord);
  const where: Place = { guildId: 'bench-guild', channelId: 'bench-quiet' };
  await fight(services.encounters, where, COMBATANTS);
  const encounter = await services.encounters.get(where);
  if (encounter === null) throw new Error('the quiet encounter did not begin');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const damage = (index: number) => run(where, GM, 'hp', 'damage', { target: `Goblin ${(index % (COMBATANTS / 2)) + 1}`, amount: '1' });
    const bare = () => client.query(FLOOR_SQL, [encounter.id]);
    const timed = async (send: () => Promise<unknown>) => {
      const answered = await msUntilAnswered(send);
      await discord.idle();
      return answered;
    };
    const paced = async (send: (index: number) => Promise<unknown>) => {
      const backToBack: number[] = [];
      for (let index = 0; index < WARM_UP + EACH_COMMANDS / ROUNDS; index += 1) {
        const answered = await timed(() => send(index));
        if (index >= WARM_UP) backToBack.push(answered);
      }
      return { backToBack, first: [] as number[], next: [] as number[] };
    };
    const floor = await paced(bare);
    const command = await paced(damage);
    for (let spell = 0; spell < QUIET_SPELLS; spell += 1) {
      for (const [times, send] of [
        [floor, bare],
        [command, damage],
      ] as const) {
        await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
        times.first.push(await timed(() => send(spell)));
        times.next.push(await timed(() => send(spell + 1)));
      }
    }
    const cell = (times: readonly number[]) =>
      `${median(times).toFixed(2)} [${Math.min(...times).toFixed(2)}–${Math.max(...times).toFixed(2)}]`;
    const line = (label: string, pick: (times: typeof floor) => number[]) => [
      label,
      String(pick(command).length),
      cell(pick(floor)),
      cell(pick(command)),
      `${(median(pick(command)) / median(pick(floor))).toFixed(1)}×`,
    ];
    return markdown(
      ['', 'commands', 'bare UPDATE (pg) p50 ms [min–max]', '/hp damage reply p50 ms [min–max]', '/hp damage / bare UPDATE'],
      [
        line('back to back', (times) => times.backToBack),
        line(`first after ${QUIET_MS / 1000} s quiet`, (times) => times.first),
        line('the next, at once', (times) => times.next),
      ],
    );
  } finally {
    await client.end();
  }
}

/** `/init next` and `/hp damage` through the service at 1, 10 and 50 busy channels, cold, racing and on two processes in turn. */
async function serviceRows(url: string, service: EncounterService, counting: CountingPrisma): Promise<void> {
  const next = (where: Place) => service.apply(GM, where, 'init next', nextTurn);
  const damage = (where: Place, step: number) =>
    service.apply(GM, where, 'hp damage', dealDamage, { target: `Goblin ${(step % (COMBATANTS / 2)) + 1}`, amount: '1' });
  /** Another process's service on the same database; with `heard`, one that hears the others' saves. */
  const processService = (heard?: HeardVersions) =>
    createEncounterService({ prisma: counting.prisma, random: createCryptoRandom(), now: () => new Date(), describe: noteText, heard });
  const cold = () => processService();
  const coldNext = (where: Place) => cold().apply(GM, where, 'init next', nextTurn);
  const coldDamage = (where: Place, step: number) =>
    cold().apply(GM, where, 'hp damage', dealDamage, { target: `Orc ${(step % (COMBATANTS / 2)) + 1}`, amount: '1' });
  // Warm the pool, the JIT and PostgreSQL's caches before measuring.
  for (let round = 0; round < SERVICE_WARM_UP_ROUNDS; round += 1) {
    await measure('warm-up', 10, next, counting.statements);
    await measure('warm-up', 10, damage, counting.statements);
  }
  const rows: Row[] = [];
  for (const channels of CONCURRENCY) {
    rows.push(await measure('/init next', channels, next, counting.statements));
    rows.push(await measure('/hp damage', channels, damage, counting.statements));
  }
  rows.push(await measure('/init next (cold)', 10, coldNext, counting.statements));
  rows.push(await measure('/hp damage (cold)', 10, coldDamage, counting.statements));
  rows.push(await measure('/hp damage (racing)', 1, damage, counting.statements, RACERS));
  // A second bot process on the same database: its commands and ours race for the encounter.
  const replica = cold();
  let sent = 0;
  const eitherProcess = (where: Place, step: number) =>
    (sent++ % 2 === 0 ? service : replica).apply(GM, where, 'hp damage', dealDamage, {
      target: `Goblin ${(step % (COMBATANTS / 2)) + 1}`,
      amount: '1',
    });
  rows.push(await measure('/hp damage (racing, 2 processes)', 1, eitherProcess, counting.statements, RACERS));
  // Two processes as the bot runs them on PostgreSQL, each hearing the other's saves: a channel's
  // commands land on one and the other in turn, as a load balancer may send them.
  const other = new HeardVersions();
  const otherFeed = new LiveFeed();
  otherFeed.subscribe((notice) => other.hear(notice));
  const logger = pino({ level: 'silent' });
  const otherListener = await listenIntoFeed(url, otherFeed, other, logger);
  try {
    const otherService = processService(other);
    const inTurn = (where: Place, step: number) =>
      (step % 2 === 0 ? service : otherService).apply(GM, where, 'hp damage', dealDamage, {
        target: `Goblin ${(step % (COMBATANTS / 2)) + 1}`,
        amount: '1',
      });
    rows.push(await measure('/hp damage (2 processes in turn)', 10, inTurn, counting.statements));
    // The same with a live page open on each channel, served by the second process: its pages follow
    // the first one's saves from the rows their notices bring, not by reading the fight.
    const hub = new LiveHub({
      source: createLiveStateSource(counting.prisma),
      links: { existing: (hashes) => Promise.resolve(new Set(hashes)) },
      feed: otherFeed,
      logger,
    });
    try {
      for (let channel = 0; channel < 10; channel += 1)
        await hub.join(place(channel), new LiveStream(new FakeResponse().asResponse(), 'bench'));
      rows.push(await measure('/hp damage (2 processes in turn, a live page on each channel)', 10, inTurn, counting.statements));
    } finally {
      hub.close();
    }
  } finally {
    await otherListener.close();
  }
  console.log(`\n${table(rows)}`);
}

/** Runs one part and says under its table what else the machine did meanwhile. */
async function watched(part: () => Promise<void>): Promise<void> {
  const watch = watchMachine();
  await part();
  console.log(`\nOver this table: ${watch.summary()}.`);
}

async function main(): Promise<void> {
  const parts = partsAsked();
  await withBenchDatabase(async (url) => {
    const counting = createCountingPrisma(url, POOL_SIZE);
    let listener: LiveListener | null = null;
    try {
      // As the bot runs on PostgreSQL: hearing every process's saves, so the tracker's catch-up needs no statement.
      const logger = pino({ level: 'silent' });
      const feed = new LiveFeed();
      const heard = new HeardVersions();
      listener = await listenIntoFeed(url, feed, heard, logger);
      const service = createEncounterService({
        prisma: counting.prisma,
        random: createCryptoRandom(),
        now: () => new Date(),
        describe: noteText,
        heard,
      });
      const services = buildServices({ prisma: counting.prisma, random: createCryptoRandom(), logger, feed, heard });
      if (parts.has('commands')) {
        console.log('Each command, one at a time in one channel, through its handler (Discord answering at once):\n');
        await watched(async () => console.log(await commandRows(url, counting, services)));
      }
      // The service's and the slow Discord's rows run on ENCOUNTERS channels of their own.
      if (parts.has('service') || parts.has('discord')) {
        const setupStart = performance.now();
        await setUp(service);
        console.log(
          `\nSet up ${ENCOUNTERS} encounters of ${COMBATANTS} combatants in ${((performance.now() - setupStart) / 1000).toFixed(1)} s.`,
        );
      }
      if (parts.has('service')) await watched(() => serviceRows(url, service, counting));
      if (parts.has('discord')) {
        console.log(`\nThrough the command handlers, Discord taking ${REST_DELAY_MS} ms per tracker edit:\n`);
        await watched(async () => console.log(await slowDiscordRows(services, counting.statements)));
      }
      if (parts.has('sizes')) {
        console.log(`\nOne channel, one command at a time, by encounter size (${SIZE_COMMANDS} commands each):\n`);
        await watched(async () => console.log(await sizeRows(services)));
      }
      if (parts.has('quiet')) {
        console.log(`\nOne channel, after ${QUIET_MS / 1000} s without a command, ${QUIET_SPELLS} times each:\n`);
        await watched(async () => console.log(await quietRows(url, services)));
      }
    } finally {
      await listener?.close();
      await counting.prisma.$disconnect();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
