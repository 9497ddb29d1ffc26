import type { KeyObject } from 'node:crypto';
import { EventEmitter } from 'node:events';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApplicationCommandType,
  ComponentType,
  GatewayOpcodes,
  InteractionResponseType,
  InteractionType,
  MessageFlags,
  PermissionFlagsBits,
  type APIApplicationCommandOptionChoice,
  type APIMessageTopLevelComponent,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { OptionValue } from '../../src/framework/command';
import {
  apiGuild,
  apiMessage,
  apiTextChannel,
  apiUser,
  commandOptions,
  interactionPayload,
  MEMBER_PERMISSIONS,
  snowflake,
  type FakeMessage,
  type FakeUser,
  type Invoker,
} from './fake-discord-payloads';
import { request, signatureHeaders } from './signed-http';

export type { FakeMessage, Invoker } from './fake-discord-payloads';

export interface RecordedRequest {
  method: string;
  /** As received, so `@original` shows as `%40original`. */
  path: string;
  query: Record<string, string>;
  authorization: string | null;
  /** JSON bodies parsed; a multipart upload's `payload_json` part parsed; anything else as text. */
  body: unknown;
  /** The `files[n]` parts of a multipart upload, in order. */
  files: UploadedFile[];
}

/** One file part of a multipart upload. */
export interface UploadedFile {
  /** The form field, `files[0]`. */
  field: string;
  filename: string;
  contentType: string | null;
  data: Buffer;
}

/** What the user ends up seeing after an interaction. */
export interface InteractionResult {
  /** The first answer: 4 reply, 5 deferred reply, 6 deferred update, 7 update of the button's message. */
  callbackType: InteractionResponseType;
  deferred: boolean;
  /** The reply, the follow-up that replaced a deferral, or the message a button updated. */
  message: FakeMessage;
}

/** A frame the bot sends on the gateway. */
interface GatewayMessage {
  op: GatewayOpcodes;
  d: unknown;
}

interface PendingInteraction {
  id: string;
  token: string;
  channelId: string;
  /** The message a pressed button sits on. */
  componentMessageId: string | null;
  callbackType: InteractionResponseType | null;
  originalId: string | null;
  result: InteractionResult | null;
  choices: APIApplicationCommandOptionChoice[] | null;
  /** Why an interaction delivered over HTTP got no usable answer. */
  failure: string | null;
}

/** A bot's interactions endpoint (or the replicas behind it, taken in turn), and the key Discord signs its requests with. */
interface HttpEndpoint {
  urls: readonly string[];
  privateKey: KeyObject;
  /** How many interactions it has been sent, to pick the next replica. */
  sent: number;
}

/** Discord's error body when it refuses an answer (with status 400). */
interface Refusal {
  message: string;
  code: number;
}

export interface FakeDiscordOptions {
  /** Definitions as `npm run register` would put them; they type options and catch typos in tests. */
  commands?: RESTPostAPIChatInputApplicationCommandsJSONBody[];
  /** The shard count GET /gateway/bot recommends; the fake has one guild on each shard of that count. */
  shards?: number;
}

/** A guild the bot is in, with its one text channel, and the shard that carries it at the recommended count. */
export interface FakeGuild {
  id: string;
  channelId: string;
  shard: number;
}

/** `[shard id, shard count]`, as a bot identifies on one of its gateway connections. */
export type ShardPair = [number, number];

const DEFAULT_TIMEOUT_MS = 10_000;
const HEARTBEAT_INTERVAL_MS = 41_250;

/**
 * A local stand-in for Discord: the REST routes discord.js and `npm run register` use, recording every
 * request, and a v10 JSON gateway that identifies one bot in one guild and dispatches interactions.
 */
export class FakeDiscord {
  readonly applicationId = snowflake();
  /** One guild per recommended shard, the first on shard 0. */
  readonly guilds: readonly FakeGuild[];
  /** The first guild, where interactions happen unless an invoker names another. */
  readonly guildId: string;
  /** The first guild's text channel, where interactions happen unless an invoker names another. */
  readonly channelId: string;
  readonly bot: FakeUser = { id: this.applicationId, username: 'Rollcall' };
  readonly defaultUser: FakeUser = { id: snowflake(), username: 'player' };

  private readonly recorded: RecordedRequest[] = [];
  private readonly messages = new Map<string, FakeMessage>();
  private readonly interactions = new Map<string, PendingInteraction>();
  private readonly definitions = new Map<string, RESTPostAPIChatInputApplicationCommandsJSONBody>();
  /** Open gateway connections, with the shard each identified as (null until it does). */
  private readonly sockets = new Map<WebSocket, ShardPair | null>();
  private readonly changes = new EventEmitter();
  private readonly pinsDenied = new Set<string>();
  /** The DM channel opened with each user, by user id. */
  private readonly dmChannels = new Map<string, string>();
  /** Users who take no direct messages from the bot (privacy settings, or no shared server). */
  private readonly dmsClosed = new Set<string>();
  private endpoint: HttpEndpoint | null = null;
  /** The last IDENTIFY a bot sent: its token, intents and the like. */
  identify: { token: string; intents: number; compress?: boolean; shard?: ShardPair } | null = null;
  /** The shard of every IDENTIFY so far, in order (`[0, 1]` when the bot sent none). */
  readonly identifiedShards: ShardPair[] = [];
  /** Which shard's connection carried each interaction sent over the gateway. */
  readonly dispatches: { interactionId: string; shard: number }[] = [];
  /** Which URL each interaction sent over HTTP was posted to. */
  /** Each interaction delivered over HTTP: where, the bot's HTTP status (0: no answer) and how long the answer took. */
  readonly httpDeliveries: { interactionId: string; url: string; status?: number; ms?: number }[] = [];
  private readonly recommendedShards: number;

  private constructor(
    private readonly server: http.Server,
    private readonly wss: WebSocketServer,
    options: FakeDiscordOptions,
  ) {
    for (const command of options.commands ?? []) this.definitions.set(command.name, command);
    this.changes.setMaxListeners(0);
    this.recommendedShards = options.shards ?? 1;
    this.guilds = Array.from({ length: this.recommendedShards }, (_, shard) => ({
      id: snowflakeOnShard(shard, this.recommendedShards),
      channelId: snowflake(),
      shard,
    }));
    const [first] = this.guilds;
    if (!first) throw new Error('the fake needs at least one shard');
    this.guildId = first.id;
    this.channelId = first.channelId;
  }

  /** Starts the fake on a free loopback port. */
  static async start(options: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const server = http.createServer();
    const wss = new WebSocketServer({ server });
    const fake = new FakeDiscord(server, wss, options);
    server.on('request', (req, res) => void fake.handleHttp(req, res));
    wss.on('connection', (socket, req) => fake.handleSocket(socket, req));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return fake;
  }

  private get origin(): string {
    const { port } = this.server.address() as AddressInfo;
    return `127.0.0.1:${port}`;
  }

  /** The REST base for `DISCORD_API_URL` and discord.js's `rest.api`. */
  get apiUrl(): string {
    return `http://${this.origin}/api`;
  }

  get requests(): readonly RecordedRequest[] {
    return [...this.recorded];
  }

  /** Makes pins in a channel fail as they do when the bot lacks the permission. */
  denyPins(channelId: string = this.channelId): void {
    this.pinsDenied.add(channelId);
  }

  /** Makes direct messages to a user fail as Discord refuses them (50007). */
  closeDirectMessages(userId: string): void {
    this.dmsClosed.add(userId);
  }

  /** The messages the bot has sent a user by direct message, oldest first. */
  directMessages(userId: string): FakeMessage[] {
    const channelId = this.dmChannels.get(userId);
    return channelId === undefined ? [] : this.channelMessages(channelId);
  }

  message(id: string): FakeMessage | undefined {
    return this.messages.get(id);
  }

  /** The messages the bot has posted in a channel and not deleted, oldest first. */
  channelMessages(channelId: string = this.channelId): FakeMessage[] {
    return [...this.messages.values()].filter((m) => m.channelId === channelId && !m.deleted);
  }

  /**
   * From now on, interactions go to a bot's HTTP endpoint instead of the gateway, as Discord does once
   * an Interactions Endpoint URL is set: a POST signed with `privateKey`, whose response body is the
   * interaction's first answer. That answer is recorded as the callback request it stands for, so
   * tests read both transports alike. Given several URLs (replicas), each interaction goes to the
   * next one in turn, as a round-robin load balancer would send them.
   */
  deliverOverHttp(urls: string | readonly string[], privateKey: KeyObject): void {
    this.endpoint = { urls: typeof urls === 'string' ? [urls] : urls, privateKey, sent: 0 };
  }

  /** Resolves once a bot has identified every shard it runs on the gateway and received their guilds. */
  async ready(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
    await this.waitFor(() => (this.allShardsIdentified() ? true : undefined), timeoutMs, 'a bot to identify on the gateway');
  }

  private allShardsIdentified(): boolean {
    const live = [...this.sockets.values()].filter((pair): pair is ShardPair => pair !== null);
    const total = live[0]?.[1];
    return total !== undefined && Array.from({ length: total }, (_, id) => id).every((id) => live.some(([shard]) => shard === id));
  }

  /** The open connection of the shard that carries `guildId`, as Discord routes a guild's events. */
  private socketFor(guildId: string): { socket: WebSocket; shard: number } | null {
    for (const [socket, pair] of this.sockets) {
      if (pair !== null && shardOf(guildId, pair[1]) === pair[0]) return { socket, shard: pair[0] };
    }
    return null;
  }

  /** Resolves once no bot is connected to the gateway any more. */
  async disconnected(timeoutMs = DEFAULT_TIMEOUT_MS): Promise<void> {
    await this.waitFor(() => (this.sockets.size === 0 ? true : undefined), timeoutMs, 'the bot to disconnect');
  }

  waitForRequest(matches: (request: RecordedRequest) => boolean, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<RecordedRequest> {
    return this.waitFor(() => this.recorded.find(matches), timeoutMs, 'a matching request');
  }

  waitForMessage(matches: (message: FakeMessage) => boolean, timeoutMs = DEFAULT_TIMEOUT_MS): Promise<FakeMessage> {
    return this.waitFor(() => [...this.messages.values()].find(matches), timeoutMs, 'a matching message');
  }

  /**
   * Types a slash command, `/init add` as `'init add'`, and resolves with what the user sees.
   * `values` are the leaf options by name.
   */
  async sendCommand(
    line: string,
    values: Readonly<Record<string, OptionValue>> = {},
    as: Invoker = {},
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<InteractionResult> {
    const pending = this.dispatchInteraction(InteractionType.ApplicationCommand, this.commandData(line, values, null, as), as, null);
    return this.waitFor(() => answered(pending, pending.result), timeoutMs, `an answer to /${line}`);
  }

  /** Types into option `focused` of a command and resolves with the suggestions the bot offers. */
  async autocomplete(
    line: string,
    values: Readonly<Record<string, OptionValue>>,
    focused: string,
    as: Invoker = {},
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<APIApplicationCommandOptionChoice[]> {
    const pending = this.dispatchInteraction(
      InteractionType.ApplicationCommandAutocomplete,
      this.commandData(line, values, focused, as),
      as,
      null,
    );
    return this.waitFor(() => answered(pending, pending.choices), timeoutMs, `suggestions for /${line} ${focused}`);
  }

  /** Presses a button on a message the bot posted; by custom id alone, on the newest message carrying it. */
  async clickButton(
    target: FakeMessage | string,
    customId?: string,
    as: Invoker = {},
    timeoutMs = DEFAULT_TIMEOUT_MS,
  ): Promise<InteractionResult> {
    const id = typeof target === 'string' ? target : customId;
    if (!id) throw new Error('clickButton needs the custom id of the button to press');
    const message =
      typeof target === 'string'
        ? [...this.messages.values()].reverse().find((m) => !m.deleted && buttonIds(m.components).includes(id))
        : this.messages.get(target.id);
    if (!message) throw new Error(`no message carries a button ${id}`);
    if (!buttonIds(message.components).includes(id))
      throw new Error(`message ${message.id} has no button ${id}; it has ${buttonIds(message.components).join(', ') || 'none'}`);
    const data = { custom_id: id, component_type: ComponentType.Button };
    const pending = this.dispatchInteraction(InteractionType.MessageComponent, data, { channelId: message.channelId, ...as }, message);
    return this.waitFor(() => answered(pending, pending.result), timeoutMs, `an answer to the button ${id}`);
  }

  async close(): Promise<void> {
    for (const socket of this.sockets.keys()) socket.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private commandData(
    line: string,
    values: Readonly<Record<string, OptionValue>>,
    focused: string | null,
    as: Invoker,
  ): Record<string, unknown> {
    const [name = '', ...path] = line.replace(/^\//, '').trim().split(/\s+/);
    const definition = this.definitions.get(name);
    return {
      id: definitionId(definition) ?? snowflake(),
      name,
      type: ApplicationCommandType.ChatInput,
      guild_id: as.guildId ?? this.guildId,
      options: commandOptions(path, values, focused, definition),
    };
  }

  private dispatchInteraction(
    type: InteractionType,
    data: Record<string, unknown>,
    as: Invoker,
    message: FakeMessage | null,
  ): PendingInteraction {
    const guild = this.guilds.find((g) => g.id === (as.guildId ?? this.guildId));
    if (!guild) throw new Error(`the fake has no guild ${as.guildId}`);
    const connection = this.socketFor(guild.id);
    if (!this.endpoint && !connection) throw new Error('no bot is connected to the fake gateway; await fake.ready() first');
    const channelId = as.channelId ?? guild.channelId;
    const user: FakeUser = as.userId
      ? { id: as.userId, username: as.userName ?? `user-${as.userId.slice(-4)}` }
      : { ...this.defaultUser, username: as.userName ?? this.defaultUser.username };
    const permissions =
      MEMBER_PERMISSIONS |
      (as.manageGuild ? PermissionFlagsBits.ManageGuild : 0n) |
      (as.manageChannels ? PermissionFlagsBits.ManageChannels : 0n);
    const { id, token, payload } = interactionPayload({
      type,
      applicationId: this.applicationId,
      guildId: guild.id,
      channelId,
      user,
      permissions,
      data,
      ...(message ? { message: this.toApi(message) } : {}),
    });
    const pending: PendingInteraction = {
      id,
      token,
      channelId,
      componentMessageId: message?.id ?? null,
      callbackType: null,
      originalId: null,
      result: null,
      choices: null,
      failure: null,
    };
    this.interactions.set(token, pending);
    if (this.endpoint) void this.deliver(this.endpoint, pending, payload);
    else if (connection) {
      this.dispatches.push({ interactionId: id, shard: connection.shard });
      this.send(connection.socket, { op: GatewayOpcodes.Dispatch, t: 'INTERACTION_CREATE', d: payload });
    }
    return pending;
  }

  private async deliver(endpoint: HttpEndpoint, pending: PendingInteraction, payload: Record<string, unknown>): Promise<void> {
    const body = JSON.stringify(payload);
    const url = endpoint.urls[endpoint.sent++ % endpoint.urls.length] ?? '';
    const delivery: (typeof this.httpDeliveries)[number] = { interactionId: pending.id, url };
    this.httpDeliveries.push(delivery);
    const sent = performance.now();
    try {
      const answer = await request(url, 'POST', body, signatureHeaders(endpoint.privateKey, body)).finally(() => {
        delivery.ms = performance.now() - sent;
      });
      delivery.status = answer.status;
      if (answer.status !== 200 || !answer.contentType?.startsWith('application/json')) {
        pending.failure = `the bot answered ${answer.status} (${answer.contentType ?? 'no content type'}): ${answer.text}`;
        return;
      }
      const callback = JSON.parse(answer.text) as Record<string, unknown>;
      this.recorded.push({
        method: 'POST',
        path: `/api/v10/interactions/${pending.id}/${pending.token}/callback`,
        query: {},
        authorization: null,
        body: callback,
        files: [],
      });
      const refusal = this.acknowledge(pending, callback);
      if (refusal) pending.failure = `Discord would refuse the answer: ${refusal.message}`;
    } catch (error) {
      pending.failure = `could not deliver the interaction: ${String(error)}`;
    } finally {
      this.changed();
    }
  }

  private waitFor<T>(check: () => T | undefined, timeoutMs: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onChange = (): void => {
        let found: T | undefined;
        try {
          found = check();
        } catch (error) {
          cleanup();
          reject(error instanceof Error ? error : new Error(String(error)));
          return;
        }
        if (found === undefined) return;
        cleanup();
        resolve(found);
      };
      const timer = setTimeout(() => {
        cleanup();
        const seen = this.recorded.map((r) => `${r.method} ${r.path}`).join('\n  ');
        reject(new Error(`fake Discord waited ${timeoutMs} ms for ${what}; requests so far:\n  ${seen || '(none)'}`));
      }, timeoutMs);
      const cleanup = (): void => {
        clearTimeout(timer);
        this.changes.off('change', onChange);
      };
      this.changes.on('change', onChange);
      onChange();
    });
  }

  private changed(): void {
    this.changes.emit('change');
  }

  // ---- gateway ----

  private send(socket: WebSocket, payload: { op: GatewayOpcodes; d: unknown; t?: string }): void {
    const seq = payload.op === GatewayOpcodes.Dispatch ? nextSequence(socket) : null;
    socket.send(JSON.stringify({ t: null, s: seq, ...payload }));
  }

  private handleSocket(socket: WebSocket, req: IncomingMessage): void {
    const params = new URL(req.url ?? '/', `http://${this.origin}`).searchParams;
    if (params.get('v') !== '10' || params.get('encoding') !== 'json' || params.has('compress')) {
      socket.close(4012, 'the fake speaks gateway v10, JSON, uncompressed');
      return;
    }
    this.sockets.set(socket, null);
    socket.on('close', () => {
      this.sockets.delete(socket);
      this.changed();
    });
    socket.on('message', (raw) => this.handleGatewayMessage(socket, JSON.parse(frameText(raw)) as GatewayMessage));
    this.send(socket, { op: GatewayOpcodes.Hello, d: { heartbeat_interval: HEARTBEAT_INTERVAL_MS } });
  }

  private handleGatewayMessage(socket: WebSocket, message: GatewayMessage): void {
    if (message.op === GatewayOpcodes.Heartbeat) {
      this.send(socket, { op: GatewayOpcodes.HeartbeatAck, d: null });
    } else if (message.op === GatewayOpcodes.Identify) {
      const identify = message.d as NonNullable<FakeDiscord['identify']>;
      this.identify = identify;
      const shard: ShardPair = identify.shard ?? [0, 1];
      const [shardId, shardCount] = shard;
      if (!(shardCount >= 1 && shardId >= 0 && shardId < shardCount)) {
        socket.close(4010, 'Invalid shard');
        return;
      }
      this.identifiedShards.push(shard);
      const guilds = this.guilds.filter((g) => shardOf(g.id, shardCount) === shardId);
      const sessionId = `session-${snowflake()}`;
      this.send(socket, {
        op: GatewayOpcodes.Dispatch,
        t: 'READY',
        d: {
          v: 10,
          user: { ...apiUser(this.bot, true), verified: true, mfa_enabled: false, flags: 0 },
          guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
          session_id: sessionId,
          resume_gateway_url: `ws://${this.origin}`,
          shard,
          application: { id: this.applicationId, flags: 0 },
        },
      });
      for (const guild of guilds) {
        this.send(socket, {
          op: GatewayOpcodes.Dispatch,
          t: 'GUILD_CREATE',
          d: apiGuild(guild.id, [apiTextChannel(guild.channelId, guild.id, 'general')], this.bot),
        });
      }
      this.sockets.set(socket, shard);
      this.changed();
    } else if (message.op === GatewayOpcodes.Resume) {
      // Sessions do not survive here: tell the client to identify afresh.
      this.send(socket, { op: GatewayOpcodes.InvalidSession, d: false });
    }
  }

  // ---- REST ----

  private async handleHttp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', `http://${this.origin}`);
    const raw = await readBody(req);
    const multipart = multipartParts(raw, req.headers['content-type']);
    const payload = multipart?.find((part) => part.field === 'payload_json');
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      authorization: req.headers.authorization ?? null,
      body: multipart
        ? payload
          ? (JSON.parse(payload.data.toString('utf8')) as unknown)
          : null
        : parseBody(raw.toString('utf8'), req.headers['content-type']),
      files: (multipart ?? [])
        .filter((part) => part.filename !== null)
        .map((part) => ({ field: part.field, filename: part.filename ?? '', contentType: part.contentType, data: part.data })),
    };
    this.recorded.push(request);
    try {
      this.route(request, res);
    } finally {
      this.changed();
    }
  }

  private route(request: RecordedRequest, res: ServerResponse): void {
    const { method, path } = request;
    const body = (request.body ?? {}) as Record<string, unknown>;
    let m: RegExpMatchArray | null;
    if (method === 'GET' && path === '/api/v10/gateway/bot') {
      // Identify buckets as wide as the shard count, so every shard may identify at once.
      json(res, 200, {
        url: `ws://${this.origin}`,
        shards: this.recommendedShards,
        session_start_limit: { total: 1000, remaining: 1000, reset_after: 0, max_concurrency: this.recommendedShards },
      });
    } else if (method === 'POST' && (m = path.match(/^\/api\/v10\/interactions\/(\d+)\/([^/]+)\/callback$/))) {
      this.interactionCallback(m[2] ?? '', body, request.files, res);
    } else if ((m = path.match(/^\/api\/v10\/webhooks\/(\d+)\/([^/]+)\/messages\/(%40original|@original)$/))) {
      this.originalMessage(method, m[2] ?? '', body, request.files, res);
    } else if (method === 'POST' && (m = path.match(/^\/api\/v10\/webhooks\/(\d+)\/([^/]+)$/))) {
      this.followUp(m[2] ?? '', body, request.files, res);
    } else if (method === 'POST' && path === '/api/v10/users/@me/channels') {
      this.openDirectChannel(body, res);
    } else if (method === 'POST' && (m = path.match(/^\/api\/v10\/channels\/(\d+)\/messages$/))) {
      if ([...this.dmsClosed].some((userId) => this.dmChannels.get(userId) === m?.[1])) {
        return json(res, 403, { message: 'Cannot send messages to this user', code: 50007 });
      }
      const message = this.store({ channelId: m[1] ?? '', interactionId: null, ephemeral: false }, body, request.files);
      json(res, 200, this.toApi(message));
    } else if (method === 'PATCH' && (m = path.match(/^\/api\/v10\/channels\/(\d+)\/messages\/(\d+)$/))) {
      const message = this.messages.get(m[2] ?? '');
      if (!message || message.deleted || message.channelId !== m[1]) return json(res, 404, { message: 'Unknown Message', code: 10008 });
      json(res, 200, this.toApi(this.overwrite(message, body, request.files)));
    } else if (method === 'PUT' && (m = path.match(/^\/api\/v10\/channels\/(\d+)\/(?:messages\/)?pins\/(\d+)$/))) {
      this.pin(m[1] ?? '', m[2] ?? '', res);
    } else if (method === 'PUT' && /^\/api\/v10\/applications\/(\d+)(?:\/guilds\/(\d+))?\/commands$/.test(path)) {
      this.putCommands(request.body, res);
    } else {
      json(res, 404, { message: '404: Not Found', code: 0 });
    }
  }

  /** `POST /users/@me/channels`: opens (or finds) the DM channel with `recipient_id`, as Discord does. */
  private openDirectChannel(body: Record<string, unknown>, res: ServerResponse): void {
    const recipient = body.recipient_id;
    if (typeof recipient !== 'string') return json(res, 400, { message: 'Invalid Form Body', code: 50035 });
    let channelId = this.dmChannels.get(recipient);
    if (channelId === undefined) {
      channelId = snowflake();
      this.dmChannels.set(recipient, channelId);
    }
    json(res, 200, { id: channelId, type: 1, last_message_id: null, recipients: [{ id: recipient, username: 'user' }] });
  }

  private interactionCallback(token: string, body: Record<string, unknown>, files: readonly UploadedFile[], res: ServerResponse): void {
    const pending = this.interactions.get(token);
    if (!pending) return json(res, 404, { message: 'Unknown interaction', code: 10062 });
    const refusal = this.acknowledge(pending, body, files);
    if (refusal) return json(res, 400, refusal);
    noContent(res);
  }

  /** Takes an interaction's first answer, or says why Discord would refuse it. */
  private acknowledge(pending: PendingInteraction, body: Record<string, unknown>, files: readonly UploadedFile[] = []): Refusal | null {
    const refuse = (message: string, code: number): Refusal => ({ message, code });
    if (pending.callbackType !== null) return refuse('Interaction has already been acknowledged.', 40060);
    const type = body.type as InteractionResponseType;
    const data = (body.data ?? {}) as Record<string, unknown>;
    pending.callbackType = type;
    switch (type) {
      case InteractionResponseType.ChannelMessageWithSource: {
        const message = this.store({ channelId: pending.channelId, interactionId: pending.id, ephemeral: isEphemeral(data) }, data, files);
        pending.originalId = message.id;
        pending.result = { callbackType: type, deferred: false, message };
        break;
      }
      case InteractionResponseType.DeferredChannelMessageWithSource: {
        // Discord shows "Rollcall is thinking…" until the original message is edited.
        const message = this.store({ channelId: pending.channelId, interactionId: pending.id, ephemeral: isEphemeral(data) }, {});
        message.flags |= MessageFlags.Loading;
        pending.originalId = message.id;
        break;
      }
      case InteractionResponseType.DeferredMessageUpdate:
        pending.originalId = pending.componentMessageId;
        break;
      case InteractionResponseType.UpdateMessage: {
        const message = this.messages.get(pending.componentMessageId ?? '');
        if (!message) return refuse('This interaction has no message to update', 50035);
        pending.originalId = message.id;
        pending.result = { callbackType: type, deferred: false, message: this.overwrite(message, data, files) };
        break;
      }
      case InteractionResponseType.ApplicationCommandAutocompleteResult:
        pending.choices = (data.choices ?? []) as APIApplicationCommandOptionChoice[];
        break;
      default:
        return refuse(`The fake does not answer callback type ${String(type)}`, 50035);
    }
    return null;
  }

  private originalMessage(
    method: string,
    token: string,
    body: Record<string, unknown>,
    files: readonly UploadedFile[],
    res: ServerResponse,
  ): void {
    const pending = this.interactions.get(token);
    const message = pending?.originalId ? this.messages.get(pending.originalId) : undefined;
    if (!pending || !message || message.deleted) return json(res, 404, { message: 'Unknown Message', code: 10008 });
    if (method === 'DELETE') {
      message.deleted = true;
      return noContent(res);
    }
    if (method === 'GET') return json(res, 200, this.toApi(message));
    if (method !== 'PATCH') return json(res, 405, { message: '405: Method Not Allowed', code: 0 });
    message.flags &= ~MessageFlags.Loading;
    this.overwrite(message, body, files);
    pending.result ??= {
      callbackType: pending.callbackType ?? InteractionResponseType.DeferredChannelMessageWithSource,
      deferred: true,
      message,
    };
    json(res, 200, this.toApi(message));
  }

  private followUp(token: string, body: Record<string, unknown>, files: readonly UploadedFile[], res: ServerResponse): void {
    const pending = this.interactions.get(token);
    if (!pending || pending.callbackType === null) return json(res, 404, { message: 'Unknown Webhook', code: 10015 });
    const message = this.store({ channelId: pending.channelId, interactionId: pending.id, ephemeral: isEphemeral(body) }, body, files);
    pending.result ??= { callbackType: pending.callbackType, deferred: true, message };
    json(res, 200, this.toApi(message));
  }

  private pin(channelId: string, messageId: string, res: ServerResponse): void {
    if (this.pinsDenied.has(channelId)) return json(res, 403, { message: 'Missing Permissions', code: 50013 });
    const message = this.messages.get(messageId);
    if (!message || message.channelId !== channelId) return json(res, 404, { message: 'Unknown Message', code: 10008 });
    message.pinned = true;
    noContent(res);
  }

  private putCommands(body: unknown, res: ServerResponse): void {
    const commands = (Array.isArray(body) ? body : []) as RESTPostAPIChatInputApplicationCommandsJSONBody[];
    this.definitions.clear();
    const registered = commands.map((command) => ({
      ...command,
      id: snowflake(),
      application_id: this.applicationId,
      version: snowflake(),
    }));
    for (const command of registered) this.definitions.set(command.name, command);
    json(res, 200, registered);
  }

  private store(
    where: Pick<FakeMessage, 'channelId' | 'interactionId' | 'ephemeral'>,
    body: Record<string, unknown>,
    files: readonly UploadedFile[] = [],
  ): FakeMessage {
    const message: FakeMessage = {
      id: snowflake(),
      ...where,
      content: '',
      embeds: [],
      components: [],
      flags: where.ephemeral ? MessageFlags.Ephemeral : 0,
      allowedMentions: undefined,
      pinned: false,
      deleted: false,
      attachments: [],
    };
    this.messages.set(message.id, message);
    return this.overwrite(message, body, files);
  }

  /**
   * Applies the parts a create or edit request carries; absent parts stay as they were, as on Discord.
   * Uploaded files become the message's attachments, with the alt text the body's `attachments` gives them.
   */
  private overwrite(message: FakeMessage, body: Record<string, unknown>, files: readonly UploadedFile[] = []): FakeMessage {
    if (files.length > 0) {
      const described = (Array.isArray(body.attachments) ? body.attachments : []) as { id?: unknown; description?: unknown }[];
      message.attachments = files.map((file, index) => {
        const entry = described.find((a) => String(a.id) === String(index));
        return {
          id: snowflake(),
          filename: file.filename,
          contentType: file.contentType,
          data: file.data,
          description: typeof entry?.description === 'string' ? entry.description : null,
        };
      });
    }
    if (typeof body.content === 'string') message.content = body.content;
    if (Array.isArray(body.embeds)) message.embeds = body.embeds as FakeMessage['embeds'];
    if (Array.isArray(body.components)) message.components = body.components as APIMessageTopLevelComponent[];
    if ('allowed_mentions' in body) message.allowedMentions = body.allowed_mentions;
    return message;
  }

  private toApi(message: FakeMessage): Record<string, unknown> {
    const guild = this.guilds.find((g) => g.channelId === message.channelId) ?? this.guilds[0];
    return apiMessage(message, guild?.id ?? this.guildId, this.bot, this.applicationId);
  }
}

/** The shard that carries a guild's events, by Discord's formula: (guild id >> 22) % shard count. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** A fresh snowflake whose guild would be carried by `shard` of `shardCount` (its timestamp moved forward to fit). */
function snowflakeOnShard(shard: number, shardCount: number): string {
  const id = BigInt(snowflake());
  const timestamp = id >> 22n;
  const count = BigInt(shardCount);
  const shift = (BigInt(shard) - (timestamp % count) + count) % count;
  return (((timestamp + shift) << 22n) | (id & 0x3fffffn)).toString();
}

/** A frame's payload as text: ws hands it over as one Buffer, as fragments, or as an ArrayBuffer. */
function frameText(raw: RawData): string {
  const bytes = Array.isArray(raw) ? Buffer.concat(raw) : Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
  return bytes.toString('utf8');
}

const sequences = new WeakMap<WebSocket, number>();
function nextSequence(socket: WebSocket): number {
  const next = (sequences.get(socket) ?? 0) + 1;
  sequences.set(socket, next);
  return next;
}

/** What an interaction's waiter looks for, or the reason it will never come. */
function answered<T>(pending: PendingInteraction, value: T | null): T | undefined {
  if (pending.failure) throw new Error(pending.failure);
  return value ?? undefined;
}

function definitionId(definition: RESTPostAPIChatInputApplicationCommandsJSONBody | undefined): string | undefined {
  return definition && 'id' in definition && typeof definition.id === 'string' ? definition.id : undefined;
}

function isEphemeral(data: Record<string, unknown>): boolean {
  return (Number(data.flags ?? 0) & MessageFlags.Ephemeral) !== 0;
}

function buttonIds(components: readonly APIMessageTopLevelComponent[]): string[] {
  return components.flatMap((row) =>
    row.type === ComponentType.ActionRow
      ? row.components.flatMap((c) => (c.type === ComponentType.Button && 'custom_id' in c ? [c.custom_id] : []))
      : [],
  );
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

interface MultipartPart {
  field: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

/** The parts of a multipart/form-data body, as discord.js uploads files; null for any other body. */
function multipartParts(body: Buffer, contentType: string | undefined): MultipartPart[] | null {
  const boundary = contentType?.match(/^multipart\/form-data;.*boundary="?([^";]+)"?/i)?.[1];
  if (boundary === undefined) return null;
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const from = start + delimiter.length;
    const end = body.indexOf(delimiter, from);
    if (end === -1) break;
    // Each part: CRLF, headers, a blank line, the data, CRLF before the next delimiter.
    const part = body.subarray(from + 2, end - 2);
    const split = part.indexOf('\r\n\r\n');
    if (split !== -1) {
      const headers = part.subarray(0, split).toString('utf8');
      const disposition = headers.match(/content-disposition:[^\r\n]*/i)?.[0] ?? '';
      parts.push({
        field: disposition.match(/\bname="([^"]*)"/)?.[1] ?? '',
        filename: disposition.match(/\bfilename="([^"]*)"/)?.[1] ?? null,
        contentType: headers.match(/content-type:\s*([^\r\n]+)/i)?.[1]?.trim() ?? null,
        data: Buffer.from(part.subarray(split + 4)),
      });
    }
    start = end;
  }
  return parts;
}

/** JSON bodies parsed; anything else (a multipart upload, say) kept as text for the test to inspect. */
function parseBody(text: string, contentType: string | undefined): unknown {
  if (!text) return null;
  if (!contentType?.startsWith('application/json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** A 204 must carry no JSON content type: undici fails to parse the empty body otherwise. */
function noContent(res: ServerResponse): void {
  res.writeHead(204);
  res.end();
}
