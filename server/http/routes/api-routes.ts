/** Every API route, generated from contract/endpoints.ts and served by the shared core API. */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { EndpointName } from '#contract/endpoints';
import { API_BASE, BODY_LIMITS, endpoints } from '#contract/endpoints';
import type { Endpoint } from '#contract/endpoints';
import type { Api } from '#server/core/api';
import { DomainError } from '#server/core/errors';
import { bearerToken, idempotencyKey } from '../middleware/auth';
import { readJsonBody } from '../middleware/body';
import type { CachedAnswers } from '../cached-answers';

/** Routes with a body and no limit of their own in the table read at most this much. */
const DEFAULT_BODY_LIMIT = BODY_LIMITS.small;

function firstValues(query: Context['query']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(query)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (first !== undefined) out[k] = first;
  }
  return out;
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
        readBody: ep.body ? () => readJsonBody(ctx, limit) : undefined,
        token: bearerToken(ctx),
        idempotencyKey: idempotencyKey(ctx),
        ifNoneMatch: ctx.get('if-none-match') || undefined,
        clientAddress: ctx.ip,
      });
      if (reply.headers) ctx.set(reply.headers);
      // Cached catalogue reads (they carry an ETag) go out through the shared sender.
      if (reply.etag) return cached.sendReply(ctx, { ...reply, etag: reply.etag });
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
