import { UserError } from '../../../src/errors';
import type { OptionAttachment } from '../../../src/framework/command';
import { createAttachmentFetcher, type Fetch, type FetchedFile } from '../../../src/transports/attachment-fetcher';

const FILE: OptionAttachment = {
  name: 'hollis.json',
  url: 'https://cdn.discordapp.com/attachments/1/2/hollis.json',
  size: 20,
  contentType: 'application/json; charset=utf-8',
};

/** A response whose body arrives in the given chunks. */
function response(chunks: string[], headers: Record<string, string> = {}, status = 200): FetchedFile {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return { ok: status >= 200 && status < 300, status, headers: { get: (name) => headers[name.toLowerCase()] ?? null }, body };
}

/** A fake fetch that records the URLs it was asked for; no test reaches the network. */
function fakeFetch(answer: () => Promise<FetchedFile>): { fetch: Fetch; urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    fetch: (url) => {
      urls.push(url);
      return answer();
    },
  };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error: unknown = await promise.then(
    () => new Error('not refused'),
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(UserError);
  return (error as Error).message;
}

describe('the attachment fetcher', () => {
  test('returns the text of a small JSON file, read in chunks', async () => {
    const fake = fakeFetch(() =>
      Promise.resolve(response(['{"format":', '"rollcall-character"}'], { 'content-type': 'application/json' })),
    );
    const fetcher = createAttachmentFetcher({ fetch: fake.fetch });
    expect(await fetcher.text(FILE)).toBe('{"format":"rollcall-character"}');
    expect(fake.urls).toEqual([FILE.url]);
  });

  test('a file Discord reports larger than 64 KiB, or not JSON, is refused before any request', async () => {
    const fake = fakeFetch(() => Promise.resolve(response(['{}'])));
    const fetcher = createAttachmentFetcher({ fetch: fake.fetch });
    expect(await refusal(fetcher.text({ ...FILE, size: 64 * 1024 + 1 }))).toBe(
      '`hollis.json` is larger than 64 KiB: that is not a character file.',
    );
    expect(await refusal(fetcher.text({ ...FILE, name: 'hollis.png', contentType: 'image/png' }))).toBe(
      "`hollis.png` is `image/png`: attach the character's `.json` file.",
    );
    expect(await refusal(fetcher.text({ ...FILE, name: 'notes', contentType: null }))).toBe(
      "`notes` is not marked as JSON: attach the character's `.json` file.",
    );
    expect(fake.urls).toEqual([]);
  });

  test('an import that expects another file gives its own cap and words', async () => {
    const monsters = { maxBytes: 256 * 1024, kind: 'a monster file', attach: 'a `.json` file of monsters' };
    const fake = fakeFetch(() => Promise.resolve(response(['{"monsters":[]}'], { 'content-type': 'application/json' })));
    const fetcher = createAttachmentFetcher({ fetch: fake.fetch });
    expect(await fetcher.text({ ...FILE, size: 200 * 1024 }, monsters)).toBe('{"monsters":[]}');
    expect(await refusal(fetcher.text({ ...FILE, size: 256 * 1024 + 1 }, monsters))).toBe(
      '`hollis.json` is larger than 256 KiB: that is not a monster file.',
    );
    expect(await refusal(fetcher.text({ ...FILE, contentType: 'image/png' }, monsters))).toBe(
      '`hollis.json` is `image/png`: attach a `.json` file of monsters.',
    );
    expect(fake.urls).toEqual([FILE.url]);
  });

  test('a .json file Discord gave no type is fetched', async () => {
    const fake = fakeFetch(() => Promise.resolve(response(['{}'])));
    expect(await createAttachmentFetcher({ fetch: fake.fetch }).text({ ...FILE, contentType: null })).toBe('{}');
  });

  test('a response declaring more than the cap is refused on its headers; one that sends more is cut off at the cap', async () => {
    const declared = createAttachmentFetcher({
      fetch: () => Promise.resolve(response(['{}'], { 'content-length': String(64 * 1024 + 1) })),
    });
    expect(await refusal(declared.text(FILE))).toBe('`hollis.json` is larger than 64 KiB: that is not a character file.');
    const chunk = 'x'.repeat(1024);
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1;
        controller.enqueue(new TextEncoder().encode(chunk));
      },
    });
    const streaming = createAttachmentFetcher({
      fetch: () => Promise.resolve({ ok: true, status: 200, headers: { get: () => null }, body: endless }),
    });
    expect(await refusal(streaming.text(FILE))).toBe('`hollis.json` is larger than 64 KiB: that is not a character file.');
    expect(sent).toBeLessThanOrEqual(66);
  });

  test('a server error, a wrong content type on the response and text that is not UTF-8 are refused in words', async () => {
    const failing = createAttachmentFetcher({ fetch: () => Promise.resolve(response([], {}, 404)) });
    expect(await refusal(failing.text(FILE))).toBe('Discord did not hand over `hollis.json` (HTTP 404): try again.');
    const html = createAttachmentFetcher({ fetch: () => Promise.resolve(response(['<html>'], { 'content-type': 'text/html' })) });
    expect(await refusal(html.text(FILE))).toBe("`hollis.json` is `text/html`: attach the character's `.json` file.");
    const latin1 = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array([0x7b, 0xe9, 0x7d]));
        controller.close();
      },
    });
    const binary = createAttachmentFetcher({
      fetch: () => Promise.resolve({ ok: true, status: 200, headers: { get: () => null }, body: latin1 }),
    });
    expect(await refusal(binary.text(FILE))).toBe("`hollis.json` is not UTF-8 text: attach the character's `.json` file.");
  });

  test('a fetch that does not answer within the timeout is abandoned', async () => {
    const hanging: Fetch = (_url, { signal }) =>
      new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const fetcher = createAttachmentFetcher({ fetch: hanging, timeoutMs: 50 });
    expect(await refusal(fetcher.text(FILE))).toBe('`hollis.json` took longer than 0.05 s to fetch: try again.');
  });

  test('only https addresses are fetched', async () => {
    const fake = fakeFetch(() => Promise.resolve(response(['{}'])));
    expect(await refusal(createAttachmentFetcher({ fetch: fake.fetch }).text({ ...FILE, url: 'http://169.254.169.254/latest' }))).toBe(
      '`hollis.json` has no address I can fetch.',
    );
    expect(fake.urls).toEqual([]);
  });

  test("only Discord's attachment hosts are fetched: loopback, other hosts and look-alikes are refused before any request", async () => {
    const fake = fakeFetch(() => Promise.resolve(response(['{}'])));
    const fetcher = createAttachmentFetcher({ fetch: fake.fetch });
    for (const url of [
      'https://127.0.0.1:8443/hollis.json',
      'https://localhost/hollis.json',
      'https://[::1]/hollis.json',
      'https://example.com/attachments/1/2/hollis.json',
      'https://cdn.discordapp.com.evil.example/hollis.json',
      'https://cdn.discordapp.com:8443/attachments/1/2/hollis.json',
      'https://user@cdn.discordapp.com/attachments/1/2/hollis.json',
      'not a url',
    ]) {
      expect(await refusal(fetcher.text({ ...FILE, url }))).toBe('`hollis.json` has no address I can fetch.');
    }
    expect(fake.urls).toEqual([]);
    const media = 'https://media.discordapp.net/attachments/1/2/hollis.json';
    expect(await fetcher.text({ ...FILE, url: media })).toBe('{}');
    expect(fake.urls).toEqual([media]);
  });
});
