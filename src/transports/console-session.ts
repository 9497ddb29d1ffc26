import type { AttachmentFetcher, Services } from '../services';
import type { ChannelMessenger, CommandUser, InvocationContext } from '../framework/command';
import type { Button, Reply } from '../views/reply';
import type { ConsoleFileSaver, SavedFile } from './console-files';
import { parseConsoleLine, type LocalFiles } from './console-input';
import { dispatchButton, dispatchCommand } from '../framework/dispatch';
import type { CommandRegistry } from '../framework/registry';

/** The guild every console line happens in. */
const CONSOLE_GUILD_ID = 'console';
const DEFAULT_USER = 'player';
const DEFAULT_CHANNEL = 'general';

/** What one console line produced: a reply to show (and where its files were saved), or a line that was not a valid command. */
export type ConsoleResult =
  | { kind: 'reply'; input: string; user: CommandUser; channel: string; reply: Reply; files: SavedFile[] }
  | { kind: 'error'; input: string; error: string };

/** What the console reads from and writes to the disk: `json:@` and `file:@` files, and the files replies carry. */
export interface ConsoleDisk {
  read: LocalFiles;
  /** Reads what `read` described as an attachment, when a handler asks for it. */
  attachments: AttachmentFetcher;
  saver: ConsoleFileSaver;
}

export interface ChannelMessage {
  id: string;
  channelId: string;
  reply: Reply;
  pinned: boolean;
}

/** A channel message as it stands after a console line, and whether that line posted or edited it. */
export interface ChangedMessage extends ChannelMessage {
  change: 'posted' | 'edited';
}

/** A direct message the bot sent to a console user. */
export interface DirectMessage {
  id: string;
  /** The user's name, as typed after `@`. */
  user: string;
  reply: Reply;
}

/** Messages the bot posts on its own (the encounter tracker) and its direct messages, kept for this run. */
export class ConsoleMessenger implements ChannelMessenger {
  readonly messages = new Map<string, ChannelMessage>();
  /** Messages posted or edited since the last `takeChanged()`. */
  private changed = new Map<string, ChangedMessage['change']>();
  /** Direct messages sent since the last `takeDirect()`. */
  private direct: DirectMessage[] = [];
  private next = 1;

  send(channelId: string, message: Reply): Promise<string> {
    const id = `message-${this.next++}`;
    this.messages.set(id, { id, channelId, reply: message, pinned: false });
    this.changed.set(id, 'posted');
    return Promise.resolve(id);
  }

  sendDirect(userId: string, message: Reply): Promise<string | null> {
    const id = `message-${this.next++}`;
    this.direct.push({ id, user: consoleUserName(userId), reply: message });
    return Promise.resolve(id);
  }

  edit(channelId: string, messageId: string, message: Reply): Promise<boolean> {
    const existing = this.messages.get(messageId);
    if (!existing || existing.channelId !== channelId) return Promise.resolve(false);
    existing.reply = message;
    // A message posted and edited by the same line is still news as a post.
    if (!this.changed.has(messageId)) this.changed.set(messageId, 'edited');
    return Promise.resolve(true);
  }

  pin(channelId: string, messageId: string): Promise<boolean> {
    const existing = this.messages.get(messageId);
    if (!existing || existing.channelId !== channelId) return Promise.resolve(false);
    existing.pinned = true;
    return Promise.resolve(true);
  }

  takeChanged(): ChangedMessage[] {
    const changed: ChangedMessage[] = [];
    for (const [id, change] of this.changed) {
      const message = this.messages.get(id);
      if (message) changed.push({ ...message, change });
    }
    this.changed = new Map();
    return changed;
  }

  takeDirect(): DirectMessage[] {
    const sent = this.direct;
    this.direct = [];
    return sent;
  }

  latestIn(channelId: string): ChannelMessage[] {
    return [...this.messages.values()].filter((m) => m.channelId === channelId).reverse();
  }
}

function pressableButtons(reply: Reply | undefined): Button[] {
  return (reply?.components ?? []).flatMap((row) => row.buttons).filter((b) => !b.disabled);
}

function findButton(reply: Reply | undefined, target: string): Button | undefined {
  const buttons = pressableButtons(reply);
  const wanted = target.toLowerCase();
  return (
    buttons.find((b) => b.customId === target) ??
    buttons.find((b) => b.label.toLowerCase() === wanted) ??
    buttons.find((b) => b.label.toLowerCase().startsWith(wanted))
  );
}

/** Who administers the console's server; asking about a user stores them on first sight. */
export interface ConsoleUsers {
  isAdmin(user: CommandUser): Promise<boolean>;
}

/**
 * Runs console lines through the same handlers as Discord. Users are named (`@alice`); the first
 * name a fresh database sees administers the server, as its owner would.
 */
export class ConsoleSession {
  readonly messenger = new ConsoleMessenger();
  private channel = DEFAULT_CHANNEL;
  /**
   * Per channel, the last reply that had buttons: a reply without any (a refused press by the wrong
   * user) must not hide the buttons the right user still has to press.
   */
  private readonly lastWithButtons = new Map<string, Reply>();
  private counter = 0;

  constructor(
    private readonly registry: CommandRegistry,
    private readonly services: Services,
    private readonly users: ConsoleUsers,
    private readonly disk: ConsoleDisk,
  ) {}

  private readonly admins = new Map<string, boolean>();

  private async user(name: string): Promise<{ user: CommandUser; admin: boolean }> {
    const user = { id: consoleUserId(name), name };
    let admin = this.admins.get(name);
    if (admin === undefined) {
      admin = await this.users.isAdmin(user);
      this.admins.set(name, admin);
    }
    return { user, admin };
  }

  private async context(userName: string): Promise<InvocationContext> {
    const { user, admin } = await this.user(userName);
    this.counter += 1;
    return {
      interactionId: `console-${Date.now().toString(36)}-${this.counter}`,
      user,
      guildId: CONSOLE_GUILD_ID,
      channelId: this.channel,
      permissions: { manageGuild: admin, manageChannels: admin },
      // Attachments come from this disk (file:@path), never from a web address.
      services: { ...this.services, attachments: this.disk.attachments },
      messenger: this.messenger,
    };
  }

  /** Handles one line; null for lines that do nothing (blank, comment, channel switch). */
  async handle(input: string): Promise<ConsoleResult | null> {
    const parsed = parseConsoleLine(input, this.registry, this.disk.read);
    if (parsed === null) return null;
    if (!parsed.ok) return { kind: 'error', input, error: parsed.error };
    const action = parsed.action;
    if (action.channel) this.channel = action.channel;
    if (action.kind === 'switch') return null;
    const ctx = await this.context(action.user ?? DEFAULT_USER);
    let reply: Reply;
    if (action.kind === 'command') {
      reply = await dispatchCommand(this.registry, action.name, { ...ctx, options: action.options });
    } else {
      const sources = [this.lastWithButtons.get(this.channel), ...this.messenger.latestIn(this.channel).map((m) => m.reply)];
      const button = sources.map((s) => findButton(s, action.target)).find((b) => b !== undefined);
      if (!button) return { kind: 'error', input, error: `no button "${action.target}" on the last reply with buttons or the tracker` };
      reply = await dispatchButton(this.registry, { ...ctx, customId: button.customId });
    }
    if (pressableButtons(reply).length > 0) this.lastWithButtons.set(this.channel, reply);
    const files = (reply.files ?? []).map((file) => this.disk.saver.save(file));
    return { kind: 'reply', input, user: ctx.user, channel: this.channel, reply, files };
  }
}

const USER_ID_PREFIX = 'console-';

/** Console users' ids are their names, so a mention `<@console-alice>` reads back as @alice. */
function consoleUserId(name: string): string {
  return `${USER_ID_PREFIX}${name}`;
}

/** The name a console user id was made from. */
function consoleUserName(userId: string): string {
  return userId.startsWith(USER_ID_PREFIX) ? userId.slice(USER_ID_PREFIX.length) : userId;
}
