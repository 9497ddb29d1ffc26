import { createPublicKey, verify, type KeyObject } from 'node:crypto';

const PUBLIC_KEY = /^[0-9a-f]{64}$/i;
const SIGNATURE = /^[0-9a-f]{128}$/i;
/** Discord's timestamps are whole seconds since 1970. */
const TIMESTAMP = /^\d{1,12}$/;
/** A signed request older or newer than this is refused: a captured one cannot be replayed later. */
export const MAX_TIMESTAMP_SKEW_MS = 5 * 60_000;

/** `stale`: signed by Discord, but with a timestamp too far from now to be a fresh delivery. */
export type SignatureVerdict = 'valid' | 'invalid' | 'stale';

/** Checks that a request came from Discord just now: its Ed25519 signature over the timestamp followed by the raw body. */
export type SignatureCheck = (signature: string | undefined, timestamp: string | undefined, body: Buffer) => SignatureVerdict;

export interface SignatureCheckOptions {
  maxSkewMs?: number;
  /** Milliseconds since 1970. */
  now?: () => number;
}

/** `publicKey` is the application's public key from the Developer Portal, 64 hex characters. */
export function signatureCheck(publicKey: string, options: SignatureCheckOptions = {}): SignatureCheck {
  if (!PUBLIC_KEY.test(publicKey)) throw new Error('the public key must be 64 hexadecimal characters');
  const { maxSkewMs = MAX_TIMESTAMP_SKEW_MS, now = Date.now } = options;
  // Node reads a raw Ed25519 key only as a JWK; its `x` is the key's bytes in base64url.
  const key: KeyObject = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'hex').toString('base64url') },
    format: 'jwk',
  });
  return (signature, timestamp, body) => {
    if (signature === undefined || timestamp === undefined || !SIGNATURE.test(signature)) return 'invalid';
    if (!verify(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), key, Buffer.from(signature, 'hex'))) return 'invalid';
    if (!TIMESTAMP.test(timestamp) || Math.abs(now() - Number(timestamp) * 1000) > maxSkewMs) return 'stale';
    return 'valid';
  };
}
