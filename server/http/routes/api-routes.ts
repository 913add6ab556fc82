/** Every API route, generated from contract/endpoints.ts and served by the shared core API. */
import { Router } from '@koa/router';
import type { Context } from 'koa';
import type { EndpointName } from '../../../contract/endpoints';
import { API_BASE, endpoints } from '../../../contract/endpoints';
import type { Api } from '../../core/api';
import { DomainError } from '../../core/errors';
import { bearerToken, idempotencyKey } from '../middleware/auth';
import { IMAGES_LIMIT, JSON_LIMIT, readJsonBody } from '../middleware/body';
import type { CachedAnswers } from '../cached-answers';

const BODY_LIMITS: Partial<Record<EndpointName, number>> = { addProductImages: IMAGES_LIMIT };

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
    const ep = endpoints[name];
    const method = ep.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
    router[method](ep.path, async (ctx) => {
      const reply = await api.handle(name, {
        params: { ...ctx.params } as Record<string, string>,
        query: firstValues(ctx.query),
        body: 'body' in ep ? await readJsonBody(ctx, BODY_LIMITS[name] ?? JSON_LIMIT) : undefined,
        token: bearerToken(ctx),
        idempotencyKey: idempotencyKey(ctx),
        ifNoneMatch: ctx.get('if-none-match') || undefined,
      });
      // Cached catalogue reads (they carry an ETag) go out through the shared sender.
      if (reply.etag) return cached.sendReply(ctx, { ...reply, etag: reply.etag });
      ctx.status = reply.status;
      ctx.body = reply.body;
      ctx.set('Cache-Control', 'no-store');
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
