import { generateKeyPairSync } from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import { SlashCommandBuilder } from '@discordjs/builders';
import { InteractionResponseType, InteractionType, MessageFlags } from 'discord.js';
import pino from 'pino';
import { registry as rollcall } from '../../commands';
import { buildServices } from '../../src/app';
import { createPrismaClient } from '../../src/db/client';
import { createProcessedInteractions } from '../../src/db/processed-interactions';
import { createSeededRandom } from '../../src/dice/seeded';
import { UserError, type Command, type ComponentContext } from '../../src/framework/command';
import type { Reply } from '../../src/views/reply';
import { startHttpInteractions, type HttpInteractions, type HttpInteractionsOptions } from '../../src/transports/http-interactions';
import { CommandRegistry } from '../../src/framework/registry';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { FakeDiscord } from './fake-discord';
import { interactionPayload } from './fake-discord-payloads';
import { request, signatureHeaders } from './signed-http';
import { containing } from '../support/matchers';
import { HELP_FIELDS } from '../support/help';

/** A promise the test resolves by hand, to hold a handler mid-flight. */
function gate(): { opened: Promise<void>; open(): void } {
  let open = (): void => undefined;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** Bytes that text decoding would mangle: a file must arrive as sent. */
const NOTE = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff, 0xfe, 0x80, 0x7f]);

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
    .addSubcommand((s) => s.setName('buttons').setDescription('Offers buttons'))
    .addSubcommand((s) =>
      s
        .setName('file')
        .setDescription('Answers with a file')
        .addBooleanOption((o) => o.setName('secret').setDescription('Only the caller sees it')),
    ),
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
      case 'file':
        return {
          ephemeral: ctx.options.values.secret === true,
          embeds: [{ description: 'a file', image: 'attachment://note.png' }],
          files: [{ name: 'note.png', data: NOTE, description: 'a note' }],
          components: [{ buttons: [{ customId: 'probe:file', label: 'Another file', style: 'primary' }] }],
        };
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
  // Buttons are routed by `<command>:<action>`: one route per probe button, all answered here.
  buttons: ['probe:file', 'probe:update', 'probe:slow-update'].map((key) => ({ key, press: pressProbe })),
};

async function pressProbe(ctx: ComponentContext): Promise<Reply> {
  if (ctx.customId === 'probe:file') return { embeds: [{ description: 'another file' }], files: [{ name: 'again.png', data: NOTE }] };
  if (ctx.customId === 'probe:slow-update') await held.opened;
  return { updateMessage: true, embeds: [{ description: `updated by ${ctx.customId}` }] };
}

const registry = new CommandRegistry([...rollcall.commands, probe], rollcall.sharedButtons);
const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const publicKeyHex = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('hex');
const TOKEN = 'http-bot-token';
// Long enough that a quick handler never trips it on a loaded machine; held handlers wait for it.
const DEFER_AFTER_MS = 1_500;

let db: TestDatabase;
let fake: FakeDiscord;
let bot: HttpInteractions | undefined;
let logLines: string[];
let base: string;
let endpoint: string;

beforeAll(async () => {
  db = await createTestDatabase();
});

afterAll(async () => {
  await db.drop();
});

let logger: pino.Logger;
let services: ReturnType<typeof buildServices>;

/** (Re)starts the bot on a fresh port, with the transport's limits where a test sets them. */
async function startBot(limits: Partial<HttpInteractionsOptions> = {}): Promise<void> {
  await bot?.stop();
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
    ledger: createProcessedInteractions(db.prisma, { logger }),
    deferAfterMs: DEFER_AFTER_MS,
    drainTimeoutMs: 5_000,
    ...limits,
  });
  base = `http://127.0.0.1:${bot.port}`;
  endpoint = `${base}/interactions`;
  fake.deliverOverHttp(endpoint, privateKey);
}

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
  logger = pino({ level: 'info' }, sink);
  services = buildServices({ prisma: db.prisma, random: createSeededRandom(1), logger });
  fake = await FakeDiscord.start({ commands: registry.commands.map((c) => c.definition.toJSON()) });
  await startBot();
});

afterEach(async () => {
  held.open();
  await bot?.stop();
  bot = undefined;
  await fake.close();
});

/** The first log line that `matches`, waiting for it a few seconds at most. */
async function waitForLogLine(matches: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  for (let waited = 0; waited < 5_000; waited += 20) {
    const found = logLines.map((line) => JSON.parse(line) as Record<string, unknown>).find(matches);
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('no such log line within 5 s');
}

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
  expect(await request(`${base}/healthz`, 'GET', null)).toMatchObject({ status: 200, text: 'ok' });
  expect((await request(endpoint, 'GET', null)).status).toBe(405);
  expect((await request(`${base}/other`, 'POST', '{}')).status).toBe(404);
  const huge = JSON.stringify({ type: 2, padding: 'x'.repeat(1024 * 1024) });
  expect((await signedPost(huge)).status).toBe(413);
  expect(probeCalls).toBe(0);
});

const PROBE_LOOK = { id: '1', name: 'probe', type: 1, options: [{ name: 'look', type: 1 }] };
const MIRA = { id: '500000000000000020', username: 'Mira' };

/** A command's payload as Discord would send it (for `/probe look` unless told), in the fake's server and channel. */
function commandPayload(data: Record<string, unknown> = PROBE_LOOK, user = MIRA) {
  return interactionPayload({
    type: InteractionType.ApplicationCommand,
    applicationId: fake.applicationId,
    guildId: fake.guildId,
    channelId: fake.channelId,
    user,
    permissions: 2048n,
    data,
  });
}

test('a signed payload without data or with malformed member permissions gets 400 with a short JSON error and runs nothing', async () => {
  const { payload } = commandPayload();
  const member = payload.member as Record<string, unknown>;
  const cases: [Record<string, unknown>, string][] = [
    [{ ...payload, data: undefined }, 'data is missing'],
    [{ ...payload, member: { ...member, permissions: 'all of them' } }, 'member.permissions is not a decimal bit field'],
    [{ ...payload, member: { ...member, permissions: 8 } }, 'member.permissions is not a decimal bit field'],
  ];
  for (const [body, error] of cases) {
    const answer = await signedPost(JSON.stringify(body));
    expect({ status: answer.status, contentType: answer.contentType, body: JSON.parse(answer.text) as unknown }).toEqual({
      status: 400,
      contentType: 'application/json',
      body: { error },
    });
  }
  expect(probeCalls).toBe(0);
  expect(logLines.map((line) => (JSON.parse(line) as { level: number }).level).filter((level) => level >= 50)).toEqual([]);
});

/**
 * A fight in the crypt with `monster` at 22 HP, and one signed `/hp damage` of 5 on it as Discord
 * would deliver it: its body and headers, to send as often as a test likes.
 */
async function damageDelivery(monster: string) {
  const gm = { userId: MIRA.id, userName: MIRA.username };
  await fake.sendCommand('init begin', { name: 'The crypt' }, gm);
  await fake.sendCommand('init add', { name: monster, hp: 22, ac: 12, initiative: 10 }, gm);
  const damage = {
    name: 'damage',
    type: 1,
    options: [
      { name: 'target', type: 3, value: monster },
      { name: 'amount', type: 3, value: '5' },
    ],
  };
  const { payload } = commandPayload({ id: '2', name: 'hp', type: 1, options: [damage] });
  const body = JSON.stringify(payload);
  return { id: payload.id, body, headers: signatureHeaders(privateKey, body) };
}

/** The hit points of every combatant called `name`. */
function hpOf(name: string): Promise<{ hp: number }[]> {
  return db.prisma.$queryRawUnsafe<{ hp: number }[]>('SELECT hp FROM combatants WHERE name = $1', name);
}

test('the same signed /hp damage delivered twice is applied once, its save recording it; the second delivery is told it was already handled', async () => {
  const { id, body, headers } = await damageDelivery('Ghoul');
  const first = await request(endpoint, 'POST', body, headers);
  const replayed = await request(endpoint, 'POST', body, headers);
  expect(first.status).toBe(200);
  type Answer = { type: number; data: { embeds: { description: string }[]; flags?: number } };
  const answer = JSON.parse(first.text) as Answer;
  expect(answer.data.embeds[0]?.description).toBe('Ghoul takes 5 damage and is at 17 HP.');
  expect(replayed.status).toBe(200);
  const refusal = JSON.parse(replayed.text) as Answer;
  expect(refusal.type).toBe(InteractionResponseType.ChannelMessageWithSource);
  expect(refusal.data.flags).toBe(MessageFlags.Ephemeral);
  expect(refusal.data.embeds[0]?.description).toBe('⚠️ This interaction was already handled.');
  expect(await hpOf('Ghoul')).toEqual([{ hp: 17 }]);
  expect(await db.prisma.$queryRawUnsafe('SELECT id FROM processed_interactions WHERE id = $1', id)).toEqual([{ id }]);
  const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toContainEqual(expect.objectContaining({ msg: 'interaction', interactionId: id, outcome: 'duplicate' }));
});

test('the same /hp damage delivered twice at once is applied once', async () => {
  const { body, headers } = await damageDelivery('Wight');
  const answers = await Promise.all([request(endpoint, 'POST', body, headers), request(endpoint, 'POST', body, headers)]);
  const said = answers.map(
    (answer) => (JSON.parse(answer.text) as { data: { embeds: { description: string }[] } }).data.embeds[0]?.description,
  );
  expect(said.sort()).toEqual(['Wight takes 5 damage and is at 17 HP.', '⚠️ This interaction was already handled.']);
  expect(await hpOf('Wight')).toEqual([{ hp: 17 }]);
});

test('a command that writes more than its encounter is claimed before it runs: a second /init add delivery adds nobody', async () => {
  const gm = { userId: MIRA.id, userName: MIRA.username };
  await fake.sendCommand('init begin', { name: 'The crypt' }, gm);
  const add = {
    name: 'add',
    type: 1,
    options: [
      { name: 'name', type: 3, value: 'Zombie' },
      { name: 'hp', type: 3, value: '22' },
    ],
  };
  const { payload } = commandPayload({ id: '3', name: 'init', type: 1, options: [add] });
  const body = JSON.stringify(payload);
  const headers = signatureHeaders(privateKey, body);
  await request(endpoint, 'POST', body, headers);
  const replayed = await request(endpoint, 'POST', body, headers);
  expect((JSON.parse(replayed.text) as { data: { embeds: { description: string }[] } }).data.embeds[0]?.description).toBe(
    '⚠️ This interaction was already handled.',
  );
  expect(await db.prisma.$queryRawUnsafe("SELECT name FROM combatants WHERE name LIKE 'Zombie%'")).toEqual([{ name: 'Zombie' }]);
  const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toContainEqual(
    expect.objectContaining({ msg: 'http request', interactionId: payload.id, outcome: 'duplicate', status: 200 }),
  );
});

test('a validly signed request whose timestamp is more than 5 minutes from now gets 401 and runs nothing', async () => {
  const body = JSON.stringify(commandPayload().payload);
  // A minute past the window either way, read from the clock as each request is signed: a timestamp
  // 301 s ahead taken before the earlier requests fell inside the window on a loaded machine.
  // test/unit/transports/http-signature.test.ts holds the exact edges on a fixed clock.
  const timestamps = [() => 1_000_000_000, () => Math.floor(Date.now() / 1000) - 360, () => Math.floor(Date.now() / 1000) + 360];
  for (const timestampNow of timestamps) {
    const timestamp = String(timestampNow());
    const answer = await request(endpoint, 'POST', body, signatureHeaders(privateKey, body, timestamp));
    expect({ status: answer.status, text: answer.text }).toEqual({ status: 401, text: 'request timestamp too far from now' });
  }
  expect(probeCalls).toBe(0);
});

/** A raw connection to the bot, for requests sent as slowly or as partly as a test needs. */
interface RawConnection {
  socket: net.Socket;
  /** Everything the bot sent, once it closed the connection; null if it is still open after `withinMs`. */
  closedWithin(withinMs: number): Promise<string | null>;
}

async function connect(): Promise<RawConnection> {
  const socket = net.connect(bot?.port ?? 0, '127.0.0.1');
  const received: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => received.push(chunk));
  socket.on('error', () => undefined);
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(Buffer.concat(received).toString('utf8'))));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return {
    socket,
    closedWithin: async (withinMs) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), withinMs)));
      const result = await Promise.race([closed, late]);
      clearTimeout(timer);
      return result;
    },
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PING = { id: '500000000000000003', application_id: '1', type: InteractionType.Ping, token: 'ping-token', version: 1 };
/** Headers of a request whose body is `length` bytes long. */
const partialRequest = (length: number) => `POST /interactions HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${length}\r\n\r\n`;

test('a body over 64 KiB gets 413; one declared over it is refused before it is sent', async () => {
  const fits = JSON.stringify({ ...PING, padding: 'x'.repeat(60 * 1024) });
  expect(await signedPost(fits)).toMatchObject({ status: 200, text: JSON.stringify({ type: InteractionResponseType.Pong }) });
  const over = JSON.stringify({ ...PING, padding: 'x'.repeat(64 * 1024) });
  expect((await signedPost(over)).status).toBe(413);

  const declared = await connect();
  declared.socket.write(partialRequest(1024 * 1024));
  const answer = await new Promise<string>((resolve) => declared.socket.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8'))));
  expect(answer).toMatch(/^HTTP\/1\.1 413 /);
  declared.socket.destroy();
});

test('headers or a body still arriving after the request timeout get 408 and the connection is closed', async () => {
  await startBot({ requestTimeoutMs: 500 });
  const started = performance.now();
  const slowHeaders = await connect();
  slowHeaders.socket.write('POST /interactions HTTP/1.1\r\nHost: 127.0');
  const slowBody = await connect();
  slowBody.socket.write(`${partialRequest(100)}{"id":`);
  const [headersAnswer, bodyAnswer] = await Promise.all([slowHeaders.closedWithin(3_000), slowBody.closedWithin(3_000)]);
  expect(headersAnswer).toMatch(/^HTTP\/1\.1 408 /);
  expect(bodyAnswer).toMatch(/^HTTP\/1\.1 408 /);
  expect(performance.now() - started).toBeLessThan(2_000);
});

test('past the connection limit, a new connection closes the oldest unverified one, and Discord still gets through', async () => {
  await startBot({ maxConnections: 3 });
  const idle = [await connect(), await connect(), await connect()];
  const newest = await connect();
  expect(await idle[0]?.closedWithin(1_000)).toBe('');
  expect(await signedPost(JSON.stringify(PING))).toMatchObject({ status: 200 });
  expect(await idle[2]?.closedWithin(100)).toBeNull();
  for (const connection of [...idle, newest]) connection.socket.destroy();
});

test('past the limit of bodies in flight, a new body cuts the oldest one still arriving, and Discord still gets through', async () => {
  await startBot({ maxBodiesInFlight: 2 });
  const slow: RawConnection[] = [];
  for (let i = 0; i < 3; i += 1) {
    const connection = await connect();
    connection.socket.write(`${partialRequest(100)}{"id":`);
    slow.push(connection);
    // The bot takes the bodies in this order.
    await pause(200);
  }
  expect(await slow[0]?.closedWithin(1_000)).toBe('');
  expect(await slow[1]?.closedWithin(100)).toBeNull();
  expect(await signedPost(JSON.stringify(PING))).toMatchObject({ status: 200 });
  for (const connection of slow) connection.socket.destroy();
});

test('a client that goes away in the middle of its body is no error: no error line, no stack trace', async () => {
  const leaving = await connect();
  leaving.socket.write(`${partialRequest(100)}{"id":`);
  await pause(200);
  leaving.socket.destroy();
  await pause(200);
  expect(await signedPost(JSON.stringify(PING))).toMatchObject({ status: 200 });
  const levels = logLines.map((line) => (JSON.parse(line) as { level: number }).level);
  expect(levels.filter((level) => level >= 40)).toEqual([]);
  expect(logLines.join('')).not.toContain('stack');
});

test('a request whose target is no URL (`POST http://[/interactions`) gets 400, logged at debug without a stack', async () => {
  logger.level = 'debug';
  const malformed = await connect();
  malformed.socket.write('POST http://[/interactions HTTP/1.1\r\nHost: [\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  expect(await malformed.closedWithin(2_000)).toMatch(/^HTTP\/1\.1 400 /);
  expect(await signedPost(JSON.stringify(PING))).toMatchObject({ status: 200 });
  const lines = logLines.map((line) => JSON.parse(line) as { level: number; msg: string });
  expect(lines.filter((line) => line.level >= 40)).toEqual([]);
  expect(lines).toContainEqual(expect.objectContaining({ level: 20, msg: 'http request with a malformed target' }));
  expect(logLines.join('')).not.toContain('stack');
});

test('/help is answered in the response itself with the command list, pinging nobody', async () => {
  const result = await fake.sendCommand('help');
  expect(result.callbackType).toBe(InteractionResponseType.ChannelMessageWithSource);
  expect(result.deferred).toBe(false);
  expect(result.message.ephemeral).toBe(false);
  expect(result.message.embeds[0]?.title).toBe('Rollcall: tabletop combat in Discord');
  expect(result.message.embeds[0]?.fields?.map((f) => f.name)).toEqual(HELP_FIELDS);
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

test('with the interaction ledger stalled, a command is deferred within the deadline of its arrival, and answered once the claim goes through', async () => {
  const ledger = createProcessedInteractions(db.prisma, { logger });
  const stalled = gate();
  await startBot({ ledger: { claim: (id) => stalled.opened.then(() => ledger.claim(id)), claimedBySave: () => ledger.claimedBySave() } });
  const started = performance.now();
  const answer = fake.sendCommand('help');
  await fake.waitForRequest(isCallback(InteractionResponseType.DeferredChannelMessageWithSource), 2 * DEFER_AFTER_MS);
  expect(performance.now() - started).toBeLessThan(DEFER_AFTER_MS + 1_000);
  stalled.open();
  const result = await answer;
  expect(result.deferred).toBe(true);
  expect(result.message.embeds[0]?.title).toBe('Rollcall: tabletop combat in Discord');
});

test("with the database unreachable, a command is answered at once with a private 'database unavailable', never a 500", async () => {
  const unreachable = createPrismaClient('postgresql://postgres@127.0.0.1:1/rollcall', 1);
  try {
    const offline = buildServices({ prisma: unreachable, random: createSeededRandom(1), logger });
    await startBot({ ledger: createProcessedInteractions(unreachable, { logger }), services: offline });
    const started = performance.now();
    const refused = await fake.sendCommand('init list');
    expect(performance.now() - started).toBeLessThan(DEFER_AFTER_MS);
    expect(refused.callbackType).toBe(InteractionResponseType.ChannelMessageWithSource);
    expect(refused.message.ephemeral).toBe(true);
    expect(refused.message.embeds[0]?.description).toBe(
      "⚠️ The bot's database is unavailable, and nothing was changed. Try again in a minute.",
    );
    // Past the claim (a ledger that still answers), the command's own queries fail the same way.
    await startBot({ services: offline });
    const listed = await fake.sendCommand('init list');
    expect(listed.message.embeds[0]?.description).toBe(
      "⚠️ The bot's database is unavailable, and nothing was changed. Try again in a minute.",
    );
    const lines = logLines.map((line) => JSON.parse(line) as { level: number; status?: number });
    expect(lines.filter((line) => line.level >= 50 || line.status === 500)).toEqual([]);
  } finally {
    await unreachable.$disconnect();
  }
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

test("a failing webhook call is logged with its route but not the interaction's token", async () => {
  // A delivery the fake does not know: its webhook answers 404 Unknown Webhook, as for an expired token.
  const { payload, token } = commandPayload({ id: '1', name: 'probe', type: 1, options: [{ name: 'hold', type: 1 }] });
  const body = JSON.stringify(payload);
  const deferred = await request(endpoint, 'POST', body, signatureHeaders(privateKey, body));
  expect(JSON.parse(deferred.text)).toEqual({ type: InteractionResponseType.DeferredChannelMessageWithSource });
  held.open();
  const failure = await waitForLogLine((line) => line.msg === 'could not answer an interaction');
  expect(failure).toMatchObject({
    interactionId: payload.id,
    err: { type: 'DiscordAPIError', status: 404, url: `${fake.apiUrl}/v10/webhooks/${fake.applicationId}/[redacted]/messages/@original` },
  });
  expect(logLines.join('')).not.toContain(token);
});

test('stop() lets an interaction in flight finish, then refuses connections', async () => {
  const inFlight = fake.sendCommand('probe hold');
  await fake.waitForRequest(isCallback(InteractionResponseType.DeferredChannelMessageWithSource));
  const stopped = bot?.stop();
  held.open();
  expect((await inFlight).message.embeds[0]?.description).toBe('held answer');
  await stopped;
  await expect(signedPost('{}')).rejects.toThrow(/ECONNREFUSED/);
});

test('a reply with a file is deferred in the HTTP response, whose JSON cannot carry it, then uploaded through the webhook', async () => {
  const answered = await fake.sendCommand('probe file', {}, { userId: MIRA.id, userName: MIRA.username });
  expect(answered.callbackType).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
  expect(answered.message.ephemeral).toBe(false);
  expect(answered.message.embeds).toEqual([{ description: 'a file', image: { url: 'attachment://note.png' } }]);
  expect(answered.message.attachments.map((a) => [a.filename, a.description, [...a.data]])).toEqual([['note.png', 'a note', [...NOTE]]]);
  const upload = fake.requests.find((r) => r.files.length > 0);
  expect(upload?.method).toBe('PATCH');
  expect(upload?.path).toMatch(/\/webhooks\/\d+\/[^/]+\/messages\/(%40|@)original$/);

  const secret = await fake.sendCommand('probe file', { secret: true }, { userId: MIRA.id, userName: MIRA.username });
  expect(secret.callbackType).toBe(InteractionResponseType.DeferredChannelMessageWithSource);
  expect(secret.message.ephemeral).toBe(true);
  expect(secret.message.attachments.map((a) => a.filename)).toEqual(['note.png']);

  // A button's answer with a file: a deferred update, then a follow-up carrying it.
  const pressed = await fake.clickButton(answered.message, 'probe:file', { userId: MIRA.id, userName: MIRA.username });
  expect(pressed.callbackType).toBe(InteractionResponseType.DeferredMessageUpdate);
  expect(pressed.message.id).not.toBe(answered.message.id);
  expect(pressed.message.attachments.map((a) => [a.filename, [...a.data]])).toEqual([['again.png', [...NOTE]]]);
});
