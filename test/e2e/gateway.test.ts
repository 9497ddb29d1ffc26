import { SlashCommandBuilder } from '@discordjs/builders';
import { GatewayIntentBits, InteractionResponseType, MessageFlags } from 'discord.js';
import pino from 'pino';
import { createPrismaClient } from '../../src/db/client';
import { createSeededRandom } from '../../src/dice/seeded';
import { UserError, type Command, type ComponentContext } from '../../src/framework/command';
import type { Reply } from '../../src/views/reply';
import { startGateway, type Gateway } from '../../src/transports/gateway';
import { CommandRegistry } from '../../src/framework/registry';
import type { Services } from '../../src/services';
import { FakeDiscord } from './fake-discord';
import { buildServices } from '../../src/app';

/** A promise the test resolves by hand, to hold a handler mid-flight. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

let held = gate();

const probe: Command = {
  definition: new SlashCommandBuilder()
    .setName('probe')
    .setDescription('Shows what the handler was given')
    .addSubcommandGroup((g) =>
      g
        .setName('deep')
        .setDescription('A group')
        .addSubcommand((s) =>
          s
            .setName('look')
            .setDescription('Echo the context')
            .addStringOption((o) => o.setName('text').setDescription('Any text').setAutocomplete(true))
            .addIntegerOption((o) => o.setName('count').setDescription('A number'))
            .addBooleanOption((o) => o.setName('loud').setDescription('A flag')),
        ),
    )
    .addSubcommand((s) => s.setName('hold').setDescription('Answers when the test says so'))
    .addSubcommand((s) => s.setName('refuse').setDescription('Fails slowly with a user error'))
    .addSubcommand((s) => s.setName('track').setDescription('Posts, pins and edits a channel message'))
    .addSubcommand((s) => s.setName('buttons').setDescription('Offers buttons')),
  async execute(ctx): Promise<Reply> {
    switch (ctx.options.subcommand) {
      case 'look':
        return {
          content: `<@${ctx.user.id}> and @everyone`,
          mentionUsers: [ctx.user.id],
          embeds: [
            {
              title: 'context',
              description: JSON.stringify({
                user: ctx.user,
                guildId: ctx.guildId,
                channelId: ctx.channelId,
                permissions: ctx.permissions,
                options: ctx.options,
              }),
            },
          ],
        };
      case 'hold':
        await held.opened;
        return { embeds: [{ description: 'held answer' }] };
      case 'refuse':
        await held.opened;
        throw new UserError('You cannot do that here.');
      case 'track': {
        const id = await ctx.messenger.send(ctx.channelId, { embeds: [{ title: 'Round 1' }] });
        const pinned = await ctx.messenger.pin(ctx.channelId, id);
        const edits = await Promise.all(
          [2, 3, 4].map((round) => ctx.messenger.edit(ctx.channelId, id, { embeds: [{ title: `Round ${round}` }] })),
        );
        const gone = await ctx.messenger.edit(ctx.channelId, '1234567890123456789', { content: 'nothing' });
        return { content: JSON.stringify({ id, pinned, edits, gone }) };
      }
      default:
        return {
          embeds: [{ description: 'choose' }],
          components: [
            {
              buttons: [
                { customId: 'probe:update', label: 'Update', style: 'primary' },
                { customId: 'probe:private', label: 'Private', style: 'secondary' },
                { customId: 'probe:slow-update', label: 'Slow update', style: 'danger' },
              ],
            },
          ],
        };
    }
  },
  autocomplete(ctx) {
    return Promise.resolve(
      ['goblin', 'gorgon', 'owlbear']
        .filter((n) => n.startsWith(ctx.focused.value))
        .map((n) => ({ name: `${n} (${ctx.focused.name})`, value: n })),
    );
  },
  // Buttons are routed by `<command>:<action>`: one route per probe button, all answered here.
  buttons: ['probe:update', 'probe:private', 'probe:slow-update'].map((key) => ({ key, press: pressProbe })),
};

async function pressProbe(ctx: ComponentContext): Promise<Reply> {
  if (ctx.customId === 'probe:private') return { ephemeral: true, content: `only for ${ctx.user.name}` };
  if (ctx.customId === 'probe:slow-update') await held.opened;
  return { updateMessage: true, embeds: [{ description: `updated by ${ctx.customId}` }] };
}

const slow: Command = {
  definition: new SlashCommandBuilder().setName('slow').setDescription('Known to be slow'),
  mayBeSlow: true,
  async execute() {
    await held.opened;
    return { embeds: [{ description: 'slow answer' }] };
  },
};

const registry = new CommandRegistry([probe, slow]);
const definitions = registry.commands.map((c) => c.definition.toJSON());

// These commands never touch the database, so the client is never connected.
const prisma = createPrismaClient('postgresql://postgres@127.0.0.1:5432/unused', 1);
const services: Services = buildServices({ prisma, random: createSeededRandom(1), logger: pino({ level: 'silent' }) });

let fake: FakeDiscord;
let gateway: Gateway;
// Long enough that a quick handler never trips it, even on a loaded machine; held handlers wait for it.
const DEFER_AFTER_MS = 1_500;

beforeEach(async () => {
  held = gate();
  fake = await FakeDiscord.start({ commands: definitions });
  gateway = await startGateway({
    token: 'fake-token',
    apiUrl: fake.apiUrl,
    registry,
    services,
    logger: services.logger,
    deferAfterMs: DEFER_AFTER_MS,
    drainTimeoutMs: 5_000,
  });
  await fake.ready();
});

afterEach(async () => {
  held.open();
  await gateway.stop();
  await fake.close();
});

afterAll(async () => {
  await prisma.$disconnect();
});

test('logs in with its token and the Guilds intent only, uncompressed', () => {
  expect(fake.requests.find((r) => r.path === '/api/v10/gateway/bot')?.authorization).toBe('Bot fake-token');
  expect(fake.identify).toMatchObject({ token: 'fake-token', intents: GatewayIntentBits.Guilds, compress: false });
});

test('a command gets its options flattened, the member permissions and a reply that pings only the invoker', async () => {
  const result = await fake.sendCommand(
    'probe deep look',
    { text: 'hello', count: 3, loud: true },
    { userId: '200000000000000001', userName: 'Mira', manageChannels: true },
  );
  expect(result.callbackType).toBe(InteractionResponseType.ChannelMessageWithSource);
  expect(result.message.ephemeral).toBe(false);
  expect(result.message.allowedMentions).toEqual({ parse: [], users: ['200000000000000001'] });
  expect(JSON.parse(result.message.embeds[0]?.description ?? '{}')).toEqual({
    user: { id: '200000000000000001', name: 'Mira' },
    guildId: fake.guildId,
    channelId: fake.channelId,
    permissions: { manageGuild: false, manageChannels: true },
    options: { subcommandGroup: 'deep', subcommand: 'look', values: { text: 'hello', count: 3, loud: true } },
  });
});

test('autocomplete offers the handler suggestions for the focused option', async () => {
  const choices = await fake.autocomplete('probe deep look', { text: 'go', count: 2 }, 'text');
  expect(choices).toEqual([
    { name: 'goblin (text)', value: 'goblin' },
    { name: 'gorgon (text)', value: 'gorgon' },
  ]);
});

test('an answer that takes too long is deferred, then the deferred reply is edited', async () => {
  const answer = fake.sendCommand('probe hold');
  await fake.waitForRequest(
    (r) =>
      r.path.endsWith('/callback') &&
      (r.body as { type: InteractionResponseType }).type === InteractionResponseType.DeferredChannelMessageWithSource,
  );
  held.open();
  const result = await answer;
  expect(result.deferred).toBe(true);
  expect(result.message.embeds[0]?.description).toBe('held answer');
  expect(result.message.ephemeral).toBe(false);
});

test('a command known to be slow is deferred at once', async () => {
  const answer = fake.sendCommand('slow');
  const deferral = await fake.waitForRequest((r) => r.path.endsWith('/callback'));
  expect((deferral.body as { type: number }).type).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
  held.open();
  expect((await answer).message.embeds[0]?.description).toBe('slow answer');
});

test('a private answer to a deferred command replaces the public placeholder with an ephemeral follow-up', async () => {
  const answer = fake.sendCommand('probe refuse');
  await fake.waitForRequest((r) => r.path.endsWith('/callback'));
  held.open();
  const result = await answer;
  expect(result.message.ephemeral).toBe(true);
  expect(result.message.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
  expect(result.message.embeds[0]?.description).toBe('⚠️ You cannot do that here.');
  expect(fake.requests.some((r) => r.method === 'DELETE' && r.path.endsWith('/messages/%40original'))).toBe(true);
  expect(fake.channelMessages().filter((m) => m.interactionId !== null)).toEqual([result.message]);
});

test('buttons update the message they sit on, or answer privately', async () => {
  const offer = await fake.sendCommand('probe buttons');
  const updated = await fake.clickButton(offer.message, 'probe:update');
  expect(updated.callbackType).toBe(InteractionResponseType.UpdateMessage);
  expect(updated.message.id).toBe(offer.message.id);
  expect(updated.message.embeds[0]?.description).toBe('updated by probe:update');
  expect(updated.message.components).toEqual([]);

  await fake.sendCommand('probe buttons');
  const secret = await fake.clickButton('probe:private', undefined, { userName: 'Tova' });
  expect(secret.message.ephemeral).toBe(true);
  expect(secret.message.content).toBe('only for Tova');
});

test('a slow button press is deferred as an update, then edits the message it sits on', async () => {
  const offer = await fake.sendCommand('probe buttons');
  const press = fake.clickButton(offer.message, 'probe:slow-update');
  await fake.waitForRequest(
    (r) =>
      r.path.endsWith('/callback') && (r.body as { type: InteractionResponseType }).type === InteractionResponseType.DeferredMessageUpdate,
  );
  held.open();
  const result = await press;
  expect(result.deferred).toBe(true);
  expect(result.message.id).toBe(offer.message.id);
  expect(result.message.embeds[0]?.description).toBe('updated by probe:slow-update');
});

test('the messenger posts, pins and edits channel messages; rapid edits collapse; a vanished message reports false', async () => {
  const result = await fake.sendCommand('probe track');
  const report = JSON.parse(result.message.content) as { id: string; pinned: boolean; edits: boolean[]; gone: boolean };
  expect(report).toMatchObject({ pinned: true, edits: [true, true, true], gone: false });
  const tracker = fake.message(report.id);
  expect(tracker?.embeds[0]?.title).toBe('Round 4');
  expect(tracker?.pinned).toBe(true);
  expect(tracker?.allowedMentions).toEqual({ parse: [], users: [] });
  const edits = fake.requests.filter((r) => r.method === 'PATCH' && r.path.endsWith(`/messages/${report.id}`));
  expect(edits.map((e) => (e.body as { embeds: { title: string }[] }).embeds[0]?.title)).toEqual(['Round 2', 'Round 4']);
});

test('a pin the bot may not make reports false instead of failing the command', async () => {
  fake.denyPins();
  const result = await fake.sendCommand('probe track');
  expect(JSON.parse(result.message.content)).toMatchObject({ pinned: false, edits: [true, true, true] });
});

test('stop() lets an interaction in flight finish, refuses new ones, then disconnects', async () => {
  const inFlight = fake.sendCommand('probe hold');
  await fake.waitForRequest((r) => r.path.endsWith('/callback'));
  const stopped = gateway.stop();
  const refused = await fake.sendCommand('probe deep look');
  expect(refused.message.ephemeral).toBe(true);
  expect(refused.message.embeds[0]?.description).toBe('⚠️ Rollcall is restarting. Try again in a minute.');
  held.open();
  expect((await inFlight).message.embeds[0]?.description).toBe('held answer');
  await stopped;
  await fake.disconnected();
});
