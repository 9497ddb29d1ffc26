/**
 * `npx ts-node --transpile-only scripts/bench-effects.ts`: what effects piled on combatants cost
 * everyone in the channel, through the command handlers and the PostgreSQL store (a database of its
 * own, dropped at the end). Three fights side by side in one run: the worst the code allowed before
 * the caps (5,000 effects on one combatant, as a player once added them), the largest the caps allow
 * (50 combatants, 300 effects: 20 on each of 15), and 50 combatants without effects. For each,
 * `/hp damage` on a combatant without effects and on the one carrying the most, and the
 * `/condition add` autocomplete of `condition`, one at a time; the p50 and p95 of 60.
 */
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import pino from 'pino';
import { registry } from '../commands';
import { buildServices } from '../src/app';
import type { EncounterService } from '../src/combat/service';
import { addMonsters } from '../src/combat/steps';
import type { StepContext, Transition } from '../src/combat/transition';
import type { Actor, Encounter, EncounterEffect, Place } from '../src/combat/types';
import { createCryptoRandom } from '../src/dice';
import { createEncounterService } from '../src/db/encounter-store';
import { createCountingPrisma } from '../src/db/encounter-statement-counter';
import type { ChannelMessenger, CommandContext, OptionValue } from '../src/framework/command';
import { dispatchAutocomplete, dispatchCommand } from '../src/framework/dispatch';
import type { Services } from '../src/services';
import { noteText } from '../src/views/change-notes';
import { withBenchDatabase } from './bench-database';
import { loadAverages } from './machine-load';

const GM: Actor = { userId: 'bench-gm', name: 'Bench GM', canManageChannel: false };
const RUNS = 60;

/**
 * Effects as `/condition add` stores them, written in one step past the caps (as the code before
 * them let a player do, one command at a time): `perTarget` on each of the first `targets` combatants.
 */
function pileEffects(targets: number, perTarget: number) {
  return (encounter: Encounter, _ctx: StepContext): Transition => {
    const effects: EncounterEffect[] = [...encounter.effects];
    let seq = encounter.nextSeq;
    for (const target of encounter.combatants.slice(0, targets)) {
      for (let i = 0; i < perTarget; i += 1) {
        effects.push({
          id: `e${seq}`,
          kind: 'effect',
          name: `A long self-applied effect name, number ${seq}`.slice(0, 48),
          sourceId: target.id,
          targetId: target.id,
          startedRound: encounter.round,
          expiry: null,
          concentrationId: null,
          appliedBy: 'bench-player',
          note: null,
          save: null,
          modifiers: [{ kind: 'ac', amount: 1 }],
          shownToPlayers: true,
          savePending: false,
        });
        seq += 1;
      }
    }
    return {
      encounter: { ...encounter, effects, nextSeq: seq },
      events: [],
      note: { kind: 'effect-added', combatant: 'the Ogres', effect: null },
    };
  };
}

async function fight(service: EncounterService, where: Place, combatants: number, targets: number, perTarget: number): Promise<void> {
  const begun = await service.begin(GM, where, 'init begin', { name: `Bench ${where.channelId}` });
  await service.setTrackerMessage(where, begun.encounter.id, `tracker-${where.channelId}`);
  for (let added = 0; added < combatants; added += 10) {
    await service.apply(GM, where, 'init add', addMonsters, { name: `Ogre ${added / 10}`, count: 10, hp: 100_000, ac: 15, initiative: 10 });
  }
  await service.apply(GM, where, 'condition add', pileEffects(targets, perTarget));
}

const messenger: ChannelMessenger = {
  send: () => Promise.resolve('bench-message'),
  sendDirect: () => Promise.resolve('bench-message'),
  edit: () => Promise.resolve(true),
  pin: () => Promise.resolve(true),
};

function context(services: Services, where: Place, subcommand: string, values: Record<string, OptionValue>): CommandContext {
  return {
    interactionId: `bench-${randomBytes(4).toString('hex')}`,
    user: { id: GM.userId, name: GM.name },
    guildId: where.guildId,
    channelId: where.channelId,
    permissions: { manageGuild: false, manageChannels: false },
    services,
    messenger,
    options: { subcommandGroup: null, subcommand, values },
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function timed(run: () => Promise<unknown>): Promise<string> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms`;
}

async function main(): Promise<void> {
  await withBenchDatabase(async (url) => {
    const counting = createCountingPrisma(url, 10);
    try {
      const service = createEncounterService({
        prisma: counting.prisma,
        random: createCryptoRandom(),
        now: () => new Date(),
        describe: noteText,
      });
      const before: Place = { guildId: 'bench', channelId: 'uncapped' };
      const capped: Place = { guildId: 'bench', channelId: 'capped' };
      const bare: Place = { guildId: 'bench', channelId: 'bare' };
      await fight(service, before, 50, 1, 5000);
      await fight(service, capped, 50, 15, 20);
      await fight(service, bare, 50, 0, 0);
      const services = buildServices({ prisma: counting.prisma, random: createCryptoRandom(), logger: pino({ level: 'silent' }) });
      // The combatant damaged carries nothing, so the damage itself is the same in both fights.
      const damage = (where: Place, target: string) => () =>
        dispatchCommand(registry, 'hp', context(services, where, 'damage', { target, amount: '1' }));
      const suggest = (where: Place) => () =>
        dispatchAutocomplete(registry, 'condition', {
          ...context(services, where, 'add', { condition: 'lo' }),
          focused: { name: 'condition', value: 'lo' },
        });
      // Warm the pool, the JIT and PostgreSQL's caches before measuring.
      for (const where of [before, capped, bare]) await timed(damage(where, 'Ogre 4 10'));
      console.log(`load before: ${loadAverages()} on ${os.cpus().length} cores`);
      console.log('| fight | /hp damage on a bystander | /hp damage on the most burdened | condition autocomplete |');
      console.log('| --- | --- | --- | --- |');
      console.log(
        `| 5,000 effects on one combatant (allowed before the caps) | ${await timed(damage(before, 'Ogre 4 10'))} | ${await timed(damage(before, 'Ogre 0 1'))} | ${await timed(suggest(before))} |`,
      );
      console.log(
        `| 300 effects, 20 on each of 15 of 50 combatants (the caps' largest) | ${await timed(damage(capped, 'Ogre 4 10'))} | ${await timed(damage(capped, 'Ogre 0 1'))} | ${await timed(suggest(capped))} |`,
      );
      console.log(
        `| 50 combatants, no effects | ${await timed(damage(bare, 'Ogre 4 10'))} | ${await timed(damage(bare, 'Ogre 0 1'))} | ${await timed(suggest(bare))} |`,
      );
      console.log(`load after: ${loadAverages()}`);
    } finally {
      await counting.prisma.$disconnect();
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
