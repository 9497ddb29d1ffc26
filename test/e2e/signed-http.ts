import http from 'node:http';
import { sign, type KeyObject } from 'node:crypto';

export interface HttpAnswer {
  status: number;
  contentType: string | undefined;
  text: string;
}

/** The public key as DISCORD_PUBLIC_KEY takes it: the 32 key bytes in hex. */
export function publicKeyHex(publicKey: KeyObject): string {
  return Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url').toString('hex');
}

/** Discord's signature headers for a body: Ed25519 over the timestamp followed by the body's bytes. */
export function signatureHeaders(
  privateKey: KeyObject,
  body: string | Buffer,
  timestamp = String(Math.floor(Date.now() / 1000)),
): Record<string, string> {
  const signature = sign(null, Buffer.concat([Buffer.from(timestamp), Buffer.from(body)]), privateKey).toString('hex');
  return { 'x-signature-ed25519': signature, 'x-signature-timestamp': timestamp };
}

/** One request on its own connection (no keep-alive), so nothing stays open after a test. */
export function request(
  url: string,
  method: string,
  body: string | Buffer | null,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method, agent: false, headers: body === null ? headers : { 'content-type': 'application/json', ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body ?? undefined);
  });
}
