import { createHash, randomBytes } from 'node:crypto';
import type { Place } from '../combat/types';
import type { LivePagesOff, ShareOutcome } from '../views/live-share';
import type { LiveNotice } from './feed';

/** 256 random bits: a link cannot be guessed, and the rate limit makes trying hopeless anyway. */
const TOKEN_BYTES = 32;
/** A token as links carry it: base64url of 32 bytes. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return randomBytes(TOKEN_BYTES).toString('base64url');
}

/** What is stored of a token: its SHA-256, so the table opens no page by itself. */
export function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Anything else is refused before any lookup. */
export function isTokenShaped(text: string): boolean {
  return TOKEN_SHAPE.test(text);
}

export interface LiveLink {
  tokenHash: string;
  guildId: string;
  channelId: string;
  createdBy: string;
  createdAt: Date;
}

/** Where links are kept (src/db): by hash, per channel. */
export interface LiveLinkStore {
  /** Keeps a new link; past `keep` links in its channel, the oldest go. Returns how many the channel has. */
  add(link: LiveLink, keep: number): Promise<number>;
  /** Deletes the channel's links; returns how many there were. */
  revoke(channelId: string): Promise<number>;
  /** The channel a link opens, or null. */
  find(tokenHash: string): Promise<Place | null>;
  /** Which of these hashes still open a page. */
  existing(tokenHashes: readonly string[]): Promise<Set<string>>;
}

/** What `/init share` uses. */
export interface LiveSharing {
  share(place: Place, userId: string): Promise<ShareOutcome>;
  revoke(place: Place): Promise<number>;
}

/** A channel keeps this many links at most: each `/init share` makes one, and the oldest go first. */
export const LINKS_PER_CHANNEL = 10;

/**
 * Links to live pages, once the entry point says where pages are served (`serveAt`): until then
 * `/init share` explains how to turn them on.
 */
export class LiveLinks implements LiveSharing {
  private baseUrl: string | null = null;

  constructor(
    private readonly store: LiveLinkStore,
    private readonly off: LivePagesOff,
    /** This process's pages hear of links that went (other processes, through NOTIFY). */
    private readonly publish: (notice: LiveNotice) => void,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Pages are served at `baseUrl` (PUBLIC_URL, or the local address): links start with it. */
  serveAt(baseUrl: string): void {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async share(place: Place, userId: string): Promise<ShareOutcome> {
    if (this.baseUrl === null) return { kind: 'off', why: this.off };
    const token = newToken();
    const links = await this.store.add(
      { tokenHash: tokenHash(token), guildId: place.guildId, channelId: place.channelId, createdBy: userId, createdAt: this.now() },
      LINKS_PER_CHANNEL,
    );
    // At the most a channel keeps, the oldest link went: pages open on it close.
    if (links >= LINKS_PER_CHANNEL) this.publish({ kind: 'revoked', channelId: place.channelId });
    return { kind: 'link', url: `${this.baseUrl}/live/${token}`, links };
  }

  async revoke(place: Place): Promise<number> {
    const revoked = await this.store.revoke(place.channelId);
    if (revoked > 0) this.publish({ kind: 'revoked', channelId: place.channelId });
    return revoked;
  }
}
