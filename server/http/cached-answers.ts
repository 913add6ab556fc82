/**
 * Sending the cached catalogue reads (product lists, product pages, categories), in one place so the
 * route and the shortcut answer byte for byte alike: ETag, no-cache (the browser keeps the answer and
 * revalidates it), 304 on a matching If-None-Match, brotli/gzip when taken.
 *
 * The shortcut: once a GET has been answered from the core's cache, later requests for the same
 * answer are served by this middleware (placed after the error handler and the security headers),
 * before routing, query parsing and the core, for as long as the catalogue version it was made at is
 * current (any catalogue write moves it on). Once an encoding of it has gone out, the same status,
 * headers and bytes are written straight to the socket (ctx.respond = false): a listing then costs
 * Koa's context and a lookup.
 *
 * "The same answer" is keyed by the path and the known catalogue parameters only (answer-key.ts),
 * never by the raw URL: unknown parameters cannot change an answer (the contract's schemas drop them),
 * so `?x=1`, `?x=2`… share one entry instead of filling memory. Bounded by bytes (every encoding kept
 * is counted) and by count, least recently used out first.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { Api, ApiReply } from '#server/core/api/handle';
import type { CacheStats } from '#server/core/structures/bounded-cache';
import { BoundedCache, stringBytes } from '#server/core/structures/bounded-cache';
import { etagMatches } from '#server/core/api/etag';
import { answerKey } from './answer-key';
import { API_SECURITY_HEADERS, HSTS, isApiPath, setSecurityHeaders } from './middleware/security-headers';
import type { Encoding } from './compression';
import { COMPRESS_MIN_BYTES, compressedOnce, pickEncoding } from './compression';

const JSON_TYPE = 'application/json; charset=utf-8';
export const WIRE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
export const WIRE_CACHE_MAX_ENTRIES = 10_000;
/** Headers, ETag, the Map slots: what an entry holds besides its body buffers. */
const ENTRY_OVERHEAD = 1024;

interface Ready {
  status: number;
  etag: string;
  bytes: Buffer;
}

/** Status, headers and bytes of one encoding of an answer, exactly as `send` puts them on the wire. */
interface Wire {
  headers: OutgoingHttpHeaders;
  body: Buffer;
  /** The headers as name, value pairs, made on the first shortcut that adds one (an id, HSTS). */
  pairs?: string[];
}

type Entry = Ready & { wires: Map<Encoding | null, Wire> };

function wireOf(
  a: Ready,
  encoding: Encoding | null,
  body: Buffer,
  fixed: Readonly<Record<string, string>>,
): Wire {
  return {
    headers: {
      ...fixed,
      ETag: a.etag,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
      'Content-Type': JSON_TYPE,
      ...(encoding ? { 'Content-Encoding': encoding } : {}),
      'Content-Length': String(body.length),
    },
    body,
  };
}

function entryBytes(e: Entry, key: string): number {
  let n = ENTRY_OVERHEAD + stringBytes(key) + e.bytes.length;
  // The identity wire shares the answer's own buffer.
  for (const w of e.wires.values()) if (w.body !== e.bytes) n += w.body.length;
  return n;
}

const encodingFor = (ctx: Context, a: Ready): Encoding | null =>
  a.bytes.length >= COMPRESS_MIN_BYTES ? pickEncoding(ctx.get('accept-encoding')) : null;

/** Through Koa's own response; returns what went out, for the shortcut to send next time. */
async function send(
  ctx: Context,
  a: Ready,
  fixed: Readonly<Record<string, string>>,
): Promise<{ encoding: Encoding | null; wire: Wire } | null> {
  ctx.set('ETag', a.etag);
  ctx.set('Cache-Control', 'no-cache');
  ctx.vary('Accept-Encoding');
  if (etagMatches(ctx.get('if-none-match') || undefined, a.etag)) {
    ctx.status = 304;
    return null;
  }
  ctx.status = a.status;
  ctx.set('Content-Type', JSON_TYPE);
  const encoding = encodingFor(ctx, a);
  if (encoding) {
    // Compressed once per answer (its ETag names its bytes), like the text itself.
    const body = await compressedOnce(a.etag, encoding, () => a.bytes, 'answer');
    ctx.body = body;
    ctx.set('Content-Encoding', encoding);
    return { encoding, wire: wireOf(a, encoding, body, fixed) };
  }
  ctx.body = a.bytes;
  return { encoding: null, wire: wireOf(a, null, a.bytes, fixed) };
}

/**
 * The same status, headers and bytes straight to the socket in one writeHead (Koa's sanctioned bypass), like
 * a reverse proxy's micro-cache. The request's id (middleware/request-log.ts) and HSTS go into the same
 * writeHead: a header set on the response beforehand would make Node call setHeader for every header.
 */
function writeWire(
  res: ServerResponse,
  status: number,
  wire: Wire,
  secure: boolean,
  id: string | undefined,
): void {
  let headers: OutgoingHttpHeaders | string[] = wire.headers;
  if (secure || id) {
    const pairs = (wire.pairs ??= Object.entries(wire.headers).flatMap(([k, v]) => [k, String(v)]));
    headers = pairs.concat(secure ? ['Strict-Transport-Security', HSTS] : [], id ? ['X-Request-Id', id] : []);
  }
  res.writeHead(status, headers);
  res.end(wire.body);
}

export interface CachedAnswersOptions {
  maxBytes?: number;
  maxEntries?: number;
  /**
   * Headers every answer carries (the API's security set unless told): kept inside the prepared wire headers,
   * so the shortcut sets them in its one writeHead instead of a setHeader call each per request.
   */
  headers?: Readonly<Record<string, string>>;
}

export function createCachedAnswers(api: Api, options: CachedAnswersOptions = {}) {
  const fixed = options.headers ?? API_SECURITY_HEADERS;
  const answers = new BoundedCache<string, Entry>({
    maxBytes: options.maxBytes ?? WIRE_CACHE_MAX_BYTES,
    maxEntries: options.maxEntries ?? WIRE_CACHE_MAX_ENTRIES,
    sizeOf: entryBytes,
    version: api.catalogVersion,
  });
  /**
   * Keeps what went out, so the next request for this encoding goes straight to the socket; only
   * while the entry is still held at the current version (a write may have landed during compression).
   */
  const remember = (
    key: string | null,
    entry: Entry,
    sent: { encoding: Encoding | null; wire: Wire } | null,
  ) => {
    if (!key || !sent) return;
    entry.wires.set(sent.encoding, sent.wire);
    if (answers.get(key) === entry) answers.set(key, entry); // re-measured with this encoding
  };
  return {
    /** The route's way out for a reply that carries an ETag. */
    async sendReply(ctx: Context, reply: ApiReply & { etag: string }): Promise<void> {
      if (reply.status === 304) {
        // The core already matched If-None-Match; nothing to remember without the bytes.
        ctx.set('ETag', reply.etag);
        ctx.set('Cache-Control', 'no-cache');
        ctx.vary('Accept-Encoding');
        ctx.status = 304;
        return;
      }
      const entry: Entry = {
        status: reply.status,
        etag: reply.etag,
        bytes: Buffer.from(reply.text ?? JSON.stringify(reply.body)),
        wires: new Map(),
      };
      // Stored before the compression's await, so it is tagged with the version it was made at.
      // An answer a write overtook on its way here is sent, never kept under the newer version.
      const current = reply.version === undefined || reply.version === api.catalogVersion();
      const key = ctx.method === 'GET' && current ? answerKey(ctx.path, ctx.querystring) : null;
      if (key) answers.set(key, entry);
      remember(key, entry, await send(ctx, entry, fixed));
    },

    /** The shortcut: answers a GET it holds, otherwise passes it on to the routes. */
    middleware(): Middleware {
      return async (ctx, next) => {
        // Only the API's reads are kept here: a page or a file is neither a hit nor a miss of this cache.
        if (ctx.method !== 'GET' || !isApiPath(ctx.path)) return next();
        const key = answerKey(ctx.path, ctx.querystring);
        const hit = key === null ? undefined : answers.get(key);
        // For the metrics (middleware/request-log.ts): only cacheable reads count as hits or misses.
        if (key !== null) (ctx.state as { answerCache?: string }).answerCache = hit ? 'hit' : 'miss';
        if (!hit) return next();
        // No revalidation asked and this encoding already sent once: the same bytes and headers (the
        // security set among them) straight out (writeWire). Most such reads never get here: fast-reads.ts
        // answers them before Koa; this serves the apps and tests without it.
        const wire = ctx.get('if-none-match') ? undefined : hit.wires.get(encodingFor(ctx, hit));
        if (wire) {
          ctx.respond = false;
          writeWire(ctx.res, hit.status, wire, ctx.secure, (ctx.state as { requestId?: string }).requestId);
          return;
        }
        setSecurityHeaders(ctx, fixed);
        let sent;
        try {
          sent = await send(ctx, hit, fixed);
        } catch {
          // A failed compression: the normal path answers (and reports) instead.
          return next();
        }
        remember(key, hit, sent);
      };
    },

    /**
     * The shortcut before Koa (fast-reads.ts): writes the answer for this GET when it is held and this encoding
     * has gone out once, as the middleware above would; the bytes sent, or -1 (Koa then answers as usual).
     */
    serveRaw(
      req: IncomingMessage,
      res: ServerResponse,
      key: string,
      secure: boolean,
      id: string | undefined,
    ): { status: number; bytes: number } | null {
      const hit = answers.get(key);
      if (!hit) return null;
      const encoding =
        hit.bytes.length >= COMPRESS_MIN_BYTES ? pickEncoding(req.headers['accept-encoding'] ?? '') : null;
      const wire = hit.wires.get(encoding);
      if (!wire) return null;
      writeWire(res, hit.status, wire, secure, id);
      return { status: hit.status, bytes: wire.body.length };
    },

    /** Entries and bytes held, for tests and diagnostics. */
    stats: (): CacheStats => answers.stats(),
  };
}

export type CachedAnswers = ReturnType<typeof createCachedAnswers>;
