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
 * pino's ISO time (`,"time":"…Z"`), made once per millisecond: a busy server writes many lines in the same
 * millisecond. The date and time up to the second are formatted once per second, and the milliseconds appended
 * (at a few thousand lines a second the millisecond changes at almost every line, and toISOString was a good part
 * of a request line's cost).
 */
let lastMs = Number.NaN;
let lastStamp = '';
let lastSecond = Number.NaN;
let secondPrefix = '';
export function isoStamp(now: number): string {
  if (now === lastMs) return lastStamp;
  const ms = ((now % 1000) + 1000) % 1000;
  const second = now - ms;
  if (second !== lastSecond) {
    lastSecond = second;
    // "YYYY-MM-DDTHH:mm:ss." (toISOString always has the milliseconds, so the dot ends character 20)
    secondPrefix = `,"time":"${new Date(second).toISOString().slice(0, 20)}`;
  }
  lastMs = now;
  lastStamp = `${secondPrefix}${ms < 10 ? '00' : ms < 100 ? '0' : ''}${ms}Z"`;
  return lastStamp;
}
const isoTimeEachMs = (): string => isoStamp(Date.now());

/** What the batch hands its lines to: pino's asynchronous file writer (sonic-boom). */
interface LineSink {
  write(text: string): unknown;
  flushSync(): void;
}

/**
 * Request lines gathered into one string of up to 64 k characters, or for at most a quarter of a second, before
 * they go to pino's file writer in one piece. sonic-boom batches too (minLength), but per line it measures the
 * byte length of everything pending and, with a small batch, pays a write through the thread pool every few
 * lines: together most of a cached read's logging cost (issue 30, `npm run bench`). Here a line costs an array
 * push. What is pending goes out synchronously when the process exits (registered before the writer's own exit
 * hook, so it runs first); a kill -9 can lose the lines of the last quarter second, never a data write.
 */
export class LineBatch implements DestinationStream {
  private parts: string[] = [];
  private chars = 0;

  constructor(
    private readonly sink: LineSink,
    private readonly maxChars = 65_536,
    everyMs = 250,
  ) {
    setInterval(() => this.push(), everyMs).unref();
  }

  write(line: string): void {
    this.parts.push(line);
    this.chars += line.length;
    if (this.chars >= this.maxChars) this.push();
  }

  /** Hands what is gathered to the writer (which writes it asynchronously). */
  push(): void {
    if (this.parts.length === 0) return;
    const text = this.parts.length === 1 ? this.parts[0]! : this.parts.join('');
    this.parts = [];
    this.chars = 0;
    this.sink.write(text);
  }

  /** Everything gathered and pending, written now (at exit). */
  flushSync(): void {
    this.push();
    try {
      this.sink.flushSync();
    } catch {
      // The writer is closed or gone (a broken pipe): nothing more can be written.
    }
  }
}

function stdoutLines(): LineBatch {
  // The batch's exit hook goes in before pino.destination registers the writer's own (which ends it), so at
  // exit the batch hands its lines on first.
  const at: { batch?: LineBatch } = {};
  process.once('exit', () => at.batch?.flushSync());
  at.batch = new LineBatch(pino.destination({ dest: 1, sync: false }));
  return at.batch;
}

/**
 * Writes a line of the request log made by hand in the logger's own form (middleware/request-log.ts), or returns
 * false when the logger is not one of ours or its level leaves info lines out. Set on the loggers createLogger
 * makes: their lines are `{"level":…,"time":…,<fields>,"msg":…}` on their stream.
 */
export type RawInfoLine = (fields: string, msg: string) => boolean;
const RAW_INFO = Symbol('raw-info-line');

export function rawInfoLine(logger: Logger): RawInfoLine | undefined {
  return (logger as Logger & { [RAW_INFO]?: RawInfoLine })[RAW_INFO];
}

export function createLogger({ level = 'info', destination, pretty = false }: LoggerOptions = {}): Logger {
  const logger = makeLogger({ level, destination, pretty });
  const stream = (logger as unknown as Record<symbol, DestinationStream>)[pino.symbols.streamSym]!;
  const raw: RawInfoLine = (fields, msg) => {
    if (!logger.isLevelEnabled('info')) return false;
    stream.write(`{"level":"info"${isoTimeEachMs()},${fields},"msg":${JSON.stringify(msg)}}\n`);
    return true;
  };
  Object.defineProperty(logger, RAW_INFO, { value: raw });
  return logger;
}

function makeLogger({ level = 'info', destination, pretty = false }: LoggerOptions): Logger {
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
    destination ?? (pretty ? undefined : stdoutLines()),
  );
}

export type { Logger };
