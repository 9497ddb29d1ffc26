import { OpenPerAddress, RateLimiter } from '../../../src/live/rate-limit';

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
