import { createHash } from 'node:crypto';
import { parseLiveNotice } from '../../../src/live/feed';
import { isTokenShaped, LiveLinks, newToken, tokenHash, type LiveLinkStore } from '../../../src/live/links';
import { liveEvent } from '../../../src/live/stream';

test('a token carries 256 random bits in 43 URL-safe characters; only its SHA-256 is stored', () => {
  const tokens = Array.from({ length: 200 }, newToken);
  expect(new Set(tokens).size).toBe(200);
  for (const token of tokens) {
    expect(isTokenShaped(token)).toBe(true);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  }
  const [token = ''] = tokens;
  expect(tokenHash(token)).toBe(createHash('sha256').update(token).digest('hex'));
  expect(tokenHash(token)).not.toContain(token);
  for (const bad of ['', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}/`, `${'a'.repeat(42)}=`])
    expect(isTokenShaped(bad)).toBe(false);
});

describe('sharing a link', () => {
  const added: { tokenHash: string; channelId: string }[] = [];
  const store: LiveLinkStore = {
    add: (link) => Promise.resolve(added.push(link)),
    revoke: () => Promise.resolve(2),
    find: () => Promise.resolve(null),
    existing: () => Promise.resolve(new Set()),
  };
  const notices: unknown[] = [];
  const links = new LiveLinks(store, 'console', (notice) => notices.push(notice));
  const place = { guildId: 'g', channelId: 'c' };

  test('until pages are served, /init share says how to turn them on and stores nothing', async () => {
    expect(await links.share(place, 'gm')).toEqual({ kind: 'off', why: 'console' });
    expect(added).toEqual([]);
  });

  test('once served, the link starts with the address and stores the hash of its token, never the token', async () => {
    links.serveAt('https://rollcall.example.org/table/');
    const shared = await links.share(place, 'gm');
    if (shared.kind !== 'link') throw new Error('no link');
    const token = /^https:\/\/rollcall\.example\.org\/table\/live\/([A-Za-z0-9_-]{43})$/.exec(shared.url)?.[1] ?? '';
    expect(added).toEqual([expect.objectContaining({ tokenHash: tokenHash(token), channelId: 'c' })]);
    expect(JSON.stringify(added)).not.toContain(token);
  });

  test("revoking tells this process's pages", async () => {
    expect(await links.revoke(place)).toBe(2);
    expect(notices).toEqual([{ kind: 'revoked', channelId: 'c' }]);
  });
});

test('notices read back from NOTIFY; anything else is ignored', () => {
  expect(parseLiveNotice('{"kind":"changed","channelId":"c","encounterId":"e","version":7}')).toEqual({
    kind: 'changed',
    channelId: 'c',
    encounterId: 'e',
    version: 7,
  });
  // Another process's save, naming its sender, with the rows it wrote, which the encounter store reads.
  expect(
    parseLiveNotice('{"kind":"changed","channelId":"c","encounterId":"e","version":8,"from":"l1","rows":{"goneEffects":["e3"]}}'),
  ).toEqual({
    kind: 'changed',
    channelId: 'c',
    encounterId: 'e',
    version: 8,
    from: 'l1',
    rows: { goneEffects: ['e3'] },
  });
  expect(parseLiveNotice('{"kind":"revoked","channelId":"c"}')).toEqual({ kind: 'revoked', channelId: 'c' });
  expect(parseLiveNotice('{"kind":"settings","guildId":"g"}')).toEqual({ kind: 'settings', guildId: 'g' });
  for (const junk of ['', 'changed c 7', '{"kind":"changed","channelId":"c","encounterId":"e","version":"x"}', '{"kind":"resync"}', 'null'])
    expect(parseLiveNotice(junk)).toBeNull();
});

test('an event is one frame whatever its text holds: a line break in a name cannot start a field of its own', () => {
  expect(liveEvent('view', { name: 'a\n\ndata: forged' })).toBe('event: view\ndata: {"name":"a\\n\\ndata: forged"}\n\n');
});
