/*
 * Per-address limits for the live pages: requests (a token bucket, so a page load's few requests
 * and a reconnection pass, while a client trying links or hammering the server is slowed to the
 * refill rate) and open streams.
 */

import { isIPv6 } from 'node:net';

/**
 * What the limits count a client by: an IPv4 address (an IPv4-mapped IPv6 one too), or an IPv6
 * address's /64, which one subscriber holds whole and could rotate through address by address.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped !== null) return mapped[1] ?? address;
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups = tail === undefined ? left : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

export interface RateLimitOptions {
  /** Requests an address may make at once; default 60. */
  burst?: number;
  /** Requests an address regains per second; default 2. */
  perSecond?: number;
  /** Addresses remembered at most (the least recently seen are forgotten first); default 100,000. */
  maxAddresses?: number;
  now?: () => number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly burst: number;
  private readonly perSecond: number;
  private readonly maxAddresses: number;
  private readonly now: () => number;

  constructor(options: RateLimitOptions = {}) {
    this.burst = options.burst ?? 60;
    this.perSecond = options.perSecond ?? 2;
    this.maxAddresses = options.maxAddresses ?? 100_000;
    this.now = options.now ?? Date.now;
  }

  /** Counts one request from `address`. */
  take(address: string): Verdict {
    const now = this.now();
    const bucket = this.buckets.get(address) ?? { tokens: this.burst, at: now };
    // Re-inserted, so the map's first entries are the least recently seen.
    this.buckets.delete(address);
    bucket.tokens = Math.min(this.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond);
    bucket.at = now;
    this.buckets.set(address, bucket);
    for (const oldest of this.buckets.keys()) {
      if (this.buckets.size <= this.maxAddresses) break;
      this.buckets.delete(oldest);
    }
    if (bucket.tokens < 1) return { allowed: false, retryAfterSeconds: Math.ceil((1 - bucket.tokens) / this.perSecond) };
    bucket.tokens -= 1;
    return { allowed: true };
  }
}

/** Open streams per address, so one client cannot hold every stream the process allows. */
export class OpenPerAddress {
  private readonly open = new Map<string, number>();

  constructor(private readonly max: number) {}

  /** Counts one more for `address`, unless it already has `max`; call the returned function when it closes. */
  acquire(address: string): (() => void) | null {
    const count = this.open.get(address) ?? 0;
    if (count >= this.max) return null;
    this.open.set(address, count + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.open.get(address) ?? 1) - 1;
      if (left === 0) this.open.delete(address);
      else this.open.set(address, left);
    };
  }
}
