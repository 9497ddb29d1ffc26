import { Writable } from 'node:stream';
import { DiscordAPIError, HTTPError } from '@discordjs/rest';
import pino from 'pino';
import { redactDiscordTokens, serializeError } from '../../../src/log-redaction';

const TOKEN = 'aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OmFiY2RlZg.x-y_z';
const APP = '100000000000000001';
const INTERACTION = '200000000000000002';

test('tokens in interaction and webhook URLs are replaced; other URLs are left as they are', () => {
  expect(redactDiscordTokens(`https://discord.com/api/v10/interactions/${INTERACTION}/${TOKEN}/callback?with_response=true`)).toBe(
    `https://discord.com/api/v10/interactions/${INTERACTION}/[redacted]/callback?with_response=true`,
  );
  expect(redactDiscordTokens(`PATCH https://discord.com/api/v10/webhooks/${APP}/${TOKEN}/messages/@original failed`)).toBe(
    `PATCH https://discord.com/api/v10/webhooks/${APP}/[redacted]/messages/@original failed`,
  );
  expect(redactDiscordTokens(`/webhooks/${APP}/${TOKEN}`)).toBe(`/webhooks/${APP}/[redacted]`);
  const untouched = ['https://discord.com/api/v10/channels/300000000000000003/messages', '/interactions', 'POST /interactions 401'];
  for (const text of untouched) expect(redactDiscordTokens(text)).toBe(text);
});

test("a failed webhook call's error keeps its route, status and message, without the token", () => {
  const url = `https://discord.com/api/v10/webhooks/${APP}/${TOKEN}/messages/@original`;
  const api = new DiscordAPIError({ message: 'Unknown Webhook', code: 10015 }, 10015, 404, 'PATCH', url, { body: { content: 'hi' } });
  expect(serializeError(api)).toMatchObject({
    type: 'DiscordAPIError',
    message: 'Unknown Webhook',
    status: 404,
    method: 'PATCH',
    url: `https://discord.com/api/v10/webhooks/${APP}/[redacted]/messages/@original`,
    requestBody: { json: { content: 'hi' } },
  });
  const http = new HTTPError(502, 'Bad Gateway', 'POST', `https://discord.com/api/v10/interactions/${INTERACTION}/${TOKEN}/callback`, {});
  const wrapped = new Error(`answering failed at ${http.url}`, { cause: http });
  expect(JSON.stringify(serializeError(http))).not.toContain(TOKEN);
  expect(JSON.stringify(serializeError(wrapped))).not.toContain(TOKEN);
  expect(serializeError('plain text with /webhooks/1/secret')).toBe('plain text with /webhooks/1/[redacted]');
});

test('a logger with the serializer writes no token', () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = pino({ serializers: { err: serializeError } }, sink);
  const url = `https://discord.com/api/v10/webhooks/${APP}/${TOKEN}`;
  logger.error({ err: new DiscordAPIError({ message: 'Unknown Webhook', code: 10015 }, 10015, 404, 'POST', url, {}) }, 'could not answer');
  expect(lines).toHaveLength(1);
  expect(lines[0]).not.toContain(TOKEN);
  expect(lines[0]).toContain(`webhooks/${APP}/[redacted]`);
});
