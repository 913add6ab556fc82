/**
 * Brotli or gzip for what is worth it: the built web app's text files and the cached catalogue
 * answers. Both are compressed once and kept in memory keyed by what identifies their bytes (a
 * file's path, size and mtime; an answer's ETag), so a repeated request costs a lookup, not a
 * compression. Bounded by total bytes and by count, least recently used out first (structures/bounded-cache.ts).
 * Other API answers are small and dynamic: they go out as they are, except the CSV downloads, which can
 * be large and are compressed as they stream (compressingStream). zlib runs on the thread pool, so the
 * event loop is not held.
 */
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream';
import { promisify } from 'node:util';
import { brotliCompress, constants, createBrotliCompress, createGzip, gzip } from 'node:zlib';
import { BoundedCache, stringBytes } from '#server/core/structures/bounded-cache';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Below this a compressed answer is hardly smaller and costs a round of zlib. */
export const COMPRESS_MIN_BYTES = 1024;
const CACHE_MAX_BYTES = 64 * 1024 * 1024;
const CACHE_MAX_ENTRIES = 20_000;
/** The key, the promise, the Map slot. */
const ENTRY_OVERHEAD = 256;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/;

export const isCompressible = (contentType: string): boolean => COMPRESSIBLE.test(contentType);

/**
 * The choice per Accept-Encoding value, remembered: browsers send one of a handful of values, and the cached
 * reads ask on every request. Short values only, emptied when full: odd values cannot make it grow.
 */
const PICKED = new Map<string, Encoding | null>();
const PICKED_MAX = 64;

/** br when the client takes it, else gzip, else null (q=0 refuses a coding). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const known = PICKED.get(acceptEncoding);
  if (known !== undefined) return known;
  const picked = parseEncoding(acceptEncoding);
  if (acceptEncoding.length <= 200) {
    if (PICKED.size >= PICKED_MAX) PICKED.clear();
    PICKED.set(acceptEncoding, picked);
  }
  return picked;
}

function parseEncoding(acceptEncoding: string): Encoding | null {
  const offered = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    if (name) offered.set(name, q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return null;
}

/** A compression under way counts only its overhead; its size is added once it is known. */
interface Compressed {
  done: Promise<Buffer>;
  bytes: number;
  /** The bytes, once made: read synchronously by the shortcuts before Koa (compressedHeld). */
  out?: Buffer;
}

const cache = new BoundedCache<string, Compressed>({
  maxBytes: CACHE_MAX_BYTES,
  maxEntries: CACHE_MAX_ENTRIES,
  sizeOf: (c, key) => ENTRY_OVERHEAD + stringBytes(key) + c.bytes,
});

async function compress(
  load: () => Promise<Buffer> | Buffer,
  encoding: Encoding,
  level: 'static' | 'answer',
): Promise<Buffer> {
  const raw = await load();
  return encoding === 'br'
    ? brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: level === 'static' ? 9 : 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : gz(raw, { level: level === 'static' ? 9 : 6 });
}

/** The compressed form of `load()`'s bytes under `key`, made once. `level`: 'static' files get more effort. */
export function compressedOnce(
  key: string,
  encoding: Encoding,
  load: () => Promise<Buffer> | Buffer,
  level: 'static' | 'answer',
): Promise<Buffer> {
  const k = `${encoding}\u0000${key}`;
  const held = cache.get(k);
  if (held) return held.done;
  const entry: Compressed = { done: compress(load, encoding, level), bytes: 0 };
  cache.set(k, entry);
  entry.done.then(
    (out) => {
      entry.bytes = out.length;
      entry.out = out;
      // Re-measured only if still held: an evicted entry stays out.
      if (cache.get(k) === entry) cache.set(k, entry);
    },
    // A failed compression is not kept: the next request tries again.
    () => {
      if (cache.get(k) === entry) cache.delete(k);
    },
  );
  return entry.done;
}

/**
 * What compressedOnce has finished making under `key`, or undefined (not asked for yet, still under way, or
 * dropped): for an answer written before Koa (fast-reads.ts), which sends held bytes or leaves the request to
 * Koa, never compresses per request.
 */
export function compressedHeld(key: string, encoding: Encoding): Buffer | undefined {
  return cache.get(`${encoding}\u0000${key}`)?.out;
}

/**
 * `source` compressed as it flows (a streamed download, made once per request so nothing is cached):
 * the effort of a cached answer's, far below brotli's default, which would hold the stream back.
 * `onError` is told if either side fails, for the caller to cut the response short.
 */
export function compressingStream(
  source: Readable,
  encoding: Encoding,
  onError: (err: Error) => void,
): Transform {
  const zip =
    encoding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : createGzip({ level: 6 });
  pipeline(source, zip, (err) => {
    if (err) onError(err);
  });
  return zip;
}
