/**
 * The process's one logger (pino): JSON lines on stdout, one per request (middleware/request-log.ts) plus the
 * start, stop and failure messages. What could carry a secret is cut out here, once, whatever a caller logs:
 * the credentials headers, and any field named like a password or a token at any depth a log call is likely
 * to use (pino's redaction paths take no recursive wildcard, so the depths are spelt out).
 */
import type { DestinationStream, Logger } from 'pino';
import { pino } from 'pino';

const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'resetToken',
  'reset_token',
  'accessToken',
  'refreshToken',
  'authorization',
  'cookie',
  'set-cookie',
  'mailBody',
  'html',
  'text',
];

/** Every secret key at the top level and up to three objects deep, plus the headers of a req/res. */
export const REDACT_PATHS: string[] = [
  ...SECRET_KEYS.flatMap((k) => {
    const key = /^[A-Za-z_]\w*$/.test(k) ? k : `["${k}"]`;
    const join = (prefix: string) => (key.startsWith('[') ? `${prefix}${key}` : `${prefix}.${key}`);
    return [key, join('*'), join('*.*'), join('*.*.*')];
  }),
];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface LoggerOptions {
  level?: LogLevel;
  /** Where lines go (tests capture them); default stdout. */
  destination?: DestinationStream;
  /** Readable lines through pino-pretty (a devDependency: `npm run dev` only). */
  pretty?: boolean;
}

export function createLogger({ level = 'info', destination, pretty = false }: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
      ...(pretty && !destination
        ? { transport: { target: 'pino-pretty', options: { colorize: true } } }
        : {}),
    },
    // Asynchronous: lines that arrive while a write is in flight go out together in the next one, instead of
    // a blocking write each; an idle server's line still leaves at once. pino flushes what is pending when the
    // process exits; a kill -9 can lose the lines of the last moment, never a data write.
    destination ?? (pretty ? undefined : pino.destination({ dest: 1, sync: false })),
  );
}

export type { Logger };
