import { generateKeyPairSync, sign } from 'node:crypto';
import { signatureCheck } from '../../../src/transports/http-signature';

describe('signatureCheck', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const hex = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('hex');
  const NOW_S = 1_700_000_000;
  const check = signatureCheck(hex, { now: () => NOW_S * 1000 });
  const body = Buffer.from('{"type":1}');
  const signed = (timestamp: string, bytes: Buffer) =>
    sign(null, Buffer.concat([Buffer.from(timestamp), bytes]), privateKey).toString('hex');

  test('accepts the signature over timestamp + body, in either hex case', () => {
    expect(check(signed('1700000000', body), '1700000000', body)).toBe('valid');
    expect(check(signed('1700000000', body).toUpperCase(), '1700000000', body)).toBe('valid');
  });

  test('refuses another timestamp, another body, a malformed or missing signature', () => {
    const signature = signed('1700000000', body);
    expect(check(signature, '1700000001', body)).toBe('invalid');
    expect(check(signature, '1700000000', Buffer.from('{"type":2}'))).toBe('invalid');
    expect(check(signature.slice(2), '1700000000', body)).toBe('invalid');
    expect(check(undefined, '1700000000', body)).toBe('invalid');
    expect(check(signature, undefined, body)).toBe('invalid');
  });

  test('a validly signed request more than 5 minutes from now, either way, is stale', () => {
    const at = (seconds: number) => check(signed(String(seconds), body), String(seconds), body);
    expect(at(NOW_S - 300)).toBe('valid');
    expect(at(NOW_S + 300)).toBe('valid');
    expect(at(NOW_S - 301)).toBe('stale');
    expect(at(NOW_S + 301)).toBe('stale');
    // The replayed capture: a request signed in 2001.
    expect(at(1_000_000_000)).toBe('stale');
    const odd = `${NOW_S}.0`;
    expect(check(signed(odd, body), odd, body)).toBe('stale');
  });

  test('a public key that is not 64 hex characters is refused at start', () => {
    expect(() => signatureCheck(hex.slice(1))).toThrow('the public key must be 64 hexadecimal characters');
  });
});
