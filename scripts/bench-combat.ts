/**
 * `npm run bench:combat`: encounter commands through the service and its PostgreSQL store, on a
 * database of its own (made from DATABASE_URL, or the local server, and dropped at the end).
 * 100 encounters of 10 combatants; `/init next` and `/hp damage` with 1, 10 and 50 channels busy at
 * once, each channel sending its next command when the last one is answered. SQL statements are
 * counted on the connections themselves. The "cold" rows use a new service for every command, as if
 * each were the first this process saw of its encounter (another replica made the last change); the
 * "racing" rows have 10 senders in one channel, so commands collide on one encounter, in one
 * process or split between two.
 */
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { EncounterService } from '../src/combat/service';
import { addMonsters, dealDamage, nextTurn } from '../src/combat/steps';
import type { Actor, Place } from '../src/combat/types';
import { createCryptoRandom } from '../src/dice';
import { createEncounterService } from '../src/db/encounter-store';
import { createCountingPrisma } from '../src/db/encounter-statement-counter';
import { applyMigrations } from '../src/db/migrations';

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

function baseUrl(): string {
  return process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
}

function withDatabase(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function place(index: number): Place {
  return { guildId: 'bench-guild', channelId: `bench-${index}` };
}

async function setUp(service: EncounterService): Promise<void> {
  await Promise.all(
    Array.from({ length: ENCOUNTERS }, async (_, index) => {
      const where = place(index);
      await service.begin(GM, where, { name: `Bench ${index}` });
      // Enough HP that a whole run of `damage 1` never drops anyone.
      await service.apply(GM, where, addMonsters, { name: 'Goblin', count: COMBATANTS / 2, hp: 100_000, ac: 15, initMod: 2 });
      await service.apply(GM, where, addMonsters, { name: 'Orc', count: COMBATANTS / 2, hp: 100_000, ac: 13, initMod: 1 });
      await service.apply(GM, where, nextTurn);
    }),
  );
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
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** `racers` senders per channel, each waiting for its answer before sending again. */
async function measure(
  command: string,
  channels: number,
  run: (where: Place, step: number) => Promise<unknown>,
  statements: () => number,
  racers = 1,
): Promise<Row> {
  const perSender = Math.max(PER_CHANNEL, Math.ceil(MIN_COMMANDS / (channels * racers)));
  const latencies: number[] = [];
  const before = statements();
  const start = performance.now();
  await Promise.all(
    Array.from({ length: channels * racers }, async (_, sender) => {
      for (let step = 0; step < perSender; step += 1) {
        const sent = performance.now();
        await run(place(sender % channels), step);
        latencies.push(performance.now() - sent);
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
  };
}

function table(rows: readonly Row[]): string {
  const header = [
    'command',
    'channels at once',
    'senders per channel',
    'commands',
    'commands/s',
    'p50 ms',
    'p99 ms',
    'SQL statements/command',
  ];
  const lines = rows.map((r) => [
    r.command,
    String(r.channels),
    String(r.racers),
    String(r.commands),
    r.perSecond.toFixed(0),
    r.p50.toFixed(1),
    r.p99.toFixed(1),
    r.statements.toFixed(2),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: readonly string[]) =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`;
  return [format(header), rule, ...lines.map(format)].join('\n');
}

async function main(): Promise<void> {
  const name = `rollcall_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = withDatabase(baseUrl(), name);
  try {
    await applyMigrations(url);
    const counting = createCountingPrisma(url, POOL_SIZE);
    try {
      const service = createEncounterService({ prisma: counting.prisma, random: createCryptoRandom(), now: () => new Date() });
      const setupStart = performance.now();
      await setUp(service);
      console.log(
        `Set up ${ENCOUNTERS} encounters of ${COMBATANTS} combatants in ${((performance.now() - setupStart) / 1000).toFixed(1)} s.`,
      );
      const next = (where: Place) => service.apply(GM, where, nextTurn);
      const damage = (where: Place, step: number) =>
        service.apply(GM, where, dealDamage, { target: `Goblin ${(step % (COMBATANTS / 2)) + 1}`, amount: '1' });
      const cold = () => createEncounterService({ prisma: counting.prisma, random: createCryptoRandom(), now: () => new Date() });
      const coldNext = (where: Place) => cold().apply(GM, where, nextTurn);
      const coldDamage = (where: Place, step: number) =>
        cold().apply(GM, where, dealDamage, { target: `Orc ${(step % (COMBATANTS / 2)) + 1}`, amount: '1' });
      // Warm the pool, the JIT and PostgreSQL's caches before measuring.
      await measure('warm-up', 10, next, counting.statements);
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
        (sent++ % 2 === 0 ? service : replica).apply(GM, where, dealDamage, {
          target: `Goblin ${(step % (COMBATANTS / 2)) + 1}`,
          amount: '1',
        });
      rows.push(await measure('/hp damage (racing, 2 processes)', 1, eitherProcess, counting.statements, RACERS));
      console.log(table(rows));
    } finally {
      await counting.prisma.$disconnect();
    }
  } finally {
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
