import { SlashCommandBuilder } from '@discordjs/builders';
import pino from 'pino';
import { buildServices } from '../../src/app';
import { createPrismaClient } from '../../src/db/client';
import { createSeededRandom } from '../../src/dice/seeded';
import type { Command } from '../../src/framework/command';
import { CommandRegistry } from '../../src/framework/registry';
import type { Services } from '../../src/services';
import type { ShardCount } from '../../src/config';
import { startGateway, type Gateway } from '../../src/transports/gateway';
import { FakeDiscord, shardOf } from './fake-discord';

/** Answers with the server it was asked in. */
const where: Command = {
  definition: new SlashCommandBuilder().setName('where').setDescription('Names the server'),
  execute: (ctx) => Promise.resolve({ content: `asked in ${ctx.guildId}` }),
};
const registry = new CommandRegistry([where]);

// The command never touches the database, so the client is never connected.
const prisma = createPrismaClient('postgresql://postgres@127.0.0.1:5432/unused', 1);
const services: Services = buildServices({ prisma, random: createSeededRandom(1), logger: pino({ level: 'silent' }) });

let fake: FakeDiscord | null = null;
let gateway: Gateway | null = null;

async function connect(recommendedShards: number, shardCount: ShardCount | null): Promise<FakeDiscord> {
  fake = await FakeDiscord.start({ shards: recommendedShards, commands: [where.definition.toJSON()] });
  gateway = await startGateway({ token: 'shard-token', apiUrl: fake.apiUrl, registry, services, logger: services.logger, shardCount });
  await fake.ready();
  return fake;
}

afterEach(async () => {
  await gateway?.stop();
  await fake?.close();
  gateway = null;
  fake = null;
});

afterAll(async () => {
  await prisma.$disconnect();
});

/** Sends /where in each guild and checks it came through that guild's shard and was answered from it. */
async function expectAnswersThroughEveryShard(discord: FakeDiscord, shardCount: number): Promise<void> {
  expect(discord.guilds.map((g) => shardOf(g.id, shardCount))).toEqual(Array.from({ length: shardCount }, (_, id) => id));
  for (const guild of discord.guilds) {
    const { message } = await discord.sendCommand('where', {}, { guildId: guild.id });
    expect(message.content).toBe(`asked in ${guild.id}`);
    expect(message.channelId).toBe(guild.channelId);
    expect(discord.dispatches.find((d) => d.interactionId === message.interactionId)?.shard).toBe(guild.shard);
  }
}

test('SHARD_COUNT=2 opens two gateway connections, identifying as shard 0 and 1 of 2, and answers interactions through each', async () => {
  const discord = await connect(2, 2);
  expect([...discord.identifiedShards].sort()).toEqual([
    [0, 2],
    [1, 2],
  ]);
  await expectAnswersThroughEveryShard(discord, 2);
});

test('SHARD_COUNT=auto takes the shard count Discord recommends', async () => {
  const discord = await connect(2, 'auto');
  expect([...discord.identifiedShards].sort()).toEqual([
    [0, 2],
    [1, 2],
  ]);
  await expectAnswersThroughEveryShard(discord, 2);
});

test('SHARD_COUNT=auto in the environment is not misread by discord.js, which reads that variable too', async () => {
  process.env.SHARD_COUNT = 'auto';
  try {
    const discord = await connect(2, 'auto');
    expect(discord.identifiedShards).toHaveLength(2);
  } finally {
    delete process.env.SHARD_COUNT;
  }
});

test('without SHARD_COUNT the bot runs one connection, identifying as shard 0 of 1', async () => {
  const discord = await connect(1, null);
  expect(discord.identifiedShards).toEqual([[0, 1]]);
  await expectAnswersThroughEveryShard(discord, 1);
});
