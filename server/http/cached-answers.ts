/**
 * Sending the cached catalogue reads (product lists, product pages, categories), in one place so the
 * route and the front-of-stack shortcut answer byte for byte alike: ETag, no-cache (the browser keeps
 * the answer and revalidates it), 304 on a matching If-None-Match, brotli/gzip when taken.
 *
 * The shortcut: once a GET's exact URL has been answered from the cache, later requests for that URL
 * are answered by the very first middleware, before routing, query parsing and the
 * core, for as long as the catalogue version it was made at is current (any catalogue write moves it
 * on). A listing then costs Koa's own overhead and a Map lookup. Bounded; oldest out first.
 */
import type { Context, Middleware } from 'koa';
import type { Api, ApiReply } from '../core/api';
import { etagMatches } from '../core/etag';
import { COMPRESS_MIN_BYTES, compressedOnce, pickEncoding } from './compression';

const JSON_TYPE = 'application/json; charset=utf-8';
const MEMO_MAX = 2000;

interface Ready {
  status: number;
  etag: string;
  bytes: Buffer;
}

async function send(ctx: Context, a: Ready): Promise<void> {
  ctx.set('ETag', a.etag);
  ctx.set('Cache-Control', 'no-cache');
  ctx.vary('Accept-Encoding');
  if (etagMatches(ctx.get('if-none-match') || undefined, a.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.status = a.status;
  ctx.set('Content-Type', JSON_TYPE);
  const encoding = a.bytes.length >= COMPRESS_MIN_BYTES ? pickEncoding(ctx.get('accept-encoding')) : null;
  if (encoding) {
    // Compressed once per answer (its ETag names its bytes), like the text itself.
    ctx.body = await compressedOnce(a.etag, encoding, () => a.bytes, 'answer');
    ctx.set('Content-Encoding', encoding);
  } else ctx.body = a.bytes;
}

export function createCachedAnswers(api: Api) {
  const byUrl = new Map<string, Ready & { version: number }>();
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
      const ready: Ready = {
        status: reply.status,
        etag: reply.etag,
        bytes: Buffer.from(reply.text ?? JSON.stringify(reply.body)),
      };
      if (ctx.method === 'GET') {
        if (byUrl.size >= MEMO_MAX) byUrl.delete(byUrl.keys().next().value!);
        byUrl.set(ctx.url, { ...ready, version: api.catalogVersion() });
      }
      await send(ctx, ready);
    },

    /** The shortcut, placed first in the app: it sets the one header the middlewares behind it would. */
    middleware(): Middleware {
      return async (ctx, next) => {
        if (ctx.method === 'GET') {
          const hit = byUrl.get(ctx.url);
          if (hit && hit.version === api.catalogVersion()) {
            try {
              ctx.set('X-Content-Type-Options', 'nosniff');
              return await send(ctx, hit);
            } catch {
              // A failed compression: the normal path answers (and reports) instead.
            }
          }
        }
        return next();
      };
    },
  };
}

export type CachedAnswers = ReturnType<typeof createCachedAnswers>;
