import { generateKeyPairSync, sign } from 'node:crypto';
import { signatureCheck } from '../../../src/transports/http-signature';

describe('signatureCheck', () => {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const hex = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('hex');
  const check = signatureCheck(hex);
  const body = Buffer.from('{"type":1}');
  const signed = (timestamp: string, bytes: Buffer) =>
    sign(null, Buffer.concat([Buffer.from(timestamp), bytes]), privateKey).toString('hex');

  test('accepts the signature over timestamp + body, in either hex case', () => {
    expect(check(signed('1700000000', body), '1700000000', body)).toBe(true);
    expect(check(signed('1700000000', body).toUpperCase(), '1700000000', body)).toBe(true);
  });

  test('refuses another timestamp, another body, a malformed or missing signature', () => {
    const signature = signed('1700000000', body);
    expect(check(signature, '1700000001', body)).toBe(false);
    expect(check(signature, '1700000000', Buffer.from('{"type":2}'))).toBe(false);
    expect(check(signature.slice(2), '1700000000', body)).toBe(false);
    expect(check(undefined, '1700000000', body)).toBe(false);
    expect(check(signature, undefined, body)).toBe(false);
  });

  test('a public key that is not 64 hex characters is refused at start', () => {
    expect(() => signatureCheck(hex.slice(1))).toThrow('the public key must be 64 hexadecimal characters');
  });
});
