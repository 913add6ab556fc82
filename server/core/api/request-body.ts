/**
 * The body rules both transports (Koa and MSW) apply before the core sees a body: only
 * application/json (or a +json type) is read, so a cross-site HTML form (text/plain, urlencoded,
 * multipart) can never reach a JSON route; at most the endpoint's body limit; malformed JSON is a 400.
 *
 * A CSV route (endpoint bodyType 'csv', the products import) reads `text/csv`, and also
 * `application/vnd.ms-excel`, the type Windows browsers give a .csv file where Excel is installed. Not
 * text/plain: like the JSON routes, it takes no type a cross-site form can send. The text must be UTF-8
 * (a `charset` other than utf-8 is a 415, bytes that are not UTF-8 a 400): a file saved in a legacy
 * code page would otherwise import with its accented letters silently replaced.
 */
import { DomainError } from './errors';

const JSON_TYPE = /^application\/([\w.+-]+\+)?json\s*(;|$)/i;

/** An empty body needs no type; any other body must declare JSON. */
export function assertJsonContentType(contentType: string | null | undefined): void {
  if (!JSON_TYPE.test(contentType ?? ''))
    throw new DomainError('unsupported_media_type', 'Send the request body as application/json');
}

export function bodyTooLarge(limit: number): DomainError {
  const size =
    limit >= 1024 * 1024 ? `${Math.round(limit / 1024 / 1024)} MB` : `${Math.round(limit / 1024)} KB`;
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

const CSV_TYPE = /^(text\/csv|application\/vnd\.ms-excel)\s*(;|$)/i;
const CHARSET = /;\s*charset\s*=\s*"?([^";\s]+)"?/i;

/** A CSV body must be declared as CSV, in UTF-8 when a charset is given. */
export function assertCsvContentType(contentType: string | null | undefined): void {
  const type = contentType ?? '';
  if (!CSV_TYPE.test(type)) throw new DomainError('unsupported_media_type', 'Send the file as text/csv');
  const charset = CHARSET.exec(type)?.[1]?.toLowerCase();
  if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8')
    throw new DomainError('unsupported_media_type', 'Send the file as UTF-8 text (text/csv; charset=utf-8)');
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The bytes as UTF-8 text (a leading byte-order mark dropped), or a 400 when they are not UTF-8. */
export function decodeUtf8Text(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new DomainError(
      'bad_request',
      'The file is not UTF-8 text: save it as "CSV UTF-8" and send it again',
    );
  }
}

/** A body type's rules: its declared type's check, the value of its bytes, and the value of no body. */
export interface BodyReader<T> {
  assertType(contentType: string | null | undefined): void;
  value(bytes: Uint8Array): T;
  none: T;
}

// Keeps a leading byte-order mark, as the Koa server has always read JSON (Buffer#toString): JSON.parse
// then refuses it with a 400 on both transports.
const lenientUtf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/** Each endpoint bodyType's reader: both transports take the checks and the value from here. */
export const BODY_READERS: { json: BodyReader<unknown>; csv: BodyReader<string> } = {
  json: {
    assertType: assertJsonContentType,
    value: (bytes) => parseJsonText(lenientUtf8.decode(bytes)),
    none: undefined,
  },
  csv: { assertType: assertCsvContentType, value: decodeUtf8Text, none: '' },
};
