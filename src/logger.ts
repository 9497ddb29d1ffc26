import pino, { type Logger } from 'pino';
import type { LogLevel } from './config';
import { serializeError } from './log-redaction';

/** JSON logs on standard error, so standard output stays free for the console transport's replies. */
export function createLogger(level: LogLevel): Logger {
  return pino(
    {
      level,
      base: { service: 'rollcall' },
      redact: { paths: ['token', '*.token', 'headers.authorization'], censor: '[redacted]' },
      serializers: { err: serializeError },
    },
    pino.destination(2),
  );
}
