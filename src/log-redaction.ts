import pino from 'pino';

/**
 * An interaction's token authorises answering it (as its webhook) for 15 minutes, and it rides in
 * the URL path: `interactions/<id>/<token>/callback`, `webhooks/<application>/<token>/…`.
 */
const TOKEN_IN_PATH = /((?:webhooks|interactions)\/\d+\/)[^/?#\s"']+/g;
/** Deep enough for an error's own fields and its request body's; errors are not deeper than that. */
const MAX_DEPTH = 4;

export function redactDiscordTokens(text: string): string {
  return text.replace(TOKEN_IN_PATH, '$1[redacted]');
}

function isPlain(value: object): boolean {
  const prototype: unknown = Object.getPrototypeOf(value);
  return Array.isArray(value) || prototype === Object.prototype || prototype === null;
}

function redactStrings(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactDiscordTokens(value);
  if (typeof value !== 'object' || value === null || depth === 0 || !isPlain(value)) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => redactStrings(item, depth - 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, redactStrings(item, depth - 1)]));
}

/**
 * pino's error serializer, with interaction tokens taken out of every string it yields: a failed
 * REST call's error carries its `url`, which for an interaction's answers holds the token.
 */
export function serializeError(error: unknown): unknown {
  const serialized: unknown = pino.stdSerializers.err(error as Error);
  // The standard serializer's result has the error's own prototype; its fields are what is logged.
  return typeof serialized === 'object' && serialized !== null
    ? Object.fromEntries(Object.entries(serialized).map(([key, item]) => [key, redactStrings(item, MAX_DEPTH)]))
    : redactStrings(serialized, MAX_DEPTH);
}
