/** Every API route, generated from contract/endpoints.ts and served by the shared core API. */
import { Readable } from 'node:stream';
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { EndpointName } from '#contract/endpoints';
import { API_BASE, BODY_LIMITS, endpoints } from '#contract/endpoints';
import type { Endpoint } from '#contract/endpoints';
import type { Api, ApiReply } from '#server/core/api/handle';
import { DomainError } from '#server/core/api/errors';
import { REPEATABLE_PARAMS } from '#contract/rules/catalog-filters';
import { bearerToken, idempotencyKey } from '../middleware/auth';
import { readCsvBody, readJsonBody } from '../middleware/body';
import type { CachedAnswers } from '../cached-answers';
import { compressingStream, pickEncoding } from '../compression';

/** Routes with a body and no limit of their own in the table read at most this much. */
const DEFAULT_BODY_LIMIT = BODY_LIMITS.small;

function firstValues(query: Context['query']): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(query)) {
    // Repeatable filters (size, color) keep every value, as an array only when repeated.
    const first = Array.isArray(v) && !REPEATABLE_PARAMS.has(k) ? v[0] : v;
    if (first !== undefined) out[k] = first;
  }
  return out;
}

/**
 * A download (the CSV exports), streamed as the client reads it: Readable.from pulls the next chunk only
 * when the socket wants more, so a slow client holds the export back instead of filling memory. Compressed
 * on the fly (brotli or gzip) when the client takes it; its length is unknown, so it goes out chunked.
 * Headers are sent with the first chunk, already made (api/handle.ts): a failure after that can only cut the
 * transfer short, which the client sees as an incomplete download rather than a complete-looking file.
 */
function sendStream(ctx: Context, reply: ApiReply & { stream: AsyncIterable<string> }): void {
  const source = reply.stream;
  const body = Readable.from(
    (async function* () {
      try {
        for await (const chunk of source) yield Buffer.from(chunk, 'utf8');
      } catch (err) {
        console.error(`[http] ${ctx.method} ${ctx.path} failed while streaming`, err);
        ctx.res.destroy();
      }
    })(),
    { objectMode: false },
  );
  ctx.status = reply.status;
  ctx.vary('Accept-Encoding');
  const encoding = pickEncoding(ctx.get('accept-encoding'));
  if (encoding) {
    ctx.set('Content-Encoding', encoding);
    ctx.body = compressingStream(body, encoding, () => ctx.res.destroy());
  } else ctx.body = body;
}

export function createApiRouter(api: Api, cached: CachedAnswers): Router {
  const router = new Router({ prefix: API_BASE });
  for (const name of Object.keys(endpoints) as EndpointName[]) {
    const ep: Endpoint = endpoints[name];
    const method = ep.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    const limit = ep.bodyLimit ?? DEFAULT_BODY_LIMIT;
    router[method](ep.path, async (ctx) => {
      const reply = await api.handle(name, {
        params: { ...ctx.params } as Record<string, string>,
        query: firstValues(ctx.query),
        readBody: !ep.body
          ? undefined
          : ep.bodyType === 'csv'
            ? () => readCsvBody(ctx, limit)
            : () => readJsonBody(ctx, limit),
        token: bearerToken(ctx),
        idempotencyKey: idempotencyKey(ctx),
        ifNoneMatch: ctx.get('if-none-match') || undefined,
        clientAddress: ctx.ip,
        onCaller: (userId) => void ((ctx.state as { userId?: number }).userId = userId),
      });
      if (reply.headers) ctx.set(reply.headers);
      // Cached catalogue reads (they carry an ETag) go out through the shared sender.
      if (reply.etag) return cached.sendReply(ctx, { ...reply, etag: reply.etag });
      // Downloads carry their own Content-Type, Content-Disposition and Cache-Control (api/handle.ts).
      if (reply.stream) return sendStream(ctx, { ...reply, stream: reply.stream });
      ctx.status = reply.status;
      ctx.body = reply.body;
      ctx.set('Cache-Control', 'private, no-store');
    });
  }
  // Anything else under /api is a JSON 404, never the web app's index.html.
  const unknown = () => {
    throw new DomainError('not_found', 'No such API endpoint');
  };
  router.all('/', unknown);
  router.all('/{*rest}', unknown);
  return router;
}
