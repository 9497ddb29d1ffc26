// The console's loop, apart from its standard input and output: the console runs it on what is
// typed, and tests run scripts through it in their own process (starting a console costs seconds).
import type { CommandRegistry } from '../framework/registry';
import type { Services } from '../services';
import { consoleAttachments, consoleFiles, ConsoleFileSaver } from './console-files';
import { isUnfinished } from './console-input';
import { renderDirectJson, renderJson, renderMessageJson, renderReplyText, renderText } from './console-render';
import { ConsoleSession, type ConsoleUsers } from './console-session';

/** A JSON value pasted over several lines is read to its end, up to this many characters. */
const MAX_ENTRY = 64 * 1024;

export interface ConsoleStyle {
  /** One line of JSON per output, as `--json` prints. */
  json: boolean;
  /** Colours and bold in text output. */
  styled: boolean;
}

/** A session on the app's commands, reading files from disk and saving what replies carry in `filesFolder`. */
export function openConsoleSession(
  app: { registry: CommandRegistry; services: Services; consoleUsers: ConsoleUsers },
  filesFolder: string,
): ConsoleSession {
  return new ConsoleSession(app.registry, app.services, app.consoleUsers, {
    read: consoleFiles,
    attachments: consoleAttachments,
    saver: new ConsoleFileSaver(filesFolder),
  });
}

/** Runs one entry and returns all it caused, in order: its reply, the channel messages posted or edited, the direct messages. */
export async function runEntry(session: ConsoleSession, input: string, { json, styled }: ConsoleStyle): Promise<string[]> {
  const result = await session.handle(input);
  const out: string[] = [];
  if (result) out.push(json ? renderJson(result) : renderText(result, styled));
  for (const message of session.messenger.takeChanged()) {
    const heading = `--- message ${message.change} in #${message.channelId}${message.pinned ? ' (pinned)' : ''} ---`;
    out.push(json ? renderMessageJson(input, message) : renderReplyText(message.reply, { heading, styled }));
  }
  for (const message of session.messenger.takeDirect()) {
    const heading = `--- direct message to @${message.user} ---`;
    out.push(json ? renderDirectJson(input, message) : renderReplyText(message.reply, { heading, styled }));
  }
  return out;
}

/** Gathers typed lines into entries: a JSON value left open at the end of a line reads on (a blank line ends it). */
export class EntryReader {
  private pending: string | null = null;

  /** The entry `line` completes, or null while a JSON value is still open. */
  push(line: string): string | null {
    const entry = this.pending === null ? line : line.trim() === '' ? this.pending : `${this.pending}\n${line}`;
    this.pending = line.trim() !== '' && isUnfinished(entry) && entry.length < MAX_ENTRY ? entry : null;
    return this.pending === null ? entry : null;
  }

  get unfinished(): boolean {
    return this.pending !== null;
  }

  /** The entry input ended in, if it ended inside a JSON value. */
  end(): string | null {
    const entry = this.pending;
    this.pending = null;
    return entry;
  }
}
