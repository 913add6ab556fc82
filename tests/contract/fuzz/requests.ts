/**
 * Requests per endpoint of contract/endpoints.ts: the `:id` segment, the query (shaped by the endpoint's
 * query schema, plus unknown and malformed pairs), the body (shaped by its body schema, or raw text under
 * odd content types, or over its size limit), the idempotency and ETag headers, a bogus token, and the
 * order the endpoints are fuzzed in.
 */
import fc from 'fast-check';
import type { Endpoint, EndpointName } from '#contract/endpoints';
import { BODY_LIMITS, endpoints } from '#contract/endpoints';
import { LIMITS } from '#contract/limits';
import { COLLECTION_SLUGS } from '#contract/schemas/product';
import { tinyDemoStore } from '#server/test/tiny-seed';
import type { Mood } from './schema-view';
import { defOf } from './schema-view';
import { valueArb } from './values';

export interface FuzzRequest {
  /** The `:id` segment as it goes on the wire: percent-encoded, or raw on purpose (`%`, `%00`). */
  segment?: string;
  query: ReadonlyArray<readonly [string, string]>;
  /** Appended to the query string verbatim: malformed escapes, bracket keys, repeats. */
  rawQuery: string;
  body?: { text: string; type?: string };
  headers: Record<string, string>;
  /** The anonymous caller's Authorization: a token no session has. */
  bogusToken?: string;
}

const safeEncode = (s: string): string => {
  try {
    return encodeURIComponent(s);
  } catch {
    return '%EF%BF%BD'; // a lone surrogate: send the replacement character instead
  }
};
const asText = (v: unknown): string => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

// prettier-ignore
const ODD_IDS = ['0', '-1', '1.5', '1e3', '0x1', '+1', ' 1', '01', 'abc', 'NaN', 'Infinity', 'null',
  '99999999999999999999999', '9007199254740993', '-0', '٣', '１', '9'.repeat(400), 'a'.repeat(5000)];
/** Sent as they are: malformed or odd percent-escapes. */
const RAW_IDS = ['%00', '%', '%ff', '%C0%AE', '1%00', '%E2%80%AE1', '1;x', '1,2', '1%2F2'];
// prettier-ignore
const RAW_QUERIES = ['q=%', '%=1', 'page=%ff', 'a[b]=1', '__proto__[is_admin]=1', 'constructor[prototype][x]=1',
  'page=1&page=2', 'sort', '&&', 'limit=1e9', `q=${'x'.repeat(3000)}`];
// prettier-ignore
const JSON_TYPES: Array<string | undefined> = ['application/json; charset=utf-8', 'application/vnd.threadline+json',
  'APPLICATION/JSON', 'text/plain', 'application/x-www-form-urlencoded', 'application/jsonp', undefined];
// prettier-ignore
const RAW_TYPES: Array<string | undefined> = ['application/json', 'text/plain', 'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded', 'application/xml', undefined];
// prettier-ignore
const RAW_TEXTS = ['{', '{"a":', '{"a": NaN}', '{"a": Infinity}', "{'a': 1}", 'NaN', '\u0000', '[1,2', 'null', '"str"',
  '123', 'true', '[]', '{}', ' ', '\n\n', '\ufeff{}', '{"__proto__":{"is_admin":1}}', 'a=1&b=2',
  'email=x%40y&password=z', '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
  '['.repeat(6000) + ']'.repeat(6000), '{"a":'.repeat(2000) + '1' + '}'.repeat(2000)];
/** JSON number spellings JSON.stringify never writes: -0, out of double range, huge integers, invalid forms. */
const NUMBER_TOKENS = [
  '-0',
  '1e999',
  '-1e999',
  '1E+2',
  '1e-400',
  '123456789012345678901234567890',
  '00',
  '1.',
];

const segmentArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 1, max: 10 }).map(String) },
  { weight: 3, arbitrary: fc.constantFrom(...ODD_IDS).map(safeEncode) },
  fc.constantFrom(...RAW_IDS),
  // Never empty nor dots: `/products/`, `/products/.` are the list route, another endpoint.
  fc
    .string({ unit: 'binary', minLength: 1, maxLength: 20 })
    .filter((s) => !/^\.*$/.test(s))
    .map(safeEncode),
);
const unknownPairs = fc.array(
  fc.tuple(
    fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'page', 'is_admin')),
    fc.string({ maxLength: 20 }),
  ),
  { maxLength: 3 },
);
const rawQueryArb = fc.oneof({ weight: 6, arbitrary: fc.constant('') }, fc.constantFrom(...RAW_QUERIES));
const printable = fc
  .string({ unit: 'grapheme-ascii', maxLength: 30 })
  .filter((s) => /^[\x20-\x7e]*$/.test(s));
const KEY_MAX = LIMITS.idempotencyKey;
const idempotencyArb = fc.oneof(
  fc.uuid(),
  printable,
  fc.constantFrom('', 'k'.repeat(KEY_MAX), 'k'.repeat(KEY_MAX + 1), 'k'.repeat(2 * KEY_MAX)),
);
const etagArb = fc.constantFrom('*', '"abc"', 'W/"x"', '"', 'x'.repeat(5000));
const jsonType = fc.oneof(
  { weight: 10, arbitrary: fc.constant<string | undefined>('application/json') },
  fc.constantFrom(...JSON_TYPES),
);
const rawBody = fc
  .tuple(
    fc.oneof(fc.constantFrom(...RAW_TEXTS), fc.string({ unit: 'binary', maxLength: 40 })),
    fc.constantFrom(...RAW_TYPES),
  )
  .map(([text, type]) => ({ text, type }));
const jsonBody = fc.jsonValue().map((v) => ({ text: JSON.stringify(v) ?? 'null', type: 'application/json' }));
const withNumberToken = (text: string, token: string | null): string =>
  token === null ? text : text.replace(/(:\s*)-?\d+(\.\d+)?([eE][+-]?\d+)?/, `$1${token}`);

function bodyArb(ep: Endpoint): fc.Arbitrary<FuzzRequest['body']> {
  if (ep.method === 'GET') return fc.constant(undefined);
  const none = fc.constant(undefined);
  if (!ep.body) return fc.oneof({ weight: 6, arbitrary: none }, jsonBody, rawBody);
  const schema = ep.body;
  const shaped = (mood: Mood) =>
    fc
      .tuple(
        valueArb(schema, '', mood),
        jsonType,
        mood === 'wild' ? fc.option(fc.constantFrom(...NUMBER_TOKENS)) : fc.constant(null),
      )
      .map(([v, type, token]) => ({ text: withNumberToken(JSON.stringify(v) ?? '', token), type }));
  const limit = ep.bodyLimit ?? BODY_LIMITS.small;
  // Over the limit by a little: Koa drains up to 1 MB of a refused body, so the 413 still reaches us.
  const oversize = fc.constant({ text: `{"pad":"${'a'.repeat(limit)}"}`, type: 'application/json' });
  return fc.oneof(
    { weight: 5, arbitrary: shaped('tidy') },
    { weight: 5, arbitrary: shaped('wild') },
    { weight: 1, arbitrary: jsonBody },
    { weight: 2, arbitrary: rawBody },
    { weight: 1, arbitrary: none },
    { weight: limit < 256 * 1024 ? 1 : 0, arbitrary: oversize },
  );
}

/** Query keys that name catalogue things: real slugs (and one that is not) when tidy. */
const QUERY_HINTS: Record<string, readonly string[]> = {
  category: [...tinyDemoStore().categories.map((c) => c.slug), 'no-such-category'],
  collection: [...COLLECTION_SLUGS, 'no-such-collection'],
};

function queryArb(ep: Endpoint): fc.Arbitrary<ReadonlyArray<readonly [string, string]>> {
  const shape = ep.query ? defOf(ep.query).shape : undefined;
  if (!shape) return fc.oneof({ weight: 4, arbitrary: fc.constant([]) }, unknownPairs);
  const query = (mood: Mood) => {
    const known = Object.entries(shape).map(([key, s]) => {
      const hint = QUERY_HINTS[key];
      const value = hint && mood === 'tidy' ? fc.constantFrom(...hint) : valueArb(s, key, mood);
      return fc.option(value.map((v) => [key, asText(v)] as const));
    });
    return fc
      .tuple(fc.tuple(...known), mood === 'tidy' ? fc.constant([]) : unknownPairs)
      .map(([ks, extra]) => [...ks.filter((k): k is readonly [string, string] => k !== null), ...extra]);
  };
  return fc.oneof(query('tidy'), query('wild'));
}

export function requestArb(name: EndpointName): fc.Arbitrary<FuzzRequest> {
  const ep: Endpoint = endpoints[name];
  return fc.record({
    segment: ep.path.includes(':id') ? segmentArb : fc.constant(undefined),
    query: queryArb(ep),
    rawQuery: rawQueryArb,
    body: bodyArb(ep),
    headers: fc
      .record({
        idem: ep.method === 'POST' ? fc.option(idempotencyArb) : fc.constant(null),
        etag: ep.method === 'GET' ? fc.option(etagArb) : fc.constant(null),
      })
      .map(({ idem, etag }) => ({
        ...(idem !== null ? { 'idempotency-key': idem } : {}),
        ...(etag !== null ? { 'if-none-match': etag } : {}),
      })),
    bogusToken: fc.option(fc.oneof(printable, fc.constant('a'.repeat(500))), { nil: undefined }),
  });
}

/**
 * Every endpoint of the table, in its order but for two moves: deletions go last, so the catalogue the
 * other endpoints fuzz still has its rows; login goes just before them, because its failures count
 * against the address's daily budget (accounts/sign-in-throttle.ts), which the re-login after a logout needs.
 */
export function fuzzOrder(): EndpointName[] {
  const names = Object.keys(endpoints) as EndpointName[];
  const rank = (n: EndpointName) => (endpoints[n].method === 'DELETE' ? 2 : n === 'login' ? 1 : 0);
  return [0, 1, 2].flatMap((r) => names.filter((n) => rank(n) === r));
}
