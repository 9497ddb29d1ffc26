import { clientKey, OpenPerAddress, RateLimiter } from '../../../src/live/rate-limit';

describe('the per-address request limit', () => {
  test('a burst passes, the next request waits for the refill, and each address has its own', () => {
    let now = 0;
    const limiter = new RateLimiter({ burst: 3, perSecond: 2, now: () => now });
    expect([1, 2, 3].map(() => limiter.take('a').allowed)).toEqual([true, true, true]);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    expect(limiter.take('b').allowed).toBe(true);
    now = 500;
    expect([limiter.take('a').allowed, limiter.take('a').allowed]).toEqual([true, false]);
    now = 60_000;
    expect([1, 2, 3, 4].map(() => limiter.take('a').allowed)).toEqual([true, true, true, false]);
  });

  test('it remembers at most so many addresses, forgetting the least recently seen', () => {
    const limiter = new RateLimiter({ burst: 1, perSecond: 0.001, maxAddresses: 2, now: () => 0 });
    limiter.take('a');
    limiter.take('b');
    limiter.take('c');
    // 'a' was forgotten, so it has a full burst again; 'c' has none left.
    expect([limiter.take('a').allowed, limiter.take('c').allowed]).toEqual([true, false]);
  });
});

test('open streams per address: at most the limit, and a closed one frees its place once', () => {
  const open = new OpenPerAddress(2);
  const first = open.acquire('a');
  expect(open.acquire('a')).not.toBeNull();
  expect(open.acquire('a')).toBeNull();
  expect(open.acquire('b')).not.toBeNull();
  first?.();
  first?.();
  expect(open.acquire('a')).not.toBeNull();
  expect(open.acquire('a')).toBeNull();
});

test('clients are counted by IPv4 address, and by IPv6 /64, which one subscriber holds whole', () => {
  expect(['203.0.113.7', '::ffff:203.0.113.7', 'unknown'].map(clientKey)).toEqual(['203.0.113.7', '203.0.113.7', 'unknown']);
  const oneSubscriber = ['2001:db8:1:2::1', '2001:db8:1:2:ffff:1:2:3', '2001:0db8:0001:0002::abcd', '2001:db8:1:2::1.2.3.4'];
  expect(new Set(oneSubscriber.map(clientKey))).toEqual(new Set(['2001:db8:1:2::/64']));
  expect(['2001:db8:1:3::1', '::1', 'fe80::1'].map(clientKey)).toEqual(['2001:db8:1:3::/64', '0:0:0:0::/64', 'fe80:0:0:0::/64']);
});
