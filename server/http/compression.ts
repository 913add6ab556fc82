/**
 * Brotli or gzip for what is worth it: the built web app's text files and the cached catalogue
 * answers. Both are compressed once and kept in memory keyed by what identifies their bytes (a
 * file's path, size and mtime; an answer's ETag), so a repeated request costs a Map lookup, not a
 * compression. Bounded by total bytes, oldest out first. Other API answers are small and dynamic:
 * they go out as they are. zlib runs on the thread pool, so the event loop is not held.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Below this a compressed answer is hardly smaller and costs a round of zlib. */
export const COMPRESS_MIN_BYTES = 1024;
const CACHE_MAX_BYTES = 64 * 1024 * 1024;
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg\+xml)/;

export const isCompressible = (contentType: string): boolean => COMPRESSIBLE.test(contentType);

/** br when the client takes it, else gzip, else null (q=0 refuses a coding). */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
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

const cache = new Map<string, Promise<Buffer>>();
const sizes = new Map<string, number>();
let total = 0;

function remember(key: string, bytes: number): void {
  sizes.set(key, bytes);
  total += bytes;
  for (const [k, n] of sizes) {
    if (total <= CACHE_MAX_BYTES) break;
    sizes.delete(k);
    cache.delete(k);
    total -= n;
  }
}

/** The compressed form of `load()`'s bytes under `key`, made once. `level`: 'static' files get more effort. */
export function compressedOnce(
  key: string,
  encoding: Encoding,
  load: () => Promise<Buffer> | Buffer,
  level: 'static' | 'answer',
): Promise<Buffer> {
  const k = `${encoding}\u0000${key}`;
  let p = cache.get(k);
  if (!p) {
    p = (async () => {
      const raw = await load();
      const out =
        encoding === 'br'
          ? await brotli(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: level === 'static' ? 9 : 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            })
          : await gz(raw, { level: level === 'static' ? 9 : 6 });
      remember(k, out.length);
      return out;
    })();
    // A failed compression is not kept: the next request tries again.
    p.catch(() => cache.delete(k));
    cache.set(k, p);
  }
  return p;
}
