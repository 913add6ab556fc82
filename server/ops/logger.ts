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

/**
 * pino's ISO time, made once per millisecond: a busy server writes many lines in the same millisecond, and
 * formatting a date is a good part of a request line's cost.
 */
let lastMs = -1;
let lastStamp = '';
function isoTimeEachMs(): string {
  const now = Date.now();
  if (now !== lastMs) {
    lastMs = now;
    lastStamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return lastStamp;
}

export function createLogger({ level = 'info', destination, pretty = false }: LoggerOptions = {}): Logger {
  return pino(
    {
      level,
      base: undefined,
      timestamp: isoTimeEachMs,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
      ...(pretty && !destination
        ? { transport: { target: 'pino-pretty', options: { colorize: true } } }
        : {}),
    },
    // Asynchronous and batched: lines gather up to 4 kB (about 16 request lines) and go out in one write, or
    // after at most a quarter of a second when the server is quiet. A write per line costs a system call and a
    // thread-pool round trip each, which was most of the request log's cost on a cached read (issue 30).
    // pino flushes what is pending when the process exits; a kill -9 can lose the lines of the last moment,
    // never a data write.
    destination ??
      (pretty ? undefined : pino.destination({ dest: 1, sync: false, minLength: 4096, periodicFlush: 250 })),
  );
}

export type { Logger };
