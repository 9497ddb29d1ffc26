import { UserError } from '../errors';
import type { OptionAttachment } from '../framework/command';
import type { AttachmentFetcher, ExpectedFile } from '../services';

/** A character file is a few KB; anything far larger is not one, and is not read. */
export const ATTACHMENT_MAX_BYTES = 64 * 1024;
/** What an import reads when it says nothing else: a character file. */
export const CHARACTER_FILE: ExpectedFile = {
  maxBytes: ATTACHMENT_MAX_BYTES,
  kind: 'a character file',
  attach: "the character's `.json` file",
};

/** Discord's CDN answers in well under a second; past this the user is told to try again. */
export const ATTACHMENT_TIMEOUT_MS = 10_000;

/**
 * Discord serves attachments from these hosts only; any other address in an attachment option (a
 * forged interaction, a loopback or private address) is not Discord's and is never requested.
 */
export const ATTACHMENT_HOSTS: readonly string[] = ['cdn.discordapp.com', 'media.discordapp.net'];

/** True for an https address on one of Discord's attachment hosts, on the default port. */
function isDiscordAttachment(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  return parsed.protocol === 'https:' && parsed.port === '' && parsed.username === '' && ATTACHMENT_HOSTS.includes(parsed.hostname);
}

/** The part of a fetch response the fetcher reads (the global `Response` has it). */
export interface FetchedFile {
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  body: ReadableStream<Uint8Array> | null;
}

/** `fetch` as the fetcher calls it; tests pass a fake, so no test reaches the network. */
export type Fetch = (url: string, init: { signal: AbortSignal; redirect: 'error' }) => Promise<FetchedFile>;

export interface AttachmentFetcherOptions {
  fetch?: Fetch;
  maxBytes?: number;
  timeoutMs?: number;
}

/** JSON as Discord labels it (`application/json; charset=utf-8`), or plain text; a `.json` file Discord gave no type. */
function isJsonLike(contentType: string | null, name: string): boolean {
  if (contentType === null || contentType === '') return name.toLowerCase().endsWith('.json');
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'application/json' || type === 'text/plain';
}

export function kib(bytes: number): string {
  return `${Math.ceil(bytes / 1024)} KiB`;
}

/** The refusal of a file larger than its import takes. */
export function tooLargeText(name: string, { maxBytes, kind }: ExpectedFile): string {
  return `\`${name}\` is larger than ${kib(maxBytes)}: that is not ${kind}.`;
}

/** Reads the body a chunk at a time, stopping as soon as it passes the cap, whatever the headers said. */
async function readCapped(body: ReadableStream<Uint8Array>, maxBytes: number, tooLarge: () => UserError): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Fetches attached files from Discord's CDN: the size and type Discord reported are checked before
 * any request, the response's headers before its body, and the body is read only up to the cap,
 * all within one timeout.
 */
export function createAttachmentFetcher(options: AttachmentFetcherOptions = {}): AttachmentFetcher {
  const fetchFile: Fetch = options.fetch ?? ((url, init) => fetch(url, init));
  const characterBytes = options.maxBytes ?? ATTACHMENT_MAX_BYTES;
  const timeoutMs = options.timeoutMs ?? ATTACHMENT_TIMEOUT_MS;
  return {
    async text(attachment: OptionAttachment, expected?: ExpectedFile): Promise<string> {
      const file = expected ?? { ...CHARACTER_FILE, maxBytes: characterBytes };
      const { maxBytes, attach } = file;
      const tooLarge = (): UserError => new UserError(tooLargeText(attachment.name, file));
      const wrongType = (type: string | null): UserError =>
        new UserError(`\`${attachment.name}\` is ${type === null ? 'not marked as JSON' : `\`${type}\``}: attach ${attach}.`);
      if (attachment.size > maxBytes) throw tooLarge();
      if (!isJsonLike(attachment.contentType, attachment.name)) throw wrongType(attachment.contentType);
      if (!isDiscordAttachment(attachment.url)) throw new UserError(`\`${attachment.name}\` has no address I can fetch.`);
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), timeoutMs);
      try {
        const response = await fetchFile(attachment.url, { signal: controller.signal, redirect: 'error' });
        if (!response.ok || response.body === null) {
          throw new UserError(`Discord did not hand over \`${attachment.name}\` (HTTP ${response.status}): try again.`);
        }
        const declared = Number(response.headers.get('content-length') ?? '0');
        if (declared > maxBytes) throw tooLarge();
        const type = response.headers.get('content-type');
        if (type !== null && !isJsonLike(type, attachment.name)) throw wrongType(type);
        const bytes = await readCapped(response.body, maxBytes, tooLarge);
        try {
          return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          throw new UserError(`\`${attachment.name}\` is not UTF-8 text: attach ${attach}.`);
        }
      } catch (error) {
        if (controller.signal.aborted && !(error instanceof UserError)) {
          throw new UserError(`\`${attachment.name}\` took longer than ${timeoutMs / 1000} s to fetch: try again.`);
        }
        throw error;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
