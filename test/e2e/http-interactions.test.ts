import { generateKeyPairSync } from 'node:crypto';
import { Writable } from 'node:stream';
import { SlashCommandBuilder } from '@discordjs/builders';
import { InteractionResponseType, InteractionType, MessageFlags } from 'discord.js';
import pino from 'pino';
import { registry as rollcall } from '../../commands';
import { buildServices } from '../../src/app';
import { createSeededRandom } from '../../src/dice/seeded';
import { UserError, type Command } from '../../src/framework/command';
import type { Reply } from '../../src/views/reply';
import { startHttpInteractions, type HttpInteractions } from '../../src/transports/http-interactions';
import { CommandRegistry } from '../../src/framework/registry';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { FakeDiscord } from './fake-discord';
import { request, signatureHeaders } from './signed-http';
import { containing } from '../support/matchers';

/** A promise the test resolves by hand, to hold a handler mid-flight. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

let held = gate();
let probeCalls = 0;

/** Test-only: a handler held until the test lets it answer, buttons and suggestions. */
const probe: Command = {
  definition: new SlashCommandBuilder()
    .setName('probe')
    .setDescription('Test-only command')
    .addSubcommand((s) =>
      s
        .setName('look')
        .setDescription('Suggests names')
        .addStringOption((o) => o.setName('text').setDescription('Any text').setAutocomplete(true)),
    )
    .addSubcommand((s) => s.setName('hold').setDescription('Answers when the test says so'))
    .addSubcommand((s) => s.setName('refuse').setDescription('Fails slowly with a user error'))
    .addSubcommand((s) => s.setName('buttons').setDescription('Offers buttons')),
  async execute(ctx): Promise<Reply> {
    probeCalls += 1;
    switch (ctx.options.subcommand) {
      case 'hold':
        await held.opened;
        return { embeds: [{ description: 'held answer' }] };
      case 'refuse':
        await held.opened;
        throw new UserError('You cannot do that here.');
      case 'look':
        return { content: `<@${ctx.user.id}> looked`, mentionUsers: [ctx.user.id] };
      default:
        return {
          embeds: [{ description: 'choose' }],
          components: [
            {
              buttons: [
                { customId: 'probe:update', label: 'Update', style: 'primary' },
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
  async button(ctx): Promise<Reply> {
    if (ctx.customId === 'probe:slow-update') await held.opened;
    return { updateMessage: true, embeds: [{ description: `updated by ${ctx.customId}` }] };
  },
};

const registry = new CommandRegistry([...rollcall.commands, probe]);
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const publicKeyHex = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('hex');
const TOKEN = 'http-bot-token';
// Long enough that a quick handler never trips it on a loaded machine; held handlers wait for it.
const DEFER_AFTER_MS = 1_500;

let db: TestDatabase;
let fake: FakeDiscord;
let bot: HttpInteractions;
let logLines: string[];
let endpoint: string;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

beforeEach(async () => {
  held = gate();
  probeCalls = 0;
  logLines = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino({ level: 'info' }, sink);
  const services = buildServices({ prisma: db.prisma, random: createSeededRandom(1), logger });
  fake = await FakeDiscord.start({ commands: registry.commands.map((c) => c.definition.toJSON()) });
  bot = await startHttpInteractions({
    publicKey: publicKeyHex,
    port: 0,
    host: '127.0.0.1',
    applicationId: fake.applicationId,
    token: TOKEN,
    apiUrl: fake.apiUrl,
    registry,
    services,
    logger,
    deferAfterMs: DEFER_AFTER_MS,
    drainTimeoutMs: 5_000,
  });
  endpoint = `http://127.0.0.1:${bot.port}/interactions`;
  fake.deliverOverHttp(endpoint, privateKey);
});

afterEach(async () => {
  held.open();
  await bot.stop();
  await fake.close();
});

function signedPost(body: string, key = privateKey): ReturnType<typeof request> {
  return request(endpoint, 'POST', body, signatureHeaders(key, body));
}

function isCallback(type: InteractionResponseType) {
  return (r: { path: string; body: unknown }) =>
    r.path.endsWith('/callback') && (r.body as { type: InteractionResponseType }).type === type;
}

test('a signed PING is answered with PONG', async () => {
  const answer = await signedPost(
    JSON.stringify({
      id: '500000000000000001',
      application_id: fake.applicationId,
      type: InteractionType.Ping,
      token: 'ping-token',
      version: 1,
    }),
  );
  expect(answer.status).toBe(200);
  expect(answer.contentType).toBe('application/json');
  expect(JSON.parse(answer.text)).toEqual({ type: InteractionResponseType.Pong });
});

test('a request with a bad or missing signature gets 401 and runs nothing', async () => {
  const body = JSON.stringify({
    id: '500000000000000002',
    application_id: fake.applicationId,
    type: InteractionType.ApplicationCommand,
    token: 't',
    version: 1,
    guild_id: fake.guildId,
    channel: { id: fake.channelId },
    data: { id: '1', name: 'probe', type: 1, options: [{ name: 'look', type: 1 }] },
  });
  const stranger = generateKeyPairSync('ed25519').privateKey;
  const tampered = { ...signatureHeaders(privateKey, body) };
  expect((await signedPost(body, stranger)).status).toBe(401);
  expect((await request(endpoint, 'POST', `${body} `, tampered)).status).toBe(401);
  expect((await request(endpoint, 'POST', body)).status).toBe(401);
  expect((await request(endpoint, 'POST', body, { ...tampered, 'x-signature-ed25519': 'zz' })).status).toBe(401);
  expect(probeCalls).toBe(0);
  expect(fake.requests).toEqual([]);
});

test('health check, wrong method, unknown path and an oversized body', async () => {
  const base = `http://127.0.0.1:${bot.port}`;
  expect(await request(`${base}/healthz`, 'GET', null)).toMatchObject({ status: 200, text: 'ok' });
  expect((await request(endpoint, 'GET', null)).status).toBe(405);
  expect((await request(`${base}/other`, 'POST', '{}')).status).toBe(404);
  const huge = JSON.stringify({ type: 2, padding: 'x'.repeat(1024 * 1024) });
  expect((await signedPost(huge)).status).toBe(413);
  expect(probeCalls).toBe(0);
});

test('/help is answered in the response itself with the command list, pinging nobody', async () => {
  const result = await fake.sendCommand('help');
  expect(result.callbackType).toBe(InteractionResponseType.ChannelMessageWithSource);
  expect(result.deferred).toBe(false);
  expect(result.message.ephemeral).toBe(false);
  expect(result.message.embeds[0]?.title).toBe('Rollcall: tabletop combat in Discord');
  expect(result.message.embeds[0]?.fields?.map((f) => f.name)).toEqual(['/roll', '/init', '/hp', '/config']);
  expect(result.message.allowedMentions).toEqual({ parse: [], users: [] });
});

test('/config ruleset is stored for the server; without Manage Server the answer is a private error', async () => {
  const refused = await fake.sendCommand('config ruleset', { ruleset: 'dnd2014' });
  expect(refused.message.ephemeral).toBe(true);
  expect(refused.message.flags & MessageFlags.Ephemeral).toBe(MessageFlags.Ephemeral);
  expect(refused.message.embeds[0]?.description).toMatch(/^⚠️ Only members with the Manage Server permission/);

  const set = await fake.sendCommand('config ruleset', { ruleset: 'dnd2014' }, { manageGuild: true });
  expect(set.callbackType).toBe(InteractionResponseType.ChannelMessageWithSource);
  expect(set.message.ephemeral).toBe(false);
  expect(set.message.embeds[0]?.title).toBe('Rule set for this server: 5e 2014 (`dnd2014`)');
  const shown = await fake.sendCommand('config show');
  expect(shown.message.embeds[0]?.title).toBe('Rule set here: 5e 2014 (`dnd2014`)');
});

test('a handler past the deadline is deferred, then its answer edits the original message through the webhook', async () => {
  const answer = fake.sendCommand('probe hold', {}, { userId: '500000000000000010', userName: 'Mira' });
  await fake.waitForRequest(isCallback(InteractionResponseType.DeferredChannelMessageWithSource));
  held.open();
  const result = await answer;
  expect(result.deferred).toBe(true);
  expect(result.message.embeds[0]?.description).toBe('held answer');
  expect(result.message.flags & MessageFlags.Loading).toBe(0);
  // @discordjs/rest sends `@original` as it is (discord.js's interaction methods send %40original).
  const original = `/api/v10/webhooks/${fake.applicationId}/interaction-token-${result.message.interactionId}/messages/@original`;
  const edit = fake.requests.find((r) => r.method === 'PATCH' && r.path === original);
  expect(edit?.authorization).toBeNull();
  expect(edit?.body).toMatchObject({ content: '', components: [], allowed_mentions: { parse: [], users: [] } });
});

test('a private answer to a deferred command replaces the public placeholder with an ephemeral follow-up', async () => {
  const answer = fake.sendCommand('probe refuse');
  await fake.waitForRequest(isCallback(InteractionResponseType.DeferredChannelMessageWithSource));
  held.open();
  const result = await answer;
  expect(result.message.ephemeral).toBe(true);
  expect(result.message.embeds[0]?.description).toBe('⚠️ You cannot do that here.');
  expect(fake.requests.some((r) => r.method === 'DELETE' && r.path.endsWith('/messages/@original'))).toBe(true);
  expect(fake.channelMessages().filter((m) => m.interactionId !== null)).toEqual([result.message]);
});

test('a button with updateMessage replaces the message it sits on; a slow one is deferred as an update', async () => {
  const offer = await fake.sendCommand('probe buttons');
  const updated = await fake.clickButton(offer.message, 'probe:update');
  expect(updated.callbackType).toBe(InteractionResponseType.UpdateMessage);
  expect(updated.message.id).toBe(offer.message.id);
  expect(updated.message.embeds[0]?.description).toBe('updated by probe:update');
  expect(updated.message.components).toEqual([]);

  const again = await fake.sendCommand('probe buttons');
  const press = fake.clickButton(again.message, 'probe:slow-update');
  await fake.waitForRequest(isCallback(InteractionResponseType.DeferredMessageUpdate));
  held.open();
  const slow = await press;
  expect(slow.deferred).toBe(true);
  expect(slow.message.id).toBe(again.message.id);
  expect(slow.message.embeds[0]?.description).toBe('updated by probe:slow-update');
});

test('autocomplete answers with the suggestions for the focused option', async () => {
  expect(await fake.autocomplete('probe look', { text: 'go' }, 'text')).toEqual([
    { name: 'goblin (text)', value: 'goblin' },
    { name: 'gorgon (text)', value: 'gorgon' },
  ]);
});

test('the tracker is posted with the bot token; the logs carry the interaction id and status, never a token', async () => {
  const begun = await fake.sendCommand('init begin', { name: 'The crypt' }, { userName: 'Gina' });
  expect(begun.message.embeds[0]?.description?.split('\n')[0]).toBe('**The crypt** begins. Gina is the game master.');
  const tracker = await fake.waitForMessage((m) => m.interactionId === null && m.pinned);
  expect(tracker.embeds[0]?.title).toBe('⚔️ The crypt');
  expect(fake.requests.find((r) => r.method === 'POST' && r.path === `/api/v10/channels/${fake.channelId}/messages`)?.authorization).toBe(
    `Bot ${TOKEN}`,
  );

  const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toContainEqual(
    containing({ msg: 'http request', path: '/interactions', status: 200, interactionId: begun.message.interactionId }),
  );
  expect(lines).toContainEqual(
    containing({ msg: 'interaction', command: 'init begin', outcome: 'ok', interactionId: begun.message.interactionId }),
  );
  expect(logLines.join('')).not.toContain(TOKEN);
  expect(logLines.join('')).not.toContain(`interaction-token-${begun.message.interactionId}`);
});

test('stop() lets an interaction in flight finish, then refuses connections', async () => {
  const inFlight = fake.sendCommand('probe hold');
  await fake.waitForRequest(isCallback(InteractionResponseType.DeferredChannelMessageWithSource));
  const stopped = bot.stop();
  held.open();
  expect((await inFlight).message.embeds[0]?.description).toBe('held answer');
  await stopped;
  await expect(signedPost('{}')).rejects.toThrow(/ECONNREFUSED/);
});
