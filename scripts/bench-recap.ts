/**
 * `/init recap` and `/init export` on a large fight, for one or more checkouts side by side on the
 * same fight in one run (a test database of its own, dropped at the end):
 *
 *   npx ts-node --transpile-only scripts/bench-recap.ts [checkout ...]
 *
 * A fight of EVENTS logged changes (a hidden Ogre, four players hitting it and each other) is made
 * once with this checkout's code; then each checkout (default: this one; export older code with
 * `git archive`, link node_modules and src/db/generated into it) runs in a process of its own,
 * through its own commands and dispatcher: the first recap and a repeat, four players' recaps at
 * once while a bystander rolls dice every ROLL_EVERY_MS (the rolls' p50 and p95 meanwhile), a
 * player's refused export, and the game master's export with its size.
 */
import { fork } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pino from 'pino';
import { loadAverages } from './machine-load';

const EVENTS = 7_000;
const ROLL_EVERY_MS = 10;
const GUILD = 'guild-1';
const CHANNEL = 'channel-bench';
const GM = { id: 'user-gm', name: 'Gina' };
const PLAYERS = ['Alice', 'Bram', 'Cora', 'Dain'].map((name) => ({ id: `user-${name.toLowerCase()}`, name }));

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** Makes the fight through this checkout's encounter service. */
async function makeFight(url: string): Promise<void> {
  const { createPrismaClient } = await import('../src/db/client');
  const { buildServices } = await import('../src/app');
  const { createSeededRandom } = await import('../src/dice/seeded');
  const steps = await import('../src/combat/steps');
  const prisma = createPrismaClient(url, 2);
  const services = buildServices({ prisma, random: createSeededRandom(1), logger: pino({ level: 'silent' }) });
  const place = { guildId: GUILD, channelId: CHANNEL };
  const gm = { userId: GM.id, name: GM.name, canManageChannel: false };
  const encounters = services.encounters;
  await encounters.begin(gm, place, 'init begin', { name: 'Siege of the long night' });
  await encounters.apply(gm, place, 'init add', steps.addMonsters, { name: 'Ogre', hp: 100_000, ac: 11, hidden: true, initiative: 5 });
  for (const player of PLAYERS) {
    const actor = { userId: player.id, name: player.name, canManageChannel: false };
    await encounters.apply(actor, place, 'init join', steps.joinEncounter, { name: player.name, hp: 100_000, ac: 14, initiative: 10 });
  }
  for (let i = 0; i < EVENTS - 5; i += 1) {
    const player = PLAYERS[i % PLAYERS.length] ?? PLAYERS[0];
    const actor = { userId: player?.id ?? '', name: player?.name ?? '', canManageChannel: false };
    const target = i % 3 === 0 ? (PLAYERS[(i + 1) % PLAYERS.length]?.name ?? 'Ogre') : 'Ogre';
    await encounters.apply(actor, place, 'hp damage', steps.dealDamage, { target, amount: '1d6 [slashing] + 1d4 [fire]' });
  }
  await encounters.apply(gm, place, 'init end', steps.endEncounter);
  await prisma.$disconnect();
}

interface Figures {
  checkout: string;
  recapFirstMs: number;
  recapRepeatMs: number;
  fourRecapsMs: number;
  rollP50Ms: number;
  rollP95Ms: number;
  rolls: number;
  rollIdleP95Ms: number;
  refusedExportMs: number;
  refusal: string;
  exportMs: number;
  exportFiles: string;
  loadBefore: string;
}

/** In the child: one checkout's commands on the fight. */
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access -- another checkout's modules, loaded by path */
async function measure(checkout: string, url: string): Promise<Figures> {
  const load = (file: string): Promise<Record<string, unknown>> => import(path.join(checkout, file)) as Promise<Record<string, unknown>>;
  const { registry }: any = await load('commands');
  const { buildServices }: any = await load('src/app');
  const { dispatchCommand }: any = await load('src/framework/dispatch');
  const { createPrismaClient }: any = await load('src/db/client');
  const { createCryptoRandom }: any = await load('src/dice');
  const prisma = createPrismaClient(url, 5);
  const services = buildServices({ prisma, random: createCryptoRandom(), logger: pino({ level: 'silent' }) });
  const messenger = {
    send: () => Promise.resolve('m'),
    edit: () => Promise.resolve(true),
    pin: () => Promise.resolve(true),
    sendDirect: () => Promise.resolve('d'),
  };
  let counter = 0;
  const run = async (user: { id: string; name: string }, name: string, subcommand: string | null, values: Record<string, unknown> = {}) => {
    counter += 1;
    const started = performance.now();
    const reply = await dispatchCommand(registry, name, {
      interactionId: `bench-${counter}`,
      user,
      guildId: GUILD,
      channelId: CHANNEL,
      permissions: { manageGuild: false, manageChannels: false },
      options: { subcommandGroup: null, subcommand, values, attachments: {} },
      services,
      messenger,
    });
    return { reply, ms: performance.now() - started };
  };
  const loadBefore = loadAverages();
  const bystander = { id: 'user-bystander', name: 'Eve' };
  const idle: number[] = [];
  for (let i = 0; i < 50; i += 1) {
    const due = performance.now() + ROLL_EVERY_MS;
    await sleep(ROLL_EVERY_MS);
    await run(bystander, 'roll', null, { dice: '1d20+5' });
    idle.push(performance.now() - due);
  }
  const [alice, bram, cora, dain] = PLAYERS as [(typeof PLAYERS)[0], (typeof PLAYERS)[0], (typeof PLAYERS)[0], (typeof PLAYERS)[0]];
  const first = await run(alice, 'init', 'recap');
  const repeat = await run(alice, 'init', 'recap');
  let rolling = true;
  const rolls: number[] = [];
  const roller = (async () => {
    while (rolling) {
      // From when the roll was due: a busy event loop delays the roll before it even starts.
      const due = performance.now() + ROLL_EVERY_MS;
      await sleep(ROLL_EVERY_MS);
      await run(bystander, 'roll', null, { dice: '1d20+5' });
      rolls.push(performance.now() - due);
    }
  })();
  const started = performance.now();
  await Promise.all([alice, bram, cora, dain].map((player) => run(player, 'init', 'recap')));
  const fourRecapsMs = performance.now() - started;
  rolling = false;
  await roller;
  const refused = await run(bram, 'init', 'export');
  const exported = await run(GM, 'init', 'export');
  await prisma.$disconnect();
  const files = (exported.reply.files ?? []) as { name: string; data: Uint8Array }[];
  return {
    checkout,
    loadBefore,
    recapFirstMs: first.ms,
    recapRepeatMs: repeat.ms,
    fourRecapsMs,
    rollP50Ms: percentile(rolls, 50),
    rollP95Ms: percentile(rolls, 95),
    rolls: rolls.length,
    rollIdleP95Ms: percentile(idle, 95),
    refusedExportMs: refused.ms,
    refusal: String(refused.reply.embeds?.[0]?.description ?? '').slice(0, 70),
    exportMs: exported.ms,
    exportFiles: files.map((f) => `${f.name} ${(f.data.byteLength / 1024 / 1024).toFixed(2)} MiB`).join(', '),
  };
}

/* eslint-enable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-member-access */

async function main(): Promise<void> {
  const [mode, ...args] = process.argv.slice(2);
  if (mode === '--child') {
    const [checkout = '.', url = ''] = args;
    const figures = await measure(path.resolve(checkout), url);
    process.send?.(figures);
    return;
  }
  const checkouts = (mode === undefined ? ['.'] : [mode, ...args]).map((dir) => path.resolve(dir));
  const { createTestDatabase } = await import('../test/support/database');
  const database = await createTestDatabase({ durable: true });
  try {
    console.log(`bench-recap: making a fight of ${EVENTS} logged changes… (load ${loadAverages()})`);
    await makeFight(database.url);
    for (const checkout of checkouts) {
      const child = fork(__filename, ['--child', checkout, database.url], { execArgv: ['-r', 'ts-node/register/transpile-only'] });
      const figures = await new Promise<Figures>((resolve, reject) => {
        child.once('message', (message) => resolve(message as Figures));
        child.once('exit', (code) => reject(new Error(`the measuring process exited with ${code}`)));
      });
      child.kill();
      console.log(`\n${figures.checkout} (load ${figures.loadBefore})`);
      console.log(`  recap: first ${figures.recapFirstMs.toFixed(0)} ms, repeat ${figures.recapRepeatMs.toFixed(0)} ms`);
      console.log(
        `  four recaps at once: ${figures.fourRecapsMs.toFixed(0)} ms; a bystander's /roll meanwhile: p50 ${figures.rollP50Ms.toFixed(1)} ms, ` +
          `p95 ${figures.rollP95Ms.toFixed(1)} ms over ${figures.rolls} rolls (idle p95 ${figures.rollIdleP95Ms.toFixed(1)} ms)`,
      );
      console.log(`  a player's refused export: ${figures.refusedExportMs.toFixed(0)} ms (${figures.refusal})`);
      console.log(`  the game master's export: ${figures.exportMs.toFixed(0)} ms, ${figures.exportFiles}`);
    }
  } finally {
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
