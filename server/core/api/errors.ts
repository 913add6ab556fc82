import type { ImportError } from '#contract/schemas/csv';
import type { ErrorCode, ShortLine } from '#contract/schemas/errors';

/**
 * The one error the core throws on purpose. The HTTP layers (Koa and MSW) turn it into
 * `{ message, code, fields? }` with ERROR_STATUS[code]; anything else is an internal error.
 */
export class DomainError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** For 429 (and 503 when busy): seconds before a retry can succeed, sent as Retry-After. */
  readonly retryAfterSeconds: number | undefined;
  /** out_of_stock: the short cart lines (sent as `lines`). */
  lines: ShortLine[] | undefined;
  /** A refused products import: each bad row's problems (sent as `errors`). */
  errors: readonly ImportError[] | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    cause?: unknown,
    retryAfterSeconds?: number,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = 'DomainError';
    this.code = code;
    this.fields = fields;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

export const notFound = (what: string): DomainError => new DomainError('not_found', `${what} not found`);

export const validationFailed = (fields: Record<string, string>, message?: string): DomainError =>
  new DomainError('validation_failed', message ?? Object.values(fields)[0] ?? 'Invalid input', fields);

/** A 429 whose Retry-After says when a retry can succeed (at least one second). */
export const tooManyRequests = (message: string, retryAfterMs: number): DomainError =>
  new DomainError(
    'too_many_requests',
    message,
    undefined,
    undefined,
    Math.max(1, Math.ceil(retryAfterMs / 1000)),
  );
