/**
 * The JSON body rules both transports (Koa and MSW) apply before the core sees a body: only
 * application/json (or a +json type) is read, so a cross-site HTML form (text/plain, urlencoded,
 * multipart) can never reach a JSON route; at most the endpoint's body limit; malformed JSON is a 400.
 */
import { DomainError } from './errors';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/** An empty body needs no type; any other body must declare JSON. */
export function assertJsonContentType(contentType: string | null | undefined): void {
  if (!JSON_TYPE.test(contentType ?? ''))
    throw new DomainError('unsupported_media_type', 'Send the request body as application/json');
}

export function bodyTooLarge(limit: number): DomainError {
  const size = limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MB` : `${Math.round(limit / 1024)} KB`;
  return new DomainError('payload_too_large', `Request body is larger than ${size}`);
}

/** The body text as a value: undefined when empty (the schema then sees `{}`). */
export function parseJsonText(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    throw new DomainError('bad_request', 'Malformed JSON body');
  }
}
