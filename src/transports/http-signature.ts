import { createPublicKey, verify, type KeyObject } from 'node:crypto';

const PUBLIC_KEY = /^[0-9a-f]{64}$/i;
const SIGNATURE = /^[0-9a-f]{128}$/i;

/** Checks that a request came from Discord: its Ed25519 signature over the timestamp followed by the raw body. */
export type SignatureCheck = (signature: string | undefined, timestamp: string | undefined, body: Buffer) => boolean;

/** `publicKey` is the application's public key from the Developer Portal, 64 hex characters. */
export function signatureCheck(publicKey: string): SignatureCheck {
  if (!PUBLIC_KEY.test(publicKey)) throw new Error('the public key must be 64 hexadecimal characters');
  // Node reads a raw Ed25519 key only as a JWK; its `x` is the key's bytes in base64url.
  const key: KeyObject = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(publicKey, 'hex').toString('base64url') },
    format: 'jwk',
  });
  return (signature, timestamp, body) => {
    if (signature === undefined || timestamp === undefined || !SIGNATURE.test(signature)) return false;
    return verify(null, Buffer.concat([Buffer.from(timestamp, 'utf8'), body]), key, Buffer.from(signature, 'hex'));
  };
}
