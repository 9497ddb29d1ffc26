/**
 * The bot's figures under load and database trouble, over HTTP interactions, for one or more
 * checkouts side by side in one run (loopback only; a test database of its own, dropped at the end):
 *
 *   npx ts-node --transpile-only scripts/bench-resilience.ts [--only forged,damage,next,kill,pause,outage] [checkout ...]
 *
 * Each checkout (default: this one) runs as PROCESSES bot processes (`src/main.ts` from that
 * checkout, its own node_modules) on one PostgreSQL database reached through a TCP proxy, fed by the
 * fake Discord round-robin. To measure older code, export it (`git archive main | tar -x -C /tmp/old`),
 * link this checkout's node_modules and src/db/generated into it, and pass `/tmp/old .`.
 *
 * - forged: FORGED requests signed with another key: how many got 401.
 * - damage: DAMAGE_COMMANDS concurrent `/hp damage amount:1` on one monster: its HP must drop by exactly that many.
 * - next: NEXT_COMMANDS concurrent `/init next` over 3 monsters: each (round, turn) announced exactly once.
 * - kill: KILL_COMMANDS concurrent damage, one process killed with SIGKILL a third of the way through:
 *   the HP must match the damage the log recorded, every answered command among it.
 * - pause: the proxy holds every byte for PAUSE_MS while a player sends a damage command every
 *   PAUSE_EVERY_MS: how many got their first answer within 3 s, the first answer's and the final
 *   answer's p50, and whether every one was applied once the database came back.
 * - outage: the proxy refuses connections for OUTAGE_MS, a command every OUTAGE_EVERY_MS: HTTP 500s,
 *   private "database unavailable" answers, and a command after it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { FakeDiscord, type InteractionResult, type Invoker } from '../test/e2e/fake-discord';
import { snowflake } from '../test/e2e/fake-discord-payloads';
import { freePort, httpBotEnv } from '../test/e2e/run-script';
import { request, signatureHeaders } from '../test/e2e/signed-http';
import { createTestDatabase } from '../test/support/database';
import { startTcpProxy, type TcpProxy } from '../test/support/tcp-proxy';
import { loadAverages } from './machine-load';

const PROCESSES = 3;
const FORGED = 200;
const DAMAGE_COMMANDS = 1_500;
const NEXT_COMMANDS = 600;
const KILL_COMMANDS = 600;
const PAUSE_MS = 25_000;
const PAUSE_EVERY_MS = 200;
const OUTAGE_MS = 10_000;
const OUTAGE_EVERY_MS = 100;
const DISCORD_DEADLINE_MS = 3_000;
const STARTUP_MS = 180_000;
/** Long enough for every command held by a pause to be answered after it. */
const ANSWER_TIMEOUT_MS = 120_000;
const OGRE_HP = 100_000;

const SCENARIOS = ['forged', 'damage', 'next', 'kill', 'pause', 'outage'] as const;

const gm: Invoker = { userId: '400000000000000001', userName: 'Gina' };

interface Bot {
  url: string;
  port: number;
  child: ChildProcess;
  stderr: string[];
}

function startBot(checkout: string, env: Record<string, string>): Bot {
  const child = spawn(process.execPath, ['-r', 'ts-node/register/transpile-only', 'src/main.ts'], {
    cwd: checkout,
    env: { ...process.env, DISCORD_GUILD_ID: '', PUBLIC_URL: '', WEB_PORT: '', TRUST_PROXY: '', ...env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk.toString('utf8')));
  return { url: `http://127.0.0.1:${env.PORT}/interactions`, port: Number(env.PORT), child, stderr };
}

async function healthy(bot: Bot, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await request(`http://127.0.0.1:${bot.port}/healthz`, 'GET', null).catch(() => null);
    if (answer?.status === 200) return;
    if (Date.now() > deadline || bot.child.exitCode !== null) throw new Error(`a bot never started:\n${bot.stderr.join('')}`);
    await sleep(200);
  }
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function description(result: InteractionResult): string {
  return result.message.embeds.map((embed) => embed.description ?? '').join('\n') || (result.message.content ?? '');
}

class Run {
  readonly lines: string[] = [];
  private bots: Bot[] = [];

  constructor(
    readonly checkout: string,
    private readonly fake: FakeDiscord,
    private readonly proxy: TcpProxy,
    private readonly db: pg.Client,
    private readonly env: (port: number) => Record<string, string>,
  ) {}

  async start(): Promise<void> {
    for (let i = 0; i < PROCESSES; i += 1) this.bots.push(startBot(this.checkout, this.env(await freePort())));
    await Promise.all(this.bots.map((bot) => healthy(bot, STARTUP_MS)));
    this.fake.deliverOverHttp(
      this.bots.map((bot) => bot.url),
      privateKey,
    );
  }

  stop(): void {
    for (const bot of this.bots) bot.child.kill('SIGKILL');
  }

  say(line: string): void {
    this.lines.push(line);
    console.log(`  ${line}`);
  }

  private command(line: string, values: Record<string, string | number>, channelId: string): Promise<InteractionResult | Error> {
    return this.fake.sendCommand(line, values, { ...gm, channelId }, ANSWER_TIMEOUT_MS).catch((error: unknown) => error as Error);
  }

  private async fightWithOgre(channelId: string): Promise<void> {
    await this.command('init begin', { name: 'Bench' }, channelId);
    await this.command('init add', { name: 'Ogre', hp: OGRE_HP, ac: 11, initiative: 5 }, channelId);
  }

  private async ogreHp(channelId: string): Promise<number> {
    const { rows } = await this.db.query<{ hp: number }>(
      `SELECT c.hp FROM combatants c JOIN encounters e ON e.id = c.encounter_id WHERE e.active_channel_id = $1 AND c.name = 'Ogre'`,
      [channelId],
    );
    return rows[0]?.hp ?? NaN;
  }

  private async damageLogged(channelId: string): Promise<number> {
    const { rows } = await this.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM encounter_events ev JOIN encounters e ON e.id = ev.encounter_id WHERE e.active_channel_id = $1 AND ev.command = 'hp damage'`,
      [channelId],
    );
    return Number(rows[0]?.n ?? NaN);
  }

  async forged(): Promise<void> {
    const other = generateKeyPairSync('ed25519').privateKey;
    const body = JSON.stringify({ id: snowflake(), application_id: this.fake.applicationId, type: 1, token: 'forged', version: 1 });
    const statuses = await Promise.all(
      Array.from({ length: FORGED }, (_, i) =>
        request(this.bots[i % this.bots.length]?.url ?? '', 'POST', body, signatureHeaders(other, body)).then((a) => a.status),
      ),
    );
    this.say(`forged signatures: ${statuses.filter((s) => s === 401).length}/${FORGED} got 401`);
  }

  async damage(): Promise<void> {
    const channel = snowflake();
    await this.fightWithOgre(channel);
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: DAMAGE_COMMANDS }, () => this.command('hp damage', { target: 'Ogre', amount: '1' }, channel)),
    );
    const seconds = (performance.now() - started) / 1000;
    const answered = results.filter((r) => !(r instanceof Error) && /^Ogre takes 1 damage/.test(description(r))).length;
    const hp = await this.ogreHp(channel);
    this.say(
      `${PROCESSES} processes x ${DAMAGE_COMMANDS} concurrent damage: ${answered} answered in ${seconds.toFixed(1)} s, HP ${hp} ` +
        `(expected ${OGRE_HP - DAMAGE_COMMANDS}): ${hp === OGRE_HP - DAMAGE_COMMANDS && answered === DAMAGE_COMMANDS ? 'exact' : 'NOT EXACT'}`,
    );
  }

  async next(): Promise<void> {
    const channel = snowflake();
    await this.command('init begin', { name: 'Turns' }, channel);
    for (const [name, initiative] of [
      ['Goblin', 12],
      ['Kobold', 8],
      ['Orc', 5],
    ] as const) {
      await this.command('init add', { name, hp: 7, ac: 12, initiative }, channel);
    }
    const results = await Promise.all(Array.from({ length: NEXT_COMMANDS }, () => this.command('init next', {}, channel)));
    const turns = results.map((r) => (r instanceof Error ? `error: ${r.message}` : description(r)));
    let round = 0;
    const seen = new Map<string, number>();
    for (const text of turns) {
      const whose = /It's \*\*(\w+)\*\*'s turn/.exec(text)?.[1] ?? '?';
      const begins = /\*\*Round (\d+)\*\* begins/.exec(text)?.[1];
      if (begins !== undefined) round = Math.max(round, Number(begins));
      seen.set(whose, (seen.get(whose) ?? 0) + 1);
    }
    const rounds = turns.filter((t) => /\*\*Round \d+\*\* begins/.test(t)).length;
    const each = NEXT_COMMANDS / 3;
    const exact = ['Goblin', 'Kobold', 'Orc'].every((n) => seen.get(n) === each) && rounds === each && round === each;
    this.say(
      `${NEXT_COMMANDS} concurrent next: turns ${JSON.stringify(Object.fromEntries(seen))}, ${rounds} rounds begun (last ${round}): ` +
        `${exact ? 'none skipped or doubled' : 'SKIPPED OR DOUBLED'}`,
    );
  }

  async kill(): Promise<void> {
    const channel = snowflake();
    await this.fightWithOgre(channel);
    const victim = this.bots[PROCESSES - 1];
    if (!victim) return;
    let answeredSoFar = 0;
    const pending = Array.from({ length: KILL_COMMANDS }, () =>
      this.command('hp damage', { target: 'Ogre', amount: '1' }, channel).then((r) => {
        answeredSoFar += 1;
        return r;
      }),
    );
    while (answeredSoFar < KILL_COMMANDS / 3) await sleep(5);
    victim.child.kill('SIGKILL');
    const results = await Promise.all(pending);
    const answered = results.filter((r) => !(r instanceof Error) && /^Ogre takes 1 damage/.test(description(r))).length;
    const logged = await this.damageLogged(channel);
    const hp = await this.ogreHp(channel);
    const exact = hp === OGRE_HP - logged && logged >= answered;
    this.say(
      `kill -9 of 1 of ${PROCESSES} processes mid-burst of ${KILL_COMMANDS}: ${answered} answered, ${logged} applied, HP ${hp} ` +
        `(expected ${OGRE_HP - logged}): ${exact ? 'exact' : 'NOT EXACT'}`,
    );
    // The others go on; a new process takes the killed one's port for what follows.
    const replacement = startBot(this.checkout, this.env(victim.port));
    await healthy(replacement, STARTUP_MS);
    this.bots[PROCESSES - 1] = replacement;
  }

  /** Commands sent every `everyMs` for `forMs` while `trouble` holds, then let go; what each got. */
  private async during(
    channel: string,
    forMs: number,
    everyMs: number,
    trouble: () => void,
  ): Promise<{ sent: number; results: (InteractionResult | Error)[]; firstMs: number[]; finalMs: number[]; statuses: number[] }> {
    const before = this.fake.httpDeliveries.length;
    trouble();
    const finalMs: number[] = [];
    const pending: Promise<InteractionResult | Error>[] = [];
    const started = performance.now();
    while (performance.now() - started < forMs) {
      const sentAt = performance.now();
      pending.push(
        this.command('hp damage', { target: 'Ogre', amount: '1' }, channel).then((r) => {
          finalMs.push(performance.now() - sentAt);
          return r;
        }),
      );
      await sleep(everyMs);
    }
    this.proxy.resume();
    const results = await Promise.all(pending);
    const deliveries = this.fake.httpDeliveries.slice(before, before + pending.length);
    return {
      sent: pending.length,
      results,
      firstMs: deliveries.map((d) => d.ms ?? Infinity),
      finalMs,
      statuses: deliveries.map((d) => d.status ?? 0),
    };
  }

  async pause(): Promise<void> {
    const channel = snowflake();
    await this.fightWithOgre(channel);
    const { sent, results, firstMs, finalMs } = await this.during(channel, PAUSE_MS, PAUSE_EVERY_MS, () => this.proxy.pause());
    const inTime = firstMs.filter((ms) => ms <= DISCORD_DEADLINE_MS).length;
    const applied = await this.damageLogged(channel);
    const hp = await this.ogreHp(channel);
    const answered = results.filter((r) => !(r instanceof Error) && /^Ogre takes 1 damage/.test(description(r))).length;
    this.say(
      `database paused ${PAUSE_MS / 1000} s, ${sent} commands: ${inTime} answered (first answer) within 3 s; ` +
        `first answer p50 ${percentile(firstMs, 50).toFixed(0)} ms, p95 ${percentile(firstMs, 95).toFixed(0)} ms; ` +
        `final answer p50 ${percentile(finalMs, 50).toFixed(0)} ms`,
    );
    this.say(
      `  after the pause: ${answered} answered with the damage, ${applied} applied, HP ${hp} (expected ${OGRE_HP - sent}): ` +
        `${applied === sent && hp === OGRE_HP - sent ? 'nothing lost' : 'LOST OR DOUBLED'}`,
    );
  }

  async outage(): Promise<void> {
    const channel = snowflake();
    await this.fightWithOgre(channel);
    const { sent, results, firstMs, statuses } = await this.during(channel, OUTAGE_MS, OUTAGE_EVERY_MS, () => this.proxy.refuse());
    const unavailable = results.filter((r) => !(r instanceof Error) && /database is unavailable/.test(description(r))).length;
    const failed = results.filter((r) => !(r instanceof Error) && /Something went wrong/.test(description(r))).length;
    const applied = await this.damageLogged(channel);
    const after = await this.command('hp damage', { target: 'Ogre', amount: '1' }, channel);
    this.say(
      `database down ${OUTAGE_MS / 1000} s, ${sent} commands: ${statuses.filter((s) => s === 500).length} HTTP 500, ` +
        `${unavailable} "database unavailable", ${failed} "Something went wrong", ${applied} applied; ` +
        `first answer p50 ${percentile(firstMs, 50).toFixed(0)} ms; ` +
        `a command after it: ${after instanceof Error ? after.message : description(after).split('\n')[0]}`,
    );
  }
}

const { publicKey, privateKey } = generateKeyPairSync('ed25519');

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const onlyAt = args.indexOf('--only');
  const only = onlyAt >= 0 ? (args.splice(onlyAt, 2)[1] ?? '').split(',') : [...SCENARIOS];
  const checkouts = (args.length > 0 ? args : ['.']).map((dir) => path.resolve(dir));
  console.log(`bench-resilience: ${os.cpus().length} cores, load ${loadAverages()}`);
  const reports: Run[] = [];
  for (const checkout of checkouts) {
    console.log(`\n${checkout}`);
    const database = await createTestDatabase({ durable: true });
    const target = new URL(database.url);
    const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
    const fake = await FakeDiscord.start();
    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const run = new Run(checkout, fake, proxy, db, (port) => httpBotEnv(fake, publicKey, port, proxy.url(database.url)));
    try {
      await run.start();
      for (const scenario of SCENARIOS) {
        if (only.includes(scenario)) await run[scenario]();
      }
      run.say(`load after: ${loadAverages()}`);
    } finally {
      run.stop();
      await db.end();
      await fake.close();
      await proxy.close();
      await database.drop();
    }
    reports.push(run);
  }
  if (reports.length > 1) {
    console.log('\nSide by side:');
    for (const run of reports) console.log(`${run.checkout}\n${run.lines.map((l) => `  ${l}`).join('\n')}`);
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
