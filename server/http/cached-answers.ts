/**
 * Sending the cached catalogue reads (product lists, product pages, categories), in one place so the
 * route and the front-of-stack shortcut answer byte for byte alike: ETag, no-cache (the browser keeps
 * the answer and revalidates it), 304 on a matching If-None-Match, brotli/gzip when taken.
 *
 * The shortcut: once a GET's exact URL has been answered from the cache, later requests for that URL
 * are answered by the very first middleware, before routing, query parsing and the
 * core, for as long as the catalogue version it was made at is current (any catalogue write moves it
 * on). Once an encoding of it has gone out through Koa, the same status, headers and bytes are
 * written straight to the socket (ctx.respond = false): a listing then costs Koa's context and a Map
 * lookup. Bounded; oldest out first.
 */
import type { OutgoingHttpHeaders } from 'node:http';
import type { Context, Middleware } from 'koa';
import type { Api, ApiReply } from '../core/api';
import { etagMatches } from '../core/etag';
import type { Encoding } from './compression';
import { COMPRESS_MIN_BYTES, compressedOnce, pickEncoding } from './compression';

const JSON_TYPE = 'application/json; charset=utf-8';
const MEMO_MAX = 2000;

interface Ready {
  status: number;
  etag: string;
  bytes: Buffer;
}

/** Status, headers and bytes of one encoding of an answer, exactly as `send` puts them on the wire. */
interface Wire {
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

function wireOf(a: Ready, encoding: Encoding | null, body: Buffer): Wire {
  return {
    headers: {
      'X-Content-Type-Options': 'nosniff',
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

const encodingFor = (ctx: Context, a: Ready): Encoding | null =>
  a.bytes.length >= COMPRESS_MIN_BYTES ? pickEncoding(ctx.get('accept-encoding')) : null;

/** Through Koa's own response; returns what went out, for the shortcut to send next time. */
async function send(ctx: Context, a: Ready): Promise<{ encoding: Encoding | null; wire: Wire } | null> {
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
    return { encoding, wire: wireOf(a, encoding, body) };
  }
  ctx.body = a.bytes;
  return { encoding: null, wire: wireOf(a, null, a.bytes) };
}

export function createCachedAnswers(api: Api) {
  const byUrl = new Map<string, Ready & { version: number; wires: Map<Encoding | null, Wire> }>();
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
        byUrl.set(ctx.url, { ...ready, version: api.catalogVersion(), wires: new Map() });
      }
      await send(ctx, ready);
    },

    /** The shortcut, placed first in the app: it sets the one header the middlewares behind it would. */
    middleware(): Middleware {
      return async (ctx, next) => {
        if (ctx.method === 'GET') {
          const hit = byUrl.get(ctx.url);
          if (hit && hit.version === api.catalogVersion()) {
            // No revalidation asked and this encoding already sent once: write the same bytes and
            // headers straight out (Koa's sanctioned bypass), like a reverse proxy's micro-cache.
            const wire = ctx.get('if-none-match') ? undefined : hit.wires.get(encodingFor(ctx, hit));
            if (wire) {
              ctx.respond = false;
              ctx.res.writeHead(hit.status, wire.headers);
              ctx.res.end(wire.body);
              return;
            }
            try {
              ctx.set('X-Content-Type-Options', 'nosniff');
              const sent = await send(ctx, hit);
              if (sent) hit.wires.set(sent.encoding, sent.wire);
              return;
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
